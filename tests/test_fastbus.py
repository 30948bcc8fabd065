"""The fast loader's bus at the cycle: the C64's real receiving code (boot.s: take_pair, which the
loader's first part uses for everything, and receive_block, the second part's inline loop for the
game's blocks) on py65, against a drive modelled from drive.s's own schedule. The drive sees each
release of CLK `jitter` of its cycles late (its wait loop is 7 cycles), then holds the first
byte's bit pairs from 12 + 12 k and the second's from 65 + 12 k of its cycles after that, 12
each, and frees the lines at 113; it looks for the next pull at 120. Its clock is 1.5 % faster
than the PAL C64's. Every read of the bus must fall inside the pair it wants, a cycle or more
from either edge, at both ends of the drive's jitter; every pull must still be held when the drive
looks for it. VICE runs both sides for real (test_vice.py, results/vice/fast-disk.json)."""

from __future__ import annotations

import random
import shutil
from functools import reduce
from operator import xor
from pathlib import Path

import pytest
from py65.devices.mpu6502 import MPU

from wordle64.c64.emu import parse_labels
from wordle64.media.fastdisk import FOR_THE_WIRE, assemble, on_the_wire

ASM = Path(__file__).resolve().parents[1] / "workflow" / "asm"
BUS = 0xDD00                    # CIA 2 port A: bit 4 CLK out (1 pulls), bits 7, 6 DATA, CLK in
CLK_OUT = 0x10
DRIVE_PER_C64 = 1_000_000 / 985_248     # drive cycles per PAL C64 cycle
FIRST_PAIRS = (12, 24, 36, 48)          # drive.s, send_block: after the release is seen
SECOND_PAIRS = (65, 77, 89, 101)
HOLD = 12
LOOKS_AGAIN = 120               # the drive's next look for a pull
LOOP_PERIOD = 7                 # its wait loops: BIT, branch
MARGIN = 1.0                    # drive cycles a read keeps from a pair's edges
RETURN = 0xFFF0
BASIC_ERROR = 0xE000            # where the test points BASIC's error vector ($0300)


class Wire(bytearray):
    """The C64's 64 KB with CIA 2's port A on the bus: writes note the C64's pulls and releases
    of CLK; reads give the drive's bit pairs of the byte pair being sent."""

    def __init__(self, memory: bytes, pairs: list[tuple[int, int]], jitter: float) -> None:
        super().__init__(memory)
        self.pairs, self.jitter = pairs, jitter
        self.mpu: MPU | None = None
        self.pulled_at: float | None = None
        self.zero: float | None = None           # the last release, in C64 cycles
        self.sending: tuple[int, int] | None = None
        self.margins: list[float] = []
        self.problems: list[str] = []

    def now(self) -> int:
        """The cycle of a 4-cycle absolute access: its last (py65 counts after the step)."""
        return self.mpu.processorCycles + 3

    def __setitem__(self, index, value):
        if index == BUS:
            if value & CLK_OUT and self.pulled_at is None:
                self.pulled_at = self.now()
            elif not value & CLK_OUT and self.pulled_at is not None:
                self.release(self.now())
        super().__setitem__(index, value)

    def release(self, at: int) -> None:
        if self.zero is not None and self.pairs:  # the drive must see this pull: held across
            # its look for it
            looks = (self.zero * DRIVE_PER_C64 + self.jitter + LOOKS_AGAIN)
            held = (self.pulled_at * DRIVE_PER_C64, at * DRIVE_PER_C64)
            if not held[0] <= looks < held[1] - 1 or held[1] - held[0] < LOOP_PERIOD + 1:
                self.problems.append(f"pull {held} not seen at {looks:.1f}")
        self.pulled_at, self.zero = None, at
        self.sending = self.pairs.pop(0) if self.pairs else None

    def __getitem__(self, index):
        if index == BUS and self.zero is not None and self.sending is not None:
            return self.read(self.now())
        return super().__getitem__(index)

    def read(self, at: int) -> int:
        drive = (at - self.zero) * DRIVE_PER_C64 - self.jitter
        level = 0xC0                          # both lines free (read as 1)
        for byte, starts in zip(self.sending, (FIRST_PAIRS, SECOND_PAIRS)):
            for k, start in enumerate(starts):
                if start <= drive < start + HOLD:
                    self.margins.append(min(drive - start, start + HOLD - drive))
                    pair = ((0, 2), (1, 3), (4, 6), (5, 7))[k]
                    data, clk = ((byte >> bit) & 1 for bit in pair)
                    level = (data ^ 1) << 7 | (clk ^ 1) << 6
        if level == 0xC0 and not any(start <= drive < start + HOLD
                                     for starts in (FIRST_PAIRS, SECOND_PAIRS)
                                     for start in starts):
            self.problems.append(f"read at drive cycle {drive:.1f}: no pair on the lines")
        return level | (super().__getitem__(BUS) & 0x3F)


