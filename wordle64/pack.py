"""Pack stage: the C64's RAM table of the dictionary, and the codecs that ship it as a blob.

RAM table (``results/dict/table.bin``, the image the 6502 unpacker must reproduce byte for byte):
676 prefix count bytes (words per two-letter prefix AA..ZZ, *mod 256*), then one 16-bit
little-endian entry per word, grouped by prefix and sorted within a group:
``entry = (l2 << 11) | (l3 << 6) | (l4 << 1) | answer`` with letters 0..25.

Prefix overflow (MA has 271 words, more than a byte counts) is handled generally by the
*index* (``results/dict/index.bin``): 677 16-bit little-endian cumulative counts, index[p] =
words in the prefixes before p, index[676] = N. The unpackers write it from the true counts they
decode, so any list packs (1,000 words under one prefix, every prefix, one word). The count
bytes keep the reference layout and are only count mod 256; lookups use the index.

Codecs (``dict.codec``; both have a Python decoder written the way the 6502 runs it and a 6502
unpacker in workflow/asm/unpack.s):

``seed`` — the original game's baseline. Blob = the 676 count bytes (mod 256), then the
overflow list: one byte k, then k records (prefix lo, prefix hi, count >> 8) for the prefixes of
256+ words, ascending; then per group the deltas between consecutive sorted entries (the first
from 0): delta < 128 is one byte ``0ddddddd``, else two bytes big-endian ``1ddddddd dddddddd``.
A delta of 32,768 or more does not fit 15 bits: a group's first entry when its third letter is
Q..Z (16 groups in the default list) and 2 large gaps inside groups, 18 in all. Such a delta is
sent as the escape ``$80 $00`` (the two-byte form of 0, which a real delta never uses: zero
fits one byte), which adds 32,768 without emitting an entry, then the remainder as a normal
delta. So the default seed blob is the original's 22,567 B + 2 x 18 + 1 + 3 (MA) = 22,607 B.

``ctxhuff`` — ours: the sorted list walked as a trie (front coding) and coded with canonical
Huffman codes in 104 contexts. For each word after the first, with ``prev`` the word before:

- D symbol, context = prev[4] (26 contexts): d = the first position where the word differs
  from prev; d < 4: ``2 d + answer``; d = 4: ``8 + 2 (word[4] - prev[4] - 1) + answer`` (the
  new last letter and the answer flag in one symbol: the commonest word costs one symbol);
- G symbol (d < 4), context = prev[d] (26): ``word[d] - prev[d] - 1`` (the letter can only
  grow); its largest value steps the first letter past Z: the end of the list;
- T symbols, positions k = d+1..4, context = (k == 4, word[k-1]) (52): word[k].

D and G contexts interleave (D = 2 prev[4], G = 2 prev[d] + 1, T 52-77, T4 78-103) so that
the 6502 finds the D context as entry low byte & $3E. Codes are canonical Huffman codes of
1..8 bits per context (Huffman, frequencies halved until 8 bits suffice), *complemented*: at
length L the leaves are the values ``c >= T[L]`` (T[0] = 1, T[L] = 2 T[L-1] - count[L]), so a
decoder shifts in bits until ``code >= T[L]`` and reads the symbol at ``code + B[L]`` of the
region (class, L). A region holds, context after context, the symbols of that class whose
codes have length L (4 classes x 8 lengths = 32 regions, each at most 255 symbols: the
encoder refuses a list that needs more; the default lists need at most 114).

Blob: N (u16 LE), blob size (u16 LE), the 32 region sizes (u8 each), the first word's five
letters (answer flag in bit 7 of the first; absent when N = 0), then one MSB-first bit stream:
per context, per symbol of its alphabet, 1 bit present and 3 bits length - 1; then the
symbols. The 6502 builds T and B (8 lengths x 128 contexts each) and the regions in a work
area of ``ctxhuff_work_bytes(blob)`` bytes (3.4 KB for the default lists) at W = (blob end -
work) & $FF00, after moving the blob down below it (dict_unpack); or in the free RAM above
the blob (dict_unpack_in_place). ``inplace_margin`` proves that the table writes never catch
the blob's read pointer.
"""

