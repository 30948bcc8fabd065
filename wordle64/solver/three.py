"""The best chance to win in three: the most answers an opener lets the player solve within
three guesses, the second guess chosen for each feedback; ties broken by the most solved within
four with that second guess.

Exact and cheap: after the opener and its feedback, a second guess wins at once when it is the
answer and leaves one group per other feedback, and a third guess can win exactly one answer of
each group; so the answers solved within three after a feedback are the most distinct feedbacks
(the solved one included) any allowed second guess gets on that group: its `buckets` figure.

Within four, behind that: to win one answer of a part left by the second guess at the third, the
third guess must be in the part, and then the part's answers solved within four are the distinct
feedbacks that guess gets on it; so among the second guesses with the most feedbacks, the one
whose parts' best own members tell the most answers apart (a member is always allowed in hard
mode: it agrees with every mark so far).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from wordle64.solver.core import SOLVED
from wordle64.solver.play import Game, _group_by_code, figure_order


@dataclass(frozen=True)
class InThree:
    opener: str
    solved: int  # answers solved within three guesses, each second guess the best for it
    answers: int
    solved_in_four: int = 0  # answers solved within four with those second guesses (tie-break)

    @property
    def share(self) -> float:
        return self.solved / self.answers


def solved_in_three(game: Game, opener: int,
                    by_guess: np.ndarray | None = None) -> tuple[int, int]:
    """(answers `opener` lets a player solve within three guesses, then within four with the
    same second guesses) (in hard mode when the game is: the second guess one that hard mode
    accepts). `by_guess`: the (guesses, answers) codes, made here when not given."""
    if by_guess is None:
        by_guess = np.ascontiguousarray(game.by_answer.T)
    everything = np.arange(len(game.answers))
    solved = int((game.by_answer[:, opener] == SOLVED).any())
    in_four = solved
    every_guess = np.arange(len(game.guesses))
    for code, group in game.partition(everything, opener):
        if len(group) <= 2:  # guess one of them: both solved within three
            solved += len(group)
            in_four += len(group)
            continue
        columns = game.columns((opener, code))
        # the group's own answers first: they often split it fully, which ends the scan (in
        # hard mode they are allowed: they agree with every mark so far)
        allowed = every_guess if columns is None else columns
        order = np.concatenate([game.answer_guess[group], allowed])
        three, four = _most_feedbacks(game.by_answer, by_guess, game.answer_guess, group, order)
        solved += three
        in_four += four
    return solved, in_four


def in_three_shortlist(game: Game, openers: int) -> list[int]:
    """The `openers` guesses with the most distinct feedbacks on every answer (figure_order's
    ties): the openers examined for the best chance in three."""
    return figure_order(game.figures(np.arange(len(game.answers))), "buckets")[:openers].tolist()


def best_in_three(game: Game, openers: Sequence[int],
                  progress: Callable[[str], None] | None = None) -> list[InThree]:
    """`openers` by answers solved within three, most first (ties: most within four, then
    alphabetical)."""
    results = []
    by_guess = np.ascontiguousarray(game.by_answer.T)
    for number, opener in enumerate(openers, start=1):
        solved, in_four = solved_in_three(game, opener, by_guess)
        results.append(InThree(game.guesses[opener], solved, len(game.answers), in_four))
        if progress is not None and number % 500 == 0:
            progress(f"in three: {number}/{len(openers)} openers")
    return sorted(results, key=lambda r: (-r.solved, -r.solved_in_four, r.opener))


@njit(cache=True, nogil=True)
def _most_feedbacks(by_answer, by_guess, answer_guess, group,
                    guesses):  # pragma: no cover - compiled
    """(the most distinct feedbacks any of `guesses` gets on `group`, then the most answers
    solved within two more guesses after one of those; stops once one guess tells every answer
    apart)."""
    seen = np.zeros(256, np.int64)
    size = len(group)
    best = 0
    best_four = 0
    for index in range(len(guesses)):
        row = by_guess[guesses[index]]
        stamp = index + 1
        count = 0
        for member in range(size):
            code = row[group[member]]
            if seen[code] != stamp:
                seen[code] = stamp
                count += 1
        if count == size:  # every part one answer: each won at the next guess
            return size, size
        if count < best:
            continue
        four = _told_apart_by_members(by_answer, by_guess, answer_guess, group,
                                      guesses[index])
        if count > best or four > best_four:
            best = count
            best_four = four
    return best, best_four


@njit(cache=True, nogil=True)
def _told_apart_by_members(by_answer, by_guess, answer_guess, group,
                           guess):  # pragma: no cover - compiled
    """Answers of `group` solved within two more guesses after `guess`, each third guess a
    member of its part: per part, the most distinct feedbacks a member gets on it (the solved
    part and parts of one: one each)."""
    _, starts, members = _group_by_code(by_answer, group, guess)
    seen = np.zeros(256, np.int64)
    stamp = 0
    total = 0
    for part in range(len(starts) - 1):
        start, end = starts[part], starts[part + 1]
        if end - start <= 2:  # one or two answers: guess one, then the other
            total += end - start
            continue
        most = 0
        for third in range(start, end):
            codes = by_guess[answer_guess[members[third]]]
            stamp += 1
            distinct = 0
            for other in range(start, end):
                code_four = codes[members[other]]
                if seen[code_four] != stamp:
                    seen[code_four] = stamp
                    distinct += 1
            most = max(most, distinct)
            if most == end - start:
                break
        total += most
    return total


__all__ = ["InThree", "solved_in_three", "best_in_three", "in_three_shortlist"]
