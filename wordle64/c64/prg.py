"""C64 program files: a 16-bit load address and the bytes that go there."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from wordle64.errors import Wordle64Error


LOWEST_LOAD = 0x0200  # below: the zero page ($00/$01 the processor port) and the stack


@dataclass(frozen=True)
class Prg:
    """A C64 program file: a 16-bit load address and the bytes that go there."""

    load_address: int
    payload: bytes

    @property
    def end_address(self) -> int:
        """First address after the program (what LOAD leaves in $AE/$AF)."""
        return self.load_address + len(self.payload)

    def to_bytes(self) -> bytes:
        return struct.pack("<H", self.load_address) + self.payload


def linked_end(labels: dict[str, int]) -> int:
    """First address after the game as linked (wordle64.cfg): the end of INIT, which follows
    the blob; a link without INIT ends with the blob (0 when the labels have neither)."""
    if "__INIT_LOAD__" in labels:
        return labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"]
    return labels.get("__BLOB_LOAD__", 0) + labels.get("__BLOB_SIZE__", 0)


def parse_prg(data: bytes, source: str = "PRG") -> Prg:
    """Split a .prg file into load address and payload; refuse one that cannot be loaded."""
    if len(data) < 3:
        raise Wordle64Error(f"{source}: {len(data)} bytes is too short for a PRG "
                            "(2-byte load address plus at least one byte)")
    if looks_like_text(data):
        raise Wordle64Error(f"{source}: a text file, not a PRG (every byte is printable ASCII; "
                            "a PRG starts with a 2-byte load address and holds code)")
    prg = Prg(data[0] | data[1] << 8, bytes(data[2:]))
    if prg.load_address < LOWEST_LOAD:
        raise Wordle64Error(f"{source}: loads at ${prg.load_address:04X}, into the zero page or "
                            f"the stack (below ${LOWEST_LOAD:04X}): LOAD would overwrite the "
                            "processor port and its own pointers, so no C64 can load it")
    if prg.end_address > 0x10000:
        raise Wordle64Error(f"{source}: loading {len(prg.payload)} bytes at "
                            f"${prg.load_address:04X} runs past $FFFF")
    return prg


def looks_like_text(data: bytes) -> bool:
    """True when every byte is printable ASCII or a line break/tab: no program looks like that."""
    return all(32 <= byte < 127 or byte in (9, 10, 13) for byte in data)


def read_prg(path: str | Path) -> Prg:
    """Read and check a .prg file (a missing file is a one-line error)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise Wordle64Error(f"{path}: cannot read the PRG ({error.strerror})") from None
    return parse_prg(data, str(path))
