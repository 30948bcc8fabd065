"""Parsing the words stage's inputs: guess list, frequency list, profanity list, SCOWL lists.

Each parser takes lines (`Line`, from a streamed file or from a string) so that tests can pass
text and the stage can pass files of any size. Only ASCII a-z counts as a letter: anything else
is reported with its line, never folded to a lookalike.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.words.lines import (Line, iter_lines, looks_like_ascii, odd_character, quote,
                                  too_long_problem)

log = logging.getLogger(__name__)

WORD_RE = re.compile(r"^[a-z]{5}$")
COUNT_RE = re.compile(r"^[0-9]+$")
LETTERS_RE = re.compile(r"^[A-Za-z]+$")
MAX_COUNT = 2**63 - 1  # counts are stored as int64
MAX_JSON_BYTES = 64 * 2**20  # the profanity list is read whole: refuse anything larger
FAIL_SCAN = 100  # a failing guess list is read on until this many more bad lines
KEEP_BAD_LINES = 20  # bad lines kept for the log when they are skipped (the rest are counted)
SPACE_RE = re.compile(r"[ \t]+")


def text_lines(text: str) -> list[Line]:
    """`text` as lines, split on line breaks only (``\\n``, a trailing ``\\r`` removed)."""
    if not text:
        return []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [Line(number, part.rstrip("\r")) for number, part in enumerate(parts, start=1)]


@dataclass(frozen=True)
class BadLine:
    """A guess-list line that is not a new five-letter word."""

    path: str
    line: int  # 1-based
    text: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


def guess_line_problem(line: Line, first_seen: dict[str, int]) -> str | None:
    """Why a guess-list line is not a new word, or None."""
    if line.too_long:
        return too_long_problem(line)
    stripped = line.text.strip(" \t")
    if not stripped:
        return "blank line"
    odd = odd_character(stripped)
    if odd:
        return f"{quote(stripped)} is not five letters a-z: {odd}"
    word = stripped.lower()
    if not WORD_RE.match(word):
        return f"{quote(stripped)} is not five letters a-z"
    if word in first_seen:
        return f"duplicate {word!r} (first on line {first_seen[word]})"
    return None


@dataclass
class GuessList:
    words: list[str] = field(default_factory=list)
    bad: list[BadLine] = field(default_factory=list)  # the first KEEP_BAD_LINES bad lines
    bad_count: int = 0


def parse_guess_lines(lines: Iterable[Line], path: str, on_bad_line: str = "fail") -> GuessList:
    """Words of a guess list (one per line, lower-cased) and its bad lines.

    With ``on_bad_line="fail"`` the first bad line raises at once; with ``"skip"`` bad lines are
    counted (the first few kept to be logged). An empty list is refused.
    """
    if on_bad_line not in ("fail", "skip"):
        raise ValueError(f"on_bad_line must be 'fail' or 'skip', not {on_bad_line!r}")
    result, first_seen = GuessList(), {}
    for line in lines:
        problem = guess_line_problem(line, first_seen)
        if problem is None:
            word = line.text.strip(" \t").lower()
            first_seen[word] = line.number
            result.words.append(word)
            continue
        result.bad_count += 1
        if len(result.bad) < KEEP_BAD_LINES:
            result.bad.append(BadLine(path, line.number, line.text[:200], problem))
        if on_bad_line == "fail" and result.bad_count > FAIL_SCAN:
            break
    if result.bad_count and on_bad_line == "fail":
        more = result.bad_count - 1
        tail = ("" if not more else f" (and {more} more bad lines)" if more < FAIL_SCAN
                else f" (and at least {FAIL_SCAN} more bad lines)")
        raise Wordle64Error(f"{result.bad[0]}{tail}")
    if not result.words:
        detail = (f" ({result.bad_count:,} lines, none a five-letter word)" if result.bad_count
                  else "")
        raise Wordle64Error(f"{path}: the guess list is empty{detail}")
    return result


def parse_guess_list(text: str, path: str = "<guess list>",
                     on_bad_line: str = "fail") -> tuple[list[str], list[BadLine]]:
    """Words and bad lines of a guess list given as text (see `parse_guess_lines`)."""
    result = parse_guess_lines(text_lines(text), path, on_bad_line)
    return result.words, result.bad


def read_guess_list(path: str | Path, on_bad_line: str = "fail") -> GuessList:
    return parse_guess_lines(iter_lines(path), str(path), on_bad_line)


def frequency_entry(line: Line, path: str) -> tuple[str, int] | None:
    """(word, count) of a ``word count`` line; None for a blank line; raises for a bad one."""
    where = f"{path}:{line.number}"
    if line.too_long:
        raise Wordle64Error(f"{where}: expected 'word count', got a {too_long_problem(line)}")
    stripped = line.text.strip(" \t")
    if not stripped:
        return None
    odd = odd_character(stripped)
    fields = SPACE_RE.split(stripped)
    if odd and not (len(fields) == 2 and fields[0].isprintable() and fields[1].isascii()):
        raise Wordle64Error(f"{where}: {quote(stripped)} has {odd}")
    if len(fields) != 2 or not COUNT_RE.match(fields[1]):
        raise Wordle64Error(f"{where}: expected 'word count', got {quote(stripped)}")
    word, count = fields[0], int(fields[1])
    if count > MAX_COUNT:
        raise Wordle64Error(f"{where}: count of {word!r} is too large ({quote(fields[1])}; "
                            f"at most {MAX_COUNT:,})")
    return (word.lower() if word.isascii() else word), count


def parse_frequency_lines(lines: Iterable[Line], path: str,
                          keep: set[str] | None = None) -> dict[str, int]:
    """``word count`` lines (OpenSubtitles FrequencyWords format) as a dict, keys lower-cased.

    Only ASCII letters are lower-cased; other words are kept as written (no game word matches
    them). With `keep`, only those words are stored. A word listed twice (after lower-casing)
    keeps the larger count, with a warning naming both lines. An empty list is refused.
    """
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}
    entries = duplicates = lookalikes = 0
    for line in lines:
        entry = frequency_entry(line, path)
        if entry is None:
            continue
        entries += 1
        word, count = entry
        lookalike = looks_like_ascii(word)
        if lookalike:
            lookalikes += 1
            if lookalikes <= KEEP_BAD_LINES:
                log.warning("%s:%d: %s has %s; it looks like %r but is not ASCII, so it counts "
                            "for no word", path, line.number, quote(word), odd_character(word),
                            lookalike)
        if keep is not None and word not in keep:
            continue
        if word in counts:
            duplicates += 1
            if duplicates <= KEEP_BAD_LINES:
                log.warning("%s:%d: %r listed again (first on line %d): keeping the larger "
                            "count, %d not %d", path, line.number, word, first_line[word],
                            max(count, counts[word]), min(count, counts[word]))
            counts[word] = max(count, counts[word])
        else:
            counts[word], first_line[word] = count, line.number
    if entries == 0:
        raise Wordle64Error(f"{path}: the frequency list is empty (no 'word count' lines)")
    if lookalikes:
        log.warning("%s: %d words written with non-ASCII lookalikes of a-z, not counted for "
                    "the ASCII word", path, lookalikes)
    if duplicates:
        log.warning("%s: %d duplicated words, each kept with its larger count", path, duplicates)
    return counts


def parse_frequency(text: str, path: str = "<frequency list>") -> dict[str, int]:
    """Every entry of a frequency list given as text (see `parse_frequency_lines`)."""
    return parse_frequency_lines(text_lines(text), path)


def read_frequency(path: str | Path, keep: set[str] | None = None) -> dict[str, int]:
    return parse_frequency_lines(iter_lines(path), str(path), keep)


def parse_profanity(text: str, path: str = "<profanity list>") -> set[str]:
    """Single-word entries of a JSON array of strings, lower-cased; multi-word entries dropped."""
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as error:
        raise Wordle64Error(f"{path}:{error.lineno}: not valid JSON ({error.msg})") from None
    except RecursionError:
        raise Wordle64Error(f"{path}: JSON nested too deeply (expected a flat array of "
                            f"strings)") from None
    if not isinstance(entries, list):
        raise Wordle64Error(f"{path}:1: expected a JSON array of strings")
    words = set()
    for position, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise Wordle64Error(f"{path}: entry {position + 1} is {quote(repr(entry))}, "
                                f"not a string")
        entry = entry.strip(" \t")
        if entry and not any(ch.isspace() for ch in entry):
            words.add(entry.lower() if entry.isascii() else entry)
    return words


def read_profanity(path: str | Path) -> set[str]:
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise Wordle64Error(f"{path}: file not found") from None
    if size > MAX_JSON_BYTES:
        raise Wordle64Error(f"{path}: {size:,} bytes is too large for a profanity list "
                            f"(at most {MAX_JSON_BYTES:,})")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise Wordle64Error(f"{path}: not UTF-8 text ({error.reason} at byte "
                            f"{error.start})") from None
    return parse_profanity(text, str(path))


@dataclass(frozen=True)
class Dictionary:
    """What a SCOWL list says about some words: listed in lower case, or only capitalised."""

    lower: frozenset[str]
    capitalised: frozenset[str]  # lower-cased forms of entries written with a capital


def parse_scowl_lines(lines: Iterable[Line], keep: set[str]) -> Dictionary:
    """The entries of a SCOWL word list that are in `keep` (after lower-casing).

    Entries with other characters (possessives, accents) are dictionary content, not errors:
    they are passed over.
    """
    lower, capitalised = set(), set()
    for line in lines:
        entry = line.text
        if line.too_long or not LETTERS_RE.match(entry):
            continue
        word = entry.lower()
        if word in keep:
            (lower if entry == word else capitalised).add(word)
    return Dictionary(frozenset(lower), frozenset(capitalised))


def read_scowl(paths: Iterable[str | Path], keep: set[str]) -> Dictionary:
    """The union of several SCOWL lists (British and American of one size)."""
    lower, capitalised = set(), set()
    for path in paths:
        found = parse_scowl_lines(iter_lines(path), keep)
        lower |= found.lower
        capitalised |= found.capitalised
    return Dictionary(frozenset(lower), frozenset(capitalised))


@dataclass(frozen=True)
class HandEdit:
    word: str
    reason: str
    line: int


def parse_hand_edits(lines: Iterable[Line], path: str, guessable: set[str]) -> list[HandEdit]:
    """``word reason`` lines (``#`` comments and blank lines allowed) of a hand-edit file.

    A word the guess list lacks is passed over with one warning for the file: the edits are
    written for one guess list and stay valid when another list is configured."""
    edits: list[HandEdit] = []
    seen: dict[str, int] = {}
    unknown: list[str] = []
    for line in lines:
        where = f"{path}:{line.number}"
        stripped = line.text.strip(" \t")
        if line.too_long:
            raise Wordle64Error(f"{where}: {too_long_problem(line)}")
        if not stripped or stripped.startswith("#"):
            continue
        odd = odd_character(stripped)
        if odd:
            raise Wordle64Error(f"{where}: {quote(stripped)} has {odd}")
        word, _, reason = stripped.partition(" ")
        word, reason = word.lower(), reason.strip(" \t")
        if not WORD_RE.match(word):
            raise Wordle64Error(f"{where}: {quote(word)} is not five letters a-z")
        if not reason:
            raise Wordle64Error(f"{where}: {word!r} needs a reason after the word")
        if word in seen:
            raise Wordle64Error(f"{where}: duplicate {word!r} (first on line {seen[word]})")
        seen[word] = line.number
        if word not in guessable:
            unknown.append(f"{word!r} (line {line.number})")
            continue
        edits.append(HandEdit(word, reason, line.number))
    if unknown:
        log.warning("%s: %d %s not in the guess list, ignored: %s", path, len(unknown),
                    "word" if len(unknown) == 1 else "words", ", ".join(unknown))
    return edits