@pytest.fixture(scope="module")
def loader(tmp_path_factory):
    if shutil.which("ca65") is None:
        pytest.skip("cc65 is not installed")
    work = tmp_path_factory.mktemp("fastbus")
    built = assemble(ASM / "fastload", ASM, work / "boot.prg", work / "boot.lbl",
                     work / "boot.map")
    labels = parse_labels((work / "boot.lbl").read_text())
    memory = bytearray(0x10000)
    at = 2 + labels["__LOADER_LOAD__"] - labels["__MAIN_START__"]
    run, size = labels["__LOADER_RUN__"], labels["__LOADER_SIZE__"]
    memory[run:run + size] = built.boot[at:at + size]
    part2 = labels["__LOADER2_RUN__"]
    memory[part2:part2 + len(built.part2)] = built.part2
    memory[0x0300:0x0302] = BASIC_ERROR.to_bytes(2, "little")
    return bytes(memory), labels


def call(wire: Wire, address: int, y: int = 0) -> MPU:
    """JSR address with Y; run to its RTS, or to BASIC's error handler (then A = $EE)."""
    mpu = MPU(memory=wire)
    wire.mpu = mpu
    mpu.sp, mpu.y = 0xFF, y
    mpu.stPushWord(RETURN - 1)
    mpu.pc = address
    while mpu.pc not in (RETURN, BASIC_ERROR):
        mpu.step()
        assert mpu.processorCycles < 500_000, f"no RTS (PC ${mpu.pc:04X})"
    if mpu.pc == BASIC_ERROR:
        mpu.a = 0xEE
    return mpu


@pytest.mark.parametrize("jitter", [0.0, 3.5, 6.99])
def test_take_pair_reads_both_bytes_inside_their_pairs(loader, jitter):
    memory, labels = loader
    wire = Wire(memory, [(0xA5, 0x3C)], jitter)
    mpu = call(wire, labels["take_pair"], y=0x10)
    sector = labels["sector"]
    assert wire.problems == []
    assert bytes(wire[sector + 0x10:sector + 0x12]) == bytes([on_the_wire(0xA5),
                                                              on_the_wire(0x3C)])
    assert mpu.y == 0x12 and not mpu.p & MPU.ZERO
    assert len(wire.margins) == 8 and min(wire.margins) >= MARGIN


@pytest.mark.parametrize("jitter", [0.0, 3.5, 6.99])
def test_the_inline_loop_takes_a_block_and_checks_it(loader, jitter):
    memory, labels = loader
    rng = random.Random(int(jitter * 10))
    block = bytes(rng.randrange(256) for _ in range(256)).translate(FOR_THE_WIRE)
    wire = Wire(memory, [tuple(block[i:i + 2]) for i in range(0, 256, 2)], jitter)
    wire[labels["expected"]] = on_the_wire(reduce(xor, block))   # as its status pair brings it
    mpu = call(wire, labels["receive_block"])
    sector = labels["sector"]
    assert wire.problems == []
    assert bytes(wire[sector:sector + 256]) == bytes(map(on_the_wire, block))
    assert mpu.a != 0xEE                                   # the checksum held: no ?LOAD ERROR
    assert len(wire.margins) == 256 * 4 and min(wire.margins) >= MARGIN


def test_the_inline_loop_stops_at_a_byte_its_checksum_does_not_match(loader):
    memory, labels = loader
    block = bytes(range(256))
    wire = Wire(memory, [tuple(block[i:i + 2]) for i in range(0, 256, 2)], 2.0)
    wire[labels["expected"]] = on_the_wire(reduce(xor, block) ^ 0x40)
    assert call(wire, labels["receive_block"]).a == 0xEE        # BASIC's ?LOAD ERROR
