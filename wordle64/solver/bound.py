"""An admissible lower bound on the total guesses of any decision tree for the lists.

One level (:attr:`Figures.lower_bound`): after opener o, a group of m answers needs at least
2 m - 1 more guesses (one answer can be guessed at once, the others need two or more; past 237
answers three). Two levels: each group of o is split by its best second guess under the same
rule, so opener o needs at least ``answers + sum over groups of min_s LB_s(group)``.

The bound on the optimum is the smallest two-level bound over the openers with the smallest
one-level bounds, and the one-level bound of the first opener not examined (a two-level bound
is never below its one-level bound, so every opener is covered).

With a target, an opener's groups are split again largest first only until its bound reaches
the target: the result is then the smallest two-level bound when that is below the target, and
otherwise the target itself, which every opener has been shown to need.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from wordle64.solver.core import PATTERNS, SOLVED, bucket_lower_bound, split_figures
from wordle64.solver.play import Game, figure_order

SMALL_GROUP = PATTERNS - 5  # up to 238 answers: no group of a split can exceed 237


def member_group_bound(game: Game, group: np.ndarray) -> int:
    """Fewest total guesses that can solve the answers `group`: the smallest one-level bound
    over every guess (exact for one or two answers; :func:`bound_figures`'s figure). Read from
    the game's code table in place: the group's own words first, and no further once a guess
    splits the group into single answers (no guess can do better)."""
    size = len(group)
    if size <= 2:
        return 2 * size - 1
    if size > SMALL_GROUP:  # groups of its split can exceed 237: the full figures count them
        return int(split_figures(game.by_answer[group]).lower_bound.min())
    return int(_member_group_kernel(game.by_answer, group, game.answer_guess[group], SOLVED))


_WORDS = 4  # 64-bit words of a set of the 243 feedback codes
_GUESS_BLOCK = 64  # guesses whose code sets are built at once, row by row of the table


@njit(cache=True, nogil=True)
def _member_group_kernel(by_answer, rows, members, solved):  # pragma: no cover - compiled
    """min over guesses of 3 size - candidate - distinct feedbacks (:func:`bound_figures`'s
    figure), members first, stopping at 2 size - 1."""
    size = rows.shape[0]
    floor = 2 * size - 1
    best = 3 * size
    seen = np.zeros(256, np.bool_)
    for guess in members:
        distinct, candidate = 0, 0
        for row in rows:
            code = by_answer[row, guess]
            candidate |= code == solved
            if not seen[code]:
                seen[code] = True
                distinct += 1
        for row in rows:
            seen[by_answer[row, guess]] = False
        best = min(best, 3 * size - candidate - distinct)
        if best == floor:
            return best
    count = by_answer.shape[1]
    sets = np.zeros((_GUESS_BLOCK, _WORDS), np.uint64)
    one = np.uint64(1)
    for first in range(0, count, _GUESS_BLOCK):
        last = min(first + _GUESS_BLOCK, count)
        sets[:] = 0
        for row in rows:
            for guess in range(first, last):
                code = by_answer[row, guess]
                sets[guess - first, code >> 6] |= one << np.uint64(code & 63)
        for guess in range(first, last):
            distinct = 0
            for word in range(_WORDS):
                bits = sets[guess - first, word]
                while bits:
                    bits &= bits - one
                    distinct += 1
            candidate = (sets[guess - first, solved >> 6] >> np.uint64(solved & 63)) & one
            best = min(best, 3 * size - int(candidate) - distinct)
            if best == floor:
                return best
    return best


def opener_lower_bound(game: Game, guess: int, target: int | None = None) -> tuple[int, bool]:
    """(bound, complete): the two-level bound on the total of any tree that opens with `guess`,
    its groups split again largest first; with a `target`, only until the bound reaches it
    (complete False: the bound is at least the target, not yet the whole two-level bound)."""
    subset = np.arange(len(game.answers))
    groups = sorted((group for _, group in game.partition(subset, guess)), key=len, reverse=True)
    one_level = bucket_lower_bound(np.array([len(group) for group in groups], dtype=np.int64))
    bound = len(subset) + int(one_level.sum())
    for group, group_one_level in zip(groups, one_level.tolist()):
        if target is not None and bound >= target:
            return bound, False
        bound += member_group_bound(game, group) - group_one_level
    return bound, True


@dataclass(frozen=True)
class Bound:
    lower_bound_total: int  # no tree for these lists needs fewer guesses in total
    answers: int
    openers_bounded: int  # openers given the two-level bound
    best_opener: str  # opener with the smallest bound
    one_level_min: int  # the one-level bound alone
    cutoff: int | None  # one-level bound of the first opener not examined (None: all examined)
    target: int | None  # openers were split only until their bound reached this (None: fully)
    proven: bool  # the result is the smallest two-level bound over every opener
    seconds: float  # spent on the two-level bounds, summed over the batches


@dataclass(frozen=True)
class OpenerBound:
    opener: str
    one_level: int
    two_level: int  # the two-level bound, or past the target where `complete` is False
    complete: bool
    seconds: float


def bound_rows(game: Game, openers: int, batch: int = 0, batches: int = 1,
               target: int | None = None,
               progress: Callable[[str], None] | None = None) -> list[OpenerBound]:
    """Two-level bounds of every `batches`-th of the first `openers` openers (smallest one-level
    bound first) from `batch` on, each only until it reaches `target` when one is given. An
    opener whose one-level bound reaches the best bound found so far, or the target, is left
    out with every later one: none of them can hold the minimum."""
    figures = game.figures(np.arange(len(game.answers)))
    one_level = figures.lower_bound
    rows: list[OpenerBound] = []
    best = math.inf if target is None else target
    for guess in figure_order(figures, "lower_bound")[:openers][batch::batches].tolist():
        if one_level[guess] >= best:
            break
        start = time.perf_counter()
        bound, complete = opener_lower_bound(game, guess, target)
        rows.append(OpenerBound(game.guesses[guess], int(one_level[guess]), bound, complete,
                                round(time.perf_counter() - start, 3)))
        best = min(best, bound)
        if progress is not None and len(rows) % 500 == 0:
            progress(f"bound: {len(rows)} openers, smallest {best}")
    return rows


def combine_bounds(game: Game, rows: list[OpenerBound], openers: int,
                   target: int | None = None) -> Bound:
    """The bound over every opener from the rows of every batch for the first `openers`."""
    figures = game.figures(np.arange(len(game.answers)))
    order = figure_order(figures, "lower_bound")
    one_level = figures.lower_bound
    cutoff = int(one_level[order[openers]]) if openers < len(order) else None
    if not rows:  # every examined opener's one-level bound already reached the target
        return Bound(int(min(target, cutoff or target)), len(game.answers), 0,
                     game.guesses[order[0]], int(one_level[order[0]]), cutoff, target, False, 0.0)
    best = min(rows, key=lambda row: (row.two_level, row.opener))
    caps = [cap for cap in (cutoff, target) if cap is not None]
    total = min([best.two_level, *caps])
    return Bound(int(total), len(game.answers), len(rows), best.opener,
                 int(one_level[order[0]]), cutoff, target,
                 all(cap >= best.two_level for cap in caps) and best.complete,
                 round(sum(row.seconds for row in rows), 3))


def lower_bound(game: Game, openers: int, target: int | None = None,
                progress: Callable[[str], None] | None = None) -> Bound:
    """The bound over every opener, examining at most `openers` by the two-level bound."""
    return combine_bounds(game, bound_rows(game, openers, target=target, progress=progress),
                          openers, target)


__all__ = ["Bound", "OpenerBound", "member_group_bound",
           "opener_lower_bound", "bound_rows", "combine_bounds", "lower_bound"]
