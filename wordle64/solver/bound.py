"""An admissible lower bound on the total guesses of any decision tree for the lists.

One level (:attr:`Figures.lower_bound`): after opener o, a group of m answers needs at least
2 m - 1 more guesses (one answer can be guessed at once, the others need two or more; past 237
answers three). Two levels: each group of o is split by its best second guess under the same
rule, so opener o needs at least ``answers + sum over groups of min_s LB_s(group)``.

The bound on the optimum is the smallest two-level bound over the openers with the smallest
one-level bounds, and the one-level bound of the first opener not examined (a two-level bound
is never below its one-level bound, so every opener is covered).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wordle64.solver.core import PATTERNS, bound_figures, split_figures
from wordle64.solver.play import Game, figure_order

SMALL_GROUP = PATTERNS - 5  # up to 238 answers: no group of a split can exceed 237


def group_lower_bound(codes: np.ndarray) -> int:
    """Fewest total guesses that can solve a group whose (answers, guesses) code block is
    `codes`: the smallest one-level bound over every guess (exact for one or two answers)."""
    size = codes.shape[0]
    if size <= 2:
        return 2 * size - 1
    if size > SMALL_GROUP:
        return int(split_figures(codes).lower_bound.min())
    return int(bound_figures(codes)[0].min())


def opener_lower_bound(game: Game, guess: int) -> int:
    """Two-level bound on the total of any tree that opens with `guess`."""
    subset = np.arange(len(game.answers))
    return len(subset) + sum(group_lower_bound(game.by_answer[group])
                             for _, group in game.partition(subset, guess))


@dataclass(frozen=True)
class Bound:
    lower_bound_total: int  # no tree for these lists needs fewer guesses in total
    answers: int
    openers_bounded: int  # openers given the two-level bound
    best_opener: str  # opener with the smallest bound
    one_level_min: int  # the one-level bound alone
    cutoff: int | None  # one-level bound of the first opener not examined (None: all examined)
    proven: bool  # the result is the smallest two-level bound over every opener
    seconds: float  # spent on the two-level bounds, summed over the batches


@dataclass(frozen=True)
class OpenerBound:
    opener: str
    one_level: int
    two_level: int
    seconds: float


def bound_rows(game: Game, openers: int, batch: int = 0, batches: int = 1,
               progress: Callable[[str], None] | None = None) -> list[OpenerBound]:
    """Two-level bounds of every `batches`-th of the first `openers` openers (smallest one-level
    bound first) from `batch` on. An opener whose one-level bound reaches the best two-level
    bound found so far is left out with every later one: none of them can hold the minimum."""
    figures = game.figures(np.arange(len(game.answers)))
    one_level = figures.lower_bound
    rows: list[OpenerBound] = []
    best = None
    for guess in figure_order(figures, "lower_bound")[:openers][batch::batches].tolist():
        if best is not None and one_level[guess] >= best:
            break
        start = time.perf_counter()
        bound = opener_lower_bound(game, guess)
        rows.append(OpenerBound(game.guesses[guess], int(one_level[guess]), bound,
                                round(time.perf_counter() - start, 3)))
        best = bound if best is None else min(best, bound)
        if progress is not None and len(rows) % 25 == 0:
            progress(f"bound: {len(rows)} openers, best {best}")
    return rows


def combine_bounds(game: Game, rows: list[OpenerBound], openers: int) -> Bound:
    """The bound over every opener from the rows of every batch for the first `openers`."""
    figures = game.figures(np.arange(len(game.answers)))
    order = figure_order(figures, "lower_bound")
    one_level = figures.lower_bound
    best = min(rows, key=lambda row: (row.two_level, row.opener))
    cutoff = int(one_level[order[openers]]) if openers < len(order) else None
    total = best.two_level if cutoff is None else min(best.two_level, cutoff)
    return Bound(int(total), len(game.answers), len(rows), best.opener,
                 int(one_level[order[0]]), cutoff, cutoff is None or cutoff >= best.two_level,
                 round(sum(row.seconds for row in rows), 3))


def lower_bound(game: Game, openers: int,
                progress: Callable[[str], None] | None = None) -> Bound:
    """The bound over every opener, examining at most `openers` by the two-level bound."""
    return combine_bounds(game, bound_rows(game, openers, progress=progress), openers)


__all__ = ["Bound", "OpenerBound", "group_lower_bound", "opener_lower_bound", "bound_rows",
           "combine_bounds", "lower_bound"]
