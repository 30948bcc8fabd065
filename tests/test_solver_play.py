"""Strategies, evaluation, Absurdle and the solver commands on small lists with known optima."""

from __future__ import annotations

import argparse
from collections import defaultdict
from functools import lru_cache

import numpy as np
import pytest

from wordle64 import argtypes, cli
from wordle64.errors import Wordle64Error
from wordle64.score import marks_from_string, pattern_code, score
from wordle64.solver.core import NO_CANDIDATE, feedback_matrix
from wordle64.solver.absurdle import play, respond, solve
from wordle64.solver.play import (
    HEURISTICS, Game, Search, SearchSettings, evaluate, evaluate_chunk, play_out, summarise,
)
from wordle64.solver.stage import search_settings, sweep_per_figure

SOLVED = (2, 2, 2, 2, 2)

# Four families that differ in one letter: hard for every strategy.
THIRTY = ["batch", "catch", "hatch", "latch", "match", "patch", "watch",
          "bound", "found", "hound", "mound", "pound", "round", "sound", "wound",
          "fight", "light", "might", "night", "right", "sight", "tight",
          "bills", "fills", "hills", "kills", "mills", "pills", "tills", "wills"]


def game_of(guesses: list[str], answers: list[str]) -> Game:
    return Game.from_matrix(guesses, answers, feedback_matrix(guesses, answers))


@lru_cache(maxsize=None)
def optimum(candidates: frozenset[str]) -> int:
    """Fewest total guesses solving every answer, any of THIRTY as a guess (exhaustive)."""
    if len(candidates) == 1:
        return 1
    best = 10**9
    for guess in THIRTY:
        groups = defaultdict(list)
        for answer in candidates:
            groups[score(guess, answer)].append(answer)
        if len(groups) == 1 and guess not in candidates:
            continue  # learns nothing
        cost = len(candidates) + sum(optimum(frozenset(group))
                                     for marks, group in groups.items() if marks != SOLVED)
        best = min(best, cost)
    return best


@lru_cache(maxsize=None)
def optimum_within(candidates: frozenset[str], guesses: int) -> float:
    """Like optimum, but no answer may need more than `guesses` guesses (inf if impossible)."""
    if len(candidates) == 1:
        return 1
    if guesses <= 1:
        return float("inf")
    best = float("inf")
    for guess in THIRTY:
        groups = defaultdict(list)
        for answer in candidates:
            groups[score(guess, answer)].append(answer)
        if len(groups) == 1 and guess not in candidates:
            continue
        best = min(best, len(candidates) + sum(optimum_within(frozenset(group), guesses - 1)
                                               for marks, group in groups.items()
                                               if marks != SOLVED))
    return best


def check_games(played, answers: list[str]) -> None:
    """Every game ends on its answer and every feedback is the official one."""
    assert [p.answer for p in played] == sorted(answers)
    for game in played:
        assert game.steps[-1] == (game.answer, pattern_code(SOLVED))
        for guess, code in game.steps:
            assert code == pattern_code(score(guess, game.answer))


@pytest.fixture(scope="module")
def thirty() -> Game:
    return game_of(THIRTY, sorted(THIRTY))


def test_exhaustive_optimum_of_the_thirty_words_is_known():
    assert optimum(frozenset(THIRTY)) == 100  # 3.33 guesses on average


def test_exact_search_reaches_the_optimum(thirty):
    search = Search(thirty, SearchSettings(exact_size=30))
    node = search.solve(np.arange(30))
    assert node.cost == optimum(frozenset(THIRTY))
    played = play_out(thirty, node, np.arange(30))
    check_games(played, THIRTY)
    assert sum(p.guesses for p in played) == node.cost
    assert max(p.guesses for p in played) == node.depth <= 6


def test_search_keeps_to_the_guess_limit(thirty):
    # the thirty words need six guesses for some answer, whatever the strategy
    assert optimum_within(frozenset(THIRTY), 6) == 100
    assert optimum_within(frozenset(THIRTY), 5) == float("inf")
    assert Search(thirty, SearchSettings(exact_size=30, max_guesses=5)).solve(np.arange(30)) \
        is None
    with pytest.raises(Wordle64Error, match="no tree within 5 guesses"):
        evaluate(thirty, "search", SearchSettings(max_guesses=5))
    narrow = Search(thirty, SearchSettings(widths=(1,), exact_size=3)).solve(np.arange(30))
    assert narrow.depth <= 6 and narrow.cost >= 100
    # solved exactly, the guesses skipped with two left (they cannot leave single answers)
    # cost nothing: the optimum under the limit, as the exhaustive count has it
    for limit in (6, 7):
        exact = Search(thirty, SearchSettings(exact_size=30, max_guesses=limit))
        assert exact.solve(np.arange(30)).cost == optimum_within(frozenset(THIRTY), limit)


