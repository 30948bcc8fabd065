"""Atomic writes (wordle64.io): the whole new file or the old one, never a part."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from wordle64 import io
from wordle64.io import write_bytes


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


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_written_files_honour_the_umask(tmp_path: Path, mask: int) -> None:
    """Like a plain open(path, "w"): mode 0666 less the umask (mkstemp alone gives 0600)."""
    old = os.umask(mask)
    try:
        write_bytes(tmp_path / "a.bin", b"x")
        (tmp_path / "plain.bin").write_bytes(b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.bin").stat().st_mode) == 0o666 & ~mask
    assert stat.S_IMODE((tmp_path / "a.bin").stat().st_mode) == \
        stat.S_IMODE((tmp_path / "plain.bin").stat().st_mode)
