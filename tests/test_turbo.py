"""The turbo tape: the loader (workflow/asm/tape/turbo.s) assembled and run on the machine model
from a .tap of a small program, its format read back in Python, and its fault handling: bad
blocks, missing blocks and a tape that ends early each end in TAPE ERROR, never a wrong game."""

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
from wordle64.media import tapefaults, turbo, turbosweep
from wordle64.media.images import petscii_name, read_tap, tap_bytes

REPO = Path(__file__).resolve().parents[1]
ERROR = "TAPE ERROR: REWIND AND PRESS PLAY"


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Prg:
    return toy_prg(tmp_path_factory.mktemp("toy"))


@pytest.fixture(scope="module")
def loader(toy: Prg) -> tuple[bytes, Prg]:
    code, boot = turbo.build_loader(REPO / "workflow" / "asm", toy)
    return code, parse_prg(boot)


def tape(toy: Prg, loader: tuple[bytes, Prg], **flips) -> list[int]:
    code, boot = loader
    return turbo.turbo_pulses(toy, petscii_name("TOY"), code, boot, **flips)


def boot_pulses(loader: tuple[bytes, Prg]) -> int:
    code, boot = loader
    return len(turbo.boot_file_pulses(turbo.boot_header(boot, petscii_name("TOY"), code),
                                      boot.payload, turbo.BOOT_KERNAL_TIMING))


def test_turbo_tape_is_the_boot_file_then_the_turbo_part(toy: Prg,
                                                         loader: tuple[bytes, Prg]) -> None:
    whole = turbo.turbo_tape(toy, REPO / "workflow" / "asm", "TOY")
    assert whole.pulses == tape(toy, loader) and whole.boot_pulses == boot_pulses(loader)
    lead_in = turbo.TurboTiming().lead_in
    assert set(whole.pulses[whole.boot_pulses:whole.boot_pulses + lead_in]) == {160}
    assert min(whole.pulses[:whole.boot_pulses]) > 320            # every KERNAL pulse longer


def test_loader_fills_the_header_and_the_boot_file_ends_on_the_irq_vector(
        loader: tuple[bytes, Prg], toy: Prg) -> None:
    code, boot = loader
    assert len(code) == turbo.LOADER_SIZE == 171
    assert (boot.load_address, boot.end_address) == (0x0218, 0x0316)
    assert boot.payload[-2:] == b"\x31\x02"           # CINV -> $0231: $EA31's low byte kept
    data = boot.payload
    assert data[0x0300 - 0x0218:0x030C - 0x0218] == bytes.fromhex("8be383a47ca51aa7e4a786ae")
    assert data[0x0288 - 0x0218] == 0x04 and data[0x028F - 0x0218:0x0291 - 0x0218] == b"\x48\xeb"
    check = 0
    for value in data:
        check ^= value
    assert check == 0                                   # autostart checks the file's XOR
    header = turbo.boot_header(boot, petscii_name("TOY"), code)
    assert len(header) == 192 and header[0] == 3
    assert struct.unpack_from("<HH", header, 1) == (0x0218, 0x0316)
    assert header[5:21] == b"TOY".ljust(16) and header[21:] == code
    assert turbo.game_start(toy) == 2061
    with pytest.raises(Wordle64Error, match="SYS"):
        turbo.game_start(Prg(0x0801, b"\x0b\x08\x0a\x00\x99\"HI\"\x00\x00\x00"))


def test_the_boot_file_is_recorded_once_with_a_one_byte_repeat(loader: tuple[bytes, Prg]
                                                               ) -> None:
    code, boot = loader
    pulses = turbo.boot_file_pulses(turbo.boot_header(boot, petscii_name("TOY"), code),
                                    boot.payload, turbo.BOOT_KERNAL_TIMING)
    markers = [i for i in range(len(pulses) - 1) if pulses[i] == 0x56 * 8
               and pulses[i + 1] == 0x30 * 8]           # end-of-data: long, short
    assert len(markers) == 4                            # header twice, data, the repeat
    per_byte = 20
    repeat = (markers[3] - markers[2] - 2 - 79) // per_byte
    assert repeat == 9 + 1 + 1                          # sync countdown, one byte, checksum


