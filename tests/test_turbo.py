"""The turbo tape: the loader (workflow/asm/tape/turbo.s) assembled and run on the machine model
from a .tap of a small program, its format read back in Python, and its fault handling."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from conftest import roms_or_skip
from tape_toy import toy_prg

from wordle64.c64.datasette import faulty_pulses
from wordle64.c64.machine import Machine
from wordle64.c64.prg import Prg, parse_prg
from wordle64.errors import Wordle64Error
from wordle64.media import tapefaults, turbo
from wordle64.media.images import TapeTiming, petscii_name, read_tap, tap_bytes

REPO = Path(__file__).resolve().parents[1]
SHORT_PILOT = TapeTiming(header_pilot=9000)  # the Open ROMs want 8,192 pilot pulses at least


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Prg:
    return toy_prg(tmp_path_factory.mktemp("toy"))


@pytest.fixture(scope="module")
def loader(toy: Prg) -> tuple[bytes, Prg]:
    code, boot = turbo.build_loader(REPO / "workflow" / "asm", start=turbo.game_start(toy),
                                    threshold=turbo.TurboTiming().threshold)
    return code, parse_prg(boot)


def tape(toy: Prg, loader: tuple[bytes, Prg], **flips) -> list[int]:
    code, boot = loader
    return turbo.turbo_pulses(toy, petscii_name("TOY"), code, boot, kernal=SHORT_PILOT, **flips)


def test_loader_fills_the_header_and_the_boot_line_sys_2061(loader: tuple[bytes, Prg],
                                                            toy: Prg) -> None:
    code, boot = loader
    assert len(code) == turbo.LOADER_SIZE == 171
    assert boot.load_address == 0x0801
    assert boot.payload[4:10] == b"\x9e2061\x00" and len(boot.payload) <= 40
    header = turbo.boot_header(boot, petscii_name("TOY"), code)
    assert len(header) == 192 and header[0] == 3
    assert struct.unpack_from("<HH", header, 1) == (0x0801, boot.end_address)
    assert header[5:21] == b"TOY".ljust(16) and header[21:] == code
    assert turbo.game_start(toy) == 2061
    with pytest.raises(Wordle64Error, match="SYS"):
        turbo.game_start(Prg(0x0801, b"\x0b\x08\x0a\x00\x99\"HI\"\x00\x00\x00"))


def test_blocks_read_back_and_a_flipped_bit_is_caught(tmp_path: Path, toy: Prg,
                                                      loader: tuple[bytes, Prg]) -> None:
    pulses = tape(toy, loader)
    blocks = turbo.turbo_blocks(toy)
    assert len(blocks) == 3 and all(len(block) == 262 for block in blocks)
    assert [block[2] for block in blocks] == [2, 1, 0]           # blocks remaining
    read = turbo.decode_turbo(pulses)
    assert read.load_address == 0x0801 and read.payload[:len(toy.payload)] == toy.payload
    (tmp_path / "t.tap").write_bytes(tap_bytes(pulses))
    files = read_tap(tmp_path / "t.tap")                         # tapfile finds the boot file
    assert files[0].data == loader[1].payload and files[0].name.startswith("TOY")
    with pytest.raises(Wordle64Error, match="bad block"):
        turbo.decode_turbo(tape(toy, loader, flips={300: 0x10}))


def load_turbo(pulses: list[int]) -> tuple[Machine, tapefaults.TapeLoad]:
    machine = Machine(roms_or_skip())
    machine.boot()
    return machine, tapefaults.run_turbo_load(machine, pulses, "TOY", 200_000_000)


def test_the_loader_loads_and_starts_the_program(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    machine, load = load_turbo(tape(toy, loader))
    assert load.ok and tapefaults.ram_matches(load.ram_at_stop, toy)
    machine.run(200_000)
    assert machine.shows("TAPE OK")                              # the program ran
    assert not machine.datasette.motor and machine.io(0xD011) & 0x10     # motor off, screen on
    # 3 blocks of 262 bytes + gaps at 224 cycles a bit on average, plus the lead-in
    assert 1_200_000 < load.cycles < 3_000_000


@pytest.mark.parametrize("speed", [0.94, 1.06])
def test_speed_error_and_jitter_still_load(toy: Prg, loader: tuple[bytes, Prg],
                                           speed: float) -> None:
    machine, load = load_turbo(faulty_pulses(tape(toy, loader), speed=speed, jitter=24, seed=7))
    assert load.ok and tapefaults.ram_matches(load.ram_at_stop, toy)


def test_a_flipped_bit_is_reported_and_a_rewind_retries(toy: Prg,
                                                        loader: tuple[bytes, Prg]) -> None:
    machine, load = load_turbo(tape(toy, loader, flips={300: 0x10}))
    assert not load.ok and load.error == "LOAD ERROR: REWIND"
    assert not machine.shows("TAPE OK")                          # never started
    assert machine.ram(0x0801 + 256, 256) != toy.payload[256:512]  # the bad block stayed out
    case = tapefaults.retry_case(machine, tape(toy, loader), toy, 200_000_000)
    assert case["passed"] and case["ram_matches_prg"]
    machine.run(200_000)
    assert machine.shows("TAPE OK")
