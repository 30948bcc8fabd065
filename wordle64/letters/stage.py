"""Pipeline entry points of the letters stage (one per rule of workflow/rules/letters.smk)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.letters.conundrum import conundrums, write_conundrums
from wordle64.letters.dictionary import (compression_rows, front_decode, front_encode,
                                         read_dictionary, read_front_coded, write_tsv)
from wordle64.letters.draws import benchmark, check_chunk, chunk_draws, gather_checks
from wordle64.letters.tree import tree_rows

log = logging.getLogger(__name__)


def run_dictionary(source: Path, outputs, on_bad_line: str) -> dict:
    """words.txt, words.fc and dictionary.json from the SCOWL list (`outputs` has those names)."""
    dictionary = read_dictionary(source, on_bad_line)
    for bad in dictionary.bad:
        log.warning("skipped %s", bad)
    fc = front_encode(dictionary.words)
    if front_decode(fc) != dictionary.words:  # the shipped form must round-trip exactly
        raise AssertionError("front coding does not round-trip")
    Path(outputs.plain).write_text("".join(f"{w}\n" for w in dictionary.words))
    Path(outputs.fc).write_text(fc)
    stats = dictionary.stats()
    Path(outputs.stats).write_text(json.dumps(stats, indent=2) + "\n")
    log.info("dictionary: %s", stats)
    return stats


def run_compression(words_path: Path, dataset: str, output: Path) -> None:
    write_tsv(compression_rows(dataset, read_front_coded(words_path)), output)


def run_tree(words_path: Path, output: Path) -> None:
    write_tsv(tree_rows(read_front_coded(words_path)), output)


def run_conundrums(words_path: Path, frequency_path: Path, min_part: int, output: Path) -> None:
    from wordle64.words import parse_frequency, read_text

    frequency = parse_frequency(read_text(frequency_path), str(frequency_path))
    found = conundrums(read_front_coded(words_path), frequency, min_part)
    write_conundrums(found, output)
    log.info("conundrums: %d written to %s", len(found), output)


def run_check_chunk(words_path: Path, draws: int, seed: int, chunks: int, chunk: int,
                    output: Path) -> None:
    if not 0 <= chunk < chunks:
        raise Wordle64Error(f"check chunk {chunk} does not exist: "
                            f"letters.check_chunks is {chunks}")
    result = check_chunk(read_front_coded(words_path), chunk_draws(draws, seed, chunks, chunk))
    result["chunk"] = chunk
    log.info("check chunk %d: %d draws, %d mismatches", chunk, result["draws"],
             len(result["mismatches"]))
    write_json(output, result)


def run_gather_checks(chunk_paths: Sequence[Path], output: Path) -> None:
    """Gather the chunk results; a mismatch fails the rule (nothing is written)."""
    summary = gather_checks([json.loads(Path(p).read_text()) for p in chunk_paths])
    if not summary["ok"]:
        example = summary["examples"][0]
        raise Wordle64Error(f"arrangements disagree with the brute-force check on "
                            f"{summary['mismatches']} draws, e.g. {example['draw']!r}: "
                            f"missing {example['missing'][:5]}, extra {example['extra'][:5]}")
    write_json(output, summary)


def run_benchmark(words_path: Path, draws: int, seed: int, output: Path) -> None:
    started = time.perf_counter()
    words = read_front_coded(words_path)
    load = time.perf_counter() - started
    result = benchmark(words, draws, seed)
    result["decode_fc_seconds"] = round(load, 3)
    log.info("benchmark: %s", result)
    write_json(output, result)
