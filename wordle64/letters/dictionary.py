"""The Countdown dictionary: parsing SCOWL's one-word-per-line list and its front coding.

- ``parse_dictionary`` keeps lower-case a-z words of 1-9 letters, drops proper nouns,
  possessives, accented and longer words (counted by reason) and reports malformed lines
  (blank, spaces, digits, control characters, duplicates) with their line numbers.
- Front coding: a line per word, one digit for the length of the prefix shared with the previous
  word, then the rest (``abbey``, ``abbot`` -> ``3ey``, ``3ot``); ``results/letters/words.fc`` is
  the shipped form of the dictionary.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import brotli

from wordle64.errors import Wordle64Error
from wordle64.textlines import (QUOTE_CHARS, RawLine, iter_lines, not_utf8_problem, opened,
                                quote, raw_lines, too_long_problem)

MAX_LENGTH = 9  # Countdown draws nine letters
KEPT_RE = re.compile(r"[a-z]{1,%d}" % MAX_LENGTH)
# What a dictionary entry may contain at all: letters (any script), apostrophes, hyphens, dots.
# Anything else (blank, spaces, digits, control characters, other punctuation) is malformed.
ENTRY_RE = re.compile(r"(?:[^\W\d_]|['.\-])+")

DEFAULT_WORDS = Path("results/letters/words.fc")


# ---- dictionary parsing -----------------------------------------------------------------------
@dataclass(frozen=True)
class BadLine:
    """A dictionary line that is not a word entry at all."""

    path: str
    line: int  # 1-based
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


@dataclass
class Dictionary:
    """The kept words (sorted, unique) and what happened to every other line."""

    words: list[str]
    lines: int
    dropped: dict[str, int] = field(default_factory=dict)  # reason -> count
    bad: list[BadLine] = field(default_factory=list)

    def stats(self) -> dict:
        lengths = Counter(len(w) for w in self.words)
        return {
            "lines": self.lines,
            "words": len(self.words),
            "dropped": dict(sorted(self.dropped.items())),
            "malformed_lines_skipped": len(self.bad),
            "by_length": {str(n): lengths.get(n, 0) for n in range(1, MAX_LENGTH + 1)},
        }


def drop_reason(entry: str) -> str | None:
    """Why a well-formed entry is not a Countdown word, or None when it is kept."""
    if KEPT_RE.fullmatch(entry):
        return None
    if "'" in entry:
        return "possessive or contraction"
    if any(ch.isupper() for ch in entry):
        return "proper noun or abbreviation (capital letter)"
    if "-" in entry or "." in entry:
        return "hyphen or full stop"
    if not entry.isascii():
        return "letters outside a-z (accents)"
    return f"longer than {MAX_LENGTH} letters"


def malformed_problem(entry: str) -> str | None:
    """What is wrong with a line that cannot be a dictionary entry, or None."""
    if entry == "":
        return "blank line"
    if entry != entry.strip():
        return f"{quote(entry)} has leading or trailing white space"
    if not ENTRY_RE.fullmatch(entry):
        odd = next(ch for ch in entry if not ENTRY_RE.fullmatch(ch))
        return f"{quote(entry)} contains {odd!r}, which no word has"
    return None


def parse_dictionary(data: bytes, path: str = "<dictionary>",
                     on_bad_line: str = "fail") -> Dictionary:
    """Countdown words of a one-word-per-line dictionary given as UTF-8 bytes."""
    return dictionary_from_lines(raw_lines(io.BytesIO(data)), path, on_bad_line)


def dictionary_from_lines(lines: Iterable[RawLine], path: str,
                          on_bad_line: str = "fail") -> Dictionary:
    """Countdown words of a one-word-per-line dictionary, from the shared line reader.

    With ``on_bad_line="fail"`` a malformed line raises a Wordle64Error naming the first one and
    the line numbers of a few more; with ``"skip"`` they are listed in ``Dictionary.bad``.
    """
    if on_bad_line not in ("fail", "skip"):
        raise ValueError(f"on_bad_line must be 'fail' or 'skip', not {on_bad_line!r}")
    bad: list[BadLine] = []
    dropped: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    count = 0
    for raw in lines:
        count = raw.number
        entry, problem = decoded_entry(raw)
        if problem is None:
            problem = malformed_problem(entry)
        if problem is None and entry in first_seen:
            problem = f"duplicate {quote(entry)} (first on line {first_seen[entry]})"
        if problem is not None:
            bad.append(BadLine(path, raw.number, problem))
            continue
        first_seen[entry] = raw.number
        reason = drop_reason(entry)
        if reason is not None:
            dropped[reason] += 1
    if bad and on_bad_line == "fail":
        raise Wordle64Error(describe_bad_lines(bad))
    words = sorted(entry for entry in first_seen if drop_reason(entry) is None)
    return Dictionary(words=words, lines=count, dropped=dict(dropped), bad=bad)


def decoded_entry(raw: RawLine) -> tuple[str, str | None]:
    """(the line's text, None), or ("", why its bytes cannot be an entry at all: too long, not
    UTF-8)."""
    if raw.too_long:
        return "", f"line of {raw.length:,} bytes, starting {raw.body[:QUOTE_CHARS]!r}…"
    try:
        return raw.body.decode("utf-8"), None
    except UnicodeDecodeError as error:
        return "", not_utf8_problem(raw.body, error)


def describe_bad_lines(bad: Sequence[BadLine], shown: int = 5) -> str:
    """One sentence: the first bad line in full, then the line numbers of the next few."""
    text = str(bad[0])
    if len(bad) > 1:
        others = ", ".join(str(b.line) for b in bad[1:shown])
        more = f" and {len(bad) - shown} more" if len(bad) > shown else ""
        text += f" (also malformed: lines {others}{more})"
    return text


def read_dictionary(path: Path, on_bad_line: str = "fail") -> Dictionary:
    """The dictionary file at `path`, streamed through the shared line reader."""
    with opened(path) as handle:
        return dictionary_from_lines(raw_lines(handle), str(path), on_bad_line)


# ---- front coding -----------------------------------------------------------------------------
def shared_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def front_encode(words: Iterable[str]) -> str:
    """Front-coded text of sorted, unique a-z words: per word, a line ``<digit><rest>``.

    The digit is the length of the prefix shared with the previous word (capped at 9).
    """
    lines = []
    previous = ""
    for word in words:
        if not word or not word.isascii() or not word.isalpha() or not word.islower():
            raise ValueError(f"front coding takes lower-case a-z words, not {word!r}")
        if word <= previous:
            raise ValueError(f"words must be sorted and unique: {word!r} after {previous!r}")
        keep = min(shared_prefix(previous, word), 9)
        lines.append(f"{keep}{word[keep:]}\n")
        previous = word
    return "".join(lines)


def front_decode(text: str, path: str = "<front-coded list>") -> list[str]:
    """Words of a front-coded text; a malformed line raises with its line number."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return front_decode_lines(enumerate(lines, start=1), path)


