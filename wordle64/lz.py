"""The PRG's code compressor: LZSS with a bit stream, optimally parsed, with a "repeat the last
offset" match; the 6502 side is workflow/asm/depack.s (run by the BASIC stub before `main`).

The game's code, read-only data, data and charset (the "image", from ``__CODE_LOAD__`` to
``__BLOB_LOAD__``) and its start-up code (segment INIT, after the blob) are stored packed, as
one stream of two parts; the dictionary blob between them stays as it is (it is compressed
already). Tape loads at ~19 ms a byte, so every byte saved here is load time.

Stream format (bytes, read forwards). Flag bits come from a bit buffer, most significant bit
first; when it is empty the next byte of the stream refills it, so bit bytes and plain bytes
interleave in exactly the order the decoder asks for them:

- bit 0: a literal: the next stream byte is copied to the output;
- bit 1: a match; after a literal, one more bit: 1 = repeat: the offset of the last match
  (no offset code; 1 before the first match), 0 = a new offset (after a match a match always
  has a new offset). A new offset's code starts with the next stream byte b:
    b < $80: offset - 1 = b (offsets 1..128);
    else a bit c, then the high bits h (3 bits if c = 0, 5 if c = 1, MSB first) and
       offset - 1 = 128 + h * 128 + (b & $7F) if c = 0 (offsets 129..1,152),
       offset - 1 = 1,152 + h * 128 + (b & $7F) if c = 1 (offsets 1,153..5,248);
  then the length code, a value: "0" = 1, "1 0" = 2, "1 1" and an interlaced Elias gamma
  code g (g = 1; while the next bit is 1: g = 2 g + next bit) = g + 2; the value is the
  length - 1 (1..254) of a new offset's match, the length (1..255) of a repeat. The match
  copies `length` bytes from `offset` back (overlap allowed: a run repeats).
The parts are decoded one after the other, each to its own address, from one bit stream; a
match reaches only into its own part (the last offset carries over). The decoder moves to the
next part when the output reaches a part's end (their sizes are known); after the last part
comes the end marker: a match with a new offset, byte 0, then "1 1" and a gamma code reaching
256 (eight "1 0" pairs): the decoder stops as g passes 255.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle64.errors import Wordle64Error

SHORT_OFFSET = 128         # offsets 1..128: one byte
# the two long offset classes: (high bits, first offset - 1) after the byte's 7 low bits
LONG_CLASSES = ((3, SHORT_OFFSET), (5, SHORT_OFFSET + (SHORT_OFFSET << 3)))
LONG_OFFSET = LONG_CLASSES[1][1] + (SHORT_OFFSET << 5)     # the farthest offset, 5,248
MIN_MATCH = 2              # of a new offset (a repeat may copy 1 byte)
MAX_MATCH = 255
MAX_CANDIDATES = 512       # match candidates per position (a 12 KB image never reaches it)
FIRST_OFFSET = 1           # the "last offset" before the first match
LAST_OFFSETS_KEPT = 8      # parse states per position: the cheapest last offsets (see parse)


def _length_bits(value: int) -> int:
    """The bits of a length code (see the format)."""
    if value <= 2:
        return value
    return 2 + 2 * (value - 2).bit_length() - 1


_LENGTH_BITS = [_length_bits(value) for value in range(MAX_MATCH + 1)]  # parse's inner loops


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
        limit = min(MAX_MATCH, len(data) - i)
        here = found[i]
        for k in range(len(earlier) - 1, max(len(earlier) - MAX_CANDIDATES, 0) - 1, -1):
            j = earlier[k]
            offset = i - j
            if offset > LONG_OFFSET:
                break
            length = MIN_MATCH
            while length < limit and data[j + length] == data[i + length]:
                length += 1
            here.append((length, offset))
        earlier.append(i)
    return found


def _long_class(offset: int) -> int:
    """The long class (0, 1) of an offset past SHORT_OFFSET."""
    return 0 if offset - 1 < LONG_CLASSES[1][1] else 1


def _offset_bits(offset: int, after_literal: bool) -> int:
    """The bits of a new (not repeated) offset after the match bit: the new-offset bit after
    a literal, the byte, and a long offset's class bit and high bits."""
    kind = 1 if after_literal else 0
    if offset <= SHORT_OFFSET:
        return kind + 8
    return kind + 8 + 1 + LONG_CLASSES[_long_class(offset)][0]