def test_groups_said_to_be_solved_exactly_cost_what_the_exhaustive_count_gives(thirty):
    """The certificate: a group after the opener that the search marks exact costs no more
    than the cheapest tree for it (counted here by brute force), within the five guesses left."""
    opener = THIRTY.index("wills")
    chunk = evaluate_chunk(thirty, "search", opener, 0, 1, SearchSettings(widths=(2, 1),
                                                                          exact_size=8))
    groups = dict(thirty.partition(np.arange(30), opener))
    assert chunk.groups == len(groups) and 0 < chunk.exact_groups < chunk.groups
    played = {p.answer: p for p in chunk.played}
    search = Search(thirty, SearchSettings(widths=(2, 1), exact_size=8))
    exact_answers = 0
    for code, group in groups.items():
        words = [thirty.answers[i] for i in group]
        node = search.solve(group, 1, after=(opener, code))
        assert node.exact == (len(group) <= 8)
        cost = sum(played[word].guesses - 1 for word in words)   # after the opener
        if node.exact:
            exact_answers += len(group)
            assert cost == optimum_within(frozenset(words), 5)
        else:
            assert cost >= optimum_within(frozenset(words), 5)
    assert chunk.exact_answers == exact_answers
    # hard mode: one guess stands for every guess that splits alike, so nothing is claimed
    # (half the answers: all thirty cannot be solved within six in hard mode)
    half = game_of(THIRTY, sorted(THIRTY[::2])).in_hard_mode()
    hard = evaluate_chunk(half, "search", opener, 0, 1, SearchSettings(exact_size=8))
    sizes = [len(group) for _, group in half.partition(np.arange(15), opener)]
    assert hard.groups == len(sizes) and max(sizes) > 2
    assert hard.exact_groups == sum(1 for size in sizes if size <= 2)


@pytest.mark.parametrize("strategy", list(HEURISTICS))
def test_greedy_strategies_play_every_answer_and_never_beat_the_optimum(thirty, strategy):
    played, _ = evaluate(thirty, strategy)
    check_games(played, THIRTY)
    summary = summarise(strategy, played, 0.0)
    assert summary.total >= optimum(frozenset(THIRTY))
    assert sum(summary.distribution.values()) == 30
    assert summary.average == pytest.approx(summary.total / 30)


def test_search_does_at_least_as_well_as_every_greedy_strategy(thirty):
    played, _ = evaluate(thirty, "search", SearchSettings(widths=(2, 1), exact_size=6))
    check_games(played, THIRTY)
    search_total = sum(p.guesses for p in played)
    greedy_totals = [sum(p.guesses for p in evaluate(thirty, s)[0]) for s in HEURISTICS]
    assert optimum(frozenset(THIRTY)) <= search_total <= min(greedy_totals)
    assert max(p.guesses for p in played) <= 6


@pytest.mark.parametrize("strategy", ["entropy", "search"])
def test_chunked_evaluation_equals_one_job(thirty, strategy):
    settings = SearchSettings(widths=(2, 1))
    whole, _ = evaluate(thirty, strategy, settings)
    chunked, _ = evaluate(thirty, strategy, settings, chunks=3)
    assert [p.line() for p in chunked] == [p.line() for p in whole]


def test_tree_lines_read_like_the_game():
    small = game_of(["bound", "found", "sound"], ["bound", "found", "sound"])
    played, _ = evaluate(small, "minimax")
    # bound first (candidate, lowest index on a tie); then found; sound is left
    assert [p.line() for p in played] == [
        "bound ggggg1",
        "bound .gggg1 found ggggg2",
        "bound .gggg1 found .gggg2 sound ggggg3",
    ]


