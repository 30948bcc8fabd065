"""Streaming line reader and the character checks every words-stage input goes through.

Lines are split on line breaks only (a form feed stays inside its line), read in bounded pieces
(a line longer than `max_chars` is reported, never held whole), and anything that is not plain
ASCII is reported with its line and column instead of being folded, stripped or split away.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error

MAX_LINE_CHARS = 4096  # longest line read; longer ones are reported as too long
QUOTE_CHARS = 60  # offending text is quoted up to this many characters


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` as a Python literal, cut to `limit` characters with the full length said."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


@dataclass(frozen=True)
class Line:
    """One line of an input file, without its line break."""

    number: int  # 1-based
    text: str  # at most MAX_LINE_CHARS characters (the start of a longer line)
    too_long: bool = False
    length: int = 0  # characters in the whole line when too_long


def _skip_rest(handle, chunk: int = 65536) -> int:
    """Read the rest of an over-long line; returns how many characters it had."""
    count = 0
    while True:
        piece = handle.readline(chunk)
        count += len(piece.rstrip("\r\n"))
        if not piece or piece.endswith(("\n", "\r")):
            return count


def iter_lines(path: str | Path, max_chars: int = MAX_LINE_CHARS) -> Iterator[Line]:
    """Lines of a UTF-8 text file, streamed: memory stays bounded whatever the file's size."""
    number = 0
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            while True:
                raw = handle.readline(max_chars + 1)
                if not raw:
                    return
                number += 1
                text = raw.rstrip("\r\n")
                if len(raw) > max_chars and text == raw:
                    length = len(raw) + _skip_rest(handle)
                    yield Line(number, text[:max_chars], too_long=True, length=length)
                else:
                    yield Line(number, text)
    except UnicodeDecodeError as error:
        raise Wordle64Error(f"{path}:{number + 1}: not UTF-8 text "
                            f"({error.reason} at byte {error.start} of the piece read)") from None
    except FileNotFoundError:
        raise Wordle64Error(f"{path}: file not found") from None


def odd_character(text: str) -> str | None:
    """Why `text` is not plain printable ASCII (tabs allowed), or None when it is."""
    for column, char in enumerate(text, start=1):
        if char == "\t" or " " <= char <= "~":
            continue
        name = unicodedata.name(char, "a control character")
        if char == "\ufeff":
            name = "BYTE ORDER MARK"
        return f"character U+{ord(char):04X} ({name}) at column {column}"
    return None


def looks_like_ascii(word: str) -> str | None:
    """The ASCII word a non-ASCII `word` imitates (a Kelvin sign for k, a full-width letter...)."""
    folded = unicodedata.normalize("NFKC", word).lower()
    if folded != word and folded.isascii() and folded.isalpha():
        return folded
    return None


def too_long_problem(line: Line) -> str:
    return f"line of {line.length:,} characters, starting {quote(line.text)}"
