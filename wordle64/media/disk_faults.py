"""Broken disks for the drive's fault cases: a file whose sector chain leaves the disk or loops.

Each function copies nothing: it edits the :class:`~wordle64.c64.d64.D64` it is given and returns
the block it changed, so a case can say exactly what it broke.
"""

from __future__ import annotations

from wordle64.c64.d64 import D64
from wordle64.errors import Wordle64Error


def _blocks(image: D64, name: bytes) -> list[tuple[int, int]]:
    entry = image.find(name)
    if entry is None:
        raise Wordle64Error(f"{image.path or '.d64'}: no file {name!r} to break")
    return [(track, sector) for track, sector, _payload in image.chain(*entry.first)]


def break_chain(image: D64, name: bytes, link: tuple[int, int] = (36, 1), at: int = 1
                ) -> tuple[int, int]:
    """Point block ``at`` of the file at ``link`` (track 36: off a 35-track disk)."""
    blocks = _blocks(image, name)
    if len(blocks) < at + 2:
        raise Wordle64Error(f"{name!r}: {len(blocks)} blocks, too short to break at {at}")
    block = image.block(*blocks[at])
    block[0], block[1] = link
    image.put_block(*blocks[at], block)
    return blocks[at]


def loop_chain(image: D64, name: bytes, at: int = 2) -> tuple[int, int]:
    """Point block ``at`` of the file back at its first block (an endless chain)."""
    blocks = _blocks(image, name)
    if len(blocks) < at + 2:
        raise Wordle64Error(f"{name!r}: {len(blocks)} blocks, too short to loop at {at}")
    block = image.block(*blocks[at])
    block[0], block[1] = blocks[0]
    image.put_block(*blocks[at], block)
    return blocks[at]