def test_blocks_read_back_and_a_flipped_bit_is_caught(tmp_path: Path, toy: Prg,
                                                      loader: tuple[bytes, Prg]) -> None:
    pulses = tape(toy, loader)
    blocks = turbo.turbo_blocks(toy)
    assert len(blocks) == 3 and all(len(block) == 260 for block in blocks)
    assert [block[:3] for block in blocks] == [b"\x96\x69\x02", b"\x96\x69\x01", b"\x96\x69\x00"]
    assert blocks[1][3:259] == toy.payload[256:512]              # no address: the loader knows it
    read = turbo.decode_turbo(pulses, 0x0801)
    assert read.load_address == 0x0801 and read.payload[:len(toy.payload)] == toy.payload
    (tmp_path / "t.tap").write_bytes(tap_bytes(pulses))
    files = read_tap(tmp_path / "t.tap")                         # tapfile finds the boot file
    assert files[0].data == loader[1].payload and files[0].name.startswith("TOY")
    with pytest.raises(Wordle64Error, match="bad block"):
        turbo.decode_turbo(tape(toy, loader, flips={300: 0x10}), 0x0801)
    skipped = tape(toy, loader, flips={262 + 2: 0x01})          # block 1's SYNC1
    with pytest.raises(Wordle64Error, match="bad block"):     # block 2 follows block 0
        turbo.decode_turbo(skipped, 0x0801)


def load_turbo(pulses: list[int]) -> tuple[Machine, tapefaults.TapeLoad]:
    """LOAD and PLAY, nothing typed after: the boot file starts the loader."""
    machine = Machine(roms_or_skip())
    machine.boot()
    return machine, tapefaults.run_turbo_load(machine, pulses, "TOY",
                                              turbo.turbo_part_start(pulses), 200_000_000)


