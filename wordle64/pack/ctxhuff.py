"""The ctxhuff codec: context-modelled canonical Huffman over a trie walk (format: the package
docstring)."""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordle64.errors import Wordle64Error

log = logging.getLogger(__name__)
from wordle64.pack.stream import BlobReader, GroupWalker, Sink, Unpacked
from wordle64.pack.table import LETTERS, WORD_LENGTH, letters

# ---- ctxhuff codec (ours) ---------------------------------------------------------------------

MAX_CODE_LENGTH = 8
# D and G contexts interleave (D = 2 prev[4], G = 2 prev[d] + 1), so that the 6502 finds the
# D context as entry low byte & $3E.
D_CONTEXTS = 0     # + 2 prev[4]: 2 d + answer (d < 4), or 8 + 2 gap + answer (d = 4)
G_CONTEXTS = 1     # + 2 prev[d] (d < 4); symbol gap = word[d] - prev[d] - 1 (26: the end)
T_CONTEXTS = 52    # + word[k-1] (k < 4); symbol word[k]
T4_CONTEXTS = 78   # + word[3] (k = 4); symbol word[4]
CONTEXTS = 104
D_LAST_BASE = 8    # D symbols from here: d = 4, gap and answer
CLASSES = ("D", "G", "T", "T4")
REGIONS = len(CLASSES) * MAX_CODE_LENGTH  # symbol regions: one per class and code length
WORK_BASE_BYTES = 0x800  # T and B arrays: 8 lengths x 128 contexts each; then the regions
BODY_START = 4 + REGIONS + WORD_LENGTH  # blob offset of the bit stream: after N, size, regions,
                                        # the first word
CHECKPOINTS = 24       # most checkpoints in the trailer (the 6502's lookup decodes 1/24th)
CHECKPOINT_BYTES = 10  # per checkpoint: next lo/hi, bits, the 5 letters of prev, answers lo/hi


def context_class(context: int) -> int:
    if context < T_CONTEXTS:
        return context % 2          # 0 D, 1 G
    return 2 if context < T4_CONTEXTS else 3


