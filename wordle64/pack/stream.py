"""Decoder plumbing shared by the codecs: the blob reader (as the 6502 reads it), the sink of
the unpacker's writes and the prefix-group walker that writes count bytes and the index."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from wordle64.errors import Wordle64Error

log = logging.getLogger(__name__)
from wordle64.pack.table import PREFIXES

# ---- decoder plumbing shared by both codecs ---------------------------------------------------


class BlobReader:
    """Reads a blob forwards, counting the bytes consumed (as the 6502 read pointer moves)."""

    def __init__(self, blob: bytes) -> None:
        self.blob = blob
        self.consumed = 0
        self.pinned: int | None = None  # an earlier byte the decoder will still read, if any
        self.bits = 0x80  # sentinel bit buffer: a lone marker bit forces a refill

    @property
    def needed(self) -> int:
        """The first byte the decoder still needs: the read pointer, or a pinned earlier byte
        (the seed decoder reads its overflow list lazily, behind the read pointer)."""
        return self.consumed if self.pinned is None else min(self.pinned, self.consumed)

    def byte(self) -> int:
        if self.consumed >= len(self.blob):
            raise Wordle64Error(f"blob truncated: read past its {len(self.blob)} bytes")
        value = self.blob[self.consumed]
        self.consumed += 1
        return value

    def bit(self) -> int:
        """Next bit, MSB first, with the 6502's sentinel refill (ASL; zero -> load a byte)."""
        self.bits <<= 1
        carry = self.bits >> 8
        self.bits &= 0xFF
        if self.bits == 0:
            value = self.byte()
            carry = value >> 7
            self.bits = ((value << 1) | 1) & 0xFF
        return carry

    def bits_value(self, count: int) -> int:
        value = 0
        for _ in range(count):
            value = value * 2 + self.bit()
        return value


@dataclass
class Unpacked:
    """What an unpacker writes: the table, the index, and (when asked) the consumption trace."""

    table: bytes
    index: bytes


class Sink:
    """Collects the unpacker's writes; `watch` sees (area, offset, first blob byte still
    needed) for each."""

    def __init__(self, words: int, reader: BlobReader,
                 watch: Callable[[str, int, int], None] | None = None) -> None:
        self.table = bytearray(PREFIXES + 2 * words)
        self.index = bytearray(2 * (PREFIXES + 1))
        self.reader = reader
        self.watch = watch

    def put_table(self, offset: int, value: int) -> None:
        if self.watch:
            self.watch("table", offset, self.reader.needed)
        self.table[offset] = value

    def put_index(self, p: int, value: int) -> None:
        for k, byte in enumerate(value.to_bytes(2, "little")):
            if self.watch:
                self.watch("index", 2 * p + k, self.reader.needed)
            self.index[2 * p + k] = byte


class GroupWalker:
    """Walks the prefixes AA..ZZ as the unpackers do, writing count bytes and the index."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.prefix = 0
        self.count = 0
        self.total = 0
        sink.put_index(0, 0)

    def advance_to(self, prefix: int) -> None:
        while self.prefix < prefix:
            self.sink.put_table(self.prefix, self.count & 0xFF)
            self.prefix += 1
            self.sink.put_index(self.prefix, self.total)
            self.count = 0

    def word(self, value: int) -> None:
        offset = PREFIXES + 2 * self.total
        self.sink.put_table(offset, value & 0xFF)
        self.sink.put_table(offset + 1, value >> 8)
        self.count += 1
        self.total += 1

    def finish(self) -> None:
        self.advance_to(PREFIXES)

