"""Letters stage: Countdown's letters round and conundrum on SCOWL's British English list.

- ``parse_dictionary``: one word per line (Debian ``wbritish``); keeps lower-case a-z words of
  1-9 letters, drops proper nouns, possessives, accented and longer words (counted by reason),
  and reports malformed lines (blank, spaces, digits, control characters, duplicates) with
  their line numbers.
- Front coding: a line per word, one digit for the length of the prefix shared with the previous
  word, then the rest (``abbey``, ``abbot`` -> ``3ey``, ``3ot``); ``results/letters/words.fc`` is
  the shipped form of the dictionary.
- ``TernaryTree``: a ternary search tree in flat integer lists (no node objects), built by
  median-first insertion; ``has``, ordered iteration, ``arrangements``. Building, iteration
  and measuring use loops and explicit stacks; only ``arrangements`` recurses, one level per
  ``eq`` or ``lo`` step, so never deeper than the tree's height (24 for the 44,680 words).
- Conundrums: nine-letter words that are the only nine-letter anagram of their letters,
  presented as two or three dictionary words whose letters together make the answer.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import json
import logging
import lzma
import math
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

import brotli

from wordle64.argtypes import positive_int
from wordle64.errors import Wordle64Error
from wordle64.io import write_json

log = logging.getLogger(__name__)

MAX_LENGTH = 9  # Countdown draws nine letters
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
KEPT_RE = re.compile(r"[a-z]{1,%d}" % MAX_LENGTH)
# What a dictionary entry may contain at all: letters (any script), apostrophes, hyphens, dots.
# Anything else (blank, spaces, digits, control characters, other punctuation) is malformed.
ENTRY_RE = re.compile(r"(?:[^\W\d_]|['.\-])+")

DEFAULT_WORDS = Path("results/letters/words.fc")
DEFAULT_CONUNDRUMS = Path("results/letters/conundrums.tsv")

# Tile counts of Countdown's vowel and consonant stacks (as listed by Wikipedia's "Countdown
# (game show)" article); they only shape the random draws of the benchmark and the checks.
VOWEL_TILES = {"a": 15, "e": 21, "i": 13, "o": 13, "u": 5}
CONSONANT_TILES = {
    "b": 2, "c": 3, "d": 6, "f": 2, "g": 3, "h": 2, "j": 1, "k": 1, "l": 5, "m": 4, "n": 8,
    "p": 4, "q": 1, "r": 9, "s": 9, "t": 9, "v": 1, "w": 1, "x": 1, "y": 1, "z": 1,
}
MIN_VOWELS, MIN_CONSONANTS = 3, 4


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
        return f"{entry!r} has leading or trailing white space"
    if not ENTRY_RE.fullmatch(entry):
        odd = next(ch for ch in entry if not ENTRY_RE.fullmatch(ch))
        return f"{entry!r} contains {odd!r}, which no word has"
    return None


def parse_dictionary(data: bytes, path: str = "<dictionary>",
                     on_bad_line: str = "fail") -> Dictionary:
    """Countdown words of a one-word-per-line dictionary (UTF-8 bytes).

    With ``on_bad_line="fail"`` a malformed line raises a Wordle64Error naming the first one and
    the line numbers of a few more; with ``"skip"`` they are listed in ``Dictionary.bad``.
    """
    if on_bad_line not in ("fail", "skip"):
        raise ValueError(f"on_bad_line must be 'fail' or 'skip', not {on_bad_line!r}")
    bad: list[BadLine] = []
    dropped: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    raw_lines = data.split(b"\n")
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()  # the final newline ends the last line; it does not start a new one
    for number, raw in enumerate(raw_lines, start=1):
        try:
            entry = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            problem = f"not UTF-8 ({error.reason} at column {error.start + 1})"
            bad.append(BadLine(path, number, problem))
            continue
        problem = malformed_problem(entry)
        if problem is None and entry in first_seen:
            problem = f"duplicate {entry!r} (first on line {first_seen[entry]})"
        if problem is not None:
            bad.append(BadLine(path, number, problem))
            continue
        first_seen[entry] = number
        reason = drop_reason(entry)
        if reason is not None:
            dropped[reason] += 1
    if bad and on_bad_line == "fail":
        raise Wordle64Error(describe_bad_lines(bad))
    words = sorted(entry for entry in first_seen if drop_reason(entry) is None)
    return Dictionary(words=words, lines=len(raw_lines), dropped=dict(dropped), bad=bad)


def describe_bad_lines(bad: Sequence[BadLine], shown: int = 5) -> str:
    """One sentence: the first bad line in full, then the line numbers of the next few."""
    text = str(bad[0])
    if len(bad) > 1:
        others = ", ".join(str(b.line) for b in bad[1:shown])
        more = f" and {len(bad) - shown} more" if len(bad) > shown else ""
        text += f" (also malformed: lines {others}{more})"
    return text


def read_dictionary(path: Path, on_bad_line: str = "fail") -> Dictionary:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise Wordle64Error(f"{path}: cannot read ({error.strerror})") from None
    return parse_dictionary(data, str(path), on_bad_line)


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
    words: list[str] = []
    previous = ""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if len(line) < 2 or not line[0].isdigit() or not line[0].isascii():
            raise Wordle64Error(f"{path}:{number}: expected a digit and letters, got {line!r}")
        keep, rest = int(line[0]), line[1:]
        if not (rest.isascii() and rest.isalpha() and rest.islower()):
            raise Wordle64Error(f"{path}:{number}: {rest!r} is not lower-case letters a-z")
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
    try:
        text = Path(path).read_text(encoding="ascii")
    except FileNotFoundError:
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all {DEFAULT_WORDS}`") from None
    except (OSError, UnicodeDecodeError) as error:
        raise Wordle64Error(f"{path}: cannot read as ASCII text ({error})") from None
    return front_decode(text, str(path))


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


# ---- ternary search tree ----------------------------------------------------------------------
class TernaryTree:
    """A ternary search tree over a-z words, stored as parallel integer lists.

    Node 0 is a null sentinel; ``split[n]`` is the letter (0-25) of node n, ``lo``/``hi`` lead to
    smaller/larger letters at the same position, ``eq`` to the next position; ``end[n]`` is 1
    when the path to n (taking n's letter) spells a word.
    """

    def __init__(self) -> None:
        self.split: list[int] = [0]
        self.lo: list[int] = [0]
        self.eq: list[int] = [0]
        self.hi: list[int] = [0]
        self.end = bytearray(1)
        self.root = 0
        self.words = 0

    # -- building
    @classmethod
    def from_sorted(cls, words: Sequence[str], balanced: bool = True) -> "TernaryTree":
        """Tree of sorted unique words, inserted median first (or in order when not balanced)."""
        tree = cls()
        order = median_first(len(words)) if balanced else range(len(words))
        for index in order:
            tree.insert(words[index])
        return tree

    def _new(self, letter: int) -> int:
        self.split.append(letter)
        self.lo.append(0)
        self.eq.append(0)
        self.hi.append(0)
        self.end.append(0)
        return len(self.split) - 1

    def insert(self, word: str) -> None:
        codes = letter_codes(word)
        split, lo, eq, hi = self.split, self.lo, self.eq, self.hi
        if not self.root:
            self.root = self._new(codes[0])
        node, i = self.root, 0
        while True:
            c = codes[i]
            if c < split[node]:
                if not lo[node]:
                    lo[node] = self._new(c)
                node = lo[node]
            elif c > split[node]:
                if not hi[node]:
                    hi[node] = self._new(c)
                node = hi[node]
            else:
                i += 1
                if i == len(codes):
                    if not self.end[node]:
                        self.end[node] = 1
                        self.words += 1
                    return
                if not eq[node]:
                    eq[node] = self._new(codes[i])
                node = eq[node]

    # -- queries
    def __len__(self) -> int:
        return self.words

    @property
    def nodes(self) -> int:
        return len(self.split) - 1

    def has(self, word: str) -> bool:
        if not word or not self.root:
            return False
        try:
            codes = letter_codes(word)
        except ValueError:
            return False
        split, lo, eq, hi = self.split, self.lo, self.eq, self.hi
        node, i = self.root, 0
        while node:
            c = codes[i]
            if c < split[node]:
                node = lo[node]
            elif c > split[node]:
                node = hi[node]
            else:
                i += 1
                if i == len(codes):
                    return bool(self.end[node])
                node = eq[node]
        return False

    __contains__ = has

    def __iter__(self) -> Iterator[str]:
        """The words in alphabetical order (in-order walk with an explicit stack)."""
        split, lo, eq, hi, end = self.split, self.lo, self.eq, self.hi, self.end
        stack: list[tuple[int, str, bool]] = [(self.root, "", False)]
        while stack:
            node, prefix, visited_lo = stack.pop()
            if not node:
                continue
            if not visited_lo:
                stack.append((node, prefix, True))
                stack.append((lo[node], prefix, False))
                continue
            word = prefix + ALPHABET[split[node]]
            stack.append((hi[node], prefix, False))
            stack.append((eq[node], word, False))
            if end[node]:
                yield word

    def depths(self) -> tuple[int, float]:
        """Height (nodes on the longest root path) and mean nodes visited to find a word."""
        height, total = 0, 0
        stack = [(self.root, 1)] if self.root else []
        while stack:
            node, depth = stack.pop()
            height = max(height, depth)
            if self.end[node]:
                total += depth
            for child in (self.lo[node], self.eq[node], self.hi[node]):
                if child:
                    stack.append((child, depth + 1))
        return height, (total / self.words if self.words else 0.0)

    def arrangements(self, letters: str) -> list[str]:
        """Every word using each given letter at most as often as given, alphabetically.

        A depth-first walk that follows ``eq`` only through letters still in hand and skips a
        ``lo``/``hi`` subtree when no letter in hand is smaller/larger than the node's.
        Recursion goes one level per letter of the word (``eq``) or ``lo`` step; ``hi`` steps
        loop, so the depth stays far below Python's limit.
        """
        counts = [0] * 26
        for c in letter_codes(letters.lower()) if letters else ():
            counts[c] += 1
        found: list[str] = []
        split, lo, eq, hi, end = self.split, self.lo, self.eq, self.hi, self.end
        letter = ALPHABET

        def walk(node: int, prefix: str, hand: int) -> None:
            # `hand` is the bit set of letters with a non-zero count
            while node:
                c = split[node]
                if lo[node] and hand & ((1 << c) - 1):
                    walk(lo[node], prefix, hand)
                left = counts[c]
                if left:
                    word = prefix + letter[c]
                    if end[node]:
                        found.append(word)
                    if eq[node]:
                        counts[c] = left - 1
                        walk(eq[node], word, hand if left > 1 else hand & ~(1 << c))
                        counts[c] = left
                if not hand >> (c + 1):
                    return
                node = hi[node]

        hand = sum(1 << c for c in range(26) if counts[c])
        if self.root and hand:
            walk(self.root, "", hand)
        return found


def letter_codes(word: str) -> list[int]:
    codes = [ord(ch) - 97 for ch in word]
    if not codes or min(codes) < 0 or max(codes) > 25:
        raise ValueError(f"{word!r} is not lower-case letters a-z")
    return codes


def median_first(n: int) -> list[int]:
    """Indexes 0..n-1 in median-first order: the middle, then the middles of each half, ..."""
    order: list[int] = []
    stack = [(0, n)]
    while stack:
        start, stop = stack.pop()
        if start >= stop:
            continue
        middle = (start + stop) // 2
        order.append(middle)
        stack.append((middle + 1, stop))
        stack.append((start, middle))
    return order


def tree_rows(words: Sequence[str]) -> list[dict]:
    """Node count, height, mean search depth and build time, balanced against sorted insertion."""
    rows = []
    for insertion, balanced in (("median-first", True), ("sorted", False)):
        started = time.perf_counter()
        tree = TernaryTree.from_sorted(words, balanced=balanced)
        seconds = time.perf_counter() - started
        height, mean_depth = tree.depths()
        rows.append({"insertion": insertion, "words": len(tree), "nodes": tree.nodes,
                     "height": height, "mean_search_depth": round(mean_depth, 2),
                     "log2_words": round(math.log2(len(words)), 2),
                     "build_seconds": round(seconds, 3)})
    return rows


def by_length(words: Iterable[str]) -> list[tuple[int, list[str]]]:
    """Words grouped by length, longest first, each group alphabetical."""
    groups: dict[int, list[str]] = {}
    for word in sorted(words):
        groups.setdefault(len(word), []).append(word)
    return sorted(groups.items(), reverse=True)


# ---- Countdown draws --------------------------------------------------------------------------
def countdown_draw(rng: random.Random) -> str:
    """Nine letters as on the show: 3-5 vowels, the rest consonants, each from its own stack."""
    vowels = rng.randint(MIN_VOWELS, MAX_LENGTH - MIN_CONSONANTS)
    vowel_stack = [ch for ch, n in VOWEL_TILES.items() for _ in range(n)]
    consonant_stack = [ch for ch, n in CONSONANT_TILES.items() for _ in range(n)]
    picked = rng.sample(vowel_stack, vowels) + rng.sample(consonant_stack, MAX_LENGTH - vowels)
    rng.shuffle(picked)
    return "".join(picked)


def countdown_draws(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [countdown_draw(rng) for _ in range(count)]


def check_chunk(words: Sequence[str], draws: Sequence[str]) -> dict:
    """Tree arrangements against the brute-force check for each draw; lists the disagreements."""
    tree = TernaryTree.from_sorted(words)
    indexed = [(w, frozenset(w), Counter(w)) for w in words]
    mismatches = []
    for draw in draws:
        hand, in_hand = Counter(draw), frozenset(draw)
        expected = [w for w, used, counts in indexed if used <= in_hand and not counts - hand]
        got = tree.arrangements(draw)
        if got != expected:
            mismatches.append({"draw": draw, "missing": sorted(set(expected) - set(got)),
                               "extra": sorted(set(got) - set(expected))})
    return {"draws": len(draws), "mismatches": mismatches}


def gather_checks(chunks: Sequence[dict]) -> dict:
    mismatches = [m for chunk in chunks for m in chunk["mismatches"]]
    return {"chunks": len(chunks), "draws": sum(c["draws"] for c in chunks),
            "mismatches": len(mismatches), "examples": mismatches[:10], "ok": not mismatches}


def chunk_draws(count: int, seed: int, chunks: int, chunk: int) -> list[str]:
    """Chunk `chunk` (0-based) of `count` seeded draws split into `chunks` near-equal parts."""
    draws = countdown_draws(count, seed)
    return draws[chunk * count // chunks:(chunk + 1) * count // chunks]


# The slowest draws a hill-climb over nine common letters found (each about 1 ms, 470+ words).
HEAVY_DRAWS = ("aceinorst", "adeinorst", "aeilnorst", "aeinprsst")


def benchmark(words: Sequence[str], draws: int, seed: int) -> dict:
    """Per-draw time of ``arrangements`` over seeded Countdown draws, after loading the tree."""
    started = time.perf_counter()
    tree = TernaryTree.from_sorted(words)
    build = time.perf_counter() - started
    times, longest, found = [], [], []
    for draw in countdown_draws(draws, seed):
        started = time.perf_counter()
        result = tree.arrangements(draw)
        times.append(time.perf_counter() - started)
        found.append(len(result))
        longest.append(max((len(w) for w in result), default=0))
    times.sort()
    milliseconds = [t * 1000 for t in times]

    def quantile(q: float) -> float:
        return round(milliseconds[min(len(milliseconds) - 1, int(q * len(milliseconds)))], 3)

    return {
        "what": "TernaryTree.arrangements on seeded Countdown draws (3-5 vowels, nine letters)",
        "python": sys.version.split()[0],
        "words": len(words), "nodes": tree.nodes, "draws": draws, "seed": seed,
        "build_tree_seconds": round(build, 3),
        "ms_mean": round(sum(milliseconds) / len(milliseconds), 3),
        "ms_median": quantile(0.5), "ms_p95": quantile(0.95), "ms_p99": quantile(0.99),
        "ms_max": round(milliseconds[-1], 3),
        "target_ms": 20,
        "draws_within_target": sum(1 for m in milliseconds if m <= 20),
        "mean_words_found": round(sum(found) / len(found), 1),
        "heavy_draws_ms": {draw: round(best_of(5, tree.arrangements, draw) * 1000, 3)
                           for draw in HEAVY_DRAWS},
        "longest_word_histogram": {str(n): longest.count(n) for n in sorted(set(longest))},
    }


def best_of(repeats: int, function, *args) -> float:
    """Shortest wall time in seconds of `repeats` calls."""
    best = math.inf
    for _ in range(repeats):
        started = time.perf_counter()
        function(*args)
        best = min(best, time.perf_counter() - started)
    return best


# ---- conundrums -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Conundrum:
    answer: str
    parts: tuple[str, ...]  # the words shown, in order
    presentations: int  # how many ways the dictionary offers
    frequency: int = 0  # the answer's count in the frequency list (0: not in it)
    rarest_part_frequency: int = 0

    @property
    def clue(self) -> str:
        return "".join(self.parts).upper()


def letter_key(word: str) -> str:
    return "".join(sorted(word))


def remove_letters(key: str, word: str) -> str | None:
    """`key` (sorted letters) less the letters of `word`; None when they are not all in it."""
    rest = list(key)
    for ch in word:
        try:
            rest.remove(ch)
        except ValueError:
            return None
    return "".join(rest)


def splits(answer: str, tree: TernaryTree, min_part: int) -> list[tuple[str, ...]]:
    """Ways to write the letters of `answer` as 2 or 3 dictionary words of `min_part`+ letters.

    No part may appear inside the answer as it is spelled (that would give it away); parts are
    listed longest first. Each way is one tuple, the whole list sorted.
    """
    total = len(answer)
    by_key: dict[str, list[str]] = {}
    for word in tree.arrangements(answer):
        if min_part <= len(word) <= total - min_part and word not in answer:
            by_key.setdefault(letter_key(word), []).append(word)
    key = letter_key(answer)
    found: set[tuple[str, ...]] = set()
    for first_key, firsts in by_key.items():
        rest = remove_letters(key, first_key)
        if rest is None:
            continue
        for second in by_key.get(rest, ()):  # two parts
            for first in firsts:
                found.add(tuple(sorted((first, second), key=lambda w: (-len(w), w))))
        if len(rest) < 2 * min_part:
            continue
        for size in range(min_part, len(rest) - min_part + 1):  # three parts
            for picked in set(combinations(rest, size)):
                second_key = "".join(picked)
                third_key = remove_letters(rest, second_key)
                if second_key in by_key and third_key in by_key:
                    for first in firsts:
                        for second in by_key[second_key]:
                            for third in by_key[third_key]:
                                parts = sorted((first, second, third), key=lambda w: (-len(w), w))
                                found.add(tuple(parts))
    return sorted(found)


def best_presentation(ways: Sequence[tuple[str, ...]],
                      frequency: dict[str, int]) -> tuple[str, ...]:
    """Two words before three; then the commonest rarest part; then the evener; alphabetical."""
    return min(ways, key=lambda parts: (len(parts), -min(frequency.get(p, 0) for p in parts),
                                        -min(len(p) for p in parts), parts))


def conundrums(words: Sequence[str], frequency: dict[str, int] | None = None, min_part: int = 3,
               progress_every: int = 1000) -> list[Conundrum]:
    """Every nine-letter word with no other nine-letter anagram that can be presented.

    `frequency` (word -> count, e.g. OpenSubtitles) picks the presentation of common words.
    """
    frequency = frequency or {}
    tree = TernaryTree.from_sorted(words)
    nines = [w for w in words if len(w) == MAX_LENGTH]
    anagrams = Counter(letter_key(w) for w in nines)
    unique = [w for w in nines if anagrams[letter_key(w)] == 1]
    log.info("%d nine-letter words, %d with no other anagram", len(nines), len(unique))
    found = []
    for done, answer in enumerate(unique, start=1):
        ways = splits(answer, tree, min_part)
        if ways:
            parts = best_presentation(ways, frequency)
            found.append(Conundrum(answer, parts, len(ways), frequency.get(answer, 0),
                                   min(frequency.get(p, 0) for p in parts)))
        if progress_every and done % progress_every == 0:
            log.info("conundrums: %d/%d answers tried, %d presentable",
                     done, len(unique), len(found))
    return found


CONUNDRUM_COLUMNS = ["answer", "clue", "parts", "presentations", "frequency",
                     "rarest_part_frequency"]


def write_conundrums(found: Sequence[Conundrum], path: Path) -> None:
    rows = [{"answer": c.answer, "clue": c.clue, "parts": " ".join(c.parts),
             "presentations": c.presentations, "frequency": c.frequency,
             "rarest_part_frequency": c.rarest_part_frequency} for c in found]
    write_tsv(rows, path)


def read_conundrums(path: Path) -> list[Conundrum]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all {DEFAULT_CONUNDRUMS}`") from None
    if not lines or lines[0].split("\t") != CONUNDRUM_COLUMNS:
        raise Wordle64Error(f"{path}:1: expected the header {' '.join(CONUNDRUM_COLUMNS)!r}")
    found = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != len(CONUNDRUM_COLUMNS) or not all(f.isdigit() for f in fields[3:]):
            raise Wordle64Error(f"{path}:{number}: expected {len(CONUNDRUM_COLUMNS)} "
                                f"tab-separated fields, the last three numbers")
        found.append(Conundrum(fields[0], tuple(fields[2].split()), *map(int, fields[3:])))
    if not found:
        raise Wordle64Error(f"{path}: no conundrums in the table")
    return found


# ---- pipeline entry points --------------------------------------------------------------------
def run_dictionary(source: Path, outputs, on_bad_line: str) -> dict:
    """words.txt, words.fc and dictionary.json from the SCOWL list (`outputs` has those names)."""
    dictionary = read_dictionary(source, on_bad_line)
    for bad in dictionary.bad:
        log.warning("skipped %s", bad)
    fc = front_encode(dictionary.words)
    if front_decode(fc) != dictionary.words:  # the shipped form must round-trip exactly
        raise AssertionError("front coding does not round-trip")
    Path(outputs.plain).write_text("".join(f"{w}\n" for w in dictionary.words))
    Path(outputs.fc).write_text(fc)
    stats = dictionary.stats()
    Path(outputs.stats).write_text(json.dumps(stats, indent=2) + "\n")
    log.info("dictionary: %s", stats)
    return stats


def run_compression(words_path: Path, dataset: str, output: Path) -> None:
    write_tsv(compression_rows(dataset, read_front_coded(words_path)), output)


def run_tree(words_path: Path, output: Path) -> None:
    write_tsv(tree_rows(read_front_coded(words_path)), output)


def run_conundrums(words_path: Path, frequency_path: Path, min_part: int, output: Path) -> None:
    from wordle64.words import parse_frequency, read_text

    frequency = parse_frequency(read_text(frequency_path), str(frequency_path))
    found = conundrums(read_front_coded(words_path), frequency, min_part)
    write_conundrums(found, output)
    log.info("conundrums: %d written to %s", len(found), output)


def run_check_chunk(words_path: Path, draws: int, seed: int, chunks: int, chunk: int,
                    output: Path) -> None:
    if not 0 <= chunk < chunks:
        raise Wordle64Error(f"check chunk {chunk} does not exist: "
                            f"letters.check_chunks is {chunks}")
    result = check_chunk(read_front_coded(words_path), chunk_draws(draws, seed, chunks, chunk))
    result["chunk"] = chunk
    log.info("check chunk %d: %d draws, %d mismatches", chunk, result["draws"],
             len(result["mismatches"]))
    write_json(output, result)


def run_gather_checks(chunk_paths: Sequence[Path], output: Path) -> None:
    """Gather the chunk results; a mismatch fails the rule (nothing is written)."""
    summary = gather_checks([json.loads(Path(p).read_text()) for p in chunk_paths])
    if not summary["ok"]:
        example = summary["examples"][0]
        raise Wordle64Error(f"arrangements disagree with the brute-force check on "
                            f"{summary['mismatches']} draws, e.g. {example['draw']!r}: "
                            f"missing {example['missing'][:5]}, extra {example['extra'][:5]}")
    write_json(output, summary)


def run_benchmark(words_path: Path, draws: int, seed: int, output: Path) -> None:
    started = time.perf_counter()
    words = read_front_coded(words_path)
    load = time.perf_counter() - started
    result = benchmark(words, draws, seed)
    result["decode_fc_seconds"] = round(load, 3)
    log.info("benchmark: %s", result)
    write_json(output, result)


# ---- command line -----------------------------------------------------------------------------
def load_tree(path: Path) -> TernaryTree:
    return TernaryTree.from_sorted(read_front_coded(path))


def parse_letters(text: str) -> str:
    letters = text.strip().lower()
    if not letters or not (letters.isascii() and letters.isalpha()):
        raise Wordle64Error(f"{text!r}: give the drawn letters as one word of letters a-z, "
                            f"e.g. GLXAEIRNT")
    return letters


def format_arrangements(letters: str, found: Sequence[str], shown_lengths: int | None) -> str:
    groups = by_length(found)
    if shown_lengths is not None:
        groups = groups[:shown_lengths]
    if not groups:
        return f"{letters.upper()}: no word in the dictionary"
    lines = [f"{letters.upper()}: {len(found):,} words, longest {groups[0][0]} letters"]
    for length, words in groups:
        lines.append(f"{length}: " + " ".join(words))
    return "\n".join(lines)


def _cmd_letters(args: argparse.Namespace) -> int:
    letters = parse_letters(args.letters)
    tree = load_tree(args.words)
    started = time.perf_counter()
    found = tree.arrangements(letters)
    elapsed = time.perf_counter() - started
    print(format_arrangements(letters, found, None if args.all else args.lengths))
    print(f"({elapsed * 1000:.1f} ms in the tree of {len(tree):,} words)", file=sys.stderr)
    return 0


def _cmd_conundrum(args: argparse.Namespace) -> int:
    found = [c for c in read_conundrums(args.table) if c.frequency >= args.min_frequency]
    if not found:
        raise Wordle64Error(f"{args.table}: no conundrum has an answer of frequency "
                            f">= {args.min_frequency}")
    pick = random.Random(args.seed).choice(found)
    print(f"Conundrum: {pick.clue}   ({' + '.join(p.upper() for p in pick.parts)})")
    if sys.stdin.isatty() and not args.reveal:
        guess = input("Your answer (Enter to give up): ").strip().lower()
        print("Correct!" if guess == pick.answer else f"Answer: {pick.answer.upper()}")
    else:
        print(f"Answer: {pick.answer.upper()}")
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "letters",
        help="Countdown letters round: every word the drawn letters make, longest first")
    parser.add_argument("letters", metavar="LETTERS", help="the drawn letters, e.g. GLXAEIRNT")
    parser.add_argument("--words", type=Path, default=DEFAULT_WORDS,
                        help=f"front-coded dictionary (default: {DEFAULT_WORDS})")
    parser.add_argument("--lengths", type=positive_int, default=3, metavar="N",
                        help="show the N longest word lengths (default: 3)")
    parser.add_argument("--all", action="store_true", help="show every length")
    parser.set_defaults(func=_cmd_letters)

    parser = subparsers.add_parser(
        "conundrum", help="Countdown conundrum: unscramble nine letters into the one word")
    parser.add_argument("--seed", type=int, default=None, help="pick reproducibly")
    parser.add_argument("--table", type=Path, default=DEFAULT_CONUNDRUMS,
                        help=f"conundrum table (default: {DEFAULT_CONUNDRUMS})")
    parser.add_argument("--min-frequency", type=int, default=0, metavar="N",
                        help="only answers seen at least N times in the OpenSubtitles list "
                             "(e.g. 1000 for easier ones; default: 0, any)")
    parser.add_argument("--reveal", action="store_true",
                        help="print the answer straight away (the default when not interactive)")
    parser.set_defaults(func=_cmd_conundrum)
