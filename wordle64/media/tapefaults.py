"""Tape fault cases on the machine model: the standard and the turbo format under speed error,
jitter and flipped bits (rules machine_tape_faults and machine_turbo_faults).

Each case states what must happen: the program loads and RAM matches it, or the error is
reported, never a silent wrong load. The standard tape's cases load the first ``fault_bytes``
of the game's PRG (the full PRG is loaded by machine_load_tape_kernal); the turbo tape's load
the whole game (wordle64.media.turbosweep adds the sweep of flipped bits).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from wordle64.c64.datasette import faulty_pulses
from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import FRAME_CYCLES, Machine, locate_roms
from wordle64.c64.prg import Prg, read_prg
from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.media.images import petscii_name, tape_header_block
from wordle64.media.tapeload import (TapeLoad, error_line, load_from_tape, ram_matches,
                                      start_turbo_tape, watch_motor)
from wordle64.media.turbo import BOOT_FLIP, boot_flipped, kernal_file_pulses, turbo_tape

log = logging.getLogger(__name__)

# Data bits flipped on tape (byte offset in the block -> bit mask).
FLIPS = {3: 0x01, 100: 0x40, 517: 0x08}
TURBO_FLIP = {300: 0x10}  # a bit in the second turbo block's data


def fault_prg(prg: Prg, size: int) -> Prg:
    if size >= len(prg.payload):
        return prg
    return Prg(prg.load_address, prg.payload[:size])


def judge(case: dict, load: TapeLoad, prg: Prg, expect: str, ram: bytes | None = None) -> dict:
    """Fill a case's outcome; passed when it did what ``expect`` ("load" or "error") says."""
    matches = ram_matches(load.ram_at_stop if ram is None else ram, prg)
    case.update({
        "expect": expect,
        "loaded": load.ok,
        "error": load.error,
        "ram_matches_prg": matches,
        "cycles": load.cycles,
        "seconds_pal": round(load.cycles / PAL_HZ, 2),
        "silent_wrong_load": load.ok and not matches,
    })
    case["passed"] = (load.ok and matches) if expect == "load" else (not load.ok)
    return case


def kernal_cases(rom_dir: Path, prg: Prg, name: str, *, speed: float, jitter: int,
                 max_cycles: int) -> list[dict]:
    header = tape_header_block(prg, petscii_name(name))
    clean = kernal_file_pulses(header, prg.payload)
    flips = {k: v for k, v in FLIPS.items() if k < len(prg.payload)}
    specs = [
        ("fast", f"played {speed:.0%} fast, ±{jitter} cycles jitter", "load",
         faulty_pulses(clean, speed=1 - speed, jitter=jitter, seed=1)),
        ("slow", f"played {speed:.0%} slow, ±{jitter} cycles jitter", "load",
         faulty_pulses(clean, speed=1 + speed, jitter=jitter, seed=2)),
        ("first_copy_errors", f"{len(flips)} flipped bits in the data block's first copy: "
         "repaired from the second", "load",
         kernal_file_pulses(header, prg.payload, flips=(flips, {}))),
        ("both_copies_errors", f"the same {len(flips)} flipped bits in both copies: the "
         "KERNAL must report a load error", "error",
         kernal_file_pulses(header, prg.payload, flips=(flips, flips))),
    ]
    cases = []
    for case_name, what, expect, pulses in specs:
        machine = Machine(rom_dir)
        machine.boot()
        load = load_from_tape(machine, pulses, name, max_cycles)
        cases.append(judge({"case": case_name, "what": what}, load, prg, expect))
    return cases


def loader_verdict(machine: Machine, load: TapeLoad, boot_pulses: int, max_cycles: int
                   ) -> TapeLoad:
    """Run until the loader stops the motor past the boot file (or TAPE ERROR shows: a bad boot
    file stops it earlier), then read its verdict off the screen."""
    deck, stops = machine.datasette, []

    def stopped(cycle: int) -> None:
        if deck.next_index > boot_pulses:
            stops.append(cycle)
            load.ram_at_stop = bytes(machine.bus.ram)

    deck.on_stop = stopped
    machine.run_until(lambda m: bool(stops) or m.shows("TAPE ERROR"), max_cycles,
                      "the turbo loader's end", poll=FRAME_CYCLES)
    machine.run(10 * FRAME_CYCLES)     # the message printed, or the program on its way
    load.cycles = (stops[0] if stops else machine.cycles) - load.play_cycle
    load.motor_stops = [cycle - load.play_cycle for cycle in stops]
    load.error = error_line(machine)
    load.ok = load.error is None and bool(stops)
    load.screen = machine.lines()
    return load


def run_turbo_load(machine: Machine, pulses: list[int], name: str, boot_pulses: int,
                   max_cycles: int) -> TapeLoad:
    """LOAD and PLAY the turbo tape: the boot file starts the loader, which runs until it stops
    the motor (the game on its way, or TAPE ERROR)."""
    load = TapeLoad(play_cycle=start_turbo_tape(machine, pulses, name)[0])
    return loader_verdict(machine, load, boot_pulses, max_cycles)


