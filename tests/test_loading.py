"""Loading through the KERNAL on the machine model: the chips the Open ROMs tape code relies on,
a small PRG from a standard .tap (LOAD, PLAY, READY.), its fault cases, and load-times.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import roms_or_skip
from tape_toy import toy_prg

from wordle64.c64.cia import Cia
from wordle64.c64.datasette import Datasette, faulty_pulses
from wordle64.c64.machine import Machine
from wordle64.c64.prg import Prg
from wordle64.media import tapefaults, tapeload, turbosweep
from wordle64.media.images import DiskModel, TapeTiming, petscii_name, tape_header_block
from wordle64.media.turbo import kernal_file_pulses

SHORT_PILOT = TapeTiming(header_pilot=9000)


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Prg:
    return toy_prg(tmp_path_factory.mktemp("toy"))


def test_cia_timer_b_counts_timer_a_underflows_as_the_open_roms_time_pulses() -> None:
    cia = Cia("CIA2")
    cia.write(0x04, 3, 0)                       # timer A: 4 cycles a period
    cia.write(0x05, 0, 0)
    cia.write(0x06, 0xFF, 0)
    cia.write(0x07, 0, 0)
    cia.write(0x0E, 0x11, 100)                  # start A, force load
    cia.write(0x0F, 0x51, 100)                  # start B on A's underflows, force load
    assert cia.read(0x06, 100) == 0xFF
    assert cia.read(0x06, 100 + 384) == 0xFF - 96   # a short pulse: 96 units of 4 cycles
    cia.write(0x0F, 0x51, 1000)                 # restarted at the edge
    assert cia.read(0x06, 1000 + 688) == 0xFF - 172


def test_cia_one_shot_sets_its_icr_bit_once_and_irq_time_follows_timer_a() -> None:
    cia = Cia("CIA2")
    cia.write(0x06, 224, 0)
    cia.write(0x07, 0, 0)
    cia.write(0x0F, 0x19, 0)                    # one-shot, force load, start
    assert cia.read(0x0D, 200) & 0x02 == 0      # read clears; not run out yet
    assert cia.read(0x0D, 300) & 0x02 == 2
    assert cia.read(0x0D, 5000) & 0x02 == 0     # one-shot: no second underflow
    cia1 = Cia("CIA1")
    cia1.write(0x04, 0x25, 0)
    cia1.write(0x05, 0x40, 0)
    cia1.write(0x0D, 0x81, 0)                   # timer A interrupts on
    cia1.write(0x0E, 0x11, 10)
    assert cia1.irq_at(10) == 10 + 0x4025 + 1
    assert cia1.read(0x0D, 10 + 0x4026) == 0x81


def test_datasette_moves_only_with_play_and_motor() -> None:
    deck = Datasette([100, 100, 100])
    assert deck.edges(1000) == 0 and deck.next_edge(0) > 10**12
    deck.set_motor(True, 0)
    assert deck.edges(1000) == 0                # PLAY not down
    deck.press_play(1000)
    assert deck.next_edge(1000) == 1100 and deck.edges(1150) == 1
    deck.set_motor(False, 1150)
    assert deck.edges(5000) == 0                # motor off: the tape stands
    deck.set_motor(True, 5000)
    assert deck.next_edge(5000) == 5050 and deck.edges(5300) == 2 and deck.finished
    assert faulty_pulses([100, 200], speed=1.06) == [106, 212]


def test_port_sense_and_motor_reach_the_datasette() -> None:
    machine = Machine(roms_or_skip())
    machine.boot()
    bus = machine.bus
    assert bus.port_value() & 0x10              # no key down on the datasette
    machine.datasette.press_play(machine.cycles)
    assert not bus.port_value() & 0x10
    bus[0x01] = bus.port_data & ~0x20           # the CPU starts the motor
    assert machine.datasette.motor
    bus[0x01] = 0x37
    assert not machine.datasette.motor


def kernal_load(toy: Prg, flips=({}, {}), speed: float = 1.0) -> tapeload.TapeLoad:
    pulses = kernal_file_pulses(tape_header_block(toy, petscii_name("TOY")), toy.payload,
                                SHORT_PILOT, flips)
    machine = Machine(roms_or_skip())
    machine.boot()
    return tapeload.load_from_tape(machine, faulty_pulses(pulses, speed=speed, jitter=24),
                                   "TOY", 200_000_000)


def test_kernal_loads_a_small_prg_from_tape(toy: Prg) -> None:
    load = kernal_load(toy)
    assert load.ok and tapeload.ram_matches(load.ram_at_stop, toy)
    assert any("FOUND TOY" in line for line in load.screen)
    assert any(line.startswith("LOADING FROM $0801 TO $0") for line in load.screen)
    # pilot 9,000 x 384 cycles (3.5 M), header twice (3.8 M), silence and data pilot (2.5 M),
    # ~640 bytes twice at 9,424 cycles a byte (12 M), the FOUND pause (~6.3 M): ~28 M cycles
    assert 25_000_000 < load.cycles < 31_000_000


@pytest.mark.parametrize("speed", [0.94, 1.06])
def test_kernal_load_survives_speed_error_and_jitter(toy: Prg, speed: float) -> None:
    load = kernal_load(toy, speed=speed)
    assert load.ok and tapeload.ram_matches(load.ram_at_stop, toy)


def test_first_copy_errors_are_repaired_and_errors_in_both_are_reported(toy: Prg) -> None:
    flips = {5: 0x01, 200: 0x80}
    repaired = kernal_load(toy, flips=(flips, {}))
    assert repaired.ok and tapeload.ram_matches(repaired.ram_at_stop, toy)
    broken = kernal_load(toy, flips=(flips, flips))
    assert not broken.ok and broken.error == "?LOAD ERROR"


def test_fault_prg_is_the_start_of_the_program() -> None:
    prg = Prg(0x0801, bytes(range(256)) * 8)
    assert tapefaults.fault_prg(prg, 1024) == Prg(0x0801, prg.payload[:1024])
    assert tapefaults.fault_prg(prg, 5000) is prg


def test_load_times_come_from_the_emulated_runs(tmp_path: Path) -> None:
    prg = tmp_path / "g.prg"
    prg.write_bytes(b"\x01\x08" + bytes(1000))
    tape = tmp_path / "tape.json"
    tape.write_text(json.dumps({"cycles": 68 * 985_248, "seconds_pal": 68.0,
                                "run_to_menu_cycles": 44 * 985_248,
                                "turbo_load_cycles": 37 * 985_248, "load_cycles": 24 * 985_248}))
    kernal = tmp_path / "kernal.json"
    kernal.write_text(json.dumps({"cycles": 407 * 985_248, "seconds_pal": 407.0,
                                  "load_cycles": 400 * 985_248, "load_seconds_pal": 400.0}))
    run = tmp_path / "run.json"
    run.write_text(json.dumps({"startup_cycles": 985_248}))
    out = tmp_path / "load-times.json"
    result = tapeload.make_tape_load_times(str(prg), str(tape), str(kernal), str(run), str(out),
                                           disk=DiskModel(), tape_target_seconds=75)
    assert json.loads(out.read_text()) == result
    assert result["tape"]["emulated"] is True and result["tape"]["seconds_pal"] == 61.0
    assert result["tape"]["kernal"]["seconds_pal"] == 400.0
    assert "pulses" not in result["tape"] and "motor spin-up" in result["tape"]["model"]
    playable = result["time_to_playable"]
    assert playable["tape_seconds"] == 68.0 and playable["tape_kernal_seconds"] == 407.0
    assert playable["tape_within_target"] is True


def test_tape_rules_say_skipped_without_roms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    from wordle64.c64.machine import GameScript

    monkeypatch.delenv("C64_ROMS", raising=False)
    out, screens = tmp_path / "load.json", tmp_path / "screens.txt"
    result = tapeload.run_tape_stage("x.tap", "x.prg", "x.lbl", "a.txt", "g.txt", str(out),
                                     str(screens), roms=str(tmp_path / "none"), file_name="X",
                                     script=GameScript(), max_cycles=1, turbo=True)
    assert result["passed"] is None and "no C64 ROMs" in result["skipped"]
    assert json.loads(out.read_text()) == result and screens.read_text().startswith("skipped")
    faults = tapefaults.run_faults_stage("x.prg", str(tmp_path / "f.json"),
                                         roms=str(tmp_path / "none"), file_name="X",
                                         fault_bytes=16, speed=0.06, jitter=24, max_cycles=1)
    assert faults["passed"] is None and "no C64 ROMs" in faults["skipped"]
    chunk = tmp_path / "chunk-0.json"
    swept = turbosweep.run_sweep_chunk("x.prg", str(chunk), roms=str(tmp_path / "none"),
                                       asm_dir="workflow/asm", file_name="X", chunk=0, chunks=1,
                                       random_flips=1, seed=1, max_cycles=1)
    assert swept["cases"] == [] and "no C64 ROMs" in swept["skipped"]
    turbo = turbosweep.run_turbo_faults_stage("x.prg", [str(chunk)], str(tmp_path / "t.json"),
                                              roms=str(tmp_path / "none"),
                                              asm_dir="workflow/asm", file_name="X",
                                              speed=0.1, jitter=48, max_cycles=1)
    assert turbo["passed"] is None and "no C64 ROMs" in turbo["skipped"]
    prg = tmp_path / "g.prg"
    prg.write_bytes(b"\x01\x08" + bytes(10))
    run = tmp_path / "run.json"
    run.write_text(json.dumps({"skipped": "no ROMs", "startup_cycles": None}))
    times = tapeload.make_tape_load_times(str(prg), str(out), str(out), str(run),
                                          str(tmp_path / "t.json"), disk=DiskModel(),
                                          tape_target_seconds=75)
    assert times["tape"]["emulated"] is False and times["time_to_playable"]["tape_seconds"] is None


class _Drive:
    """A stand-in serial device: records what the C64 drives, pulls DATA when told to."""

    def __init__(self) -> None:
        self.writes: list[tuple[int, int]] = []
        self.pull_data = False

    def write(self, port_value: int, cycle: int) -> None:
        self.writes.append((port_value, cycle))

    def read(self, cycle: int) -> int:
        return 0x40 if self.pull_data else 0xC0       # CLK released; DATA pulled or released


def test_serial_hook_sees_cia2_port_a_and_pulls_lines() -> None:
    from wordle64.c64.bus import Bus

    bus = Bus(bytes(8192), bytes(8192), bytes(4096))
    bus.clock = lambda: 1234
    drive = _Drive()
    bus.serial = drive
    bus[0xDD02] = 0x3F                                # bits 0-5 outputs, 6-7 inputs
    bus[0xDD00] = 0x08 | 0x03                         # ATN out (pulled low), VIC bank 0
    assert drive.writes[-1] == ((0x0B & 0x3F) | 0xC0, 1234)
    assert bus[0xDD00] & 0xC0 == 0xC0                 # both lines released: read high
    drive.pull_data = True
    assert bus[0xDD00] & 0xC0 == 0x40                 # the device pulls DATA
    drive.pull_data = False
    bus[0xDD00] = 0x10 | 0x03                         # the C64 pulls CLK itself
    assert bus[0xDD00] & 0xC0 == 0x80


def test_bad_lines_take_40_cycles_a_character_row_while_the_display_is_on() -> None:
    from wordle64.c64.board import Board

    kernal = bytearray(8192)
    kernal[0:3] = b"\x4c\x00\xe0"                    # $E000: jmp $E000
    kernal[0x1FFC:0x1FFE] = b"\x00\xe0"              # reset vector
    board = Board(bytes(8192), bytes(kernal), bytes(4096))
    board.bus[0xD011] = 0x1B                         # display on, YSCROLL 3
    board.run(10 * 312 * 63)
    assert board.stolen in (249 * 40, 250 * 40, 251 * 40)  # 25 rows a frame, 10 frames
    board.bus[0xD011] = 0x0B                         # display off (blanked): nothing taken
    before = board.stolen
    board.run(5 * 312 * 63)
    assert board.stolen == before