from __future__ import annotations

import argparse
import bz2
import heapq
import logging
import lzma
import math
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import brotli

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_json
from wordle64.toolchain import run_tool

log = logging.getLogger(__name__)

LETTERS = 26
PREFIXES = LETTERS * LETTERS  # 676
WORD_LENGTH = 5
MAX_WORDS = 0xFFFF

# ---- input ------------------------------------------------------------------------------------


def check_word(word: str, where: str) -> None:
    if len(word) != WORD_LENGTH or not all("a" <= c <= "z" for c in word):
        raise Wordle64Error(f"{where}: {word!r} is not five letters a-z")


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
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise Wordle64Error(f"{path} not found: build it first with "
                            f"`snakemake --cores all results/words/words.tsv`") from None
    if not lines:
        raise Wordle64Error(f"{path}:1: empty file, expected a header line")
    header = lines[0].split("\t")
    if "word" not in header or "answer" not in header:
        raise Wordle64Error(f"{path}:1: header needs columns 'word' and 'answer', "
                            f"got {lines[0]!r}")
    word_col, answer_col = header.index("word"), header.index("answer")
    words, answers = [], []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != len(header):
            raise Wordle64Error(f"{path}:{number}: expected {len(header)} tab-separated fields, "
                                f"got {len(fields)}")
        check_word(fields[word_col], f"{path}:{number}")
        if fields[answer_col] not in ("0", "1"):
            raise Wordle64Error(f"{path}:{number}: answer must be 0 or 1, "
                                f"got {fields[answer_col]!r}")
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


# ---- decoder plumbing shared by both codecs ---------------------------------------------------


class BlobReader:
    """Reads a blob forwards, counting the bytes consumed (as the 6502 read pointer moves)."""

    def __init__(self, blob: bytes) -> None:
        self.blob = blob
        self.consumed = 0
        self.bits = 0x80  # sentinel bit buffer: a lone marker bit forces a refill

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
    """Collects the unpacker's writes; `watch` sees (area, offset, bytes consumed) for each."""

    def __init__(self, words: int, reader: BlobReader,
                 watch: Callable[[str, int, int], None] | None = None) -> None:
        self.table = bytearray(PREFIXES + 2 * words)
        self.index = bytearray(2 * (PREFIXES + 1))
        self.reader = reader
        self.watch = watch

    def put_table(self, offset: int, value: int) -> None:
        if self.watch:
            self.watch("table", offset, self.reader.consumed)
        self.table[offset] = value

    def put_index(self, p: int, value: int) -> None:
        for k, byte in enumerate(value.to_bytes(2, "little")):
            if self.watch:
                self.watch("index", 2 * p + k, self.reader.consumed)
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


def seed_decode(blob: bytes, watch: Callable[[str, int, int], None] | None = None) -> Unpacked:
    reader = BlobReader(blob)
    low = [reader.byte() for _ in range(PREFIXES)]
    if watch:  # the 6502 copies each count byte into the table as it reads it
        for p in range(PREFIXES):
            watch("table", p, p + 1)
    high = [0] * PREFIXES
    for _ in range(reader.byte()):
        p = reader.byte() | reader.byte() << 8
        if p >= PREFIXES:
            raise Wordle64Error(f"seed blob: overflow record for prefix {p} (max 675)")
        high[p] = reader.byte()
    counts = [lo | hi << 8 for lo, hi in zip(low, high)]
    sink = Sink(sum(counts), reader, watch)
    walker = GroupWalker(sink)
    for p, count in enumerate(counts):
        if not count:
            continue
        walker.advance_to(p)
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
    walker.finish()
    return Unpacked(bytes(sink.table), bytes(sink.index))


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


def ctxhuff_symbols(words: Sequence[str],
                    answers: Sequence[bool]) -> list[tuple[int, int]]:
    """(context, symbol) pairs in stream order: the words after the first, then the end
    marker (d = 0 with the first letter stepping past Z)."""
    out = []
    prev = letters(words[0]) if words else []
    for word, answer in zip(words[1:], answers[1:]):
        cur = letters(word)
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
        out.append((D_CONTEXTS + 2 * prev[4], 0))
        out.append((G_CONTEXTS + 2 * prev[0], LETTERS - prev[0] - 1))
    return out


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

    def flush(self) -> bytes:
        if self.count:
            self.out.append(self.acc << (8 - self.count))
            self.acc = self.count = 0
        return bytes(self.out)