def _repeat_length(data: bytes, at: int, offset: int) -> int:
    length = 0
    while (at + length < len(data) and length < MAX_MATCH
           and data[at + length] == data[at + length - offset]):
        length += 1
    return length


# A parse state: (position, arrived by a literal?, last offset); its entry: (bits so far,
# previous state, length, offset of the token that led here).
_State = tuple[int, bool, int]
_Entry = tuple[int, "_State | None", int, int]


def _keep_cheapest(kept: dict[int, _Entry]) -> None:
    if len(kept) > LAST_OFFSETS_KEPT:
        cheapest = sorted(kept.items(), key=lambda item: item[1][0])[:LAST_OFFSETS_KEPT]
        kept.clear()
        kept.update(cheapest)


def _cheapest(kept: dict[int, _Entry], position: int, after_literal: bool
              ) -> tuple[int, _State | None]:
    if not kept:
        return 1 << 62, None
    offset = min(kept, key=lambda key: kept[key][0])
    return kept[offset][0], (position, after_literal, offset)


def parse(data: bytes, last_offset: int = FIRST_OFFSET) -> list[Token]:
    """A cheapest token sequence (in bits), by dynamic programming forwards. The cost of a
    repeat depends on the last offset, so the states are (position, last token a literal?,
    last offset); only the LAST_OFFSETS_KEPT cheapest offsets of each position and kind are
    kept (an approximation: keeping more saves only a few bytes on the game's image)."""
    n = len(data)
    matches = _matches(data)
    length_bits = _LENGTH_BITS
    # by_match[i] / by_literal[i]: last offset -> entry, for the states at position i
    by_match: list[dict[int, _Entry]] = [{} for _ in range(n + 1)]
    by_literal: list[dict[int, _Entry]] = [{} for _ in range(n + 1)]
    by_match[0][last_offset] = (0, None, 0, 0)
    for i in range(n):
        _keep_cheapest(by_match[i])
        _keep_cheapest(by_literal[i])
        after = by_literal[i + 1]
        for kind, kept in ((False, by_match[i]), (True, by_literal[i])):
            for offset, entry in kept.items():
                bits = entry[0] + 9
                known = after.get(offset)
                if known is None or bits < known[0]:
                    after[offset] = (bits, (i, kind, offset), 1, 0)
        from_match = _cheapest(by_match[i], i, False)
        from_literal = _cheapest(by_literal[i], i, True)
        for longest, offset in matches[i]:
            by_m = from_match[0] + 1 + _offset_bits(offset, False)
            by_l = from_literal[0] + 1 + _offset_bits(offset, True)
            start_bits, start = (by_m, from_match[1]) if by_m <= by_l else (by_l, from_literal[1])
            for length in range(MIN_MATCH, longest + 1):
                bits = start_bits + length_bits[length - 1]
                target = by_match[i + length]
                known = target.get(offset)
                if known is None or bits < known[0]:
                    target[offset] = (bits, start, length, offset)
        for offset, entry in by_literal[i].items():
            if offset > i:
                continue
            for length in range(1, _repeat_length(data, i, offset) + 1):
                bits = entry[0] + 2 + length_bits[length]
                target = by_match[i + length]
                known = target.get(offset)
                if known is None or bits < known[0]:
                    target[offset] = (bits, (i, True, offset), length, offset)
    state = min(_cheapest(by_match[n], n, False), _cheapest(by_literal[n], n, True),
                key=lambda pair: pair[0])[1]
    tokens: list[Token] = []
    while state is not None and state[0] > 0:
        _, previous, length, offset = (by_literal if state[1] else by_match)[state[0]][state[2]]
        tokens.append(Token(length, offset))
        state = previous
    return tokens[::-1]


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


