"""The ternary search tree as one flat table, and the tree file that stores it.

A table row per node: ``split, lo, eq, hi, word, lo_letters, hi_letters, letters`` (32-bit
integers, 32 bytes a row; row 0 is the null sentinel; ``word`` is the index of the word the node
ends in the sorted word list, or -1; ``lo_letters``/``hi_letters`` are the bit sets (bit 0 = a)
of the letters of the nodes in the ``lo``/``hi`` subtree at the node's own position, ``letters``
those two and the node's own, so a walk skips a side, or a whole position, that holds no letter
in hand). Rows are in pre-order (a node, then its ``lo``, ``eq`` and ``hi`` subtrees). The tree file
(``results/letters/words.tree``, written by the letters stage beside ``words.fc``) holds:

- 8 bytes ``W64TST1\\n``; the sha256 of the front-coded list it was built from (32 bytes);
- four little-endian 32-bit counts: rows (nodes + 1), root, words, height;
- the table, row after row; then the words, a ``\\n`` between each two (ASCII).

A tree file whose hash does not match the list it is read beside is ignored (the tree is then
built from the list), so a stale file never answers.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.textlines import build_hint
from wordle64.io import write_bytes
from wordle64.letters.dictionary import front_decode
from wordle64.letters.tree import TernaryTree

MAGIC = b"W64TST1\n"
HEADER = struct.Struct("<8s32s4I")
COLUMNS = 8  # split, lo, eq, hi, word, lo_letters, hi_letters, letters


@dataclass
class TreeTable:
    """A ternary search tree flattened to `rows` x COLUMNS integers, with its sorted words."""

    cells: array  # array("i") of rows * COLUMNS integers, row-major
    root: int
    words: list[str]
    height: int

    @property
    def rows(self) -> int:
        return len(self.cells) // COLUMNS


def tree_file_path(words_path: Path) -> Path:
    """Where the tree file of a front-coded list lives: beside it, suffix ``.tree``."""
    return Path(words_path).with_suffix(".tree")


def preorder(tree: TernaryTree) -> list[int]:
    """Nodes in pre-order (node, its lo, eq and hi subtrees): rows near the rows walked next."""
    order: list[int] = []
    stack = [tree.root] if tree.root else []
    while stack:
        node = stack.pop()
        order.append(node)
        for child in (tree.hi[node], tree.eq[node], tree.lo[node]):
            if child:
                stack.append(child)
    return order


def table_of(tree: TernaryTree) -> TreeTable:
    """The flat table of `tree`, rows in pre-order; words numbered alphabetically (in-order)."""
    rows = len(tree.split)
    row_of = [0] * rows
    for row, node in enumerate(preorder(tree), start=1):
        row_of[node] = row
    word_of = [-1] * rows
    words: list[str] = []
    for node, word in tree.end_nodes():
        word_of[row_of[node]] = len(words)
        words.append(word)
    cells = array("i", bytes(4 * COLUMNS * rows))
    for node in range(1, rows):
        base = COLUMNS * row_of[node]
        cells[base:base + 4] = array("i", (tree.split[node], row_of[tree.lo[node]],
                                           row_of[tree.eq[node]], row_of[tree.hi[node]]))
    cells[4::COLUMNS] = array("i", word_of)
    position_letters = [0] * rows  # letters of a node and its lo and hi subtrees, by row
    for row in range(rows - 1, 0, -1):  # pre-order: children come after their parent
        base = COLUMNS * row
        lo_letters, hi_letters = position_letters[cells[base + 1]], position_letters[cells[base + 3]]
        cells[base + 5], cells[base + 6] = lo_letters, hi_letters
        position_letters[row] = cells[base + 7] = lo_letters | hi_letters | 1 << cells[base]
    return TreeTable(cells, row_of[tree.root], words, tree.depths()[0])


def tree_of(table: TreeTable) -> TernaryTree:
    """The reference tree of a table (no insertion: the lists are the table's columns)."""
    tree = TernaryTree()
    cells = table.cells
    tree.split = cells[0::COLUMNS].tolist()
    tree.lo = cells[1::COLUMNS].tolist()
    tree.eq = cells[2::COLUMNS].tolist()
    tree.hi = cells[3::COLUMNS].tolist()
    tree.end = bytearray(map((0).__le__, cells[4::COLUMNS]))  # word number >= 0: ends a word
    tree.root = table.root
    tree.words = len(table.words)
    return tree


def encode_tree_file(table: TreeTable, source: bytes) -> bytes:
    cells = array("i", table.cells)
    if sys.byteorder == "big":
        cells.byteswap()
    header = HEADER.pack(MAGIC, hashlib.sha256(source).digest(), table.rows, table.root,
                         len(table.words), table.height)
    return header + cells.tobytes() + "\n".join(table.words).encode("ascii")


def decode_tree_file(data: bytes, source: bytes, path: str) -> TreeTable | None:
    """The table of a tree file, or None when it was built from another list than `source`.

    A file that is not a tree file at all raises a Wordle64Error naming it.
    """
    if len(data) < HEADER.size or not data.startswith(MAGIC):
        raise Wordle64Error(f"{path}: not a wordle64 tree file (no {MAGIC[:-1].decode()} header)")
    _, digest, rows, root, count, height = HEADER.unpack_from(data)
    if digest != hashlib.sha256(source).digest():
        return None
    end = HEADER.size + 4 * COLUMNS * rows
    if len(data) < end or not 0 < root < rows:
        raise Wordle64Error(f"{path}: truncated or damaged tree file ({len(data):,} bytes)")
    cells = array("i")
    cells.frombytes(data[HEADER.size:end])
    if sys.byteorder == "big":
        cells.byteswap()
    words = data[end:].decode("ascii").split("\n") if count else []
    if len(words) != count:
        raise Wordle64Error(f"{path}: holds {len(words):,} words, its header says {count:,}")
    return TreeTable(cells, root, words, height)


def read_source(words_path: Path) -> bytes:
    try:
        return Path(words_path).read_bytes()
    except FileNotFoundError:
        hint = (f": build it first with `snakemake --cores all {words_path}`"
                if build_hint(words_path) else "")
        raise Wordle64Error(f"{words_path}: file not found{hint}") from None
    except OSError as error:
        raise Wordle64Error(f"{words_path}: cannot read ({error.strerror})") from None


def load_table(words_path: Path) -> tuple[TreeTable, bool]:
    """The table of a front-coded list: from its tree file when that matches, else built.

    Returns the table and whether the tree file was used.
    """
    source = read_source(words_path)
    cache = tree_file_path(words_path)
    if cache.exists():
        table = decode_tree_file(cache.read_bytes(), source, str(cache))
        if table is not None:
            return table, True
    try:
        text = source.decode("ascii")
    except UnicodeDecodeError as error:
        raise Wordle64Error(f"{words_path}: cannot read as ASCII text ({error})") from None
    words = front_decode(text, str(words_path))
    if not words:
        raise Wordle64Error(f"{words_path}: no words (an empty list answers nothing)")
    return table_of(TernaryTree.from_sorted(words)), False


def write_tree_file(words_path: Path, output: Path) -> TreeTable:
    """Build the tree of a front-coded list and save it as a tree file."""
    source = read_source(words_path)
    words = front_decode(source.decode("ascii"), str(words_path))
    table = table_of(TernaryTree.from_sorted(words))
    if table.words != words:
        raise AssertionError("the tree's in-order words differ from the list")
    write_bytes(output, encode_tree_file(table, source))
    return table
