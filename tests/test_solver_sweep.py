"""The opener sweep, the lower bound and the cluster report, on small lists with known optima."""

from __future__ import annotations

import json
from collections import defaultdict
from functools import lru_cache

import numpy as np
import pytest

from wordle64.score import score
from wordle64.solver.bound import lower_bound, member_group_bound, opener_lower_bound
from wordle64.solver.core import bound_figures, feedback_matrix, split_figures
from wordle64.solver.play import (
    OPENER_FIGURES, Game, Search, SearchSettings, evaluate, figure_order, first_guess,
    opener_shortlist, search_opener, sweep_openers,
)
from wordle64.solver.stage import (
    gather_sweep, read_bound_batch, read_sweep_table, write_bound, write_bound_batch,
    write_cluster_report, write_search_opener, write_shortlist, write_sweep_batch,
)

WORDS = ["batch", "catch", "hatch", "latch", "match", "patch", "watch",
         "bound", "found", "hound", "mound", "pound", "round", "sound", "wound",
         "fight", "light", "might", "night", "right", "sight", "tight",
         "bills", "fills", "hills", "kills", "mills", "pills", "tills", "wills"]
SOLVED = (2, 2, 2, 2, 2)
SETTINGS = SearchSettings(widths=(2, 1), exact_size=6)


@lru_cache(maxsize=None)
def optimum(candidates: frozenset[str], first: str | None = None) -> int:
    """Fewest total guesses for the candidates, any of WORDS as a guess (exhaustive)."""
    if len(candidates) == 1 and first is None:
        return 1
    best = 10**9
    for guess in [first] if first else WORDS:
        groups = defaultdict(list)
        for answer in candidates:
            groups[score(guess, answer)].append(answer)
        if len(groups) == 1 and guess not in candidates:
            continue
        best = min(best, len(candidates) + sum(optimum(frozenset(group))
                                               for marks, group in groups.items()
                                               if marks != SOLVED))
    return best


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_matrix(WORDS, sorted(WORDS), feedback_matrix(WORDS, sorted(WORDS)))


def test_shortlist_is_the_union_of_the_best_of_every_figure(game):
    figures = game.figures(np.arange(30))
    shortlist = opener_shortlist(game, 2)
    expected = {int(g) for f in OPENER_FIGURES for g in figure_order(figures, f)[:2]}
    assert set(shortlist) == expected
    lower = figures.lower_bound[shortlist]
    assert list(lower) == sorted(lower)  # best lower bound first
    assert len(opener_shortlist(game, 30)) == 30


def test_sweep_rows_are_the_full_search_under_each_opener_and_the_search_opens_with_the_best(
        game):
    openers = opener_shortlist(game, 3)
    results = sweep_openers(game, openers, SETTINGS)
    assert [r.key() for r in results] == sorted(r.key() for r in results)
    for result in results:
        guess = list(game.guesses).index(result.opener)
        node = Search(game, SETTINGS).solve(np.arange(30), 0, first=guess)
        if node is None:  # no tree within six guesses under this opener: listed last
            assert result.total is None and result.key() > results[0].key()
            continue
        assert (result.total, result.worst) == (node.cost, node.depth)
        assert result.total >= optimum(frozenset(WORDS), result.opener)
    best = results[0]
    assert game.guesses[first_guess(game, "search", SETTINGS, 3)] == best.opener
    played, _ = evaluate(game, "search", SETTINGS, per_figure=3)
    assert sum(p.guesses for p in played) == best.total


def test_sweep_in_batches_gathers_to_one_table(game, tmp_path):
    write_shortlist(game, 3, tmp_path / "shortlist.txt")
    words = (tmp_path / "shortlist.txt").read_text().split()
    batches = [tmp_path / f"batch_{i}.tsv" for i in range(3)]
    for number, path in enumerate(batches):
        write_sweep_batch(game, tmp_path / "shortlist.txt", number, 3, SETTINGS, path)
    best = gather_sweep([str(p) for p in batches], tmp_path / "openers.tsv")
    table = read_sweep_table(tmp_path / "openers.tsv")
    assert sorted(r.opener for r in table) == sorted(words)
    assert table[0].opener == best.opener and table[0].total == best.total
    assert best.answers == 30
    index = list(game.guesses).index
    for row in table:
        assert row.total == search_opener(game, index(row.opener), SETTINGS).total
    write_search_opener(tmp_path / "openers.tsv", tmp_path / "search.json")
    chosen = json.loads((tmp_path / "search.json").read_text())
    assert (chosen["first_guess"], chosen["total"]) == (best.opener, best.total)


def test_cheap_bound_figures_equal_the_full_figures(game):
    rng = np.random.default_rng(3)
    for size in (3, 7, 12, 20, 30):
        subset = np.sort(rng.choice(30, size, replace=False))
        figures = split_figures(game.by_answer[subset])
        lower, candidate = bound_figures(game.by_answer[subset])
        assert np.array_equal(lower, figures.lower_bound)
        assert np.array_equal(candidate, figures.candidate)
        assert member_group_bound(game, subset) == figures.lower_bound.min()


