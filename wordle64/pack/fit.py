"""How many words must go for the dictionary to fit: one count for every constraint at once.

The dictionary's RAM table (676 count bytes + 2 bytes per word) must, all at the same time:
end at or below __DICT_END__ ($D000, I/O) and below the statistics file's buffer
(persist_buffer, $C2AD, persist.s: $D000 less the longest statistics file); leave Absurdle's bitmap and feedback bytes (answers / 8 + 1
+ answers, absurdle.s) below ABSRAM ($CE00); and be unpacked in place without the table's writes
overtaking the blob's read pointer (the codec's in-place spare, which depends on the blob, so
on every word: the build measures it by re-encoding). The first three are linear in the words
and answers (`linear_removals` computes them exactly); the in-place spare is not, so the build
searches (`search_removals`) with a check that re-encodes and relinks.

Words are assumed removed in `removal_order`: guesses that are not answers first, rarest first
(words.tsv's frequency, ties in alphabetical order), then answers the same way. A non-answer
guess frees 2 bytes of table; an answer 2 bytes of table and 1 1/8 bytes of Absurdle's scratch.

`check_table_fits` is the pack stage's check: it does not know the code's size, so it places
the table at its lowest possible start (right after the charset, as if the code and indexes
took no room below it) and checks only the linear constraints there. Its count is therefore a
lower bound: a list it passes may still miss in the build, whose error names the count that is
right for the real code (wordle64.build).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.pack.table import PREFIXES

ENTRY_BYTES = 2
# The linker's fixed addresses (workflow/asm/wordle64.cfg, persist.s; tests/test_fit.py checks
# them against a real link): the table can start no lower than right after the charset
# (CHARRAM $3800 + 64 glyphs x 8 bytes), must end at or below __DICT_END__ and the statistics
# buffer, and Absurdle's scratch above it must end at or below ABSRAM.
TABLE_LOWEST_START = 0x3800 + 64 * 8
DICT_END = 0xD000
PERSIST_BUFFER = 0xC2AD
ABSRAM_START = 0xCE00


@dataclass(frozen=True)
class Room:
    """Where the table starts and the linear limits above it (None: that part is not linked)."""

    table_start: int
    dict_end: int = DICT_END
    persist_buffer: int | None = PERSIST_BUFFER
    absram: int | None = ABSRAM_START


def absurdle_bytes(answers: int) -> int:
    """Absurdle's bitmap (answers / 8 + 1) and feedback bytes (one per answer), absurdle.s."""
    return answers // 8 + 1 + answers


def table_bytes(words: int) -> int:
    return PREFIXES + ENTRY_BYTES * words


def linear_shortfalls(room: Room, words: int, answers: int) -> dict[str, int]:
    """The bytes each linear constraint misses by (only those that miss), named for a message."""
    end = room.table_start + table_bytes(words)
    out = {f"the table runs {end - room.dict_end:,} B past ${room.dict_end:04X}":
           end - room.dict_end}
    if room.persist_buffer is not None:
        over = end - room.persist_buffer
        out[f"the table runs {over:,} B into the statistics buffer "
            f"(${room.persist_buffer:04X})"] = over
    if room.absram is not None:
        over = end + absurdle_bytes(answers) - room.absram
        out[f"Absurdle's scratch runs {over:,} B into ABSRAM (${room.absram:04X})"] = over
    return {name: over for name, over in out.items() if over > 0}


def removal_order(words: Sequence[str], answers: Sequence[bool],
                  frequencies: dict[str, int] | None = None) -> list[int]:
    """Indices of `words` in the order they are assumed removed: non-answers before answers,
    each rarest first (frequency 0 when unknown), ties in alphabetical order."""
    frequencies = frequencies or {}

    def key(i: int) -> tuple[bool, int, str]:
        return bool(answers[i]), frequencies.get(words[i], 0), words[i]

    return sorted(range(len(words)), key=key)


def linear_removals(room: Room, words: int, answers: int,
                    removed_answers: Sequence[bool]) -> int:
    """The fewest words, removed in order (`removed_answers`: their answer flags), after which
    every linear constraint holds; exact, as each word frees a known number of bytes."""
    count = 0
    while linear_shortfalls(room, words - count, answers):
        if count == len(removed_answers):
            raise Wordle64Error("the dictionary cannot fit even with no words")
        answers -= int(bool(removed_answers[count]))
        count += 1
    return count


