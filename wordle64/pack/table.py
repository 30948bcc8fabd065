"""The RAM table of the dictionary and its index, and the checked word list they are built
from (formats: the package docstring)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.textlines import quote, read_table

log = logging.getLogger(__name__)


LETTERS = 26
PREFIXES = LETTERS * LETTERS  # 676
WORD_LENGTH = 5
MAX_WORDS = 0xFFFF
# Where the table must fit in C64 RAM, and how many words must go when it does not: pack.fit.

# ---- input ------------------------------------------------------------------------------------


def check_word(word: str, where: str) -> None:
    if len(word) != WORD_LENGTH or not all("a" <= c <= "z" for c in word):
        raise Wordle64Error(f"{where}: {quote(word)} is not five letters a-z")


def normalise(words: Sequence[str], answers: Sequence[bool] | None = None,
              source: str = "<words>") -> tuple[list[str], list[bool]]:
    """Check, de-duplicate-check and sort words with their answer flags.

    Raises Wordle64Error naming the (1-based) position of a word that is not five letters a-z,
    or of a duplicate.
    """
    if answers is None:
        answers = [False] * len(words)
    if len(answers) != len(words):
        raise ValueError(f"{len(words)} words but {len(answers)} answer flags")
    seen: dict[str, int] = {}
    for number, word in enumerate(words, start=1):
        if not isinstance(word, str):
            raise Wordle64Error(f"{source}:{number}: {word!r} is not five letters a-z")
        check_word(word, f"{source}:{number}")
        if word in seen:
            raise Wordle64Error(f"{source}:{number}: duplicate {word!r} "
                                f"(first at {seen[word]})")
        seen[word] = number
    if len(words) > MAX_WORDS:
        raise Wordle64Error(f"{source}: {len(words)} words; the packer takes at most {MAX_WORDS}")
    pairs = sorted(zip(words, (bool(a) for a in answers)))
    return [w for w, _ in pairs], [a for _, a in pairs]


def read_words_tsv(path: Path) -> tuple[list[str], list[bool]]:
    """Words and answer flags of results/words/words.tsv (columns word, frequency, profane,
    answer), checked line by line."""
    if not Path(path).exists():
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all results/words/words.tsv`")
    lines = read_table(path)
    if not lines:
        raise Wordle64Error(f"{path}:1: empty file, expected a header line")
    header = lines[0][1].split("\t")
    if "word" not in header or "answer" not in header:
        raise Wordle64Error(f"{path}:1: header needs columns 'word' and 'answer', "
                            f"got {quote(lines[0][1])}")
    word_col, answer_col = header.index("word"), header.index("answer")
    words, answers = [], []
    for number, line in lines[1:]:
        fields = line.split("\t")
        if len(fields) != len(header):
            raise Wordle64Error(f"{path}:{number}: expected {len(header)} tab-separated fields, "
                                f"got {len(fields)}")
        check_word(fields[word_col], f"{path}:{number}")
        if fields[answer_col] not in ("0", "1"):
            raise Wordle64Error(f"{path}:{number}: answer must be 0 or 1, "
                                f"got {quote(fields[answer_col])}")
        words.append(fields[word_col])
        answers.append(fields[answer_col] == "1")
    return normalise(words, answers, str(path))


# ---- the RAM table and the index --------------------------------------------------------------


def letters(word: str) -> list[int]:
    return [ord(c) - 97 for c in word]


def prefix_of(word: str) -> int:
    return (ord(word[0]) - 97) * LETTERS + ord(word[1]) - 97


def entry(word: str, answer: bool) -> int:
    l2, l3, l4 = (ord(c) - 97 for c in word[2:])
    return (l2 << 11) | (l3 << 6) | (l4 << 1) | int(answer)


def prefix_name(prefix: int) -> str:
    return chr(65 + prefix // LETTERS) + chr(65 + prefix % LETTERS)


def prefix_counts(words: Sequence[str]) -> list[int]:
    counts = [0] * PREFIXES
    for word in words:
        counts[prefix_of(word)] += 1
    return counts


def build_table(words: Sequence[str], answers: Sequence[bool]) -> bytes:
    """The RAM table of sorted, checked words (see the module docstring)."""
    out = bytearray(c & 0xFF for c in prefix_counts(words))
    for word, answer in zip(words, answers):
        out += entry(word, answer).to_bytes(2, "little")
    return bytes(out)


def build_index(words: Sequence[str]) -> bytes:
    """677 little-endian cumulative counts: index[p] = words in prefixes before p."""
    out, total = bytearray(), 0
    for count in prefix_counts(words) + [0]:
        out += total.to_bytes(2, "little")
        total += count
    return bytes(out)


def table_words(table: bytes, index: bytes) -> tuple[list[str], list[bool]]:
    """Inverse of build_table with the index's true counts (for tests and tools)."""
    words, answers = [], []
    for p in range(PREFIXES):
        start = int.from_bytes(index[2 * p:2 * p + 2], "little")
        end = int.from_bytes(index[2 * p + 2:2 * p + 4], "little")
        for i in range(start, end):
            value = int.from_bytes(table[PREFIXES + 2 * i:PREFIXES + 2 * i + 2], "little")
            tail = (value >> 11, (value >> 6) & 31, (value >> 1) & 31)
            words.append("".join(chr(97 + x) for x in (p // LETTERS, p % LETTERS) + tail))
            answers.append(bool(value & 1))
    return words, answers

