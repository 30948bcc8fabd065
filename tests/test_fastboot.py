"""The fast loader's C64 side (fastload/boot.s) on py65 with the game's real depacker: a drive
stub stands in for the bus at the byte level (take_pair trapped: each call stores the next two
bytes as the wire delivers them; receive_block, the fast inline loop, trapped: the block's 256
bytes so; DATA reads "a pair ready" while one is left), sending the fast file (the loader's
second part, then the game) with each block's status and checksum; the KERNAL's SETNAM, SETLFS
and OPEN trapped. Everything else runs as on the C64: the first part from its entry, each
block's status, the second part's first block run where it lands and moving itself, its second
taken, the last block's link put right, the route, the depacker's streaming entry taking blocks
between its tokens. The wire's timing is tests/test_fastbus.py's and VICE's to prove
(results/vice/fast-disk.json)."""

from __future__ import annotations

import shutil
from functools import reduce
from operator import xor
from pathlib import Path

import pytest
from asm_core import CORE_MODULES, link_core

from wordle64.build import pack_image
from wordle64.c64.emu import Machine, parse_labels
from wordle64.media.fastdisk import assemble, fast_file

REPO = Path(__file__).resolve().parents[1]
ASM = REPO / "workflow" / "asm"
BUS = 0xDD00                    # CIA 2 port A: bit 7 = DATA in, 0 = pulled (a byte ready)
BLOCK_FOLLOWS = 0xA5            # fastload.inc: a status pair's first byte, a block follows
KERNAL_CALLS = (0xFFBD, 0xFFBA, 0xFFC0)     # SETNAM, SETLFS, OPEN: the "&" command
PAYLOAD = 254
MPU_ZERO = 0x02                 # the 6502's Z flag
WIRE_ORDER = (5, 7, 4, 6, 1, 3, 0, 2)   # boot.s: the bits of b the C64 assembles, bit 7 down


def on_the_wire(byte: int) -> int:
    """What take_pair assembles for `byte`: its bits in WIRE_ORDER from bit 7 down, each
    inverted (a 1 pulls its line, read as 0). The fast file's data bytes are stored so that this
    gives them back; the drive's own bytes (status, links) come through it as they are."""
    out = 0
    for bit in WIRE_ORDER:
        out = out << 1 | (((byte >> bit) & 1) ^ 1)
    return out


def loader_machine(game: bytes, labels: dict[str, int], boot: bytes,
                   boot_labels: dict[str, int]) -> Machine:
    """The game's PRG as loaded (not unpacked), the loader's first part where LOAD"*",8,1 puts
    it (the second comes from the drive); the KERNAL's calls of the "&" command trapped."""
    machine = Machine(game, labels, depack=False)
    size, run = boot_labels["__LOADER_SIZE__"], boot_labels["__LOADER_RUN__"]
    at = 2 + boot_labels["__LOADER_LOAD__"] - boot_labels["__MAIN_START__"]
    machine.memory[run:run + size] = boot[at:at + size]
    for address in KERNAL_CALLS:
        machine.traps[address] = lambda m: None
    return machine


class DriveStub:
    """The drive side, byte by byte: per block of `prg` (the fast file) a status pair
    (BLOCK_FOLLOWS and the block's checksum) and the block's 256 bytes (its link, then its data);
    DATA stays pulled while a byte is left to send."""

    def __init__(self, machine: Machine, prg: bytes, sector: int) -> None:
        self.machine, self.sector = machine, sector
        chunks = [prg[i:i + PAYLOAD] for i in range(0, len(prg), PAYLOAD)]
        self.queue = []
        for number, chunk in enumerate(chunks):
            last = number == len(chunks) - 1
            link = bytes([0, len(chunk) + 1]) if last else bytes([17, number % 21])
            block = link + chunk.ljust(PAYLOAD, b"\0")
            self.queue += [BLOCK_FOLLOWS, reduce(xor, block), *block]
        self.blocks = len(chunks)
        self.machine.memory[BUS] = 0x00

    def take(self, machine: Machine, count: int, at: int) -> None:
        for offset in range(count):
            machine.memory[self.sector + (at + offset) % 256] = on_the_wire(self.queue.pop(0))
        machine.memory[BUS] = 0x00 if self.queue else 0x80      # the last byte: DATA free

    def take_pair(self, machine: Machine) -> None:
        self.take(machine, 2, machine.mpu.y)
        machine.mpu.y = (machine.mpu.y + 2) % 256
        machine.mpu.p = machine.mpu.p & ~MPU_ZERO | (MPU_ZERO if machine.mpu.y == 0 else 0)

    def receive_block(self, machine: Machine) -> None:
        self.take(machine, 256, 0)


