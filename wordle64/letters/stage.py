"""Pipeline entry points of the letters stage (one per rule of workflow/rules/letters.smk)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_json, write_text
from wordle64.letters.conundrum import conundrums, write_conundrums
from wordle64.letters.dictionary import (compression_rows, front_decode, front_encode,
                                         read_dictionary, read_front_coded, write_tsv)
from wordle64.letters.bench import benchmark, compiled_figures, read_word_lines
from wordle64.letters.draws import check_chunk, chunk_draws, countdown_draws, gather_checks
from wordle64.letters.table import table_of, write_tree_file
from wordle64.letters.tree import TernaryTree, tree_rows

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
    """Both trees (reference and compiled walk) against the brute-force check on one chunk."""
    if not 0 <= chunk < chunks:
        raise Wordle64Error(f"check chunk {chunk} does not exist: "
                            f"letters.check_chunks is {chunks}")
    from wordle64.letters.fast import FastTree  # numba: only where it is used

    words = read_front_coded(words_path)
    reference = TernaryTree.from_sorted(words)
    solvers = {"tree": reference.arrangements,
               "compiled": FastTree(table_of(reference)).arrangements}
    result = check_chunk(words, chunk_draws(draws, seed, chunks, chunk), solvers)
    result["chunk"] = chunk
    log.info("check chunk %d: %d draws, %d mismatches", chunk, result["draws"],
             len(result["mismatches"]))
    write_json(output, result)


def run_gather_checks(chunk_paths: Sequence[Path], output: Path) -> None:
    """Gather the chunk results; a mismatch fails the rule (nothing is written)."""
    summary = gather_checks([json.loads(Path(p).read_text()) for p in chunk_paths])
    if not summary["ok"]:
        example = summary["examples"][0]
        raise Wordle64Error(f"arrangements ({example.get('solver', 'tree')}) disagree with the "
                            f"brute-force check on {summary['mismatches']} draws, e.g. "
                            f"{example['draw']!r}: missing {example['missing'][:5]}, "
                            f"extra {example['extra'][:5]}")
    write_json(output, summary)


def run_tree_file(words_path: Path, output: Path) -> None:
    table = write_tree_file(words_path, output)
    log.info("tree file: %d rows, %d words, height %d -> %s", table.rows, len(table.words),
             table.height, output)


def run_draws(draws: int, seed: int, output: Path) -> None:
    write_text(output, "".join(f"{draw}\n" for draw in countdown_draws(draws, seed)))


def run_benchmark(words_path: Path, draws_path: Path, draws: int, seed: int,
                  output: Path) -> None:
    """Per-draw figures of the reference tree, then all draws of `draws_path` by both walks."""
    started = time.perf_counter()
    words = read_front_coded(words_path)
    load = time.perf_counter() - started
    draw_list = read_word_lines(draws_path, "a draw")
    if draw_list != countdown_draws(draws, seed):
        raise Wordle64Error(f"{draws_path} does not hold the {draws} draws of seed {seed}: "
                            f"rebuild it with `snakemake --cores 1 {draws_path}`")
    reference = benchmark(words, draws, seed)
    compiled = compiled_figures(words_path, draw_list, TernaryTree.from_sorted(words))
    result = {**compiled, "draws_file": str(draws_path), **reference,
              "decode_fc_seconds": round(load, 3)}
    log.info("benchmark: %s", result)
    write_json(output, result)
