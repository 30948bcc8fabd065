"""Wordle feedback: the official rule for repeated letters.

This is the reference the 6502 `score` routine must match and the function every solver uses.
Marks per letter: ABSENT (0), ELSEWHERE (1), RIGHT (2).
"""

from __future__ import annotations

from dataclasses import dataclass

ABSENT = 0
ELSEWHERE = 1
RIGHT = 2

MARK_CHARS = ".yg"  # compact display: . absent, y elsewhere (yellow), g right place (green)


def score(guess: str, answer: str) -> tuple[int, ...]:
    """Marks for `guess` against `answer` (same length).

    Exact matches are marked first; then, left to right, a guess letter is ELSEWHERE only while
    the answer still holds an unmatched copy of it.
    """
    if len(guess) != len(answer):
        raise ValueError(f"guess {guess!r} and answer {answer!r} differ in length")
    marks = [ABSENT] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            marks[i] = RIGHT
        else:
            unmatched[a] = unmatched.get(a, 0) + 1
    for i, g in enumerate(guess):
        if marks[i] != RIGHT and unmatched.get(g, 0) > 0:
            marks[i] = ELSEWHERE
            unmatched[g] -= 1
    return tuple(marks)


@dataclass(frozen=True)
class HardRule:
    """What hard mode asks of the next guess after a scored one: every right-place letter kept
    in its place, every revealed letter (right or elsewhere) used at least as often as revealed.
    Grey letters may come back. The one rule of the game's hard mode (the 6502's
    board_hard_check, its Python reference wordle64.game.rules.hard_mode_violation) and of the
    solver's --hard."""

    places: tuple[tuple[int, str], ...]  # (position, letter) of each right-place mark
    counts: tuple[tuple[str, int], ...]  # (letter, copies needed), in first-revealed order

    @classmethod
    def after(cls, guess: str, marks: tuple[int, ...]) -> "HardRule":
        places = tuple((i, g) for i, (g, m) in enumerate(zip(guess, marks)) if m == RIGHT)
        counts: dict[str, int] = {}
        for g, m in zip(guess, marks):
            if m != ABSENT:
                counts[g] = counts.get(g, 0) + 1
        return cls(places, tuple(counts.items()))

    def violation(self, guess: str) -> tuple[str, int, int] | None:
        """The first broken requirement: ("place", position, 0) for a right-place letter not
        kept, ("count", letter index in `counts`, copies) for a letter used too few times;
        None when `guess` is allowed. Places are checked first, left to right."""
        for position, letter in self.places:
            if guess[position] != letter:
                return ("place", position, 0)
        for index, (letter, need) in enumerate(self.counts):
            if guess.count(letter) < need:
                return ("count", index, need)
        return None

    def merged(self, other: "HardRule") -> "HardRule":
        """Both rules at once (several clues): each place, each letter's larger count."""
        places = dict(self.places)
        places.update(other.places)
        counts = dict(self.counts)
        for letter, need in other.counts:
            counts[letter] = max(counts.get(letter, 0), need)
        return HardRule(tuple(sorted(places.items())), tuple(counts.items()))


def pattern_code(marks: tuple[int, ...]) -> int:
    """Marks as a base-3 number, first letter most significant (0..242 for five letters)."""
    code = 0
    for mark in marks:
        code = code * 3 + mark
    return code


def marks_to_string(marks: tuple[int, ...]) -> str:
    return "".join(MARK_CHARS[m] for m in marks)


def marks_from_string(text: str) -> tuple[int, ...]:
    """Parse a compact marks string: g/G/2 right, y/Y/1 elsewhere, ./-/_/x/0 absent."""
    table = {"g": RIGHT, "2": RIGHT, "y": ELSEWHERE, "1": ELSEWHERE,
             ".": ABSENT, "-": ABSENT, "_": ABSENT, "x": ABSENT, "0": ABSENT, "b": ABSENT}
    try:
        return tuple(table[c] for c in text.lower())
    except KeyError as error:
        raise ValueError(f"marks {text!r}: unknown mark {error.args[0]!r} (use g, y or .)") from None