# ---- Absurdle ---------------------------------------------------------------------------------
def test_adversary_keeps_the_largest_group_and_breaks_ties_against_right_marks():
    game = game_of(["aqqqq", "abxyz", "baxyz", "zzzzz"], ["abxyz", "baxyz"])
    code, left = respond(game, np.arange(2), 0)
    assert code == pattern_code(marks_from_string("y....")) and left.tolist() == [1]
    # the guess equal to one of two answers is never told "solved"
    code, left = respond(game, np.arange(2), 1)
    assert code == pattern_code(marks_from_string("yyggg")) and left.tolist() == [1]
    game = game_of(["zzzzz", "abxyz", "baxyz"], ["abxyz", "baxyz", "zzzzz"])
    code, left = respond(game, np.arange(3), 0)
    assert left.tolist() == [0, 1]  # the group of two beats the solved group of one


ABSURDLE_ANSWERS = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
ABSURDLE_GUESSES = ABSURDLE_ANSWERS + ["chimp", "bowls", "thumb"]


def brute_force_absurdle(guesses, answers) -> int:
    """Fewest guesses that beat the adversary (its rule restated with the official score)."""

    def reply(remaining, guess):
        groups = defaultdict(list)
        for answer in remaining:
            groups[score(guess, answer)].append(answer)
        marks = min(groups, key=lambda m: (-len(groups[m]), m.count(2), m.count(1),
                                           pattern_code(m)))
        return marks, tuple(groups[marks])

    @lru_cache(maxsize=None)
    def fewest(remaining, budget):
        if budget == 0:
            return None
        results = []
        for guess in guesses:
            marks, left = reply(remaining, guess)
            if marks == SOLVED:
                return 1
            if left != remaining:
                rest = fewest(left, budget - 1)
                if rest is not None:
                    results.append(1 + rest)
        return min(results, default=None)

    return fewest(tuple(answers), 7)


def test_absurdle_search_finds_the_known_minimum():
    expected = brute_force_absurdle(ABSURDLE_GUESSES, ABSURDLE_ANSWERS)
    assert expected == 3
    game = game_of(ABSURDLE_GUESSES, ABSURDLE_ANSWERS)
    result = solve(game, beam=10, last_beam=10)
    assert result.guesses == expected
    assert result.minimal  # two guesses proven impossible
    assert result.turns[-1].code == pattern_code(SOLVED)
    replay = play(game, [turn.guess for turn in result.turns])
    assert replay == result.turns


# ---- command line -----------------------------------------------------------------------------
@pytest.fixture()
def lists(tmp_path):
    (tmp_path / "answers.txt").write_text("\n".join(sorted(THIRTY)) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join(sorted(THIRTY + ["chimp"])) + "\n")
    rows = [f"{w}\t{1000 - i}\t0\t1" for i, w in enumerate(sorted(THIRTY))]
    (tmp_path / "words.tsv").write_text("word\tfrequency\tprofane\tanswer\n" + "\n".join(rows))
    return tmp_path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_filter_ranks_survivors_by_frequency(lists, capsys):
    code, out, _ = run(capsys, "filter", "match=.gggg", "--answers", lists / "answers.txt",
                       "--table", lists / "words.tsv")
    assert code == 0
    # frequency = 1000 - position in the sorted list, so alphabetical here
    position = sorted(THIRTY).index
    atch = ["batch", "catch", "hatch", "latch", "patch", "watch"]
    assert out.splitlines() == ["6 candidates (most frequent first)"] + [
        f"{w}\t{1000 - position(w)}" for w in atch]
    code, out, err = run(capsys, "filter", "-c", "????h", "-p", "w????", "-x", "l", "--answers",
                         lists / "answers.txt", "--table", lists / "words.tsv")
    assert (code, out) == (3, "")
    assert err.splitlines() == [f"wordle64: error: {NO_CANDIDATE}"]
    code, out, _ = run(capsys, "filter", "-c", "????h", "-p", "?????", "-p", "t????",
                       "-x", "bmp", "--answers", lists / "answers.txt", "--table",
                       lists / "words.tsv")
    assert out.splitlines()[1:] == [f"{w}\t{1000 - position(w)}"
                                    for w in ("catch", "hatch", "latch", "watch")]
    # an h elsewhere beside the right one is a second h (the official rule): none has two
    code, out, _ = run(capsys, "filter", "-c", "????h", "-p", "h????", "--answers",
                       lists / "answers.txt", "--table", lists / "words.tsv")
    assert code == 3 and out == ""