def ctxhuff_encode(words: Sequence[str], answers: Sequence[bool]) -> bytes:
    stream = ctxhuff_symbols(words, answers)
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
        for context, symbol in stream:
            key = (context, symbol)
            if key not in cache:
                cache[key] = tables.codes[context].code(symbol)
            bits.write(*cache[key])
    body = bits.flush()
    header = bytearray(len(words).to_bytes(2, "little"))
    size = 4 + REGIONS + (WORD_LENGTH if words else 0) + len(body)
    if size > 0xFFFF:
        raise Wordle64Error(f"ctxhuff blob of {size} bytes exceeds 65,535")
    header += size.to_bytes(2, "little") + bytes(len(r) for r in tables.regions)
    if words:
        first = letters(words[0])
        first[0] |= 0x80 if answers[0] else 0
        header += bytes(first)
    return bytes(header + body)


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


def ctxhuff_decode(blob: bytes, watch: Callable[[str, int, int], None] | None = None
                   ) -> Unpacked:
    reader = BlobReader(blob)
    n = reader.byte() | reader.byte() << 8
    size = reader.byte() | reader.byte() << 8
    region_sizes = [reader.byte() for _ in range(REGIONS)]
    if size != len(blob):
        raise Wordle64Error(f"ctxhuff blob: header says {size} bytes, got {len(blob)}")
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
        while True:
            walker.advance_to(cur[0] * LETTERS + cur[1])
            walker.word(cur[2] << 11 | cur[3] << 6 | cur[4] << 1 | answer)
            ds = ctxhuff_decode_symbol(reader, tables, D_CONTEXTS + 2 * cur[4])
            answer = ds & 1
            if ds >= D_LAST_BASE:
                d = 4
                cur[4] += (ds - D_LAST_BASE >> 1) + 1
            else:
                d = ds >> 1
                cur[d] += ctxhuff_decode_symbol(reader, tables, G_CONTEXTS + 2 * cur[d]) + 1
                if cur[d] >= LETTERS:
                    break   # the end marker
            for k in range(d + 1, WORD_LENGTH):
                base = T4_CONTEXTS if k == 4 else T_CONTEXTS
                cur[k] = ctxhuff_decode_symbol(reader, tables, base + cur[k - 1])
        if walker.total != n:
            raise Wordle64Error(f"ctxhuff blob: header says {n} words, the stream holds "
                                f"{walker.total}")
    walker.finish()
    return Unpacked(bytes(sink.table), bytes(sink.index))


def ctxhuff_work_bytes(blob: bytes) -> int:
    """Bytes of the 6502 decoder's work area (decode tables and symbol regions)."""
    return WORK_BASE_BYTES + sum(blob[4:4 + REGIONS])


# ---- codec registry ---------------------------------------------------------------------------

ENCODERS: dict[str, Callable[[Sequence[str], Sequence[bool]], bytes]] = {
    "seed": seed_encode, "ctxhuff": ctxhuff_encode}
DECODERS: dict[str, Callable[..., Unpacked]] = {"seed": seed_decode, "ctxhuff": ctxhuff_decode}
CODECS = tuple(ENCODERS)


def encode(codec: str, words: Sequence[str], answers: Sequence[bool]) -> bytes:
    if codec not in ENCODERS:
        raise Wordle64Error(f"unknown codec {codec!r} (choose from {', '.join(CODECS)})")
    return ENCODERS[codec](words, answers)


def decode(codec: str, blob: bytes) -> Unpacked:
    if codec not in DECODERS:
        raise Wordle64Error(f"unknown codec {codec!r} (choose from {', '.join(CODECS)})")
    return DECODERS[codec](blob)


# ---- in-place unpacking -----------------------------------------------------------------------


