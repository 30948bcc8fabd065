"""depack.s's streaming entry (depack_stream), as the fast disk's loader drives it: the game's
first blocks in, the rest stored along the route of workflow/asm/stream.inc while the real
6502 depacker decodes. The loader's side (fastload/boot.s) runs on VICE (results/vice/
fast-disk.json); here a loader in Python stands in for it, at the address the depacker calls,
and stores each block as the contract says: the unpacked memory must equal plain depack's."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from asm_core import CORE_MODULES, link_core

from wordle64.build import pack_image
from wordle64.c64.emu import Machine, parse_labels

STREAM_INC = Path(__file__).resolve().parents[1] / "workflow" / "asm" / "stream.inc"
LOADER_AT = 0xC000              # where the stand-in loader's next_block is trapped
BUS = 0xDD00                    # CIA 2 port A: bit 7 = DATA, 0 = the drive has a block
PAYLOAD = 254                   # data bytes of a disk block
STREAM_LEG = 4                  # boot.s: the route's leg while the stream comes


def contract() -> dict[str, int]:
    """stream.inc's constants (NAME = value, $hex or decimal)."""
    found = {}
    for name, value in re.findall(r"^(\w+)\s*=\s*(\$[0-9A-Fa-f]+|\d+)", STREAM_INC.read_text(),
                                  re.M):
        found[name] = int(value[1:], 16) if value.startswith("$") else int(value)
    return found


@dataclass
class StandInLoader:
    """boot.s's next_block as stream.inc describes it: a block's bytes stored from `dest` on,
    switching where the route says; LOADER_LIMIT kept; Z = 1 after the file's last block.
    `ready` says whether the drive holds the next block (what the depacker's poll sees)."""

    machine: Machine
    file: bytes                 # the PRG, load address included
    consts: dict[str, int]
    ready: bool
    dest: int = 0x07FF
    sent: int = 0
    leg: int = 8
    route: list[int] = field(default_factory=lambda: [0] * 10)
    calls: int = 0

    def blocks(self) -> int:
        return -(-len(self.file) // PAYLOAD)

    def set_route(self) -> None:
        m, c = self.machine, self.consts
        image_start, stream_copy, image_end = (m.read_word(c["STREAM_HEADER"] + 2 * i)
                                               for i in range(3))
        stream_end = stream_copy + m.read_word(c["DEPACK_PACKED"])
        self.route, self.leg = [image_start, stream_copy, stream_end, image_end, 0], 0

    def store(self) -> bool:
        """One block along the route; True when it was the last."""
        chunk = self.file[self.sent * PAYLOAD:(self.sent + 1) * PAYLOAD]
        self.sent += 1
        for byte in chunk:
            self.machine.memory[self.dest] = byte
            self.dest += 1
            if self.leg < 8 and self.dest == self.route[self.leg // 2]:
                self.dest = self.route[self.leg // 2 + 1]
                self.leg += 4
        last = self.sent == self.blocks()
        limit = 0xFF
        if self.leg == STREAM_LEG and not last:
            limit = (self.dest - self.consts["LOOKAHEAD"]) >> 8
        self.machine.memory[self.consts["LOADER_LIMIT"]] = limit
        self.machine.memory[BUS] = 0x00 if self.ready and not last else 0x80
        return last

    def next_block(self, machine: Machine) -> None:
        """The trap: as next_block returns, Z = 1 after the last block."""
        self.calls += 1
        last = self.store()
        machine.mpu.p = (machine.mpu.p | 0x02) if last else (machine.mpu.p & ~0x02)


def want_packed(game: bytes) -> int:
    """depack_packed_bytes as the build patched it into the PRG (before any depack ran)."""
    at = 2 + contract()["DEPACK_PACKED"] - 0x0801
    return game[at] | game[at + 1] << 8


@pytest.fixture(scope="module")
def packed(tmp_path_factory) -> tuple[bytes, bytes, dict[str, int]]:
    if shutil.which("ca65") is None:
        pytest.skip("cc65 is not installed")
    prg, labels = link_core(tmp_path_factory.mktemp("stream"),
                            bytes((i * 11 + 5) & 0xFF for i in range(4001)),
                            (*CORE_MODULES, "charset.s"), work_bytes=0x0C40)
    plain, labels = prg.read_bytes(), parse_labels(labels.read_text())
    return plain, pack_image(plain, labels)[0], labels


@pytest.mark.parametrize("ready", [True, False], ids=["drive-always-ready", "limit-only"])
def test_depack_stream_restores_what_plain_depack_does(packed, ready):
    plain, game, labels = packed
    consts = contract()
    want = Machine(game, labels)                            # plain depack, all loaded first
    machine = Machine(game, labels, depack=False)
    machine.memory[0x0801:0x0801 + len(game) - 2] = bytes([0xA5]) * (len(game) - 2)
    loader = StandInLoader(machine, game, consts, ready)
    assert loader.blocks() > consts["STREAM_AFTER_BLOCKS"] + 20
    loader.store()
    loader.set_route()
    for _ in range(consts["STREAM_AFTER_BLOCKS"] - 1):
        loader.store()
    machine.traps[LOADER_AT] = loader.next_block
    machine.call(consts["STREAM_ENTRY"], x=LOADER_AT & 0xFF, y=LOADER_AT >> 8,
                 max_cycles=20_000_000)
    taken_by_depacker = loader.calls
    while loader.sent < loader.blocks():                    # boot.s's @rest
        loader.store()
    start, end = labels["__CODE_LOAD__"], labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"]
    assert machine.read(start, end - start) == want.read(start, end - start)
    assert machine.read_word("depack_packed_bytes") == 0   # the stub's depack: nothing to do
    assert machine.memory[1] == 0x36
    if ready:       # it took every block the drive had while it decoded
        assert taken_by_depacker > 0
    else:           # it asked only when the stream ran out: for each block of it, no more
        stream_end = 2 + labels["__CODE_LOAD__"] - 0x0801 + want_packed(game)
        stream_blocks = -(-stream_end // PAYLOAD)
        assert taken_by_depacker == stream_blocks - consts["STREAM_AFTER_BLOCKS"]
    assert loader.dest == labels["__INIT_LOAD__"]          # the blob's place, filled to its end


def test_stand_in_loader_stores_the_stream_where_depack_would_decode_it(packed):
    """The route itself, without the depacker: the stream's bytes at stream_copy, the blob at
    image_end, as plain depack's two moves leave them."""
    plain, game, labels = packed
    consts = contract()
    machine = Machine(game, labels, depack=False)
    loader = StandInLoader(machine, game, consts, ready=False)
    loader.store()
    loader.set_route()
    while loader.sent < loader.blocks():
        loader.store()
    image_start, stream_copy, image_end = loader.route[0], loader.route[1], loader.route[3]
    packed_bytes = machine.read_word(consts["DEPACK_PACKED"])
    body = game[2 + image_start - 0x0801:]
    assert machine.read(stream_copy, packed_bytes) == body[:packed_bytes]
    blob = body[packed_bytes:]
    assert machine.read(image_end, len(blob)) == blob
    assert image_end + len(blob) == labels["__INIT_LOAD__"]
