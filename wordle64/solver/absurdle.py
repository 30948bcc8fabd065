"""Absurdle: an adversary that never commits to an answer, and a search that beats it.

The adversary answers each guess with the feedback shared by the most remaining answers. Tie
rule: among equally large groups it gives the feedback with the fewest right-place marks, then
the fewest elsewhere marks, then the lowest pattern code. So it admits "solved" only when the
guess is the one answer left, and the player wins on the guess after the set is down to one.

Wins in up to four guesses are searched exactly (:func:`win_exactly`): a win in four is three
guesses after which one answer is left, so the third must give every answer the adversary kept
after the second its own feedback. For one opener the adversary's reply to every second guess
comes from one bincount; second guesses whose kept group is larger than the most feedbacks any
guess gets on the opener's group cannot be followed by such a third guess and are skipped, equal
kept groups are searched once, and a third guess is looked for only among the guesses with at
least that many feedbacks on the opener's group. Openers that leave the same group are searched
once, smallest group first. Longer games fall back to a beam search.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wordle64.errors import Wordle64Error
from wordle64.solver.core import PATTERNS, SOLVED, code_to_marks, heuristic_order
from wordle64.solver.play import Game
from wordle64.score import ELSEWHERE, RIGHT, marks_to_string

log = logging.getLogger(__name__)

REACHABLE = PATTERNS - 5  # feedbacks that can occur (the 5 "four right, one elsewhere" cannot)
EXACT_GUESSES = 4  # wins in this many guesses or fewer are searched exactly
ROWS_PER_BLOCK = 256  # answers per bincount block (bounds the memory of the count table)
COLUMNS_PER_BLOCK = 2048  # guesses per block when grouping openers
FIRST_CHECK = 8  # answers a third guess must first tell apart (then four times as many, ...)


def _tie_key() -> np.ndarray:
    """Per code: rank of the adversary's preference among equal groups (smaller is preferred)."""
    keys = []
    for code in range(PATTERNS):
        marks = code_to_marks(code)
        keys.append((marks.count(RIGHT), marks.count(ELSEWHERE), code))
    order = sorted(range(PATTERNS), key=lambda code: keys[code])
    rank = np.empty(PATTERNS, dtype=np.int64)
    rank[order] = np.arange(PATTERNS)
    return rank


TIE_RANK = _tie_key()
PREFERENCE = PATTERNS - 1 - TIE_RANK  # larger is preferred, always below one answer's worth


def respond(game: Game, remaining: np.ndarray, guess: int) -> tuple[int, np.ndarray]:
    """The adversary's feedback code for `guess` and the answers it keeps."""
    codes = game.by_answer[remaining, guess]
    counts = np.bincount(codes, minlength=PATTERNS)
    largest = counts.max()
    tied = np.flatnonzero(counts == largest)
    code = int(tied[np.argmin(TIE_RANK[tied])])
    return code, remaining[codes == code]


@dataclass(frozen=True)
class Replies:
    """The adversary's reply to every guess on one answer set (arrays over the guesses)."""

    code: np.ndarray  # the feedback it gives
    kept: np.ndarray  # how many answers it keeps
    feedbacks: np.ndarray  # distinct feedbacks the guess gets on the set


def replies(game: Game, remaining: np.ndarray) -> Replies:
    """:func:`respond` for every guess at once (one bincount per block of answers)."""
    count = len(game.guesses)
    offsets = np.arange(count, dtype=np.int64) * PATTERNS
    table = np.zeros(count * PATTERNS, dtype=np.int64)
    for start in range(0, len(remaining), ROWS_PER_BLOCK):
        codes = game.by_answer[remaining[start:start + ROWS_PER_BLOCK]]
        table += np.bincount((codes + offsets).ravel(), minlength=count * PATTERNS)
    table = table.reshape(count, PATTERNS)
    code = (table * PATTERNS + PREFERENCE).argmax(axis=1)
    return Replies(code, table[np.arange(count), code], (table > 0).sum(axis=1))


