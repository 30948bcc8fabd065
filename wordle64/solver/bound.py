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
    proven: bool  # every opener not examined has a one-level bound above the result
    seconds: float


def lower_bound(game: Game, openers: int,
                progress: Callable[[str], None] | None = None) -> Bound:
    """The bound over every opener, examining at most `openers` by the two-level bound."""
    start = time.perf_counter()
    figures = game.figures(np.arange(len(game.answers)))
    order = figure_order(figures, "lower_bound")
    one_level = figures.lower_bound
    best, best_opener, examined = None, None, 0
    for guess in order[:openers].tolist():
        if best is not None and one_level[guess] >= best:
            break  # this and every later opener cannot go below the best two-level bound
        bound = opener_lower_bound(game, guess)
        examined += 1
        if best is None or bound < best:
            best, best_opener = bound, game.guesses[guess]
        if progress is not None and examined % 25 == 0:
            progress(f"bound: {examined} openers, best {best} ({best_opener})")
    cutoff = int(one_level[order[examined]]) if examined < len(order) else None
    total = min(best, cutoff) if cutoff is not None else best
    return Bound(int(total), len(game.answers), examined, best_opener,
                 int(one_level[order[0]]), cutoff, cutoff is None or cutoff >= best,
                 round(time.perf_counter() - start, 3))


__all__ = ["Bound", "group_lower_bound", "opener_lower_bound", "lower_bound"]