def status_index(part2: bytes, game_block: int) -> int:
    """Where a block's status is in DriveStub's queue: 258 bytes a block, the second part's
    first (game_block -1 and -2 its blocks)."""
    return 258 * (-(-len(part2) // PAYLOAD) + game_block)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[bytes, dict[str, int], bytes, dict[str, int], bytes]:
    if shutil.which("ca65") is None:
        pytest.skip("cc65 is not installed")
    work = tmp_path_factory.mktemp("fastboot")
    prg, labels = link_core(work, bytes((i * 13 + 1) & 0xFF for i in range(4001)),
                            (*CORE_MODULES, "charset.s"), work_bytes=0x0C40)
    plain, labels = prg.read_bytes(), parse_labels(labels.read_text())
    game = pack_image(plain, labels)[0]
    loader = assemble(ASM / "fastload", ASM, work / "boot.prg", work / "boot.lbl",
                      work / "boot.map")
    return (game, labels, loader.boot, parse_labels((work / "boot.lbl").read_text()),
            loader.part2)


def test_the_loader_streams_the_game_into_the_depacker_on_py65(built):
    game, labels, boot, boot_labels, part2 = built
    want = Machine(game, labels)                            # plain depack, all loaded first
    machine = loader_machine(game, labels, boot, boot_labels)
    machine.memory[0x07FF:0x0801 + len(game) - 2] = bytes([0xA5]) * (len(game))
    drive = DriveStub(machine, fast_file(part2, game), boot_labels["sector"])
    machine.traps[boot_labels["take_pair"]] = drive.take_pair
    machine.traps[boot_labels["receive_block"]] = drive.receive_block
    started = []
    machine.traps[boot_labels["start_game"]] = lambda m: started.append(
        m.read_word(boot_labels["dest"]))
    machine.call(boot_labels["fastload"], max_cycles=40_000_000)    # to start_game
    run = boot_labels["__LOADER2_RUN__"]
    assert machine.read(run, len(part2)) == part2           # the second part, in its place
    assert not drive.queue                                  # every block taken
    start, end = labels["__CODE_LOAD__"], labels["__INIT_LOAD__"] + labels["__INIT_SIZE__"]
    assert machine.read(start, end - start) == want.read(start, end - start)
    assert machine.read(0x0801, 0x0813 - 0x0801) == want.read(0x0801, 0x0813 - 0x0801)
    assert started == [labels["__INIT_LOAD__"]]             # the game started, dest at its end
    assert machine.read_word("depack_packed_bytes") == 0
    assert drive.blocks > 20


class BasicError(Exception):
    """BASIC's error handler was reached (X: the error)."""


def basic_error(machine: Machine) -> None:
    raise BasicError(machine.mpu.x)


def run_to_error(built, damage) -> int | None:
    """The loader against a drive stub whose queue `damage` changed: BASIC's error (X), if any."""
    game, labels, boot, boot_labels, part2 = built
    machine = loader_machine(game, labels, boot, boot_labels)
    drive = DriveStub(machine, fast_file(part2, game), boot_labels["sector"])
    damage(drive.queue)
    machine.traps[boot_labels["take_pair"]] = drive.take_pair
    machine.traps[boot_labels["receive_block"]] = drive.receive_block
    machine.traps[boot_labels["start_game"]] = lambda m: None
    machine.memory[0x0300:0x0302] = bytes([0x00, 0xE0])     # BASIC's error vector -> a trap
    machine.traps[0xE000] = basic_error
    try:
        machine.call(boot_labels["fastload"], max_cycles=40_000_000)
    except BasicError as error:
        return error.args[0]
    return None


def test_a_block_the_drive_could_not_read_goes_to_basics_load_error(built):
    part2 = built[4]
    for bad in (status_index(part2, -2), status_index(part2, -1), status_index(part2, 0)):
        # part 2's first (taken by the first part) and last, the game's first
        assert run_to_error(built, lambda queue: queue.__setitem__(bad, 23)) == 29


def test_a_byte_that_does_not_match_its_checksum_goes_to_basics_load_error(built):
    part2 = built[4]
    at = status_index(part2, -1) - 100      # in part 2's first block, the first part's own loop
                                            # (receive_block's check: test_fastbus)
    assert run_to_error(built, lambda queue: queue.__setitem__(at, queue[at] ^ 0x10)) == 29
    assert run_to_error(built, lambda queue: None) is None  # (the stub's own checksums hold)

