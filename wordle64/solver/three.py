"""The best chance to win in three: the most answers an opener lets the player solve within
three guesses, the second guess chosen for each feedback.

Exact and cheap: after the opener and its feedback, a second guess wins at once when it is the
answer and leaves one group per other feedback, and a third guess can win exactly one answer of
each group; so the answers solved within three after a feedback are the most distinct feedbacks
(the solved one included) any allowed second guess gets on that group: its `buckets` figure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from wordle64.solver.core import SOLVED
from wordle64.solver.play import Game, figure_order


@dataclass(frozen=True)
class InThree:
    opener: str
    solved: int  # answers solved within three guesses, each second guess the best for it
    answers: int

    @property
    def share(self) -> float:
        return self.solved / self.answers


def solved_in_three(game: Game, opener: int, by_guess: np.ndarray | None = None) -> int:
    """Answers `opener` lets a player solve within three guesses (in hard mode when the game
    is: the second guess one that hard mode accepts). `by_guess`: the (guesses, answers) codes,
    made here when not given."""
    if by_guess is None:
        by_guess = np.ascontiguousarray(game.by_answer.T)
    everything = np.arange(len(game.answers))
    solved = int((game.by_answer[:, opener] == SOLVED).any())
    every_guess = np.arange(len(game.guesses))
    for code, group in game.partition(everything, opener):
        if len(group) <= 2:  # guess one of them: both solved within three
            solved += len(group)
            continue
        columns = game.columns((opener, code))
        # the group's own answers first: they often split it fully, which ends the scan (in
        # hard mode they are allowed: they agree with every mark so far)
        allowed = every_guess if columns is None else columns
        order = np.concatenate([game.answer_guess[group], allowed])
        solved += _most_feedbacks(by_guess, group, order)
    return solved


def in_three_shortlist(game: Game, openers: int) -> list[int]:
    """The `openers` guesses with the most distinct feedbacks on every answer (figure_order's
    ties): the openers examined for the best chance in three."""
    return figure_order(game.figures(np.arange(len(game.answers))), "buckets")[:openers].tolist()


def best_in_three(game: Game, openers: Sequence[int],
                  progress: Callable[[str], None] | None = None) -> list[InThree]:
    """`openers` by answers solved within three, most first (ties: alphabetical)."""
    results = []
    by_guess = np.ascontiguousarray(game.by_answer.T)
    for number, opener in enumerate(openers, start=1):
        results.append(InThree(game.guesses[opener], solved_in_three(game, opener, by_guess),
                               len(game.answers)))
        if progress is not None and number % 500 == 0:
            progress(f"in three: {number}/{len(openers)} openers")
    return sorted(results, key=lambda r: (-r.solved, r.opener))


@njit(cache=True, nogil=True)
def _most_feedbacks(by_guess, group, guesses):  # pragma: no cover - compiled
    """The most distinct feedbacks any of `guesses` gets on `group` (stops once one guess
    tells every answer apart)."""
    seen = np.zeros(256, np.int64)
    size = len(group)
    best = 0
    for index in range(len(guesses)):
        row = by_guess[guesses[index]]
        stamp = index + 1
        count = 0
        for member in range(size):
            code = row[group[member]]
            if seen[code] != stamp:
                seen[code] = stamp
                count += 1
        if count > best:
            best = count
            if best == size:
                break
    return best


__all__ = ["InThree", "solved_in_three", "best_in_three", "in_three_shortlist"]