def splitter(game: Game, remaining: np.ndarray, candidates: np.ndarray) -> int | None:
    """The first of `candidates` that gives every answer of `remaining` its own feedback.

    Candidates are first tried on a few answers, then on four times as many, and so on: one that
    fails to tell a few answers apart is dropped before the bigger checks."""
    if len(remaining) <= 1:
        return int(candidates[0]) if len(candidates) else None
    size = min(FIRST_CHECK, len(remaining))
    while len(candidates):
        codes = np.sort(game.by_answer[np.ix_(remaining[:size], candidates)].T, axis=1)
        candidates = candidates[~(codes[:, 1:] == codes[:, :-1]).any(axis=1)]
        if size == len(remaining):
            return int(candidates[0]) if len(candidates) else None
        size = min(4 * size, len(remaining))
    return None


def _down_to_one_in_two(game: Game, remaining: np.ndarray) -> list[int] | None:
    """At most two guesses after which the adversary keeps one answer of `remaining`; None when
    there are none (exact)."""
    if len(remaining) == 1:
        return []
    reply = replies(game, remaining)
    seconds = np.flatnonzero(reply.kept <= reply.feedbacks.max())
    if len(seconds) == 0:
        return None
    kept = game.by_answer[remaining][:, seconds] == reply.code[seconds]
    _, distinct = np.unique(np.packbits(kept, axis=0).T, axis=0, return_index=True)
    distinct = distinct[np.lexsort((seconds[distinct], reply.kept[seconds[distinct]]))]
    for column in distinct.tolist():
        left = remaining[kept[:, column]]
        if len(left) == 1:
            return [int(seconds[column])]
        third = splitter(game, left, np.flatnonzero(reply.feedbacks >= len(left)))
        if third is not None:
            return [int(seconds[column]), third]
    return None


def opening_groups(game: Game) -> list[int]:
    """One opener per distinct group of answers the adversary keeps after it, smallest group
    first (ties: lowest guess index)."""
    reply = replies(game, np.arange(len(game.answers)))
    order = np.lexsort((np.arange(len(game.guesses)), reply.kept))
    seen: set[bytes] = set()
    openers = []
    for start in range(0, len(order), COLUMNS_PER_BLOCK):
        block = order[start:start + COLUMNS_PER_BLOCK]
        packed = np.packbits(game.by_answer[:, block] == reply.code[block], axis=0).T
        for guess, key in zip(block.tolist(), packed):
            key = key.tobytes()
            if key not in seen:
                seen.add(key)
                openers.append(guess)
    return openers


@dataclass(frozen=True)
class ExactSearch:
    """Outcome of :func:`win_exactly`."""

    guesses: int  # the game length searched for
    found: list[int] | None  # guess indices of a win, the winning guess last
    openers: int  # distinct opening groups searched (four guesses; else 0)
    opening_groups: int  # distinct opening groups there are (four guesses; else 0)

    @property
    def complete(self) -> bool:
        """True when `found` being None proves there is no win in `guesses`."""
        return self.found is not None or self.openers == self.opening_groups


def win_exactly(game: Game, guesses: int, max_openers: int | None = None,
                progress_seconds: float = 30.0) -> ExactSearch:
    """A win in `guesses` (one to four) guesses, or None with a proof that there is none.

    For four guesses, `max_openers` caps the distinct opening groups searched (smallest first;
    None searches them all, which proves impossibility when nothing is found)."""
    if not 1 <= guesses <= EXACT_GUESSES:
        raise ValueError(f"exact search is for one to {EXACT_GUESSES} guesses")
    everything = np.arange(len(game.answers))
    openers = groups = 0
    before: list[int] | None = None
    if guesses == 1:
        before = [] if len(everything) == 1 else None
    elif guesses == 2:
        first = splitter(game, everything, np.arange(len(game.guesses)))
        before = None if first is None else [first]
    elif guesses == 3:
        before = _down_to_one_in_two(game, everything)
    else:
        candidates = opening_groups(game)
        groups = len(candidates)
        limit = groups if max_openers is None else min(max_openers, groups)
        started = last_report = time.perf_counter()
        for opener in candidates[:limit]:
            _, left = respond(game, everything, opener)
            rest = _down_to_one_in_two(game, left)
            openers += 1
            if rest is not None:
                before = [opener] + rest
                break
            if time.perf_counter() - last_report >= progress_seconds:
                last_report = time.perf_counter()
                log.info("absurdle: four guesses: %d/%d opening groups searched in %.0f s",
                         openers, limit, last_report - started)
    if before is None:
        return ExactSearch(guesses, None, openers, groups)
    return ExactSearch(guesses, before + [_last_guess(game, before)], openers, groups)


