"""Benchmarks of the letters solver: per-draw times of the reference tree, and all draws of a
draws file by the compiled walk (best of 3), the figure set beside the JavaScript original."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.textlines import quote, read_words
from wordle64.letters.draws import countdown_draws
from wordle64.letters.table import TreeTable, load_table, read_source, table_of
from wordle64.letters.tree import TernaryTree

REPEATS = 3


def read_word_lines(path: Path, what: str) -> list[str]:
    """Lines of lower-case a-z of a file; anything else raises naming the line."""
    read_source(path)  # a missing file: the build hint where the path is a pipeline output
    lines = []
    for number, line in read_words(path, length=None):
        if not (line.isalpha() and line.islower()):
            raise Wordle64Error(f"{path}:{number}: expected {what} of letters a-z, "
                                f"got {quote(line)}")
        lines.append(line)
    if not lines:
        raise Wordle64Error(f"{path}: no lines, expected {what} of letters a-z per line")
    return lines


def bench_table(words_path: Path) -> TreeTable:
    """The tree table of a word file: front-coded (``0abbey``, via its tree file when that
    matches) or one word per line."""
    if read_source(words_path)[:1].isdigit():
        return load_table(words_path)[0]
    words = read_word_lines(words_path, "a word")
    if words != sorted(set(words)):
        words = sorted(set(words))
    return table_of(TernaryTree.from_sorted(words))


def time_all_draws(solve: Callable[[str], list[str]], draws: Sequence[str],
                   repeats: int = REPEATS) -> tuple[float, int]:
    """Best of `repeats` wall times (seconds) to solve every draw, and the words found."""
    best, found = math.inf, 0
    for _ in range(repeats):
        started = time.perf_counter()
        found = 0
        for draw in draws:
            found += len(solve(draw))
        best = min(best, time.perf_counter() - started)
    return best, found


def letters_bench(words_path: Path, draws_path: Path) -> dict:
    """``{"s": best of 3 seconds for all draws, "n": words found}`` by the compiled walk."""
    draws = read_word_lines(draws_path, "a draw")
    from wordle64.letters.fast import FastTree  # numba: only where it is used

    tree = FastTree(bench_table(words_path))
    tree.arrangements("countdown")  # compiles, or loads the compiled walk from numba's cache
    seconds, found = time_all_draws(tree.arrangements, draws)
    return {"s": round(seconds, 4), "n": found}


def compiled_figures(words_path: Path, draws: Sequence[str], reference: TernaryTree) -> dict:
    """The side-by-side figures: compiled and reference walks over all draws, start-up costs."""
    started = time.perf_counter()
    table_of(reference)
    build_table = time.perf_counter() - started
    started = time.perf_counter()
    table = load_table(words_path)[0]
    load = time.perf_counter() - started
    started = time.perf_counter()
    from wordle64.letters.fast import FastTree

    tree = FastTree(table)
    import_numba = time.perf_counter() - started
    started = time.perf_counter()
    tree.arrangements("countdown")
    first_call = time.perf_counter() - started
    seconds, found = time_all_draws(tree.arrangements, draws)
    reference_seconds, reference_found = time_all_draws(reference.arrangements, draws)
    if found != reference_found:
        raise Wordle64Error(f"the compiled walk found {found:,} words and the reference tree "
                            f"{reference_found:,} on the same draws")
    return {
        "s": round(seconds, 4), "n": found, "s_reference_tree": round(reference_seconds, 4),
        "build_table_seconds": round(build_table, 3),
        "load_tree_file_seconds": round(load, 4),
        "import_numba_seconds": round(import_numba, 3),
        "compile_or_load_walk_seconds": round(first_call, 3),
    }


# The slowest draws a hill-climb over nine common letters found (the most words each; their
# times: heavy_draws_ms in results/bench/letters.json).
HEAVY_DRAWS = ("aceinorst", "adeinorst", "aeilnorst", "aeinprsst")


def benchmark(words: Sequence[str], draws: int, seed: int) -> dict:
    """Per-draw time of ``arrangements`` over seeded Countdown draws, after loading the tree."""
    started = time.perf_counter()
    tree = TernaryTree.from_sorted(words)
    build = time.perf_counter() - started
    times, longest, found = [], [], []
    for draw in countdown_draws(draws, seed):
        started = time.perf_counter()
        result = tree.arrangements(draw)
        times.append(time.perf_counter() - started)
        found.append(len(result))
        longest.append(max((len(w) for w in result), default=0))
    times.sort()
    milliseconds = [t * 1000 for t in times]

    def quantile(q: float) -> float:
        return round(milliseconds[min(len(milliseconds) - 1, int(q * len(milliseconds)))], 3)

    return {
        "what": "reference TernaryTree.arrangements, per draw, on seeded Countdown draws "
                "(3-5 vowels, nine letters)",
        "python": sys.version.split()[0],
        "words": len(words), "nodes": tree.nodes, "draws": draws, "seed": seed,
        "build_tree_seconds": round(build, 3),
        "ms_mean": round(sum(milliseconds) / len(milliseconds), 3),
        "ms_median": quantile(0.5), "ms_p95": quantile(0.95), "ms_p99": quantile(0.99),
        "ms_max": round(milliseconds[-1], 3),
        "target_ms": 20,
        "draws_within_target": sum(1 for m in milliseconds if m <= 20),
        "mean_words_found": round(sum(found) / len(found), 1),
        "heavy_draws_ms": {draw: round(best_of(5, tree.arrangements, draw) * 1000, 3)
                           for draw in HEAVY_DRAWS},
        "longest_word_histogram": {str(n): longest.count(n) for n in sorted(set(longest))},
    }


def best_of(repeats: int, function, *args) -> float:
    """Shortest wall time in seconds of `repeats` calls."""
    best = math.inf
    for _ in range(repeats):
        started = time.perf_counter()
        function(*args)
        best = min(best, time.perf_counter() - started)
    return best