@dataclass(frozen=True)
class InPlaceLayout:
    """Where the 6502 unpacker reads and writes, for a blob loaded at blob_addr."""

    read_start: int   # where the blob is read from (ctxhuff: after its move down)
    work_start: int   # decoder work area [work_start, work_end) (empty for seed)
    work_end: int


def inplace_layout(codec: str, blob: bytes, blob_addr: int,
                   in_place: bool = False) -> InPlaceLayout:
    """The unpacker's layout. ctxhuff's dict_unpack moves the blob down to end at W =
    (end - work) & $FF00 and works in [W, W + work); dict_unpack_in_place (in_place=True)
    leaves the blob where it is and works in [W, W + work) with W = the end rounded up to a
    page, which the caller must leave free."""
    end = blob_addr + len(blob)
    if codec == "ctxhuff":
        work_bytes = ctxhuff_work_bytes(blob)
        if in_place:
            work = (end + 0xFF) & ~0xFF
            return InPlaceLayout(blob_addr, work, work + work_bytes)
        work = (end - work_bytes) & ~0xFF
        return InPlaceLayout(work - len(blob), work, work + work_bytes)
    return InPlaceLayout(blob_addr, end, end)


def inplace_margin(codec: str, blob: bytes, *, table_addr: int, index_addr: int,
                   blob_addr: int, in_place: bool = False) -> int:
    """Spare bytes of an in-place unpack: >= 0 fits, negative = that many bytes short.

    The blob is loaded at blob_addr; the unpacker writes the table at table_addr and the index
    at index_addr. Every write below the end of the blob and work area must land below the
    blob's read pointer (the next unread byte). ctxhuff's dict_unpack first moves the blob
    down below its work area, and that move must stay at or above table_addr;
    dict_unpack_in_place (in_place=True) needs its work area free above the blob instead (see
    inplace_layout). The result is the smallest gap over all writes, minus one.
    """
    layout = inplace_layout(codec, blob, blob_addr, in_place)
    margin = layout.read_start - table_addr
    upper = layout.work_end

    def watch(area: str, offset: int, consumed: int) -> None:
        nonlocal margin
        address = (table_addr if area == "table" else index_addr) + offset
        if address < upper:
            margin = min(margin, layout.read_start + consumed - address - 1)

    DECODERS[codec](blob, watch=watch)
    return margin


# ---- compression report -----------------------------------------------------------------------

COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "none": lambda data: data,
    "zlib": lambda data: zlib.compress(data, 9),
    "bzip2": lambda data: bz2.compress(data, 9),
    "xz": lambda data: lzma.compress(data, preset=9 | lzma.PRESET_EXTREME),
    "brotli": lambda data: brotli.compress(data, quality=11),
}


def front_code(words: Iterable[str]) -> str:
    """A line per word: one digit for the prefix shared with the previous word, then the rest."""
    lines, previous = [], ""
    for word in words:
        shared = 0
        while shared < min(len(word), len(previous)) and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]}\n")
        previous = word
    return "".join(lines)


def log2_binomial(n: int, k: int) -> float:
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)


def information_bound_bytes(words: int, answers: int) -> float:
    """log2 C(26^5, N) + log2 C(N, A) bits, in bytes: any N-word set with A answers."""
    return (log2_binomial(LETTERS ** WORD_LENGTH, words) + log2_binomial(words, answers)) / 8


def compression_rows(words: Sequence[str], answers: Sequence[bool], table: bytes,
                     blobs: dict[str, bytes], dataset: str = "wordle") -> list[dict]:
    n = max(len(words), 1)

    def row(representation: str, compressor: str, size: float) -> dict:
        return {"dataset": dataset, "representation": representation,
                "compressor": compressor, "bytes": round(size),
                "bits_per_word": round(8 * size / n, 3)}

    representations = {
        "plain (words only)": "".join(f"{w}\n" for w in words).encode("ascii"),
        "front-coded (words only)": front_code(words).encode("ascii"),
        "packed table (words + answers)": table,
    }
    rows = [row(name, compressor, len(compress(data)))
            for name, data in representations.items()
            for compressor, compress in COMPRESSORS.items()]
    for codec, blob in blobs.items():
        rows.append(row(f"{codec} codec (words + answers)", "none", len(blob)))
    rows.append(row("information bound (words + answers)", "none",
                    information_bound_bytes(len(words), sum(answers))))
    rows.append(row("information bound (words only)", "none",
                    information_bound_bytes(len(words), 0)))
    return rows


