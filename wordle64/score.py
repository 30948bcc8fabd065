"""Wordle feedback: the official rule for repeated letters.

This is the reference the 6502 `score` routine must match and the function every solver uses.
Marks per letter: ABSENT (0), ELSEWHERE (1), RIGHT (2).
"""

from __future__ import annotations

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