def test_cli_guess_prints_all_four_figures(lists, capsys):
    code, out, _ = run(capsys, "guess", "match=.gggg", "--answers", lists / "answers.txt",
                       "--guesses", lists / "guesses.txt", "--by", "minimax", "--limit", "40")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("6 candidates")
    assert lines[1].split() == ["guess", "max_bucket", "sum_squares", "entropy", "buckets"]
    # chimp against batch catch hatch latch patch watch: yy... for batch hatch latch watch,
    # gy... for catch, yy..y for patch: groups 4, 1, 1
    chimp = next(line for line in lines if line.startswith("chimp"))
    assert chimp.split() == ["chimp", "4", "18", "1.2516", "3"]
    max_buckets = [int(line.split()[1]) for line in lines[2:]]
    assert max_buckets == sorted(max_buckets) and len(max_buckets) == 31
    assert sum("*" in line for line in lines[2:]) == 6  # the candidates are marked


def test_cli_evaluate_writes_the_tree(lists, capsys, tmp_path):
    tree = tmp_path / "tree.txt"
    code, out, _ = run(capsys, "evaluate", "--strategy", "buckets", "--answers",
                       lists / "answers.txt", "--guesses", lists / "guesses.txt", "--tree", tree)
    assert code == 0
    assert "average" in out and "worst" in out and "failures (> 6) 0" in out
    assert len(tree.read_text().splitlines()) == 30


def test_cli_reports_a_bad_list_line(lists, capsys):
    (lists / "answers.txt").write_text("batch\ncatch\nhat\n")
    code, _, err = run(capsys, "filter", "--answers", lists / "answers.txt",
                       "--table", lists / "words.tsv")
    assert code == 2
    assert err.strip() == (f"wordle64: error: {lists / 'answers.txt'}:3: "
                           "'hat' is not five letters a-z")


@pytest.mark.parametrize("argv, message", [
    (["filter", "--limit", "-1"], "argument --limit: '-1' is not positive (1 or more)"),
    (["guess", "--limit", "0"], "argument --limit: '0' is not positive (1 or more)"),
    (["evaluate", "--widths", "2", "0"], "argument --widths: '0' is not positive (1 or more)"),
    (["evaluate", "--exact-size", "-5"], "argument --exact-size: '-5' is not positive (1 or more)"),
    (["evaluate", "--exact-size", "1"], "argument --exact-size: '1' is not between 2 and 30"),
    (["evaluate", "--exact-size", "31"], "argument --exact-size: '31' is not between 2 and 30"),
    (["absurdle", "--beam", "0"], "argument --beam: '0' is not positive (1 or more)"),
    (["absurdle", "--last-beam", "x"], "argument --last-beam: 'x' is not a whole number"),
    (["absurdle", "--openers", "0"], "argument --openers: '0' is not positive (1 or more)"),
])
def test_cli_refuses_numbers_out_of_range_in_one_line(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"wordle64 {argv[0]}: error: {message}"


@pytest.mark.parametrize("text", ["0", "-2.5", "nan", "inf", "-inf", "two"])
def test_positive_float_refuses_zero_negative_and_non_finite(text):
    with pytest.raises(argparse.ArgumentTypeError):
        argtypes.positive_float(text)


def test_positive_types_accept_the_smallest_values():
    assert argtypes.positive_int("1") == 1 and argtypes.positive_float("0.001") == 0.001
    with pytest.raises(argparse.ArgumentTypeError):
        argtypes.positive_int("1.5")


def test_greedy_strategies_get_the_default_search_settings():
    """The greedy strategies' rules pass {} (so a solver.search change reruns only the search)."""
    assert search_settings({}) == SearchSettings(widths=(8, 4, 2), exact_size=10)
    assert sweep_per_figure({}) == 13
    configured = {"widths": [3, 1], "hard_widths": [5], "exact_size": 8}
    assert search_settings(configured) == SearchSettings(widths=(3, 1), hard_widths=(5,),
                                                         exact_size=8)
    assert sweep_per_figure({"per_figure": 5}) == 5


def test_partition_groups_answers_by_their_feedback_in_subset_order():
    game = game_of(THIRTY, THIRTY)
    subset = np.array([29, 3, 17, 8, 0, 22, 11, 5], dtype=np.int64)
    guess = THIRTY.index("sound")
    expected = defaultdict(list)
    for answer in subset:
        code = pattern_code(score("sound", THIRTY[answer]))
        if code != 242:
            expected[code].append(int(answer))
    groups = game.partition(subset, guess)
    assert [code for code, _ in groups] == sorted(expected)
    assert {code: members.tolist() for code, members in groups} == dict(expected)