def write_tsv(rows: Sequence[dict], path: Path) -> None:
    columns = list(rows[0])
    lines = ["\t".join(columns)] + ["\t".join(str(r[c]) for c in columns) for r in rows]
    Path(path).write_text("\n".join(lines) + "\n")


def plot_compression(rows: Sequence[dict], path: Path, codec: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(rows, key=lambda r: r["bytes"], reverse=True)
    labels = [r["representation"] if r["compressor"] == "none"
              else f"{r['representation']} + {r['compressor']}" for r in ordered]
    colours = ["tab:red" if r["representation"].startswith(codec + " codec")
               else "tab:grey" if r["representation"].startswith("information")
               else "tab:orange" if r["representation"].startswith("seed codec")
               else "tab:blue" for r in ordered]
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(ordered) + 1.2))
    ax.barh(range(len(ordered)), [r["bytes"] for r in ordered], color=colours)
    ax.set_yticks(range(len(ordered)), labels, fontsize=7)
    for i, r in enumerate(ordered):
        ax.text(r["bytes"], i, f" {r['bytes']:,}", va="center", fontsize=6)
    ax.set_xscale("log")
    ax.set_xlabel("bytes (log scale)")
    ax.set_title(f"The {len(rows) and rows[0]['dataset']} dictionary: representations "
                 f"and compressors (red: {codec}, the shipped codec)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ---- the 6502 unpackers under emulation ------------------------------------------------------

# A minimal ld65 map for unpack.s on its own (tests and the benchmark): the game's map is
# workflow/asm/wordle64.cfg (the build helper's); this one only needs code, tables and variables.
UNPACK_ALONE_CFG = """\
MEMORY {
    ZP:       file = "", start = $0002, size = $008E;
    LOADADDR: file = %O, start = $07FF, size = $0002;
    MAIN:     file = %O, start = $0801, size = $17FF;
    BSSRAM:   file = "", start = $033C, size = $00C0;
}
SEGMENTS {
    ZEROPAGE: load = ZP,       type = zp;
    LOADADDR: load = LOADADDR, type = ro;
    CODE:     load = MAIN,     type = ro;
    RODATA:   load = MAIN,     type = ro;
    DATA:     load = MAIN,     type = rw;
    BSS:      load = BSSRAM,   type = bss;
}
"""


def assemble_unpacker(asm_dir: Path, workdir: Path) -> tuple[Path, Path]:
    """Assemble the decoders alone with ca65/ld65: workflow/asm/seed/unpack_seed.s, which
    includes unpack.s, so the PRG holds dict_unpack, dict_unpack_in_place and dict_unpack_seed
    (the game links only unpack.s). Returns (PRG, ld65 -Ln labels)."""

    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "alone.cfg").write_text(UNPACK_ALONE_CFG)
    (workdir / "loadaddr.s").write_text('.segment "LOADADDR"\n.word $0801\n')
    commands = [
        ["ca65", "-g", "-I", str(asm_dir), "-o", str(workdir / "unpack.o"),
         str(Path(asm_dir) / "seed" / "unpack_seed.s")],
        ["ca65", "-o", str(workdir / "loadaddr.o"), str(workdir / "loadaddr.s")],
        ["ld65", "-C", str(workdir / "alone.cfg"), "-o", str(workdir / "unpack.prg"),
         "-Ln", str(workdir / "unpack.lbl"), str(workdir / "unpack.o"),
         str(workdir / "loadaddr.o")],
    ]
    for command in commands:
        run_tool(command, f"{command[0]} {Path(command[-1]).name}")
    return workdir / "unpack.prg", workdir / "unpack.lbl"


@dataclass
class UnpackRun:
    table: bytes
    index: bytes
    cycles: int
    progress: list[int]  # the A values the progress hook saw


