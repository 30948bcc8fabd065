"""The exact Absurdle search: small lists whose minimum is known by hand or by brute force, and
the four-guess win on the default lists replayed with the official score."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

import numpy as np
import pytest

from wordle64 import cli
from wordle64.score import marks_from_string, pattern_code, score
from wordle64.solver.core import feedback_matrix
from wordle64.solver.absurdle import (
    opening_groups, play, replies, respond, solve, splitter, transcript, win_exactly,
)
from wordle64.solver.play import Game

SOLVED = (2, 2, 2, 2, 2)
ALL_BUT_FIRST = pattern_code(marks_from_string(".gggg"))

# Words that differ only in a first letter found nowhere else in the family: any family guess
# gets ".gggg" from every other member, so with family guesses only the adversary drops one
# word per guess and n words need n guesses.
IGHT4 = ["fight", "light", "might", "night"]
IGHT5 = IGHT4 + ["sight"]


def game_of(guesses: list[str], answers: list[str]) -> Game:
    return Game.from_matrix(guesses, answers, feedback_matrix(guesses, answers))


def brute_force(guesses: list[str], answers: list[str], budget: int = 6) -> int | None:
    """Fewest guesses that beat the adversary, trying every guess (its rule restated with the
    official score: largest group; ties: fewest right, fewest elsewhere, lowest code)."""
    table = {(guess, answer): score(guess, answer) for guess in guesses for answer in answers}

    def reply(remaining, guess):
        groups = defaultdict(list)
        for answer in remaining:
            groups[table[guess, answer]].append(answer)
        marks = min(groups, key=lambda m: (-len(groups[m]), m.count(2), m.count(1),
                                           pattern_code(m)))
        return marks, tuple(groups[marks])

    @lru_cache(maxsize=None)
    def fewest(remaining, left):
        if left == 0:
            return None
        best = None
        for guess in guesses:
            marks, kept = reply(remaining, guess)
            if marks == SOLVED:
                return 1
            if kept != remaining:
                rest = fewest(kept, left - 1)
                if rest is not None and (best is None or rest + 1 < best):
                    best = rest + 1
        return best

    return fewest(tuple(answers), budget)


# ---- hand-known minimums ----------------------------------------------------------------------
def test_one_letter_family_needs_a_guess_per_word_and_four_is_proven_minimal():
    game = game_of(IGHT4, IGHT4)
    result = solve(game, beam=1, last_beam=1)
    assert result.guesses == 4 and result.impossible_up_to == 3 and result.minimal
    assert [turn.code for turn in result.turns[:3]] == [ALL_BUT_FIRST] * 3
    assert [turn.left for turn in result.turns] == [3, 2, 1, 1]
    assert result.turns[-1].code == pattern_code(SOLVED)
    assert win_exactly(game, 3).found is None and win_exactly(game, 3).complete


def test_five_words_prove_four_impossible_by_searching_every_opening_group():
    game = game_of(IGHT5, IGHT5)
    exact = win_exactly(game, 4)
    # each guess keeps the other four: five distinct opening groups, none wins in four
    assert exact.found is None and (exact.openers, exact.opening_groups) == (5, 5)
    assert exact.complete
    result = solve(game, beam=1, last_beam=1)
    assert result.guesses == 5 and result.impossible_up_to == 4 and result.minimal
    assert "5 of 5 distinct opening groups, smallest first, all searched, no win" in \
        transcript(result)


def test_capped_opener_search_claims_no_proof():
    game = game_of(IGHT5, IGHT5)
    exact = win_exactly(game, 4, max_openers=2)
    assert exact.found is None and exact.openers == 2 and not exact.complete
    result = solve(game, beam=1, last_beam=1, max_openers=2)
    assert result.guesses == 5 and result.impossible_up_to == 3 and not result.minimal
    assert "3 or fewer proven impossible, 4 not found" in transcript(result)
    assert "2 of 5 distinct opening groups" in transcript(result)


def test_a_guess_with_every_family_letter_wins_in_two():
    # "flmnz" marks f right in fight and l, m, n elsewhere in light, might, night: four
    # singletons; the adversary gives no right mark, then the lowest code: "...y." (night)
    game = game_of(IGHT4 + ["flmnz"], IGHT4)
    result = solve(game)
    assert [turn.line(n) for n, turn in enumerate(result.turns, start=1)] == [
        "1. flmnz ...y. 1", "2. night ggggg 1"]
    assert result.minimal


def test_splitter_needs_a_feedback_per_answer():
    # flzzz: fight "g....", light ".y...", might and night "....." (f, l only)
    game = game_of(IGHT4 + ["flmnz", "flzzz"], IGHT4)
    everything = np.arange(4)
    assert splitter(game, everything, np.array([0, 1, 5, 4])) == 4
    assert splitter(game, everything, np.array([0, 1, 5])) is None
    assert splitter(game, np.array([0, 1, 2]), np.array([0, 5])) == 5  # fight, light, might


def test_opening_groups_skip_openers_that_leave_the_same_answers():
    # vwxyz and zyxwv share no letter with the family: both keep all four answers
    game = game_of(IGHT4 + ["vwxyz", "zyxwv"], IGHT4)
    assert opening_groups(game) == [0, 1, 2, 3, 4]


def test_replies_for_every_guess_agree_with_respond():
    guesses = IGHT5 + ["found", "pound", "sound", "flmnz", "crane", "ought"]
    answers = IGHT5 + ["found", "pound", "sound"]
    game = game_of(guesses, answers)
    for remaining in (np.arange(len(answers)), np.array([0, 2, 5, 7])):
        reply = replies(game, remaining)
        for guess in range(len(guesses)):
            code, kept = respond(game, remaining, guess)
            assert (reply.code[guess], reply.kept[guess]) == (code, len(kept))
            marks = {score(guesses[guess], answers[a]) for a in remaining}
            assert reply.feedbacks[guess] == len(marks)


# ---- agreement with brute force ---------------------------------------------------------------
CASES = [  # answers, extra guesses, fewest guesses (brute force)
    (["aight", "eight", "fight", "light", "might", "mound", "night", "round", "wound"],
     ["horse", "corns", "whale"], 3),
    (["aight", "found", "light", "might", "pound", "right", "round", "tight", "wight"],
     ["crows", "phlox", "beams"], 4),
    (["aight", "bound", "eight", "light", "night", "round", "sound", "tight", "wight"],
     ["jelly", "tamed", "words"], 4),
    (["eight", "might", "night", "pound", "right", "round", "sight", "sound", "wight"],
     ["grown", "outer", "mucho"], 4),
    (["bound", "eight", "hound", "light", "night", "right", "sight", "tight", "wound"],
     ["spook", "crime", "grata"], 5),
    (["bound", "eight", "fight", "might", "right", "round", "sound", "tight", "wight"],
     ["casts", "clasp", "ardor"], 6),
]


@pytest.mark.parametrize("answers, extra, fewest", CASES)
def test_exact_search_agrees_with_brute_force(answers, extra, fewest):
    guesses = sorted(set(answers + extra))
    assert brute_force(guesses, answers) == fewest
    game = game_of(guesses, answers)
    for guesses_allowed in range(1, 5):
        exact = win_exactly(game, guesses_allowed)
        assert exact.complete
        assert (exact.found is not None) == (fewest <= guesses_allowed)
        if exact.found is not None:
            turns = play(game, [game.guesses[g] for g in exact.found])
            assert len(turns) <= guesses_allowed and turns[-1].code == pattern_code(SOLVED)
    result = solve(game, beam=1, last_beam=1)
    assert result.guesses == fewest
    assert result.impossible_up_to == min(fewest - 1, 4)


# ---- command line -----------------------------------------------------------------------------
@pytest.fixture()
def family_lists(tmp_path):
    (tmp_path / "four.txt").write_text("\n".join(IGHT4) + "\n")
    (tmp_path / "five.txt").write_text("\n".join(IGHT5) + "\n")
    return tmp_path


def run(capsys, *argv) -> tuple[int, str]:
    code = cli.main([str(a) for a in argv])
    return code, capsys.readouterr().out


def test_cli_absurdle_reports_the_exact_search(family_lists, capsys):
    four = family_lists / "four.txt"
    code, out = run(capsys, "absurdle", "--answers", four, "--guesses", four)
    assert code == 0
    assert out.splitlines()[0].startswith("Absurdle: won in 4 guesses (minimal: 3 or fewer "
                                          "proven impossible; exact 4-guess search: 1 of 4 ")
    five = family_lists / "five.txt"
    code, out = run(capsys, "absurdle", "--answers", five, "--guesses", five, "--openers", "1")
    assert "4 not found" in out and "1 of 5 distinct opening groups" in out
    code, out = run(capsys, "absurdle", "--answers", five, "--guesses", five, "--exhaustive")
    assert out.startswith("Absurdle: won in 5 guesses (minimal: 4 or fewer proven impossible")


# ---- the default lists ------------------------------------------------------------------------
DEFAULT_WIN = ["aiery", "canst", "dolma", "offal"]  # results/solver/absurdle.txt of the default build


def test_four_guess_win_on_the_default_lists_replayed_with_the_official_score(words_results):
    answers = (words_results / "answers.txt").read_text().split()
    guesses = set((words_results / "guesses.txt").read_text().split())
    assert len(answers) == 2405 and set(DEFAULT_WIN) <= guesses
    remaining, sizes = answers, []
    for guess in DEFAULT_WIN:
        groups = defaultdict(list)
        for answer in remaining:
            groups[score(guess, answer)].append(answer)
        marks = min(groups, key=lambda m: (-len(groups[m]), m.count(2), m.count(1),
                                           pattern_code(m)))
        remaining = groups[marks]
        sizes.append(len(remaining))
    assert sizes == [185, 12, 1, 1] and marks == SOLVED
