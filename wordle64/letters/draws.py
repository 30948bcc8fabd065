"""Seeded Countdown draws, the brute-force check of the trees and the benchmark."""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

from wordle64.letters.dictionary import MAX_LENGTH
from wordle64.letters.tree import TernaryTree

# Tile counts of Countdown's vowel and consonant stacks (as listed by Wikipedia's "Countdown
# (game show)" article); they only shape the random draws of the benchmark and the checks.
VOWEL_TILES = {"a": 15, "e": 21, "i": 13, "o": 13, "u": 5}
CONSONANT_TILES = {
    "b": 2, "c": 3, "d": 6, "f": 2, "g": 3, "h": 2, "j": 1, "k": 1, "l": 5, "m": 4, "n": 8,
    "p": 4, "q": 1, "r": 9, "s": 9, "t": 9, "v": 1, "w": 1, "x": 1, "y": 1, "z": 1,
}
MIN_VOWELS, MIN_CONSONANTS = 3, 4


def countdown_draw(rng: random.Random) -> str:
    """Nine letters as on the show: 3-5 vowels, the rest consonants, each from its own stack."""
    vowels = rng.randint(MIN_VOWELS, MAX_LENGTH - MIN_CONSONANTS)
    vowel_stack = [ch for ch, n in VOWEL_TILES.items() for _ in range(n)]
    consonant_stack = [ch for ch, n in CONSONANT_TILES.items() for _ in range(n)]
    picked = rng.sample(vowel_stack, vowels) + rng.sample(consonant_stack, MAX_LENGTH - vowels)
    rng.shuffle(picked)
    return "".join(picked)


def countdown_draws(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [countdown_draw(rng) for _ in range(count)]


def check_chunk(words: Sequence[str], draws: Sequence[str]) -> dict:
    """Tree arrangements against the brute-force check for each draw; lists the disagreements."""
    tree = TernaryTree.from_sorted(words)
    indexed = [(w, frozenset(w), Counter(w)) for w in words]
    mismatches = []
    for draw in draws:
        hand, in_hand = Counter(draw), frozenset(draw)
        expected = [w for w, used, counts in indexed if used <= in_hand and not counts - hand]
        got = tree.arrangements(draw)
        if got != expected:
            mismatches.append({"draw": draw, "missing": sorted(set(expected) - set(got)),
                               "extra": sorted(set(got) - set(expected))})
    return {"draws": len(draws), "mismatches": mismatches}


def gather_checks(chunks: Sequence[dict]) -> dict:
    mismatches = [m for chunk in chunks for m in chunk["mismatches"]]
    return {"chunks": len(chunks), "draws": sum(c["draws"] for c in chunks),
            "mismatches": len(mismatches), "examples": mismatches[:10], "ok": not mismatches}


def chunk_draws(count: int, seed: int, chunks: int, chunk: int) -> list[str]:
    """Chunk `chunk` (0-based) of `count` seeded draws split into `chunks` near-equal parts."""
    draws = countdown_draws(count, seed)
    return draws[chunk * count // chunks:(chunk + 1) * count // chunks]


# The slowest draws a hill-climb over nine common letters found (each about 1 ms, 470+ words).
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
        "what": "TernaryTree.arrangements on seeded Countdown draws (3-5 vowels, nine letters)",
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