def run_unpacker(machine, routine: str, blob: bytes, *, table_addr: int, index_addr: int,
                 blob_addr: int, max_cycles: int = 40_000_000) -> UnpackRun:
    """Run a 6502 unpacker (wordle64.c64.emu.Machine with unpack.s loaded) on a blob; return
    what it wrote, its cycles and the progress values it reported."""
    words = int.from_bytes(blob[:2], "little") if routine != "dict_unpack_seed" else None
    machine.write(blob_addr, blob)
    machine.write_word("unpack_src", blob_addr)
    machine.write_word("unpack_dst", table_addr)
    machine.write_word("unpack_index", index_addr)
    progress: list[int] = []
    machine.traps[machine.addr("unpack_progress_hook")] = lambda m: progress.append(m.mpu.a)
    result = machine.call(routine, max_cycles=max_cycles)
    index = machine.read(index_addr, 2 * (PREFIXES + 1))
    if words is None:
        words = int.from_bytes(index[-2:], "little")
    return UnpackRun(machine.read(table_addr, PREFIXES + 2 * words), index, result.cycles,
                     progress)


def bench_unpack(words: Sequence[str], answers: Sequence[bool], prg: Path,
                 labels: Path) -> dict:
    """Cycles of the 6502 unpackers (the decoders' PRG and labels: assemble_unpacker, i.e.
    results/build/unpack-seed.prg) on a word list, blob at the top of RAM, checked against the
    Python table; for results/bench/unpack.json."""
    from wordle64.c64.emu import Machine, cycles_to_seconds

    prg, labels = Path(prg), Path(labels)
    table, index = build_table(words, answers), build_index(words)
    index_addr = 0x3000
    table_addr = index_addr + len(index)
    out = {"words": len(words), "answers": sum(answers), "routines": {}}
    runs = [("ctxhuff", "dict_unpack", False), ("ctxhuff", "dict_unpack_in_place", True),
            ("seed", "dict_unpack_seed", False)]
    for codec, routine, in_place in runs:
        blob = encode(codec, words, answers)
        top = 0xD000 - (ctxhuff_work_bytes(blob) + 0x100 if in_place else 0)
        blob_addr = top - len(blob)
        margin = inplace_margin(codec, blob, table_addr=table_addr, index_addr=index_addr,
                                blob_addr=blob_addr, in_place=in_place)
        run = run_unpacker(Machine.from_files(prg, labels), routine, blob,
                           table_addr=table_addr, index_addr=index_addr, blob_addr=blob_addr)
        out["routines"][routine] = {
            "codec": codec, "blob_bytes": len(blob), "blob_addr": f"${blob_addr:04X}",
            "table_ok": run.table == table and run.index == index,
            "cycles": run.cycles, "cycles_per_word": round(run.cycles / max(len(words), 1), 1),
            "seconds": cycles_to_seconds(run.cycles), "progress_calls": len(run.progress),
            "inplace_margin": margin,
        }
    out["decoders_prg_bytes"] = prg.stat().st_size - 2  # ctxhuff + seed (the game: ctxhuff)
    return out


def bench_unpack_stage(words_tsv: str | Path, prg: str | Path, labels: str | Path,
                       out_path: str | Path) -> dict:
    """Rule bench_unpack: bench_unpack on words.tsv, written to results/bench/unpack.json."""
    words, answers = read_words_tsv(Path(words_tsv))
    result = bench_unpack(words, answers, Path(prg), Path(labels))
    write_json(out_path, result)
    return result


# ---- the stage --------------------------------------------------------------------------------


def pack_stats(words: Sequence[str], answers: Sequence[bool], table: bytes,
               blobs: dict[str, bytes], codec: str) -> dict:
    counts = prefix_counts(words)
    blob = blobs[codec]
    stats = {
        "words": len(words),
        "answers": sum(answers),
        "table_bytes": len(table),
        "index_bytes": 2 * (PREFIXES + 1),
        "codec": codec,
        "blob_bytes": len(blob),
        "blob_bits_per_word": round(8 * len(blob) / max(len(words), 1), 3),
        "seed_blob_bytes": len(blobs["seed"]),
        "ctxhuff_blob_bytes": len(blobs["ctxhuff"]),
        "max_prefix_count": max(counts),
        "max_prefix": prefix_name(counts.index(max(counts))),
        "prefixes_used": sum(1 for c in counts if c),
        "prefixes_over_255": sum(1 for c in counts if c > 255),
        "prefix_overflow": ("count bytes hold count mod 256; the unpacker writes a 677-entry "
                            "cumulative 16-bit index (index.bin) from the true counts, which "
                            "lookups use; the seed blob lists 256+ prefixes with their high "
                            "count bytes"),
        "information_bound_bytes": round(information_bound_bytes(len(words), sum(answers))),
    }
    if "ctxhuff" in blobs and words:
        stats["ctxhuff_work_bytes"] = ctxhuff_work_bytes(blobs["ctxhuff"])
    return stats