def test_lower_bound_is_admissible_and_tighter_with_two_levels(game):
    best = optimum(frozenset(WORDS))
    one_level = game.figures(np.arange(30)).lower_bound
    for guess, word in enumerate(game.guesses):
        two_level, complete = opener_lower_bound(game, guess)
        assert complete and one_level[guess] <= two_level <= optimum(frozenset(WORDS), word)
        # with a target, splitting stops once it is reached: never above the whole bound
        for target in (one_level[guess], (one_level[guess] + two_level) // 2, two_level + 1):
            part, whole = opener_lower_bound(game, guess, int(target))
            assert part <= two_level and (part == two_level if whole else part >= target)
    every = lower_bound(game, openers=30)
    assert every.proven and every.lower_bound_total <= best and every.target is None
    assert every.lower_bound_total == min(opener_lower_bound(game, g)[0] for g in range(30))
    for target in (every.lower_bound_total - 3, every.lower_bound_total + 3):
        capped = lower_bound(game, openers=30, target=target)
        assert capped.lower_bound_total == min(target, every.lower_bound_total)
        assert capped.proven == (target > every.lower_bound_total)
    few = lower_bound(game, openers=2)
    assert few.openers_bounded <= 2 and few.lower_bound_total <= every.lower_bound_total
    assert few.lower_bound_total >= one_level.min()


def test_cluster_report_passes_only_a_full_matching_sweep(tmp_path):
    rows = "".join(f"w{i:04d}\t{100 + i}\t{(100 + i) / 30:.4f}\t6\t1.000\n" for i in range(41))
    sweep = tmp_path / "cluster.tsv"
    sweep.write_text("opener\ttotal\taverage\tworst\tseconds\n" + rows)
    local = tmp_path / "local.tsv"
    local.write_text(sweep.read_text())
    report = write_cluster_report(str(sweep), str(local), "10", "12.34", "0", "slurm 22.05",
                                  str(tmp_path / "c.json"))
    assert report["passed"] and report["jobs"] == 10 and report["openers"] == 41
    assert report["best_opener"] == "w0000" and report["compared_with_local"] == 41
    local.write_text(sweep.read_text().replace("w0003\t103", "w0003\t99"))
    report = write_cluster_report(str(sweep), str(local), "10", "1", "0", "", str(tmp_path / "c"))
    assert not report["passed"] and report["mismatches"] == ["w0003"]
    report = write_cluster_report(str(sweep), "missing", "10", "1", "1", "", str(tmp_path / "c"))
    assert not report["passed"]


@pytest.mark.parametrize("openers, target", [(3, None), (12, None), (30, None), (30, 70), (30, 88), (12, 95)])
def test_bound_in_batches_equals_the_bound_in_one_job(game, tmp_path, openers, target):
    whole = lower_bound(game, openers, target)
    files = []
    for batch in range(3):
        files.append(str(tmp_path / f"batch_{batch}.tsv"))
        write_bound_batch(game, openers, batch, 3, files[-1], target)
    gathered = write_bound(game, files, openers, str(tmp_path / "bound.json"), target)
    assert gathered["lower_bound_total"] == whole.lower_bound_total
    assert gathered["proven"] == whole.proven and gathered["cutoff"] == whole.cutoff
    rows = [row for path in files for row in read_bound_batch(path)]
    index = list(game.guesses).index
    assert all((row.two_level, row.complete) == opener_lower_bound(game, index(row.opener), target)
               for row in rows)
    assert json.loads((tmp_path / "bound.json").read_text()) == gathered
    # beside the search's best tree (its opener file), the gap
    (tmp_path / "search.json").write_text(json.dumps({"first_guess": "x", "total": 120}))
    beside = write_bound(game, files, openers, str(tmp_path / "b.json"), target,
                         str(tmp_path / "search.json"))
    assert beside["search_total"] == 120 and beside["gap"] == 120 - whole.lower_bound_total


def test_exact_order_keeps_one_guess_per_way_of_splitting():
    from wordle64.solver.core import exact_order
    # three candidates a, b, c; guesses 0 and 2 split them alike ({a}, {b, c}) with other
    # codes; guess 1 also, but it is a and solves it; guess 3 splits them {a, b}, {c}
    codes = np.array([[5, 242, 9, 7],
                      [6, 3, 4, 7],
                      [6, 3, 4, 3]], dtype=np.uint8)
    lower, candidate, order = exact_order(codes)
    # lower bound 3 n - candidate - groups: 7, 6, 7, 7
    assert lower.tolist() == [7, 6, 7, 7] and candidate.tolist() == [False, True, False, False]
    assert order.tolist() == [1, 0, 3]
