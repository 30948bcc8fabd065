"""Hard mode for the solver: which guesses the game's hard mode accepts after a scored guess.

The rule is wordle64.score.HardRule, the one the game's Python reference (and through it the
6502's board_hard_check) follows. Checking each guess against the previous one alone is the
whole rule: a guess that kept the earlier greens and used the earlier revealed letters gets
them marked again, so its own marks carry every earlier requirement on.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordle64.score import HardRule
from wordle64.solver.core import code_to_marks, encode

LETTERS = 26


def letter_counts(letters: np.ndarray) -> np.ndarray:
    """(words, 26) copies of each letter in each word of an encoded (words, 5) array."""
    counts = np.zeros((len(letters), LETTERS), dtype=np.uint8)
    for position in range(letters.shape[1]):
        np.add.at(counts, (np.arange(len(letters)), letters[:, position]), 1)
    return counts


def allowed_mask(letters: np.ndarray, counts: np.ndarray, rule: HardRule) -> np.ndarray:
    """Which words (rows of `letters`, their `counts`) `rule` accepts."""
    mask = np.ones(len(letters), dtype=bool)
    for position, letter in rule.places:
        mask &= letters[:, position] == ord(letter) - ord("a")
    for letter, need in rule.counts:
        mask &= counts[:, ord(letter) - ord("a")] >= need
    return mask


class HardGuesses:
    """The guesses hard mode accepts after (guess index, feedback code), cached by the rule it
    makes: many feedbacks make the same rule (every all-grey one makes none)."""

    def __init__(self, guesses: Sequence[str]):
        self.guesses = list(guesses)
        self.letters = encode(self.guesses)
        self.counts = letter_counts(self.letters)
        self._rules: dict[tuple[int, int], HardRule] = {}
        self._allowed: dict[HardRule, np.ndarray] = {}

    def rule(self, guess: int, code: int) -> HardRule:
        key = (guess, code)
        found = self._rules.get(key)
        if found is None:
            found = self._rules[key] = HardRule.after(self.guesses[guess], code_to_marks(code))
        return found

    def allowed(self, guess: int, code: int) -> np.ndarray:
        """Indices of the guesses allowed after `guess` got `code`, ascending."""
        return self.allowed_by(self.rule(guess, code))

    def allowed_by(self, rule: HardRule) -> np.ndarray:
        """Indices of the guesses `rule` accepts (e.g. several clues' rules merged)."""
        found = self._allowed.get(rule)
        if found is None:
            found = np.flatnonzero(allowed_mask(self.letters, self.counts, rule))
            self._allowed[rule] = found
        return found
