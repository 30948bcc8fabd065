"""Hard mode in the solver: the guesses it allows are the ones the game's 6502 accepts, and every
strategy played with --hard keeps to them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wordle64 import core
from wordle64.game.session import Game as C64Game
from wordle64.score import HardRule, score
from wordle64.solver.core import feedback_matrix
from wordle64.solver.hard import HardGuesses
from wordle64.solver.play import Game, evaluate, summarise
from wordle64.solver.stage import read_opener, write_hard_opener
from wordle64.score import pattern_code

GUESSES = ["cigar", "clear", "roach", "cloth", "crane", "eerie", "elder", "enter", "erupt",
           "ether", "lever", "reach", "racer", "carer"]


@pytest.mark.parametrize("previous, answer, allowed", [
    # crane against cigar: C right, R and A elsewhere; worked out by hand
    ("crane", "cigar", {"cigar", "clear", "crane", "carer"}),
    # eerie against elder: E right, E and R elsewhere: an E first, two Es and an R
    ("eerie", "elder", {"eerie", "elder", "enter", "ether"}),
])
def test_allowed_guesses_by_hand(previous, answer, allowed):
    hard = HardGuesses(GUESSES)
    code = pattern_code(score(previous, answer))
    assert {GUESSES[i] for i in hard.allowed(GUESSES.index(previous), code)} == allowed


def test_several_clues_merge_each_place_and_the_larger_count():
    first = HardRule(places=((0, "e"),), counts=(("e", 1),))
    second = HardRule(places=((3, "e"),), counts=(("e", 2), ("r", 1)))
    merged = first.merged(second)
    assert merged == HardRule(places=((0, "e"), (3, "e")), counts=(("e", 2), ("r", 1)))
    assert merged.violation("cheer") == ("place", 0, 0)
    assert merged.violation("eagle") == ("place", 3, 0)
    assert merged.violation("elder") is None and merged.violation("ended") == ("count", 1, 1)


@pytest.fixture(scope="module")
def c64(game_files) -> C64Game:
    return C64Game.from_files(game_files[0], game_files[1])


def hard_check_on_6502(game: C64Game, previous: str, marks: tuple[int, ...], guess: str) -> bool:
    machine = game.machine
    machine.write("board_guesses", core.letters(previous) + core.letters(guess))
    machine.write("board_marks", bytes(marks))
    machine.write("board_row", [1])
    return machine.call("board_hard_check", max_cycles=200_000).carry


def test_the_solver_allows_exactly_what_the_6502_accepts(c64, real_list):
    """Sampled (previous guess, answer) pairs, each against sampled guesses plus the ones on the
    rule's edge (those it allows): the 6502's board_hard_check and the solver's mask agree."""
    words, _ = real_list
    hard = HardGuesses(words)
    rng = random.Random(32)
    checked = allowed_seen = 0
    for _ in range(30):
        previous, answer = rng.choice(words), rng.choice(words)
        marks = score(previous, answer)
        allowed = set(hard.allowed(words.index(previous), pattern_code(marks)).tolist())
        sample = rng.sample(range(len(words)), 40) + rng.sample(sorted(allowed),
                                                                 min(10, len(allowed)))
        for index in sample:
            expected = index in allowed
            assert hard_check_on_6502(c64, previous, marks, words[index]) == expected, \
                (previous, answer, words[index])
            checked += 1
            allowed_seen += expected
    assert checked >= 1200 and allowed_seen >= 300


@pytest.fixture(scope="module")
def small_game(real_list) -> Game:
    words, answers = real_list
    guesses = words[::6]
    chosen = [w for w, a in zip(words, answers) if a][::9]
    guesses = sorted(set(guesses) | set(chosen))
    return Game.from_matrix(guesses, chosen, feedback_matrix(guesses, chosen))


@pytest.mark.parametrize("strategy", ["entropy", "search"])
def test_hard_strategies_play_only_guesses_hard_mode_accepts(small_game, strategy):
    hard_game = small_game.in_hard_mode()
    played, _ = evaluate(hard_game, strategy)
    assert len(played) == len(small_game.answers)
    for game in played:
        for (previous, code), (guess, _) in zip(game.steps, game.steps[1:]):
            rule = HardRule.after(previous, tuple(int(c) for c in
                                                  np.base_repr(code, 3).zfill(5)))
            assert rule.violation(guess) is None, game.line()
        assert game.steps[-1][0] == game.answer
    normal, _ = evaluate(small_game, strategy)
    hard_total = summarise(strategy, played, 0).total
    assert hard_total >= summarise(strategy, normal, 0).total
    broken = sum(HardRule.after(p, tuple(int(c) for c in np.base_repr(code, 3).zfill(5)))
                 .violation(g) is not None
                 for game in normal for (p, code), (g, _) in zip(game.steps, game.steps[1:]))
    assert broken > 0          # without --hard the same strategy breaks the rule somewhere


