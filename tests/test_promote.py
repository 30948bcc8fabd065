"""Staging and promotion: the gate refuses a failed check, promotion copies whole files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordle64.errors import Wordle64Error
from wordle64.promote import gate, promote


def result(tmp_path: Path, name: str, content) -> Path:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_the_gate_passes_only_when_every_check_passed(tmp_path: Path) -> None:
    good = result(tmp_path, "games.json", {"passed": True, "cases": 3})
    bad = result(tmp_path, "fuzz.json", {"passed": False, "reason": "2 problems"})
    out = tmp_path / "gate.json"
    assert gate([good], out) == [str(good)]
    assert json.loads(out.read_text()) == {"passed": True, "checks": [str(good)]}
    out.unlink()
    with pytest.raises(Wordle64Error, match=r"fuzz.json: check failed \(2 problems\)"):
        gate([good, bad], out)
    assert not out.exists()


@pytest.mark.parametrize("content, problem", [
    ("{not json", "cannot read"), ({"cases": 3}, "no 'passed' field"), ([1, 2], "no 'passed'"),
    ({"passed": "yes"}, "check failed")])
def test_the_gate_refuses_what_is_not_a_passed_result(tmp_path: Path, content, problem) -> None:
    with pytest.raises(Wordle64Error, match=problem):
        gate([result(tmp_path, "x.json", content)], tmp_path / "gate.json")


def test_promote_copies_each_staged_file_to_its_place(tmp_path: Path) -> None:
    staged = [tmp_path / "staging/a.prg", tmp_path / "staging/b.lbl"]
    for path, data in zip(staged, (b"\x01\x08\x60", b"al C:0801 .start\n")):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    final = [tmp_path / "build/a.prg", tmp_path / "build/b.lbl"]
    final[0].parent.mkdir()
    final[0].write_bytes(b"old")
    promote(staged, final)
    assert [p.read_bytes() for p in final] == [p.read_bytes() for p in staged]
    with pytest.raises(ValueError, match="2 staged files for 1 final"):
        promote(staged, final[:1])