def run_pack_stage(words_tsv: Path, codec: str, outputs) -> dict:
    """Read words.tsv, write table, index, both blobs, stats, compression table and chart."""
    words, answers = read_words_tsv(words_tsv)
    table, index = build_table(words, answers), build_index(words)
    blobs = {name: encode(name, words, answers) for name in CODECS}
    for name, blob in blobs.items():
        unpacked = decode(name, blob)
        if unpacked.table != table or unpacked.index != index:
            raise Wordle64Error(f"{name} codec: the blob does not decode to the table "
                                f"(a codec bug; nothing written)")
    stats = pack_stats(words, answers, table, blobs, codec)
    rows = compression_rows(words, answers, table, blobs)
    write_bytes(outputs.table, table)
    write_bytes(outputs.index, index)
    write_bytes(outputs.blob, blobs[codec])
    write_bytes(outputs.seed_blob, blobs["seed"])
    write_json(outputs.stats, stats)
    Path(outputs.compression).parent.mkdir(parents=True, exist_ok=True)
    write_tsv(rows, Path(outputs.compression))
    plot_compression(rows, Path(outputs.plot), codec)
    log.info("pack: %s", stats)
    return stats


# ---- command line -----------------------------------------------------------------------------


def _cmd_pack(args: argparse.Namespace) -> int:
    words, answers = read_words_tsv(Path(args.words))
    blob = encode(args.codec, words, answers)
    if decode(args.codec, blob).table != build_table(words, answers):
        raise Wordle64Error(f"{args.codec}: the blob does not decode to the table (a codec bug)")
    if args.output:
        Path(args.output).write_bytes(blob)
    print(f"{args.codec}: {len(words):,} words, {sum(answers):,} answers -> {len(blob):,} bytes "
          f"({8 * len(blob) / max(len(words), 1):.3f} bits/word; table "
          f"{PREFIXES + 2 * len(words):,} bytes)" + (f", written to {args.output}"
                                                     if args.output else ""))
    return 0


def _cmd_unpack(args: argparse.Namespace) -> int:
    try:
        blob = Path(args.blob).read_bytes()
    except OSError as error:
        raise Wordle64Error(f"{args.blob}: cannot read ({error.strerror})") from None
    unpacked = decode(args.codec, blob)
    words, answers = table_words(unpacked.table, unpacked.index)
    if args.list:
        for word, answer in zip(words, answers):
            print(word.upper() + (" *" if answer else ""))
    else:
        print(f"{args.blob}: {args.codec} blob of {len(blob):,} bytes: {len(words):,} words, "
              f"{sum(answers):,} answers (list them with --list; * marks an answer)")
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "pack", help="encode a words.tsv with a dictionary codec and report the blob's size")
    parser.add_argument("--words", default="results/words/words.tsv",
                        help="word table (default: results/words/words.tsv)")
    parser.add_argument("--codec", choices=CODECS, default="ctxhuff")
    parser.add_argument("-o", "--output", help="write the blob here")
    parser.set_defaults(func=_cmd_pack)
    parser = subparsers.add_parser(
        "unpack", help="decode a dictionary blob (Python reference decoder) and list its words")
    parser.add_argument("blob", help="e.g. results/dict/blob.bin")
    parser.add_argument("--codec", choices=CODECS, default="ctxhuff")
    parser.add_argument("--list", action="store_true", help="print every word (* = answer)")
    parser.set_defaults(func=_cmd_unpack)