def _last_guess(game: Game, guesses: list[int]) -> int:
    """The one answer the adversary has left after `guesses`."""
    remaining = np.arange(len(game.answers))
    for guess in guesses:
        _, remaining = respond(game, remaining, guess)
    if len(remaining) != 1:
        raise AssertionError("exact absurdle search result leaves more than one answer")
    return int(game.answer_guess[remaining[0]])


@dataclass(frozen=True)
class Turn:
    guess: str
    code: int
    left: int  # answers the adversary still allows after this feedback

    def line(self, number: int) -> str:
        return f"{number}. {self.guess} {marks_to_string(code_to_marks(self.code))} {self.left}"


def play(game: Game, guesses: Sequence[str]) -> list[Turn]:
    """The adversary's answers to a fixed sequence of guesses (in hard mode each guess must be
    one the game's hard mode accepts after the one before)."""
    index = {word: i for i, word in enumerate(game.guesses)}
    remaining = np.arange(len(game.answers))
    turns: list[Turn] = []
    for word in guesses:
        word = word.strip().lower()
        if word not in index:
            raise Wordle64Error(f"{word!r} is not in the guess list")
        if game.hard is not None and turns:
            rule = game.hard.rule(index[turns[-1].guess], turns[-1].code)
            if rule.violation(word) is not None:
                raise Wordle64Error(f"{word!r} breaks hard mode after {turns[-1].guess} "
                                    f"{marks_to_string(code_to_marks(turns[-1].code))}")
        code, remaining = respond(game, remaining, index[word])
        turns.append(Turn(word, code, len(remaining)))
        if code == SOLVED:
            break
    return turns


def _finish(game: Game, remaining: np.ndarray, guesses_left: int, beam: int,
            last_beam: int = 0, after: tuple[int, int] | None = None) -> list[int] | None:
    """Guesses (the winning one last) that beat the adversary from `remaining` in at most
    `guesses_left` guesses, exploring the best `beam` guesses by max group (`last_beam` with
    three guesses left, where each try is cheap); None if none found. Two guesses or fewer are
    decided exactly. In hard mode only the guesses allowed `after` (guess, code) are tried."""
    if len(remaining) == 1:
        return [int(game.answer_guess[remaining[0]])]
    if guesses_left <= 1 or len(remaining) > REACHABLE ** (guesses_left - 1):
        return None
    columns = game.columns(after)
    figures = game.figures(remaining, columns)
    guess_of = np.arange(len(game.guesses)) if columns is None else columns
    if guesses_left == 2:
        splitting = np.flatnonzero(figures.max_bucket == 1)
        if len(splitting) == 0:
            return None
        # prefer a guess that may win at once, then any answer word, then the rest
        answers = np.isin(guess_of[splitting], game.answer_guess)
        guess = int(guess_of[splitting[np.lexsort((guess_of[splitting], ~answers,
                                                   ~figures.candidate[splitting]))[0]]])
        _, left = respond(game, remaining, guess)
        return [guess, int(game.answer_guess[left[0]])]
    width = max(beam, last_beam) if guesses_left == 3 else beam
    for guess in guess_of[heuristic_order(figures, "minimax")[:width]].tolist():
        code, left = respond(game, remaining, guess)
        rest = _finish(game, left, guesses_left - 1, beam, last_beam, (guess, code))
        if rest is not None:
            return [guess] + rest
    return None


