"""The reference ternary search tree (pure Python).

``TernaryTree`` keeps its nodes in flat integer lists (no node objects) and is built by
median-first insertion; ``has``, ordered iteration, ``arrangements``. Building, iteration and
measuring use loops and explicit stacks; only ``arrangements`` recurses, one level per ``eq`` or
``lo`` step, so never deeper than the tree's height (results/letters/tree.tsv). The compiled
walk (``wordle64.letters.fast``) is checked against this one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator, Sequence

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


class TernaryTree:
    """A ternary search tree over a-z words, stored as parallel integer lists.

    Node 0 is a null sentinel; ``split[n]`` is the letter (0-25) of node n, ``lo``/``hi`` lead to
    smaller/larger letters at the same position, ``eq`` to the next position; ``end[n]`` is 1
    when the path to n (taking n's letter) spells a word.
    """

    def __init__(self) -> None:
        self.split: list[int] = [0]
        self.lo: list[int] = [0]
        self.eq: list[int] = [0]
        self.hi: list[int] = [0]
        self.end = bytearray(1)
        self.root = 0
        self.words = 0

    # -- building
    @classmethod
    def from_sorted(cls, words: Sequence[str], balanced: bool = True) -> "TernaryTree":
        """Tree of sorted unique words, inserted median first (or in order when not balanced)."""
        tree = cls()
        order = median_first(len(words)) if balanced else range(len(words))
        for index in order:
            tree.insert(words[index])
        return tree

    def _new(self, letter: int) -> int:
        self.split.append(letter)
        self.lo.append(0)
        self.eq.append(0)
        self.hi.append(0)
        self.end.append(0)
        return len(self.split) - 1

    def insert(self, word: str) -> None:
        codes = letter_codes(word)
        split, lo, eq, hi = self.split, self.lo, self.eq, self.hi
        if not self.root:
            self.root = self._new(codes[0])
        node, i = self.root, 0
        while True:
            c = codes[i]
            if c < split[node]:
                if not lo[node]:
                    lo[node] = self._new(c)
                node = lo[node]
            elif c > split[node]:
                if not hi[node]:
                    hi[node] = self._new(c)
                node = hi[node]
            else:
                i += 1
                if i == len(codes):
                    if not self.end[node]:
                        self.end[node] = 1
                        self.words += 1
                    return
                if not eq[node]:
                    eq[node] = self._new(codes[i])
                node = eq[node]

    # -- queries
    def __len__(self) -> int:
        return self.words

    @property
    def nodes(self) -> int:
        return len(self.split) - 1

    def has(self, word: str) -> bool:
        if not word or not self.root:
            return False
        try:
            codes = letter_codes(word)
        except ValueError:
            return False
        split, lo, eq, hi = self.split, self.lo, self.eq, self.hi
        node, i = self.root, 0
        while node:
            c = codes[i]
            if c < split[node]:
                node = lo[node]
            elif c > split[node]:
                node = hi[node]
            else:
                i += 1
                if i == len(codes):
                    return bool(self.end[node])
                node = eq[node]
        return False

    __contains__ = has

    def __iter__(self) -> Iterator[str]:
        """The words in alphabetical order."""
        return (word for _, word in self.end_nodes())

    def end_nodes(self) -> Iterator[tuple[int, str]]:
        """(node, word) of every node that ends a word, alphabetically (in-order, explicit stack)."""
        split, lo, eq, hi, end = self.split, self.lo, self.eq, self.hi, self.end
        stack: list[tuple[int, str, bool]] = [(self.root, "", False)]
        while stack:
            node, prefix, visited_lo = stack.pop()
            if not node:
                continue
            if not visited_lo:
                stack.append((node, prefix, True))
                stack.append((lo[node], prefix, False))
                continue
            word = prefix + ALPHABET[split[node]]
            stack.append((hi[node], prefix, False))
            stack.append((eq[node], word, False))
            if end[node]:
                yield node, word

    def depths(self) -> tuple[int, float]:
        """Height (nodes on the longest root path) and mean nodes visited to find a word."""
        height, total = 0, 0
        stack = [(self.root, 1)] if self.root else []
        while stack:
            node, depth = stack.pop()
            height = max(height, depth)
            if self.end[node]:
                total += depth
            for child in (self.lo[node], self.eq[node], self.hi[node]):
                if child:
                    stack.append((child, depth + 1))
        return height, (total / self.words if self.words else 0.0)

    def arrangements(self, letters: str) -> list[str]:
        """Every word using each given letter at most as often as given, alphabetically.

        A depth-first walk that follows ``eq`` only through letters still in hand and skips a
        ``lo``/``hi`` subtree when no letter in hand is smaller/larger than the node's.
        Recursion goes one level per letter of the word (``eq``) or ``lo`` step; ``hi`` steps
        loop, so the depth stays far below Python's limit.
        """
        counts = [0] * 26
        for c in letter_codes(letters.lower()) if letters else ():
            counts[c] += 1
        found: list[str] = []
        split, lo, eq, hi, end = self.split, self.lo, self.eq, self.hi, self.end
        letter = ALPHABET

        def walk(node: int, prefix: str, hand: int) -> None:
            # `hand` is the bit set of letters with a non-zero count
            while node:
                c = split[node]
                if lo[node] and hand & ((1 << c) - 1):
                    walk(lo[node], prefix, hand)
                left = counts[c]
                if left:
                    word = prefix + letter[c]
                    if end[node]:
                        found.append(word)
                    if eq[node]:
                        counts[c] = left - 1
                        walk(eq[node], word, hand if left > 1 else hand & ~(1 << c))
                        counts[c] = left
                if not hand >> (c + 1):
                    return
                node = hi[node]

        hand = sum(1 << c for c in range(26) if counts[c])
        if self.root and hand:
            walk(self.root, "", hand)
        return found


def letter_codes(word: str) -> list[int]:
    codes = [ord(ch) - 97 for ch in word]
    if not codes or min(codes) < 0 or max(codes) > 25:
        raise ValueError(f"{word!r} is not lower-case letters a-z")
    return codes


def median_first(n: int) -> list[int]:
    """Indexes 0..n-1 in median-first order: the middle, then the middles of each half, ..."""
    order: list[int] = []
    stack = [(0, n)]
    while stack:
        start, stop = stack.pop()
        if start >= stop:
            continue
        middle = (start + stop) // 2
        order.append(middle)
        stack.append((middle + 1, stop))
        stack.append((start, middle))
    return order


def tree_rows(words: Sequence[str]) -> list[dict]:
    """Node count, height, mean search depth and build time, balanced against sorted insertion."""
    rows = []
    for insertion, balanced in (("median-first", True), ("sorted", False)):
        started = time.perf_counter()
        tree = TernaryTree.from_sorted(words, balanced=balanced)
        seconds = time.perf_counter() - started
        height, mean_depth = tree.depths()
        rows.append({"insertion": insertion, "words": len(tree), "nodes": tree.nodes,
                     "height": height, "mean_search_depth": round(mean_depth, 2),
                     "log2_words": round(math.log2(len(words)), 2),
                     "build_seconds": round(seconds, 3)})
    return rows


def by_length(words: Iterable[str]) -> list[tuple[int, list[str]]]:
    """Words grouped by length, longest first, each group alphabetical."""
    groups: dict[int, list[str]] = {}
    for word in sorted(words):
        groups.setdefault(len(word), []).append(word)
    return sorted(groups.items(), reverse=True)