def test_a_hard_strategy_opens_with_its_strategys_opener(tmp_path):
    source = tmp_path / "search.json"
    source.write_text('{"strategy": "search", "first_guess": "tarse", "seconds": 96.0}')
    write_hard_opener(str(source), "search", str(tmp_path / "search-hard.json"))
    assert read_opener(tmp_path / "search-hard.json") == {
        "strategy": "search-hard", "first_guess": "tarse", "seconds": 0.0}


def brute_in_three(guesses: list[str], answers: list[str], opener: str,
                   hard: bool) -> tuple[int, int]:
    """(answers solved within three by the best second and third guesses, then within four
    with the same second guesses), played out with wordle64.score.score one by one: the third
    guess wins one answer of its part at most, the fourth one of each part the third leaves."""
    solved = four = int(opener in answers)
    groups: dict[tuple, list[str]] = {}
    for answer in answers:
        if answer != opener:
            groups.setdefault(score(opener, answer), []).append(answer)
    for marks, group in groups.items():
        rule = HardRule.after(opener, marks)
        best = (0, 0)
        for second in guesses:
            if hard and rule.violation(second) is not None:
                continue
            wins = sum(1 for answer in group if answer == second)
            left: dict[tuple, list[str]] = {}
            for answer in group:
                if answer != second:
                    left.setdefault(score(second, answer), []).append(answer)
            in_three = wins + sum(1 for part in left.values() if any(a in guesses for a in part))
            # a third guess from the part wins one answer at three, any other none: the
            # within-three count wants a member; then each feedback it gets wins at four
            in_four = wins + sum(max(len({score(third, a) for a in part}) for third in part)
                                 for part in left.values())
            best = max(best, (in_three, in_four))
        solved += best[0]
        four += best[1]
    return solved, four


@pytest.fixture(scope="module")
def tiny_game(real_list) -> Game:
    words, answers = real_list
    chosen = [w for w, a in zip(words, answers) if a][::40]
    guesses = sorted(set(words[::50]) | set(chosen))
    return Game.from_matrix(guesses, chosen, feedback_matrix(guesses, chosen))


@pytest.mark.parametrize("hard", [False, True])
def test_in_three_equals_playing_every_second_guess_out(tiny_game, hard):
    from wordle64.solver.three import best_in_three

    game = tiny_game.in_hard_mode() if hard else tiny_game
    guesses, answers = list(game.guesses), list(game.answers)
    openers = [guesses.index(w) for w in random.Random(3).sample(guesses, 6)]
    ranked = best_in_three(game, openers)
    for result in ranked:
        assert (result.solved, result.solved_in_four) == brute_in_three(
            guesses, answers, result.opener, hard), result
    keys = [(r.solved, r.solved_in_four) for r in ranked]
    assert keys == sorted(keys, reverse=True)
    assert any(r.solved_in_four > r.solved for r in ranked)


def test_search_hard_opens_with_the_hard_sweeps_best_when_one_ran(tmp_path, tiny_game):
    """The hard-mode sweep (solver.sweep.hard) searches the shortlist in hard mode; search-hard
    then opens with its best, whose total is the hard search's own under that opener."""
    from wordle64.solver.play import search_opener, SearchSettings
    from wordle64.solver.stage import write_sweep_batch

    shortlist = tmp_path / "shortlist.txt"
    words = list(tiny_game.guesses)[:6]
    shortlist.write_text("".join(w + "\n" for w in words))
    write_sweep_batch(tiny_game.in_hard_mode(), str(shortlist), 0, 1, SearchSettings(),
                      str(tmp_path / "hard_batch_0.tsv"))
    write_hard_opener(str(tmp_path / "hard_batch_0.tsv"), "search",
                      str(tmp_path / "search-hard.json"))
    opener = read_opener(tmp_path / "search-hard.json")
    hard = tiny_game.in_hard_mode()
    results = [search_opener(hard, words.index(w)) for w in words]
    best = min(results, key=lambda r: (r.total is None, r.total or 0, r.worst or 0, r.opener))
    assert opener["strategy"] == "search-hard" and opener["openers_searched"] == 6
    assert (opener["first_guess"], opener["total"]) == (best.opener, best.total)


def test_the_validation_check_holds_the_6502_to_the_rule_and_catches_a_broken_check(game_files):
    """validate's `hard` check: a pair's every word against board_hard_check; with the routine
    patched to allow everything (SEC, RTS) it must fail."""
    from wordle64.validate import Words, _ready_machine, check_hard

    prg, labels, words_tsv = game_files
    words = Words.from_tsv(words_tsv)
    machine = _ready_machine(prg, labels)
    result = check_hard(machine, words, 0, 1, pairs=2, seed=5)
    assert result["cases"] == 2 * len(words.words) and result["failed"] == 0
    assert 0 < result["allowed"] < result["cases"]
    machine.write("board_hard_check", [0x38, 0x60])
    broken = check_hard(machine, words, 0, 1, pairs=2, seed=5)
    assert broken["failed"] == broken["cases"] - broken["allowed"] > 0
