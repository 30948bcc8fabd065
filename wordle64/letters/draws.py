"""Seeded Countdown draws, the brute-force check of the trees and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

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


def check_chunk(words: Sequence[str], draws: Sequence[str],
                solvers: dict[str, Callable[[str], list[str]]] | None = None) -> dict:
    """Each solver's arrangements against the brute-force check; lists the disagreements.

    `solvers` maps a name to an arrangements function (default: the reference tree's).
    """
    if solvers is None:
        solvers = {"tree": TernaryTree.from_sorted(words).arrangements}
    alphabet = {letter: column for column, letter in enumerate(sorted(set("".join(words))))}
    needs = letter_counts(words, alphabet)
    mismatches = []
    for draw in draws:
        hand = letter_counts([draw], alphabet)[0]
        expected = [words[i] for i in np.flatnonzero((needs <= hand).all(axis=1))]
        for name, solve in solvers.items():
            got = solve(draw)
            if got != expected:
                mismatches.append({"solver": name, "draw": draw,
                                   "missing": sorted(set(expected) - set(got)),
                                   "extra": sorted(set(got) - set(expected))})
    return {"draws": len(draws), "solvers": sorted(solvers), "mismatches": mismatches}


def letter_counts(words: Sequence[str], alphabet: dict[str, int]) -> np.ndarray:
    """(words, letters) counts of each of `alphabet`'s letters (others are not counted)."""
    counts = np.zeros((len(words), len(alphabet)), dtype=np.int16)
    for row, word in enumerate(words):
        for letter in word:
            column = alphabet.get(letter)
            if column is not None:
                counts[row, column] += 1
    return counts


def gather_checks(chunks: Sequence[dict]) -> dict:
    mismatches = [m for chunk in chunks for m in chunk["mismatches"]]
    solvers = sorted({name for chunk in chunks for name in chunk.get("solvers", ["tree"])})
    return {"chunks": len(chunks), "draws": sum(c["draws"] for c in chunks), "solvers": solvers,
            "mismatches": len(mismatches), "examples": mismatches[:10], "ok": not mismatches}


def chunk_draws(count: int, seed: int, chunks: int, chunk: int) -> list[str]:
    """Chunk `chunk` (0-based) of `count` seeded draws split into `chunks` near-equal parts."""
    draws = countdown_draws(count, seed)
    return draws[chunk * count // chunks:(chunk + 1) * count // chunks]
