"""The ctxhuff blob's checkpoint trailer read back, and a Python reference of the 6502's
segment scan: look a word up, or find answer number r, by decoding one segment of the bit
stream from a checkpoint (format: the package docstring)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass

from wordle64.errors import Wordle64Error

log = logging.getLogger(__name__)
from wordle64.pack.ctxhuff import (
    BODY_START,
    CHECKPOINT_BYTES,
    DecodeTables,
    ctxhuff_decode_word,
    ctxhuff_read_tables,
    stream_bytes,
    trailer_bytes,
)
from wordle64.pack.stream import BlobReader
from wordle64.pack.table import LETTERS, WORD_LENGTH, letters

# ---- the trailer --------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkpoint:
    """Where the 6502 resumes the bit stream, and the word before that point."""

    next: int                # blob offset of the next byte the bit buffer refills from
    bits: int                # the bit buffer: MSB = next bit, a marker 1 below the last one
    prev: tuple[int, ...]    # the word before the checkpoint, letters 0..25
    prev_answer: bool
    ans_before: int          # answers among the words before prev


def checkpoint_count(blob: bytes) -> int:
    """K, the checkpoints of a ctxhuff blob: its last byte (0 for an empty list: no trailer)."""
    if trailer_bytes(blob) == 0:
        return 0
    return blob[-1]


def answer_total(blob: bytes) -> int:
    """The number of answers in the list, from the trailer (0 for an empty list)."""
    count = checkpoint_count(blob)
    if count == 0:
        return 0
    end = len(blob) - 1
    return int.from_bytes(blob[end - 2:end], "little")


def read_checkpoints(blob: bytes) -> list[Checkpoint]:
    """The trailer's checkpoints, in stream order."""
    count = checkpoint_count(blob)
    if count == 0:
        return []
    start = stream_bytes(blob)
    if start < BODY_START:
        raise Wordle64Error(f"ctxhuff blob: a trailer of {count} checkpoints does not fit")

    def column(field: int) -> bytes:
        return blob[start + field * count:start + (field + 1) * count]

    fields = [column(f) for f in range(CHECKPOINT_BYTES)]
    out = []
    for s in range(count):
        prev = tuple(fields[3 + i][s] & (0x7F if i == 0 else 0xFF) for i in range(WORD_LENGTH))
        if max(prev) >= LETTERS:
            raise Wordle64Error(f"ctxhuff blob: checkpoint {s} holds a letter beyond Z")
        out.append(Checkpoint(next=fields[0][s] | fields[1][s] << 8, bits=fields[2][s],
                              prev=prev, prev_answer=bool(fields[3][s] & 0x80),
                              ans_before=fields[8][s] | fields[9][s] << 8))
    return out


# ---- the 6502's segment scan, in Python ------------------------------------------------------


def _tables(blob: bytes) -> DecodeTables:
    reader = BlobReader(blob)
    reader.consumed = BODY_START
    return ctxhuff_read_tables(reader)


def _words_after(blob: bytes, tables: DecodeTables, point: Checkpoint
                 ) -> Iterator[tuple[tuple[int, ...], bool]]:
    """The words after the checkpoint's prev, decoded from its (next, bits) as the 6502 does,
    up to the end marker."""
    reader = BlobReader(blob)
    reader.consumed, reader.bits = point.next, point.bits
    cur = list(point.prev)
    while (step := ctxhuff_decode_word(reader, tables, cur)) is not None:
        cur = step[0]
        yield tuple(cur), bool(step[1])


def checkpoint_lookup(blob: bytes, word: str) -> tuple[bool, bool]:
    """(found, is_answer) of `word`: from the last checkpoint with prev <= word, prev itself,
    then the words decoded after it until one >= word or the end marker."""
    key = tuple(letters(word))
    points = [p for p in read_checkpoints(blob) if p.prev <= key]
    if not points:
        return False, False
    point = points[-1]
    if point.prev == key:
        return True, point.prev_answer
    for cur, answer in _words_after(blob, _tables(blob), point):
        if cur >= key:
            return (True, answer) if cur == key else (False, False)
    return False, False


def checkpoint_answer(blob: bytes, number: int) -> str:
    """Answer number `number` (0-based, in list order): from the last checkpoint with
    ans_before <= number, counting answers from its prev on."""
    total = answer_total(blob)
    if not 0 <= number < total:
        raise Wordle64Error(f"answer number {number} outside 0..{total - 1}")
    point = [p for p in read_checkpoints(blob) if p.ans_before <= number][-1]
    count = point.ans_before

    def spell(cur: tuple[int, ...]) -> str:
        return "".join(chr(ord("a") + c) for c in cur)

    if point.prev_answer:
        if count == number:
            return spell(point.prev)
        count += 1
    for cur, answer in _words_after(blob, _tables(blob), point):
        if answer:
            if count == number:
                return spell(cur)
            count += 1
    raise Wordle64Error(f"ctxhuff blob: the stream ends before answer number {number}")
