"""Rule pack and the `wordle64 pack` / `unpack` commands."""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_json

log = logging.getLogger(__name__)
from wordle64.pack.codecs import CODECS, decode, encode
from wordle64.pack.ctxhuff import ctxhuff_work_bytes
from wordle64.pack.fit import check_table_fits, read_frequencies
from wordle64.pack.report import (
    compression_rows,
    information_bound_bytes,
    plot_compression,
    write_tsv,
)
from wordle64.pack.table import (
    PREFIXES,
    build_index,
    build_table,
    prefix_counts,
    prefix_name,
    read_words_tsv,
    table_words,
)

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
    check_table_fits(words, answers, read_frequencies(words_tsv), str(words_tsv))
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
        write_bytes(args.output, blob)
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
    if not blob:
        raise Wordle64Error(f"{args.blob}: empty file, not a {args.codec} blob")
    try:
        unpacked = decode(args.codec, blob)
    except Wordle64Error as error:
        raise Wordle64Error(f"{args.blob}: {error}") from None
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
