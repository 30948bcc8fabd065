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
Q..Z, and large gaps inside groups. Such a delta is sent as the escape ``$80 $00`` (the
two-byte form of 0, which a real delta never uses: zero fits one byte), which adds 32,768
without emitting an entry, then the remainder as a normal delta. So the seed blob is the
original game's format plus two bytes per escape and the overflow list (its size for a build:
seed_blob_bytes in results/dict/stats.json).

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

Blob: N (u16 LE), stream size (u16 LE), the 32 region sizes (u8 each), the first word's five
letters (answer flag in bit 7 of the first; absent when N = 0), then one MSB-first bit stream:
per context, per symbol of its alphabet, 1 bit present and 3 bits length - 1; then the
symbols, flushed to a byte. That is the stream, which the size counts and the unpackers read
(they stop at the end marker). Then (N >= 1) the checkpoint trailer, outside the size: the
game moves the blob so that its stream ends at its decoder's work area, and keeps the trailer
elsewhere. The body starts at B0 = 41.
K = min(24, max(1, N - 1)) checkpoints (``CHECKPOINTS``) S = ceil((N - 1) / K) words apart,
fewer if one would fall past word N: checkpoint s stands before word k = 1 + s S (k = N: before
the end marker). With P the body bit position of word k's first symbol, b = P // 8, c = P % 8:
next = B0 + b (+1 if c > 0), the blob offset of the byte the 6502's next refill reads; bits =
$80 if c = 0, else (body[b] << c | 1 << (c - 1)) & $FF, its bit buffer (MSB = the next bit,
a marker 1 below the last one); prev = word k - 1 and its answer flag; ans_before = the answers
among words 0..k - 2. Stored as arrays of K bytes each: next lo, next hi, bits, prev's five
letters (the first with the answer flag in bit 7), ans_before lo, hi; then the number of
answers (u16 LE) and K (the blob's last byte): 10 K + 3 bytes (243 for the default lists). A
word lookup or answer number r then decodes one segment from a checkpoint (``checkpoints``:
the Python reference of the 6502's scan). An empty list (N = 0) has no trailer.

The 6502 builds T and B (8 lengths x 128 contexts each) and the regions in a work area of
``ctxhuff_work_bytes(blob)`` bytes (3.4 KB for the default lists) at W = (stream end - work)
& $FF00, after moving the stream down below it (dict_unpack); or in the free RAM above the
stream (dict_unpack_in_place). ``inplace_margin`` proves that the table writes never catch the blob's
read pointer.

Modules: ``table`` (input, RAM table, index), ``stream`` (decoder plumbing), ``seed`` and
``ctxhuff`` (the codecs), ``checkpoints`` (the trailer read back, the segment scan),
``codecs`` (registry), ``inplace`` (in-place unpack and memory fit),
``fit`` (how many words must go when the list does not fit), ``report`` (compression report),
``emulate`` (the 6502 unpackers under py65), ``study`` (codec study), ``stage`` (rule pack and
the CLI). This package re-exports their public names.
"""

from __future__ import annotations

from wordle64.pack.checkpoints import (
    Checkpoint,
    answer_total,
    checkpoint_answer,
    checkpoint_count,
    checkpoint_lookup,
    read_checkpoints,
)
from wordle64.pack.codecs import CODECS, DECODERS, ENCODERS, decode, encode
from wordle64.pack.ctxhuff import (
    BODY_START,
    CHECKPOINT_BYTES,
    CHECKPOINTS,
    CLASSES,
    CONTEXTS,
    D_CONTEXTS,
    D_LAST_BASE,
    G_CONTEXTS,
    MAX_CODE_LENGTH,
    REGIONS,
    T4_CONTEXTS,
    T_CONTEXTS,
    WORK_BASE_BYTES,
    BitWriter,
    ContextCode,
    DecodeTables,
    alphabet_size,
    checkpoint_words,
    context_class,
    ctxhuff_decode,
    ctxhuff_decode_symbol,
    ctxhuff_decode_word,
    ctxhuff_encode,
    ctxhuff_read_tables,
    ctxhuff_symbol_stream,
    ctxhuff_symbols,
    ctxhuff_trailer,
    ctxhuff_work_bytes,
    decode_tables,
    huffman_lengths,
)
from wordle64.pack.emulate import (
    UNPACK_ALONE_CFG,
    UnpackRun,
    assemble_unpacker,
    bench_unpack,
    bench_unpack_stage,
    run_unpacker,
)
from wordle64.pack.fit import check_table_fits
from wordle64.pack.inplace import InPlaceLayout, inplace_layout, inplace_margin
from wordle64.pack.report import (
    COMPRESSORS,
    compression_rows,
    front_code,
    information_bound_bytes,
    log2_binomial,
    plot_compression,
    write_tsv,
)
from wordle64.pack.seed import SEED_ESCAPE, SEED_ESCAPE_VALUE, seed_decode, seed_encode
from wordle64.pack.stage import add_commands, pack_stats, run_pack_stage
from wordle64.pack.stream import BlobReader, GroupWalker, Sink, Unpacked
from wordle64.pack.table import (
    LETTERS,
    MAX_WORDS,
    PREFIXES,
    WORD_LENGTH,
    build_index,
    build_table,
    check_word,
    entry,
    letters,
    normalise,
    prefix_counts,
    prefix_name,
    prefix_of,
    read_words_tsv,
    table_words,
)

__all__ = [
    "Checkpoint", "answer_total", "checkpoint_answer", "checkpoint_count", "checkpoint_lookup",
    "read_checkpoints", "BODY_START", "CHECKPOINT_BYTES", "CHECKPOINTS", "checkpoint_words",
    "ctxhuff_decode_word", "ctxhuff_symbol_stream", "ctxhuff_trailer",
    "CODECS", "DECODERS", "ENCODERS", "decode", "encode", "CLASSES", "CONTEXTS", "D_CONTEXTS",
    "D_LAST_BASE", "G_CONTEXTS", "MAX_CODE_LENGTH", "REGIONS", "T4_CONTEXTS", "T_CONTEXTS",
    "WORK_BASE_BYTES", "BitWriter", "ContextCode", "DecodeTables", "alphabet_size",
    "context_class", "ctxhuff_decode", "ctxhuff_decode_symbol", "ctxhuff_encode",
    "ctxhuff_read_tables", "ctxhuff_symbols", "ctxhuff_work_bytes", "decode_tables",
    "huffman_lengths", "UNPACK_ALONE_CFG", "UnpackRun", "assemble_unpacker", "bench_unpack",
    "bench_unpack_stage", "run_unpacker", "InPlaceLayout", "inplace_layout", "inplace_margin",
    "COMPRESSORS", "compression_rows", "front_code", "information_bound_bytes", "log2_binomial",
    "plot_compression", "write_tsv", "SEED_ESCAPE", "SEED_ESCAPE_VALUE", "seed_decode",
    "seed_encode", "add_commands", "pack_stats", "run_pack_stage", "BlobReader", "GroupWalker",
    "Sink", "Unpacked", "LETTERS", "MAX_WORDS", "PREFIXES", "WORD_LENGTH", "build_index",
    "build_table", "check_table_fits", "check_word", "entry", "letters", "normalise",
    "prefix_counts", "prefix_name", "prefix_of", "read_words_tsv", "table_words",
]
