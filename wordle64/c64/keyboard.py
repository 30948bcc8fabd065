"""The C64 keyboard matrix: keys as (column, row) cells read through CIA1 ports A and B.

The KERNAL writes a column mask to $DC00 (port A, 0 = selected) and reads the rows at $DC01
(port B, 0 = a key down in a selected column). Keys are given as characters (letters, digits,
space, punctuation, ``\\n`` for RETURN) or ``{tokens}``: {del} {return} {runstop} {home} {clr}
{f1} {f3} {f5} {f7} {down} {up} {right} {left} {shift} {space}.
"""

from __future__ import annotations

import re

from wordle64.errors import Wordle64Error

# MATRIX[column][row]: column = port A bit, row = port B bit.
MATRIX = (
    ("{del}", "\n", "{right}", "{f7}", "{f1}", "{f3}", "{f5}", "{down}"),
    ("3", "w", "a", "4", "z", "s", "e", "{shift}"),
    ("5", "r", "d", "6", "c", "f", "t", "x"),
    ("7", "y", "g", "8", "b", "h", "u", "v"),
    ("9", "i", "j", "0", "m", "k", "o", "n"),
    ("+", "p", "l", "-", ".", ":", "@", ","),
    ("\u00a3", "*", ";", "{home}", "{rshift}", "=", "^", "/"),
    ("1", "{arrow}", "{ctrl}", "2", " ", "{cbm}", "q", "{runstop}"),
)
CELLS: dict[str, tuple[int, int]] = {
    key: (column, row) for column, keys in enumerate(MATRIX) for row, key in enumerate(keys)}
CELLS["{return}"] = CELLS["\n"]
CELLS["{space}"] = CELLS[" "]
SHIFT = CELLS["{shift}"]
SHIFTED = {'"': "2", "!": "1", "#": "3", "$": "4", "%": "5", "&": "6", "'": "7", "(": "8",
           ")": "9", "<": ",", ">": ".", "?": "/", "[": ":", "]": ";", "{clr}": "{home}",
           "{up}": "{down}", "{left}": "{right}", "{f2}": "{f1}", "{f4}": "{f3}",
           "{f6}": "{f5}", "{f8}": "{f7}", "{inst}": "{del}"}
_TOKEN = re.compile(r"\{[a-z0-9]+\}|.", re.DOTALL)


def key_cells(key: str) -> tuple[tuple[int, int], ...]:
    """The matrix cells one key holds down (two with SHIFT)."""
    lower = key.lower()
    if lower in CELLS:
        return (CELLS[lower],)
    if key in SHIFTED:
        return (SHIFT, CELLS[SHIFTED[key]])
    raise Wordle64Error(f"key {key!r}: no C64 key for it")


def strokes(keys: str) -> list[tuple[tuple[int, int], ...]]:
    """Each key of ``keys`` (characters and {tokens}) as the cells it holds."""
    return [key_cells(token) for token in _TOKEN.findall(keys)]


class Keyboard:
    """Keys held down; ``rows(port_a)``/``columns(port_b)`` as CIA1's pins read them."""

    def __init__(self) -> None:
        self.down: set[tuple[int, int]] = set()

    def rows(self, port_a: int) -> int:
        value = 0xFF
        for column, row in self.down:
            if not port_a >> column & 1:
                value &= ~(1 << row)
        return value & 0xFF

    def columns(self, port_b: int) -> int:
        value = 0xFF
        for column, row in self.down:
            if not port_b >> row & 1:
                value &= ~(1 << column)
        return value & 0xFF
