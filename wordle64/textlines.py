"""The one reader of word files, for the pipeline and the command line alike.

Lines are split on line breaks only (a form feed stays inside its line), read in bounded pieces
(a line longer than `max_chars` is reported, never held whole), and anything that is not plain
ASCII is reported with its line and column instead of being folded, stripped or split away.
Lines are read as bytes and decoded one by one, so a byte that is not UTF-8 is reported on its
own line (a decoder reading ahead in blocks would blame the line where its block began).
Offending text is quoted short (:func:`quote`) everywhere.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

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
    """Read the rest of an over-long line; returns how many bytes it had."""
    count = 0
    while True:
        piece = handle.readline(chunk)
        count += len(piece.rstrip(b"\r\n"))
        if not piece or piece.endswith(b"\n"):
            return count


@dataclass(frozen=True)
class RawLine:
    """One line as bytes, without its line break: for readers that decide per line what a byte
    that is not UTF-8 means (a skipped entry rather than a failed file)."""

    number: int  # 1-based
    body: bytes  # at most max_chars bytes (the start of a longer line)
    too_long: bool = False
    length: int = 0  # bytes in the whole line when too_long


def raw_lines(handle: BinaryIO, max_chars: int = MAX_LINE_CHARS) -> Iterator[RawLine]:
    """Lines of an open binary file, read in bounded pieces and split on line feeds only."""
    number = 0
    while True:
        raw = handle.readline(max_chars + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_chars and not raw.endswith(b"\n"):
            length = len(raw) + _skip_rest(handle)
            yield RawLine(number, raw[:max_chars], too_long=True, length=length)
            continue
        yield RawLine(number, raw.rstrip(b"\r\n"))


@contextmanager
def opened(path: str | Path) -> Iterator[BinaryIO]:
    """`path` open for reading bytes; a missing file or a folder is a one-line error."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise Wordle64Error(f"{path}: file not found{build_hint(path)}") from None
    except IsADirectoryError:
        raise Wordle64Error(f"{path}: is a folder, not a file") from None
    except OSError as error:
        raise Wordle64Error(f"{path}: cannot read ({error.strerror})") from None
    with handle:
        yield handle


def not_utf8(path: str | Path, number: int, raw: bytes,
             error: UnicodeDecodeError) -> Wordle64Error:
    """The one-line error of line `number` whose bytes `raw` are not UTF-8."""
    return Wordle64Error(f"{path}:{number}: {not_utf8_problem(raw, error)}")


def not_utf8_problem(raw: bytes, error: UnicodeDecodeError) -> str:
    """What is wrong with the bytes `raw` of a line that are not UTF-8, with the column."""
    column = len(raw[:error.start].decode("utf-8", errors="replace")) + 1
    return f"not UTF-8 text (byte 0x{raw[error.start]:02X} at column {column}: {error.reason})"


def iter_lines(path: str | Path, max_chars: int = MAX_LINE_CHARS) -> Iterator[Line]:
    """Lines of a UTF-8 text file, streamed: memory stays bounded whatever the file's size."""
    with opened(path) as handle:
        for raw in raw_lines(handle, max_chars):
            if raw.too_long:
                text = raw.body.decode("utf-8", errors="replace")
                yield Line(raw.number, text, too_long=True, length=raw.length)
                continue
            try:
                text = raw.body.decode("utf-8")
            except UnicodeDecodeError as error:
                raise not_utf8(path, raw.number, raw.body, error) from None
            yield Line(raw.number, text)


def build_hint(path: str | Path) -> str:
    """`; build it first with make` for a missing pipeline output (a path under results/)."""
    parts = Path(path).parts
    return "; build it first with `make`" if "results" in parts[:2] else ""


def read_words(path: str | Path, length: int | None = 5) -> Iterator[tuple[int, str]]:
    """(line number, word) of a one-word-a-line file, blank lines skipped. A line with white
    space around its word, a character other than printable ASCII, or (with `length`) other
    than `length` letters is a one-line error naming the file and line, the text quoted short."""
    for line in iter_lines(path):
        where = f"{path}:{line.number}"
        if line.too_long:
            raise Wordle64Error(f"{where}: {too_long_problem(line)}")
        text = line.text
        if not text.strip():
            continue
        odd = odd_character(text)
        if odd is not None:
            raise Wordle64Error(f"{where}: {quote(text)} has {odd}")
        if text != text.strip():
            raise Wordle64Error(f"{where}: {quote(text)} has white space around the word")
        if length is not None and (len(text) != length or not text.isalpha()):
            count = {5: "five"}.get(length, str(length))
            raise Wordle64Error(f"{where}: {quote(text)} is not {count} letters a-z")
        yield line.number, text


def read_table(path: str | Path) -> list[tuple[int, str]]:
    """(line number, text) of every line of a small tab-separated table, through
    :func:`iter_lines` (bad bytes and over-long lines are one-line errors with their line)."""
    rows = []
    for line in iter_lines(path):
        if line.too_long:
            raise Wordle64Error(f"{path}:{line.number}: {too_long_problem(line)}")
        rows.append((line.number, line.text))
    return rows


def odd_character(text: str) -> str | None:
    """Why `text` is not plain printable ASCII (tabs allowed), or None when it is."""
    if text.isascii() and text.isprintable():  # the common case, without a loop in Python
        return None
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
    return f"line of {line.length:,} characters, starting {line.text[:QUOTE_CHARS]!r}…"