def test_the_loader_loads_and_starts_the_program(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    machine, load = load_turbo(tape(toy, loader))
    assert load.ok and tapefaults.ram_matches(load.ram_at_stop, toy)
    machine.run(200_000)
    assert machine.shows("TAPE OK")                              # the program ran
    assert not machine.datasette.motor and machine.io(0xD011) & 0x10     # motor off, screen on
    # PLAY to the motor's stop: the whole tape's time, plus the FOUND prompt's SPACE and the
    # motor stopped between the KERNAL's load and the autostart, never a wait of its own
    tape_time = sum(tape(toy, loader))
    assert turbo.turbo_tape_cycles(tape(toy, loader)) == sum(tape(toy, loader)[
        boot_pulses(loader):])                                    # found from the pulses alone
    assert tape_time < load.cycles < tape_time + 400_000


@pytest.mark.parametrize("speed", [0.90, 1.10])
def test_ten_percent_speed_error_and_48_cycles_of_jitter_still_load(
        toy: Prg, loader: tuple[bytes, Prg], speed: float) -> None:
    clean, cut = tape(toy, loader), boot_pulses(loader)
    pulses = clean[:cut] + faulty_pulses(clean[cut:], speed=speed, jitter=48, seed=7)
    machine, load = load_turbo(pulses)
    assert load.ok and tapefaults.ram_matches(load.ram_at_stop, toy)


def test_a_missing_block_is_reported_not_skipped(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    machine, load = load_turbo(tape(toy, loader, flips={262 + 2 + 1: 0x20}))  # block 1's SYNC2
    assert not load.ok and load.error == ERROR
    assert not machine.shows("TAPE OK")


def test_a_tape_that_ends_early_times_out_with_the_message(toy: Prg,
                                                           loader: tuple[bytes, Prg]) -> None:
    pulses = tape(toy, loader)
    machine, load = load_turbo(pulses[:len(pulses) - 8 * 200])   # the last block cut short
    assert not load.ok and load.error == ERROR
    assert not machine.datasette.motor and machine.io(0xD011) & 0x10
    assert not machine.shows("TAPE OK")


def test_a_flipped_bit_is_reported_and_a_rewind_retries(toy: Prg,
                                                        loader: tuple[bytes, Prg]) -> None:
    machine, load = load_turbo(tape(toy, loader, flips={300: 0x10}))
    assert not load.ok and load.error == ERROR
    assert not machine.shows("TAPE OK")                          # never started
    assert machine.ram(0x0801 + 256, 256) != toy.payload[256:512]  # the bad block stayed out
    case = tapefaults.retry_case(machine, tape(toy, loader), toy, 200_000_000)
    assert case["passed"] and case["ram_matches_prg"]
    machine.run(200_000)
    assert machine.shows("TAPE OK")


def test_the_sweep_flips_the_bit_it_names(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    pulses, layout = turbosweep.tape_and_layout(toy, str(REPO / "workflow" / "asm"), "TOY",
                                                turbo.TurboTiming())
    assert pulses == tape(toy, loader)
    flip = turbo.Flip(block=1, byte=turbo.FIELDS["number"], bit=0)
    stream_offset = 1 * (2 + 260) + 2 + 2                       # gap, SYNC1, SYNC2 before it
    expected = tape(toy, loader, flips={stream_offset: 0x01})
    assert turbo.flipped(pulses, layout.pulse_index(flip), turbo.TurboTiming()) == expected
    flips = turbosweep.sweep_flips(3, 10, seed=1)
    assert len(flips) == 3 * 4 * 8 + 10 and len(set(flips)) == len(flips)
    assert {f.kind for f in flips[:96]} == {"sync1", "sync2", "number", "checksum"}
    assert all(f.kind == "data" for f in flips[96:])
    chunks = [turbosweep.chunk_flips(flips, i, 2) for i in range(2)]
    assert sorted(chunks[0] + chunks[1], key=flips.index) == flips


def test_sweep_cases_run_the_loader_to_its_verdict(toy: Prg) -> None:
    flips = [turbo.Flip(0, turbo.FIELDS["sync1"], 3),    # block 0 missed: block 1 next
             turbo.Flip(2, turbo.FIELDS["sync2"], 0),    # the last block missed
             turbo.Flip(1, turbo.FIELDS["checksum"], 7),
             turbo.Flip(1, turbo.DATA_START + 5, 2)]
    cases = turbosweep.sweep_chunk(roms_or_skip(), toy, str(REPO / "workflow" / "asm"), "TOY",
                                   flips, 200_000_000)
    assert [case["outcome"] for case in cases] == ["reported"] * 4
    assert turbosweep.count_outcomes(cases) == {"cases": 4, "loaded": 0, "reported": 4,
                                                "silent_wrong_loads": 0, "hangs": 0}


def test_the_counted_poll_skip_changes_nothing_the_loader_sees(toy: Prg,
                                                               loader: tuple[bytes, Prg]) -> None:
    """The machine model jumps the loader's poll loop ahead; stepping every round instead must
    stop the motor on the same cycle with the same memory."""
    pulses = tape(toy, loader)
    results = []
    for skip in (True, False):
        machine = Machine(roms_or_skip())
        machine.boot()
        if not skip:
            machine.board._skip_counted_poll = lambda *args: None
        load = tapefaults.run_turbo_load(machine, pulses[:len(pulses) - 8 * 200], "TOY",
                                         boot_pulses(loader), 200_000_000)
        results.append((load.motor_stops, load.ram_at_stop, machine.board.skipped))
    assert results[0][:2] == results[1][:2]
    assert results[0][2] > results[1][2]                         # the skip did jump


def test_damaged_copies_break_what_they_say(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    pulses = tape(toy, loader)
    damaged = turbo.damaged_tapes(pulses)
    what, flipped, loads = damaged["flipped_bit"]
    assert not loads and sum(a != b for a, b in zip(flipped, pulses)) == 1
    with pytest.raises(Wordle64Error, match="bad block"):
        turbo.decode_turbo(flipped, 0x0801)
    with pytest.raises(Wordle64Error, match="ends before the last block"):
        turbo.decode_turbo(damaged["cut_short"][1], 0x0801)
    boot = boot_pulses(loader)
    for name in ("fast_jitter", "slow_jitter"):
        _, played, loads = damaged[name]
        assert loads and played[:boot] == pulses[:boot] and len(played) == len(pulses)
        ratio = sum(played[boot:]) / sum(pulses[boot:])
        assert abs(ratio - (0.9 if name == "fast_jitter" else 1.1)) < 0.01


def test_a_bad_bit_in_the_boot_file_is_reported_not_run(toy: Prg,
                                                        loader: tuple[bytes, Prg]) -> None:
    pulses = tape(toy, loader)
    bad = turbo.boot_flipped(pulses, 0xCD, 2)            # the KERNAL sees a parity error
    assert sum(a != b for a, b in zip(bad, pulses)) == 2 and len(bad) == len(pulses)
    machine, load = load_turbo(bad)
    assert not load.ok and machine.shows(ERROR)          # autostart's XOR caught it
    assert not machine.shows("TAPE OK") and not machine.datasette.motor


def test_the_game_starts_with_no_run_typed(toy: Prg, loader: tuple[bytes, Prg]) -> None:
    machine = Machine(roms_or_skip())
    machine.boot()
    tapefaults.start_turbo_tape(machine, tape(toy, loader), "TOY")
    machine.run(30 * 985_248)                            # nothing typed after the LOAD
    assert machine.shows("TAPE OK")                        # the program runs by itself
