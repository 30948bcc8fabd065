"""The ternary search tree's arrangements, walked by numba-compiled code.

The tree is the flat table of ``wordle64.letters.table`` as a ``rows x 8`` int32 array; the walk
is the reference ``TernaryTree.arrangements`` compiled: the letters in hand as 26 counts plus a
bit set of the letters still held; a ``lo`` or ``hi`` subtree is skipped when it holds no letter
in hand at its position (the table's ``lo_letters``/``hi_letters``), an ``eq`` subtree when the
next position holds none of the letters left. The recursion of the reference is an explicit
stack of (node, step) frames, one per ``lo`` or ``eq`` step (``hi`` steps loop), so never deeper
than the tree's height (numba's cache cannot hold recursive functions). Word numbers come out in
alphabetical (in-order) order and index the table's sorted word list. Compiled functions are
cached on disk (``cache=True``): only the first run on a machine compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordle64.errors import Wordle64Error
from wordle64.letters.table import COLUMNS, TreeTable

SPLIT, LO, EQ, HI, WORD, LO_LETTERS, HI_LETTERS, LETTERS = range(COLUMNS)


# Steps of a stack frame: its lo side is next; its own letter is next; its hi side is next
# (after giving back the letter its eq side took).
LEFT, HERE, RIGHT_TAKEN = 0, 1, 2


@njit(cache=True, nogil=True)
def arrangements(table, root, letters, stack, out):  # pragma: no cover - compiled
    """How many numbers of words spelled by `letters` (ASCII bytes a-z) it wrote to `out`.

    in: table (rows x 8 int32), root row (0: empty tree), letters, stack (scratch, height + 1
    rows x 2 int32), out (int32, room for every word). out: the count (-1: the tree is
    deeper than the stack); out[:count] the word numbers, alphabetically.
    """
    counts = np.zeros(26, np.int64)
    hand = 0
    for byte in letters:
        code = byte - 97
        counts[code] += 1
        hand |= 1 << code
    if root == 0 or hand & table[root, LETTERS] == 0:
        return 0
    found, top = 0, 0
    stack[0, 0], stack[0, 1] = root, LEFT
    while top >= 0:
        node, step = stack[top, 0], stack[top, 1]
        c = table[node, SPLIT]
        if step == LEFT:
            if hand & table[node, LO_LETTERS] != 0:
                if top + 1 == stack.shape[0]:
                    return -1  # deeper than the table's height: not a tree this walk can trust
                stack[top, 1] = HERE
                top += 1
                stack[top, 0], stack[top, 1] = table[node, LO], LEFT
                continue
            step = HERE
        if step == HERE:
            left = counts[c]
            if left != 0:
                word = table[node, WORD]
                if word >= 0:
                    out[found] = word
                    found += 1
                below = table[node, EQ]
                rest = hand if left > 1 else hand & ~(1 << c)
                if below != 0 and rest & table[below, LETTERS] != 0:
                    counts[c] = left - 1
                    hand = rest
                    if top + 1 == stack.shape[0]:
                        return -1
                    stack[top, 1] = RIGHT_TAKEN
                    top += 1
                    stack[top, 0], stack[top, 1] = below, LEFT
                    continue
        else:  # RIGHT_TAKEN: the eq side is done, give its letter back
            counts[c] += 1
            hand |= 1 << c
        if hand & table[node, HI_LETTERS] != 0:
            stack[top, 0], stack[top, 1] = table[node, HI], LEFT  # a loop, not a deeper frame
        else:
            top -= 1
    return found


class FastTree:
    """Arrangements of a tree table by the compiled walk; the same answers as ``TernaryTree``."""

    def __init__(self, table: TreeTable) -> None:
        self.table = np.frombuffer(table.cells, dtype=np.int32).reshape(table.rows, COLUMNS)
        links, words = self.table[:, LO:HI + 1], self.table[:, WORD]
        if (links.min() < 0 or links.max() >= table.rows or self.table[:, SPLIT].min() < 0
                or self.table[:, SPLIT].max() > 25 or words.max() >= len(table.words)
                or not 0 <= table.root < table.rows):
            raise Wordle64Error("damaged tree table: a link, letter or word number is out of "
                                "range (rebuild the tree file)")
        self.root = table.root
        self.words = np.array(table.words, dtype=object)
        self.stack = np.zeros((table.height + 1, 2), dtype=np.int32)
        self.out = np.zeros(max(len(table.words), 1), dtype=np.int32)

    def __len__(self) -> int:
        return len(self.words)

    def count(self, letters: str) -> int:
        """How many words `letters` (a-z, either case) spell."""
        letters = letters.lower()
        if letters and not (letters.isascii() and letters.isalpha()):
            raise ValueError(f"{letters!r} is not letters a-z")
        found = arrangements(self.table, self.root, letters.encode("ascii"), self.stack, self.out)
        if found < 0:
            raise Wordle64Error(f"the tree table is deeper than its height "
                                f"{self.stack.shape[0] - 1} says (a damaged tree file?)")
        return found

    def arrangements(self, letters: str) -> list[str]:
        """Every word using each given letter at most as often as given, alphabetically."""
        found = self.count(letters)
        return self.words.take(self.out[:found]).tolist()