def front_decode_lines(lines: Iterable[tuple[int, str]], path: str) -> list[str]:
    """Words of front-coded (line number, text) lines; a malformed line raises with its number."""
    words: list[str] = []
    previous = ""
    for number, line in lines:
        if len(line) < 2 or not line[0].isdigit() or not line[0].isascii():
            raise Wordle64Error(f"{path}:{number}: expected a digit and letters, got "
                                f"{quote(line)}")
        keep, rest = int(line[0]), line[1:]
        if not (rest.isascii() and rest.isalpha() and rest.islower()):
            raise Wordle64Error(f"{path}:{number}: {quote(rest)} is not lower-case letters a-z")
        if keep > len(previous):
            raise Wordle64Error(f"{path}:{number}: shares {keep} letters with the previous word "
                                f"{previous!r}, which has only {len(previous)}")
        word = previous[:keep] + rest
        if word <= previous:
            raise Wordle64Error(f"{path}:{number}: {word!r} is not after {previous!r} "
                                f"(the list must be sorted and unique)")
        words.append(word)
        previous = word
    return words


def read_front_coded(path: Path) -> list[str]:
    """The front-coded list at `path`, streamed through the shared line reader."""
    if not Path(path).exists():
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all {DEFAULT_WORDS}`")
    return front_decode_lines(_checked_lines(path), str(path))


def _checked_lines(path: Path) -> Iterator[tuple[int, str]]:
    for line in iter_lines(path):
        if line.too_long:
            raise Wordle64Error(f"{path}:{line.number}: {too_long_problem(line)}")
        yield line.number, line.text


# ---- compression report -----------------------------------------------------------------------
COMPRESSORS = {
    "none": lambda data: data,
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
    "bzip2": lambda data: bz2.compress(data, 9),
    "xz": lambda data: lzma.compress(data, preset=9 | lzma.PRESET_EXTREME),
    "brotli": lambda data: brotli.compress(data, quality=11),
}


def compression_rows(dataset: str, words: Sequence[str]) -> list[dict]:
    """Sizes of the plain list (a word per line) and of its front coding, raw and compressed."""
    representations = {
        "plain": "".join(f"{w}\n" for w in words).encode("ascii"),
        "front-coded": front_encode(words).encode("ascii"),
    }
    rows = []
    for representation, data in representations.items():
        for compressor, compress in COMPRESSORS.items():
            size = len(compress(data))
            rows.append({"dataset": dataset, "representation": representation,
                         "compressor": compressor, "bytes": size,
                         "bits_per_word": round(8 * size / len(words), 3)})
    return rows


def write_tsv(rows: Sequence[dict], path: Path) -> None:
    columns = list(rows[0])
    lines = ["\t".join(columns)] + ["\t".join(str(row[c]) for c in columns) for row in rows]
    Path(path).write_text("\n".join(lines) + "\n")