@dataclass(frozen=True)
class AbsurdleResult:
    turns: list[Turn]
    guesses: int
    impossible_up_to: int  # wins in this many guesses or fewer are proven impossible
    min_opening_group: int  # the smallest first group any opener leaves
    answers: int
    openers_searched: int = 0  # opening groups the exact four-guess search went through
    opening_groups: int = 0  # distinct opening groups (0: the four-guess search did not run)
    hard: bool = False  # every guess after the first held to the game's hard mode

    @property
    def minimal(self) -> bool:
        return self.impossible_up_to == self.guesses - 1


def solve(game: Game, max_guesses: int = 6, beam: int = 10, last_beam: int = 500,
          max_openers: int | None = 100) -> AbsurdleResult:
    """The fewest guesses found that beat the adversary: exact search up to four guesses
    (`max_openers` distinct opening groups for four, None for all), beam search beyond. In
    hard mode the beam search alone (the exact search assumes every guess allowed), so nothing
    is proven impossible."""
    everything = np.arange(len(game.answers))
    smallest_first = int(replies(game, everything).kept.min())
    proven = 0
    searched = groups = 0
    for guesses in range(1, max_guesses + 1):
        found = None
        complete = False
        if guesses <= EXACT_GUESSES and game.hard is None:
            exact = win_exactly(game, guesses, max_openers)
            found, complete = exact.found, exact.complete
            if guesses == EXACT_GUESSES:
                searched, groups = exact.openers, exact.opening_groups
            if found is None and complete and proven == guesses - 1:
                proven = guesses
        if found is None and not complete:
            found = _finish(game, everything, guesses, beam, last_beam)
        log.info("absurdle: %d guesses %s", guesses, "found" if found else "not found")
        if found is not None:
            turns = play(game, [game.guesses[g] for g in found])
            if turns[-1].code != SOLVED:
                raise AssertionError("absurdle search result does not win")
            return AbsurdleResult(turns, len(turns), proven, smallest_first, len(everything),
                                  searched, groups, game.hard is not None)
    raise Wordle64Error(f"no win against the Absurdle adversary found in {max_guesses} guesses "
                        f"with beam {beam}; raise solver.absurdle.beam")


def _four_guess_search(result: AbsurdleResult) -> str:
    if not result.opening_groups:
        return ""
    outcome = ("won" if result.guesses == EXACT_GUESSES else
               "all searched, no win" if result.openers_searched == result.opening_groups
               else "no win among them")
    return (f"; exact {EXACT_GUESSES}-guess search: {result.openers_searched:,} of "
            f"{result.opening_groups:,} distinct opening groups, smallest first, {outcome}")


def transcript(result: AbsurdleResult) -> str:
    if result.minimal:
        proof = f"minimal: {result.guesses - 1} or fewer proven impossible"
    else:
        low, high = result.impossible_up_to + 1, result.guesses - 1
        proof = (f"{result.impossible_up_to} or fewer proven impossible, "
                 f"{low if low == high else f'{low} to {high}'} not found")
    mode = " (hard mode: beam search only)" if result.hard else ""
    lines = [f"Absurdle{mode}: won in {result.guesses} guesses ({proof}{_four_guess_search(result)}; "
             f"the best opener leaves {result.min_opening_group} of {result.answers} answers)"]
    lines += [turn.line(number) for number, turn in enumerate(result.turns, start=1)]
    return "\n".join(lines) + "\n"


def write_transcript(game: Game, beam: int, last_beam: int, max_openers: int | None,
                     output: str | Path) -> AbsurdleResult:
    """Solve and write the transcript (the pipeline's results/solver/absurdle.txt)."""
    start = time.perf_counter()
    result = solve(game, beam=beam, last_beam=last_beam, max_openers=max_openers)
    text = transcript(result)
    log.info("absurdle in %.1f s:\n%s", time.perf_counter() - start, text)
    Path(output).write_text(text)
    return result
