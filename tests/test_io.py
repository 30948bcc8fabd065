"""Atomic writes (wordle64.io): the whole new file or the old one, never a part."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle64 import io


def test_write_json_and_bytes_create_folders_and_replace(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    io.write_json(target, {"x": [1, 2]})
    assert target.read_text() == '{\n  "x": [\n    1,\n    2\n  ]\n}\n'
    io.write_bytes(target, b"\x00\xff")
    assert target.read_bytes() == b"\x00\xff"
    assert [p.name for p in target.parent.iterdir()] == ["out.json"]   # no temporary left


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("good\n")
    with pytest.raises(TypeError):
        io.write_json(target, {"not serialisable": object()})
    with pytest.raises(TypeError):
        io.write_bytes(target, "text, not bytes")  # type: ignore[arg-type]
    assert target.read_text() == "good\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