def turbo_cases(rom_dir: Path, prg: Prg, name: str, asm_dir: str, *, speed: float,
                jitter: int, max_cycles: int) -> list[dict]:
    """On the turbo tape of ``prg``: played fast and slow with jitter (the turbo part; the boot
    file is the KERNAL's to read), a flipped bit (TAPE ERROR), then a rewind and a clean retry,
    and a flipped bit in the boot file (?LOAD ERROR)."""
    tape = turbo_tape(prg, asm_dir, name)
    clean, boot_end = tape.pulses, tape.boot_pulses
    flipped = turbo_tape(prg, asm_dir, name, flips=TURBO_FLIP).pulses
    cases = []
    for case_name, what, factor, seed in (
            ("fast", f"the turbo part played {speed:.0%} fast, ±{jitter} cycles jitter",
             1 - speed, 3),
            ("slow", f"the turbo part played {speed:.0%} slow, ±{jitter} cycles jitter",
             1 + speed, 4)):
        pulses = clean[:boot_end] + faulty_pulses(clean[boot_end:], speed=factor, jitter=jitter,
                                                  seed=seed)
        machine = Machine(rom_dir)
        machine.boot()
        load = run_turbo_load(machine, pulses, name, boot_end, max_cycles)
        cases.append(judge({"case": case_name, "what": what}, load, prg, "load"))
    machine = Machine(rom_dir)
    machine.boot()
    load = run_turbo_load(machine, flipped, name, boot_end, max_cycles)
    cases.append(judge({"case": "flipped_bit", "what": "one flipped bit in a turbo block: "
                        "TAPE ERROR on screen, the game is not started"}, load, prg, "error"))
    cases.append(retry_case(machine, clean, prg, max_cycles))
    machine = Machine(rom_dir)
    machine.boot()
    load = run_turbo_load(machine, boot_flipped(clean, *BOOT_FLIP), name, boot_end, max_cycles)
    cases.append(judge({"case": "boot_file_bit", "what": "one flipped bit in the boot file "
                        "(in the turbo loader's code): TAPE ERROR, the loader not started"},
                       load, prg, "error"))
    return cases


AFTER_RETRY_FRAMES = 120      # the game run this long after a retried load: the motor stays off


def retry_case(machine: Machine, pulses: list[int], prg: Prg, max_cycles: int) -> dict:
    """After TAPE ERROR: STOP, rewind, PLAY (a clean read this time): the loader starts over."""
    case = {"case": "rewind_and_retry", "what": "after the TAPE ERROR the player presses STOP, "
            "rewinds and presses PLAY; the loader reads the tape again (cleanly) and loads; "
            "the motor stays off once the game runs (PLAY still down)"}
    if not machine.shows("TAPE ERROR"):
        case.update({"expect": "load", "passed": False, "error": "no TAPE ERROR to retry"})
        return case
    deck = machine.datasette
    deck.press_play(machine.cycles, down=False)
    machine.run(25 * FRAME_CYCLES)
    deck.insert(pulses, machine.cycles)          # rewound; this time every bit reads well
    load = TapeLoad(play_cycle=machine.cycles)
    watch_motor(machine, load, machine.cycles)
    deck.press_play(machine.cycles)
    machine.run_until(lambda m: bool(load.motor_stops), max_cycles, "the retried load's end",
                      poll=FRAME_CYCLES)
    load.cycles = machine.cycles - load.play_cycle
    load.ok = True  # the motor stopped; judge() checks RAM
    judged = judge(case, load, prg, "load")
    machine.run(AFTER_RETRY_FRAMES * FRAME_CYCLES)    # the game runs, PLAY still down
    judged["motor_on_in_game"] = deck.motor
    judged["passed"] = judged["passed"] and not deck.motor
    return judged


def run_faults_stage(prg_path: str, out_json: str, *, roms: str | None, file_name: str,
                     fault_bytes: int, speed: float, jitter: int, max_cycles: int) -> dict:
    """The machine_tape_faults rule (the standard tape; the turbo tape's are
    wordle64.media.turbosweep's)."""
    rom_dir = locate_roms(roms)
    if rom_dir is None:
        result = {"skipped": f"no C64 ROMs in $C64_ROMS or {roms!r}", "passed": None}
        write_json(out_json, result)
        return result
    wall = time.monotonic()
    prg = fault_prg(read_prg(prg_path), fault_bytes)
    cases = kernal_cases(rom_dir, prg, file_name, speed=speed, jitter=jitter,
                         max_cycles=max_cycles)
    result = {
        "passed": all(case["passed"] for case in cases),
        "format": "standard KERNAL",
        "prg_bytes": len(prg.payload),
        "cases": cases,
        "wall_seconds": round(time.monotonic() - wall, 1),
    }
    write_json(out_json, result)
    log.info("tape faults: %s", result)
    failed = [case["case"] for case in cases if not case["passed"]]
    if failed:
        raise Wordle64Error(f"{out_json}: tape fault cases failed: {', '.join(failed)}")
    return result
