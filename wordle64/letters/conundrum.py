"""Conundrums: nine-letter words that are the only nine-letter anagram of their letters,
presented as two or three dictionary words whose letters together make the answer."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.textlines import read_table
from wordle64.letters.dictionary import MAX_LENGTH, write_tsv
from wordle64.letters.tree import TernaryTree

log = logging.getLogger(__name__)

DEFAULT_CONUNDRUMS = Path("results/letters/conundrums.tsv")


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
    if not Path(path).exists():
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all {DEFAULT_CONUNDRUMS}`")
    lines = read_table(path)
    if not lines or lines[0][1].split("\t") != CONUNDRUM_COLUMNS:
        raise Wordle64Error(f"{path}:1: expected the header {' '.join(CONUNDRUM_COLUMNS)!r}")
    found = []
    for number, line in lines[1:]:
        fields = line.split("\t")
        if len(fields) != len(CONUNDRUM_COLUMNS) or not all(f.isdigit() for f in fields[3:]):
            raise Wordle64Error(f"{path}:{number}: expected {len(CONUNDRUM_COLUMNS)} "
                                f"tab-separated fields, the last three numbers")
        found.append(Conundrum(fields[0], tuple(fields[2].split()), *map(int, fields[3:])))
    if not found:
        raise Wordle64Error(f"{path}: no conundrums in the table")
    return found