def search_removals(shortfall: Callable[[int], int], start: int, most: int) -> int:
    """The smallest count >= start found for which shortfall(count) <= 0: steps up from
    `start` (about 3 bytes a word, doubling after each miss), then bisects between the last
    miss and the first fit. The count returned was checked to fit and the one below it not
    to (for count == start, by the linear constraints that gave start); when shortfall is not
    monotonic a smaller count may still fit, so it is not proven the least."""
    low = start
    short = shortfall(low)
    if short <= 0:
        return low
    step = max(1, -(-short // 3))
    while True:
        high = min(most, low + step)
        short = shortfall(high)
        if short <= 0:
            break
        if high == most:
            raise Wordle64Error(f"the dictionary does not fit even with {most} words removed")
        low, step = high, max(2 * step, -(-short // 3))
    while high - low > 1:
        middle = (low + high) // 2
        if shortfall(middle) <= 0:
            high = middle
        else:
            low = middle
    return high


def read_frequencies(path: str | Path) -> dict[str, int]:
    """word -> frequency from a words.tsv (empty when it has no frequency column)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t") if lines else []
    if "word" not in header or "frequency" not in header:
        return {}
    word_col, freq_col = header.index("word"), header.index("frequency")
    out = {}
    for line in lines[1:]:
        fields = line.split("\t")
        if len(fields) == len(header) and fields[freq_col].isdigit():
            out[fields[word_col]] = int(fields[freq_col])
    return out


def which_words(words: Sequence[str], answers: Sequence[bool], frequencies: dict[str, int],
                order: Sequence[int], count: int, source: str) -> str:
    """Names the first `count` words of `order` (removal_order) for a message."""
    chosen = list(order[:count])
    if not chosen:
        return "none"
    gone, last = sum(bool(answers[i]) for i in chosen), chosen[-1]
    first = "rarest" if frequencies else "first"
    text = (f"the {count - gone:,} {first} guesses that are not answers" if count > gone
            else "no guesses that are not answers")
    text += f", then the {gone:,} {first} answers" if gone else ""
    if frequencies:
        text += (f" of {source}, by frequency, ties alphabetical, up to {words[last]!r} "
                 f"(frequency {frequencies.get(words[last], 0)})")
    else:
        text += f" of {source} in alphabetical order (no frequencies), up to {words[last]!r}"
    text += f": {ENTRY_BYTES * count:,} bytes of table"
    if gone:
        text += f" and the {gone:,} answers' Absurdle scratch (1 1/8 bytes each)"
    return text


def fit_message(words: int, answers: int, count: int, shortfalls: Sequence[str], which: str,
                how: str, where: str = "") -> str:
    """The one-line error: bytes of table that must go, what misses, how many words to remove."""
    plural = "s" * (count != 1)
    return (f"the dictionary does not fit by {ENTRY_BYTES * count:,} bytes (the table entries of "
            f"{count:,} word{plural}){where}: with {words:,} words ({answers:,} answers) "
            f"{', '.join(shortfalls)}; remove at least {count:,} word{plural} ({which}; {how})")


def check_table_fits(words: Sequence[str], answers: Sequence[bool],
                     frequencies: dict[str, int] | None = None,
                     source: str = "the word list") -> None:
    """The pack stage's check: raise, naming the words to remove, when the list cannot fit even
    with the table right after the charset (the code's size is not known here; see the module
    docstring: the count is a lower bound for the build, exact for these linear constraints)."""
    room = Room(TABLE_LOWEST_START)
    missed = linear_shortfalls(room, len(words), sum(map(bool, answers)))
    if not missed:
        return
    frequencies = frequencies or {}
    order = removal_order(words, answers, frequencies)
    count = linear_removals(room, len(words), sum(map(bool, answers)),
                            [answers[i] for i in order])
    raise Wordle64Error(fit_message(
        len(words), sum(map(bool, answers)), count, list(missed),
        which_words(words, answers, frequencies, order, count, source),
        "enough for the table, the statistics buffer and Absurdle; the build names the count "
        "for the real code's size, which leaves less room",
        f" even right after the charset (${TABLE_LOWEST_START:04X})"))
