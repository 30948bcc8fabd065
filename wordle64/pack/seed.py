"""The seed codec: the original game's baseline (format: the package docstring)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from wordle64.errors import Wordle64Error

log = logging.getLogger(__name__)
from wordle64.pack.stream import BlobReader, GroupWalker, Sink, Unpacked
from wordle64.pack.table import PREFIXES, entry, prefix_counts, prefix_of

# ---- seed codec (baseline) --------------------------------------------------------------------

SEED_ESCAPE = b"\x80\x00"  # adds 32,768, emits nothing
SEED_ESCAPE_VALUE = 0x8000


def seed_encode(words: Sequence[str], answers: Sequence[bool]) -> bytes:
    counts = prefix_counts(words)
    overflow = [(p, c >> 8) for p, c in enumerate(counts) if c > 0xFF]
    if len(overflow) > 0xFF:
        raise Wordle64Error(f"{len(overflow)} prefixes hold 256+ words; the seed codec "
                            f"lists at most 255")
    out = bytearray(c & 0xFF for c in counts)
    out.append(len(overflow))
    for p, high in overflow:
        out += bytes((p & 0xFF, p >> 8, high))
    previous, group = 0, -1
    for word, answer in zip(words, answers):
        if prefix_of(word) != group:
            group, previous = prefix_of(word), 0
        value = entry(word, answer)
        delta = value - previous
        previous = value
        if delta >= SEED_ESCAPE_VALUE:
            out += SEED_ESCAPE
            delta -= SEED_ESCAPE_VALUE
        if delta < 0x80:
            out.append(delta)
        else:
            out += (0x8000 | delta).to_bytes(2, "big")
    return bytes(out)


def seed_overflow(blob: bytes, start: int) -> list[tuple[int, int]]:
    """The overflow list at `start` (k, then k records): (prefix, count >> 8) pairs."""
    if start >= len(blob) or start + 1 + 3 * blob[start] > len(blob):
        raise Wordle64Error(f"blob truncated: read past its {len(blob)} bytes")
    records = []
    for r in range(blob[start]):
        at = start + 1 + 3 * r
        p = blob[at] | blob[at + 1] << 8
        if p >= PREFIXES:
            raise Wordle64Error(f"seed blob: overflow record for prefix {p} (max 675)")
        records.append((p, blob[at + 2]))
    return records


def seed_decode(blob: bytes, watch: Callable[[str, int, int], None] | None = None) -> Unpacked:
    """The seed decoder as dict_unpack_seed runs it: the count bytes are copied to the table
    first; each overflow record is read when the walk reaches its prefix, so the table must
    not overwrite a pending record (the reader pins it for the in-place check)."""
    reader = BlobReader(blob)
    low = [reader.byte() for _ in range(PREFIXES)]
    if watch:  # the 6502 copies each count byte into the table as it reads it
        for p in range(PREFIXES):
            watch("table", p, p + 1)
    records = seed_overflow(blob, reader.consumed)
    pending = reader.consumed + 1       # the first record not yet read
    reader.consumed += 1 + 3 * len(records)
    records_end = reader.consumed
    reader.pinned = pending if records else None
    high = dict(records)
    sink = Sink(sum(low) + 256 * sum(high.values()), reader, watch)
    walker = GroupWalker(sink)
    for p in range(PREFIXES):
        count = low[p]
        if reader.pinned is not None and blob[pending] | blob[pending + 1] << 8 == p:
            count |= blob[pending + 2] << 8
            pending += 3
            reader.pinned = pending if pending < records_end else None
        if count:
            walker.advance_to(p)
            _decode_group(reader, walker, count)
    walker.finish()
    return Unpacked(bytes(sink.table), bytes(sink.index))


def _decode_group(reader: BlobReader, walker: GroupWalker, count: int) -> None:
    """One prefix group's deltas (the first from 0) -> its entries."""
    value = 0
    for _ in range(count):
        while True:
            first = reader.byte()
            if first < 0x80:
                value += first
                break
            delta = (first & 0x7F) << 8 | reader.byte()
            if delta == 0:
                value += SEED_ESCAPE_VALUE
                continue
            value += delta
            break
        walker.word(value & 0xFFFF)
