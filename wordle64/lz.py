"""The PRG's code compressor: LZSS with a bit stream, optimally parsed; the 6502 side is
workflow/asm/depack.s (run by the BASIC stub before `main`).

The game's code, read-only data, data and charset (the "image", from ``__CODE_LOAD__`` to
``__BLOB_LOAD__``) are stored packed; the dictionary blob after them stays as it is (it is
compressed already). Tape loads at ~19 ms a byte, so every byte saved here is load time.

Stream format (bytes, read forwards). Flag bits come from a bit buffer, most significant bit
first; when it is empty the next byte of the stream refills it, so bit bytes and plain bytes
interleave in exactly the order the decoder asks for them:

- bit 0: a literal: the next stream byte is copied to the output;
- bit 1: a match: one bit for the offset kind, then
    0: short: the next stream byte is offset - 1 (offsets 1..256),
    1: long: 5 bits (high) then the next stream byte (low) give offset - 1 (1..8,192);
  then the length - 1 (1..254) as an interlaced Elias gamma code: value = 1; while the next
  bit is 1: value = 2 value + next bit. The match copies `length` bytes from `offset` back
  (overlap allowed: a run repeats).
The decoder stops when the output reaches its end address (the image's size is known).
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle64.errors import Wordle64Error

SHORT_OFFSET = 256
LONG_OFFSET = 1 << 13
LONG_HIGH_BITS = 5
MIN_MATCH = 2
MAX_MATCH = 255
MAX_CANDIDATES = 512       # match candidates per position (a 8 KB image never reaches it)


def _gamma_bits(value: int) -> int:
    return 2 * value.bit_length() - 1


@dataclass(frozen=True)
class Token:
    length: int            # 1 for a literal
    offset: int            # 0 for a literal


def _matches(data: bytes) -> list[list[tuple[int, int]]]:
    """For each position, (longest length, offset) of earlier occurrences within reach."""
    heads: dict[bytes, list[int]] = {}
    found: list[list[tuple[int, int]]] = [[] for _ in data]
    for i in range(len(data) - MIN_MATCH + 1):
        key = data[i:i + MIN_MATCH]
        earlier = heads.setdefault(key, [])
        for j in reversed(earlier[-MAX_CANDIDATES:]):
            offset = i - j
            if offset > LONG_OFFSET:
                break
            length = MIN_MATCH
            while (i + length < len(data) and length < MAX_MATCH
                   and data[j + length] == data[i + length]):
                length += 1
            found[i].append((length, offset))
        earlier.append(i)
    return found


def parse(data: bytes) -> list[Token]:
    """The cheapest token sequence (in bits), by dynamic programming from the end."""
    n = len(data)
    matches = _matches(data)
    cost = [0] * (n + 1)
    choice: list[Token] = [Token(1, 0)] * (n + 1)
    for i in range(n - 1, -1, -1):
        best, token = 9 + cost[i + 1], Token(1, 0)
        for longest, offset in matches[i]:
            offset_bits = 1 + (8 if offset <= SHORT_OFFSET else 8 + LONG_HIGH_BITS)
            for length in range(MIN_MATCH, longest + 1):
                bits = 1 + offset_bits + _gamma_bits(length - 1) + cost[i + length]
                if bits < best:
                    best, token = bits, Token(length, offset)
        cost[i], choice[i] = best, token
    tokens, i = [], 0
    while i < n:
        tokens.append(choice[i])
        i += choice[i].length
    return tokens


class _BitWriter:
    def __init__(self) -> None:
        self.out = bytearray()
        self.slot = -1          # the byte being filled with bits
        self.used = 8

    def bit(self, value: int) -> None:
        if self.used == 8:
            self.slot, self.used = len(self.out), 0
            self.out.append(0)
        self.out[self.slot] |= (value & 1) << (7 - self.used)
        self.used += 1

    def bits(self, value: int, count: int) -> None:
        for shift in range(count - 1, -1, -1):
            self.bit(value >> shift)

    def byte(self, value: int) -> None:
        self.out.append(value & 0xFF)


def pack(data: bytes) -> bytes:
    """`data` in the stream format above."""
    writer = _BitWriter()
    position = 0
    for token in parse(data):
        if token.offset == 0:
            writer.bit(0)
            writer.byte(data[position])
        else:
            writer.bit(1)
            value = token.offset - 1
            if token.offset <= SHORT_OFFSET:
                writer.bit(0)
            else:
                writer.bit(1)
                writer.bits(value >> 8, LONG_HIGH_BITS)
            writer.byte(value)
            length = token.length - 1
            for shift in range(length.bit_length() - 2, -1, -1):
                writer.bit(1)
                writer.bit(length >> shift)
            writer.bit(0)
        position += token.length
    return bytes(writer.out)


def unpack(packed: bytes, size: int) -> bytes:
    """The reference decoder: `size` bytes out of a packed stream (as depack.s reads it)."""
    out = bytearray()
    at, buffer, left = 0, 0, 0

    def take() -> int:
        nonlocal at
        if at >= len(packed):
            raise Wordle64Error("packed stream ends early")
        at += 1
        return packed[at - 1]

    def bit() -> int:
        nonlocal buffer, left
        if left == 0:
            buffer, left = take(), 8
        left -= 1
        return buffer >> left & 1

    while len(out) < size:
        if not bit():
            out.append(take())
            continue
        high = 0
        if bit():
            for _ in range(LONG_HIGH_BITS):
                high = high << 1 | bit()
        offset = (high << 8 | take()) + 1
        value = 1
        while bit():
            value = value << 1 | bit()
        if offset > len(out):
            raise Wordle64Error(f"match reaches {offset} bytes back at output byte {len(out)}")
        for _ in range(value + 1):
            out.append(out[-offset])
    return bytes(out[:size])