def alphabet_size(context: int) -> int:
    if context < T_CONTEXTS:
        if context % 2 == 0:
            return D_LAST_BASE + 2 * (25 - context // 2)
        return 26 - context // 2    # gaps 0..25 - prev: the largest is the end marker
    return LETTERS


def huffman_lengths(freqs: dict[int, int], max_length: int = MAX_CODE_LENGTH) -> dict[int, int]:
    """Code lengths (1..max_length) for the symbols of `freqs` (a lone symbol gets 1 bit).

    Plain Huffman; while too deep, the frequencies are halved (rounding up) and it is rebuilt.
    Ties break on symbol order, so the result is deterministic.
    """
    if not freqs:
        return {}
    if len(freqs) == 1:
        return {next(iter(freqs)): 1}
    weights = dict(freqs)
    while True:
        heap = [(w, i, (s,)) for i, (s, w) in enumerate(sorted(weights.items()))]
        heapq.heapify(heap)
        depth = dict.fromkeys(weights, 0)
        order = len(heap)
        while len(heap) > 1:
            w1, _, s1 = heapq.heappop(heap)
            w2, _, s2 = heapq.heappop(heap)
            for s in s1 + s2:
                depth[s] += 1
            heapq.heappush(heap, (w1 + w2, order, s1 + s2))
            order += 1
        if max(depth.values()) <= max_length:
            return depth
        weights = {s: (w + 1) // 2 for s, w in weights.items()}


@dataclass
class ContextCode:
    """Canonical complemented code of one context, in the 6502's table form."""

    lengths: dict[int, int]  # symbol -> length (1..8)
    limits: list[int]        # T[L], L = 0..8 (T[0] = 1; clamped to 255)
    bases: list[int]         # B[L] = slot of its first length-L symbol in region L - T[L]
    region: int              # region of length 1 (class * 8); length L uses region + L - 1

    def code(self, symbol: int) -> tuple[int, int]:
        """(value, length) of the code of `symbol`."""
        length = self.lengths[symbol]
        rank = sum(1 for s, L in self.lengths.items() if L == length and s < symbol)
        return self.limits[length] + rank, length


@dataclass
class DecodeTables:
    codes: list[ContextCode]
    regions: list[list[int]]  # symbols of each (class, length) region, in slot order


def decode_tables(lengths: Sequence[dict[int, int]]) -> DecodeTables:
    """Table form of every context's code, built as the 6502 builds it: contexts in order,
    each context's symbols of length L appended to region (class, L) in symbol order."""
    regions: list[list[int]] = [[] for _ in range(REGIONS)]
    codes = []
    for context, lens in enumerate(lengths):
        region = context_class(context) * MAX_CODE_LENGTH
        limits, bases, limit = [1], [0], 1
        for L in range(1, MAX_CODE_LENGTH + 1):
            symbols = sorted(s for s, sl in lens.items() if sl == L)
            limit = 2 * limit - len(symbols)
            limits.append(min(limit, 0xFF))
            bases.append((len(regions[region + L - 1]) - limit) & 0xFF)
            regions[region + L - 1] += symbols
        codes.append(ContextCode(dict(lens), limits, bases, region))
    return DecodeTables(codes, regions)


def ctxhuff_symbol_stream(words: Sequence[str], answers: Sequence[bool]
                          ) -> tuple[list[tuple[int, int]], list[int]]:
    """(context, symbol) pairs in stream order: the words after the first, then the end
    marker (d = 0 with the first letter stepping past Z); and for k = 1..N the index of word
    k's first symbol (k = N: the end marker's), at position k - 1 (the checkpoints need it)."""
    out: list[tuple[int, int]] = []
    starts: list[int] = []
    prev = letters(words[0]) if words else []
    for word, answer in zip(words[1:], answers[1:]):
        starts.append(len(out))
        cur = letters(word)
        if cur <= prev:  # a gap below zero would code garbage (pack.normalise sorts)
            raise Wordle64Error(f"ctxhuff: words must be sorted and distinct ({word!r} "
                                f"follows {words[len(starts) - 1]!r})")
        d = next(i for i in range(WORD_LENGTH) if cur[i] != prev[i])
        if d == 4:
            out.append((D_CONTEXTS + 2 * prev[4],
                        D_LAST_BASE + 2 * (cur[4] - prev[4] - 1) + int(answer)))
        else:
            out.append((D_CONTEXTS + 2 * prev[4], 2 * d + int(answer)))
            out.append((G_CONTEXTS + 2 * prev[d], cur[d] - prev[d] - 1))
        for k in range(d + 1, WORD_LENGTH):
            out.append(((T4_CONTEXTS if k == 4 else T_CONTEXTS) + cur[k - 1], cur[k]))
        prev = cur
    if words:
        starts.append(len(out))
        out.append((D_CONTEXTS + 2 * prev[4], 0))
        out.append((G_CONTEXTS + 2 * prev[0], LETTERS - prev[0] - 1))
    return out, starts


def ctxhuff_symbols(words: Sequence[str],
                    answers: Sequence[bool]) -> list[tuple[int, int]]:
    """(context, symbol) pairs in stream order (ctxhuff_symbol_stream without the starts)."""
    return ctxhuff_symbol_stream(words, answers)[0]


class BitWriter:
    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = 0
        self.count = 0

    def write(self, value: int, bits: int) -> None:
        for shift in range(bits - 1, -1, -1):
            self.acc = self.acc << 1 | (value >> shift) & 1
            self.count += 1
            if self.count == 8:
                self.out.append(self.acc)
                self.acc = self.count = 0

    @property
    def position(self) -> int:
        """Bits written so far: the position of the next bit."""
        return 8 * len(self.out) + self.count

    def flush(self) -> bytes:
        if self.count:
            self.out.append(self.acc << (8 - self.count))
            self.acc = self.count = 0
        return bytes(self.out)


def checkpoint_words(n: int) -> list[int]:
    """k_s, the word each checkpoint stands before (N = n words): K = min(24, max(1, N - 1))
    checkpoints S = ceil((N - 1) / K) words apart from word 1, cut so that k_s <= N (k_s = N:
    right before the end marker). No checkpoint for N = 0."""
    if n == 0:
        return []
    wanted = min(CHECKPOINTS, max(1, n - 1))
    step = max(1, -(-(n - 1) // wanted))
    return [1 + s * step for s in range(min(wanted, (n - 1) // step + 1))]


def ctxhuff_trailer(words: Sequence[str], answers: Sequence[bool], body: bytes,
                    word_bits: Sequence[int]) -> bytes:
    """The checkpoint trailer (format: the package docstring). word_bits[k - 1] is the body
    bit position of word k's first symbol (k = N: the end marker's)."""
    ks = checkpoint_words(len(words))
    if not ks:
        return b""
    rows = []
    for k in ks:
        byte, bit = divmod(word_bits[k - 1], 8)
        # The 6502's bit buffer after `bit` bits of body[byte]: MSB = the next bit, then a
        # marker 1 below the last valid bit (0x80 alone: refill from `next` first).
        buffer = 0x80 if bit == 0 else ((body[byte] << bit) | (1 << (bit - 1))) & 0xFF
        following = BODY_START + byte + (bit != 0)
        prev = letters(words[k - 1])
        prev[0] |= 0x80 if answers[k - 1] else 0
        before = sum(map(bool, answers[:k - 1]))
        rows.append([following & 0xFF, following >> 8, buffer, *prev, before & 0xFF,
                     before >> 8])
    columns = bytes(row[field] for field in range(CHECKPOINT_BYTES) for row in rows)
    return columns + sum(map(bool, answers)).to_bytes(2, "little") + bytes([len(ks)])


def ctxhuff_encode(words: Sequence[str], answers: Sequence[bool]) -> bytes:
    stream, starts = ctxhuff_symbol_stream(words, answers)
    freqs: list[dict[int, int]] = [{} for _ in range(CONTEXTS)]
    for context, symbol in stream:
        freqs[context][symbol] = freqs[context].get(symbol, 0) + 1
    lengths = [huffman_lengths(f) for f in freqs]
    tables = decode_tables(lengths)
    for r, region in enumerate(tables.regions):
        if len(region) > 0xFF:
            raise Wordle64Error(
                f"ctxhuff: {len(region)} {CLASSES[r // MAX_CODE_LENGTH]} codes of length "
                f"{r % MAX_CODE_LENGTH + 1} (the 6502 tables hold 255); use dict.codec: seed")
    bits = BitWriter()
    if words:
        for context in range(CONTEXTS):
            for symbol in range(alphabet_size(context)):
                if symbol in lengths[context]:
                    bits.write(1, 1)
                    bits.write(lengths[context][symbol] - 1, 3)
                else:
                    bits.write(0, 1)
        cache: dict[tuple[int, int], tuple[int, int]] = {}
        word_bits: list[int] = []
        for i, (context, symbol) in enumerate(stream):
            if len(word_bits) < len(starts) and starts[len(word_bits)] == i:
                word_bits.append(bits.position)
            key = (context, symbol)
            if key not in cache:
                cache[key] = tables.codes[context].code(symbol)
            bits.write(*cache[key])
    body = bits.flush()
    trailer = ctxhuff_trailer(words, answers, body, word_bits) if words else b""
    header = bytearray(len(words).to_bytes(2, "little"))
    size = 4 + REGIONS + (WORD_LENGTH if words else 0) + len(body)   # the stream: the
    # trailer follows it, outside `size` (the 6502 reads only the stream while it unpacks)
    if size + len(trailer) > 0xFFFF:
        raise Wordle64Error(f"ctxhuff blob of {size + len(trailer)} bytes exceeds 65,535")
    header += size.to_bytes(2, "little") + bytes(len(r) for r in tables.regions)
    if words:
        first = letters(words[0])
        first[0] |= 0x80 if answers[0] else 0
        header += bytes(first)
    return bytes(header + body + trailer)


def stream_bytes(blob: bytes) -> int:
    """The header's size: the blob's stream (header, first word, bit stream), the part the
    6502 reads while it unpacks; the checkpoint trailer follows it."""
    if len(blob) < 4:
        raise Wordle64Error(f"ctxhuff blob of {len(blob)} bytes: no header")
    return int.from_bytes(blob[2:4], "little")


def trailer_bytes(blob: bytes) -> int:
    """Length of the checkpoint trailer after the stream: 10 K + 3 (K = the blob's last byte),
    0 when the blob ends with its stream (an empty list)."""
    extra = len(blob) - stream_bytes(blob)
    if extra == 0:
        return 0
    if extra < 0:
        raise Wordle64Error(f"ctxhuff blob of {len(blob):,} bytes is shorter than the "
                            f"{stream_bytes(blob):,}-byte stream its header declares: truncated")
    count = blob[-1]
    if count == 0 or extra != CHECKPOINT_BYTES * count + 3:
        raise Wordle64Error(f"ctxhuff blob: the {extra:,} bytes after its "
                            f"{stream_bytes(blob):,}-byte stream are no checkpoint trailer (its "
                            f"last byte says {count} checkpoints, {CHECKPOINT_BYTES * count + 3:,} "
                            "bytes)")
    return extra


def ctxhuff_read_tables(reader: BlobReader) -> DecodeTables:
    """The decode tables, rebuilt from the code lengths the way the 6502 rebuilds them."""
    lengths = []
    for context in range(CONTEXTS):
        lens = {}
        for symbol in range(alphabet_size(context)):
            if reader.bit():
                lens[symbol] = reader.bits_value(3) + 1
        lengths.append(lens)
    return decode_tables(lengths)


def ctxhuff_decode_symbol(reader: BlobReader, tables: DecodeTables, context: int) -> int:
    code = tables.codes[context]
    value, length = 0, 0
    while value < code.limits[length] and length < MAX_CODE_LENGTH:
        value = (value << 1 | reader.bit()) & 0xFF
        length += 1
    region = tables.regions[code.region + length - 1]
    slot = (value + code.bases[length]) & 0xFF
    if slot >= len(region):
        raise Wordle64Error("ctxhuff blob: a code that its tables do not hold (corrupt blob)")
    return region[slot]


def ctxhuff_decode_word(reader: BlobReader, tables: DecodeTables, prev: Sequence[int]
                        ) -> tuple[list[int], int] | None:
    """The word after `prev` (letters) and its answer bit, or None at the end marker (the
    stream stops there: the trailer after it is never read)."""
    cur = list(prev)
    ds = ctxhuff_decode_symbol(reader, tables, D_CONTEXTS + 2 * cur[4])
    if ds >= D_LAST_BASE:
        d = 4
        cur[4] += (ds - D_LAST_BASE >> 1) + 1
    else:
        d = ds >> 1
        cur[d] += ctxhuff_decode_symbol(reader, tables, G_CONTEXTS + 2 * cur[d]) + 1
        if cur[d] >= LETTERS:
            return None
    for k in range(d + 1, WORD_LENGTH):
        base = T4_CONTEXTS if k == 4 else T_CONTEXTS
        cur[k] = ctxhuff_decode_symbol(reader, tables, base + cur[k - 1])
    return cur, ds & 1


def ctxhuff_decode(blob: bytes, watch: Callable[[str, int, int], None] | None = None
                   ) -> Unpacked:
    reader = BlobReader(blob)
    n = reader.byte() | reader.byte() << 8
    size = reader.byte() | reader.byte() << 8
    region_sizes = [reader.byte() for _ in range(REGIONS)]
    if size + trailer_bytes(blob) != len(blob):
        raise Wordle64Error(f"ctxhuff blob: header says {size} bytes of stream, got "
                            f"{len(blob)} with the trailer")
    sink = Sink(n, reader, watch)
    walker = GroupWalker(sink)
    if n:
        first = [reader.byte() for _ in range(WORD_LENGTH)]
        answer = first[0] >> 7
        cur = [first[0] & 0x7F] + first[1:]
        if max(cur) >= LETTERS:
            raise Wordle64Error("ctxhuff blob: the first word holds a letter beyond Z")
        tables = ctxhuff_read_tables(reader)
        if [len(r) for r in tables.regions] != region_sizes:
            raise Wordle64Error("ctxhuff blob: region sizes in the header do not match its "
                                "code tables")
        step: tuple[list[int], int] | None = (cur, answer)
        while step is not None:
            cur, answer = step
            walker.advance_to(cur[0] * LETTERS + cur[1])
            walker.word(cur[2] << 11 | cur[3] << 6 | cur[4] << 1 | answer)
            step = ctxhuff_decode_word(reader, tables, cur)
        if walker.total != n:
            raise Wordle64Error(f"ctxhuff blob: header says {n} words, the stream holds "
                                f"{walker.total}")
    walker.finish()
    return Unpacked(bytes(sink.table), bytes(sink.index))


def ctxhuff_work_bytes(blob: bytes) -> int:
    """Bytes of the 6502 decoder's work area (decode tables and symbol regions)."""
    return WORK_BASE_BYTES + sum(blob[4:4 + REGIONS])