def _write_match(writer: _BitWriter, token: Token, after_literal: bool, last_offset: int) -> None:
    writer.bit(1)
    value = token.offset - 1
    length = token.length - 1
    if after_literal and token.offset == last_offset:
        writer.bit(1)
        length = token.length
    else:
        if after_literal:
            writer.bit(0)
        if token.offset <= SHORT_OFFSET:
            writer.byte(value)
        else:
            kind = _long_class(token.offset)
            high_bits, base = LONG_CLASSES[kind]
            writer.byte(0x80 | (value - base) & 0x7F)
            writer.bit(kind)
            writer.bits((value - base) >> 7, high_bits)
    if length <= 2:
        writer.bits(0b10 if length == 2 else 0, length)
        return
    writer.bits(0b11, 2)
    gamma = length - 2
    for shift in range(gamma.bit_length() - 2, -1, -1):
        writer.bit(1)
        writer.bit(gamma >> shift)
    writer.bit(0)


def pack_parts(parts: list[bytes]) -> bytes:
    """`parts` in the stream format above, one after the other, then the end marker."""
    writer = _BitWriter()
    last_offset, after_literal = FIRST_OFFSET, False
    for data in parts:
        position = 0
        for token in parse(data, last_offset):
            if token.offset == 0:
                writer.bit(0)
                writer.byte(data[position])
                after_literal = True
            else:
                _write_match(writer, token, after_literal, last_offset)
                last_offset, after_literal = token.offset, False
            position += token.length
    writer.bit(1)                               # the end marker: a match, offset byte 0 ...
    if after_literal:
        writer.bit(0)
    writer.byte(0)
    writer.bits(0b11, 2)                        # ... and a gamma code of 256: "1 0" eight
    writer.bits(0xAAAA, 16)                     # times
    return bytes(writer.out)


def pack(data: bytes) -> bytes:
    """`data` in the stream format above (one part)."""
    return pack_parts([data])


def unpack_parts(packed: bytes, sizes: list[int]) -> list[bytes]:
    """The reference decoder: parts of `sizes` bytes out of a packed stream (as depack.s
    reads it)."""
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

    offset, after_literal = FIRST_OFFSET, False

    def match() -> int | None:
        """A match's offset kind and offset (into `offset`); its length, or None: the end."""
        nonlocal offset, after_literal
        repeat = after_literal and bit() == 1
        if not repeat:
            low = take()
            offset = low + 1
            if low & 0x80:
                high_bits, base = LONG_CLASSES[bit()]
                high = 0
                for _ in range(high_bits):
                    high = high << 1 | bit()
                offset = base + (high << 7 | low & 0x7F) + 1
        after_literal = False
        value = 1
        if bit():
            if not bit():
                value = 2
            else:
                gamma = 1
                while gamma < 256 and bit():
                    gamma = gamma << 1 | bit()
                if gamma >= 256:
                    return None
                value = gamma + 2
        return value if repeat else value + 1

    parts = []
    for size in sizes:
        out = bytearray()
        while len(out) < size:
            if not bit():
                out.append(take())
                after_literal = True
                continue
            length = match()
            if length is None:
                raise Wordle64Error(f"the end marker comes at output byte {len(out)} of {size}")
            if offset > len(out):
                raise Wordle64Error(f"match reaches {offset} bytes back at output byte {len(out)}")
            for _ in range(length):
                out.append(out[-offset])
        parts.append(bytes(out[:size]))
    if not bit() or match() is not None:
        raise Wordle64Error("no end marker after the last part")
    return parts


def unpack(packed: bytes, size: int) -> bytes:
    """The reference decoder of one part."""
    return unpack_parts(packed, [size])[0]
