"""Loading from tape on the machine model (wordle64.c64.board with the Open ROMs), measured.

`load_from_tape` types ``LOAD"NAME",1``, presses PLAY and lets the KERNAL find, load and verify
the file until ``READY.`` (or its error); `run_tape_stage` (rule machine_load_tape_kernal) then
types RUN and plays a guess. On the turbo tape (rule machine_load_tape) `start_turbo_tape` types
the LOAD and presses PLAY, and that is all: the boot file's last byte starts our loader
(workflow/asm/tape/turbo.s), which loads the game and jumps into it. Cycles are the machine's
PAL cycles from PLAY going down; the RAM compared with the PRG is the RAM at the moment the
motor last stopped (before the game changes it).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import (FRAME_CYCLES, GameScript, Machine, MachineError, locate_roms,
                                  play_loaded_game, read_labels, read_words)
from wordle64.c64.prg import Prg, read_prg
from wordle64.core import read_answers
from wordle64.io import write_json, write_text
from wordle64.media.images import DiskModel, disk_load_times, load_times, tap_pulses
from wordle64.media.turbo import turbo_part_start, turbo_tape_cycles

log = logging.getLogger(__name__)

POLL_CYCLES = 10 * FRAME_CYCLES  # how often a load's screen is looked at


@dataclass
class TapeLoad:
    """What a LOAD from tape did: cycles from PLAY to READY. (or the error), the screen."""

    ok: bool = False
    error: str | None = None
    cycles: int = 0
    screen: list[str] = field(default_factory=list)
    motor_stops: list[int] = field(default_factory=list)  # cycles (from PLAY) the motor stopped
    ram_at_stop: bytes = b""                              # RAM when it last stopped
    play_cycle: int = 0                                   # the machine cycle PLAY went down


def watch_motor(machine: Machine, load: TapeLoad, since: int) -> None:
    """Record every motor stop (and the RAM then) in ``load``."""
    def stopped(cycle: int) -> None:
        load.motor_stops.append(cycle - since)
        load.ram_at_stop = bytes(machine.bus.ram)

    machine.datasette.on_stop = stopped


def error_line(machine: Machine) -> str | None:
    return next((line.strip() for line in machine.lines() if "ERROR" in line), None)


def type_load_and_play(machine: Machine, pulses: list[int], file_name: str) -> int:
    """At READY.: the tape in, clear the screen, LOAD"NAME",1, then PLAY once the KERNAL asks.
    Returns the cycle PLAY went down (nothing has run since)."""
    machine.datasette.insert(pulses, machine.cycles)
    machine.press('{clr}load"' + file_name.lower() + '",1\n')
    machine.run_until(lambda m: m.shows("PRESS PLAY"), 4 * POLL_CYCLES, "PRESS PLAY ON TAPE")
    play = machine.cycles
    machine.datasette.press_play(play)
    return play


def load_from_tape(machine: Machine, pulses: list[int], file_name: str, max_cycles: int
                   ) -> TapeLoad:
    """At READY.: clear the screen, LOAD"NAME",1, PLAY; run until READY. or an error."""
    start = type_load_and_play(machine, pulses, file_name)
    load = TapeLoad(play_cycle=start)
    watch_motor(machine, load, start)
    machine.run_until(lambda m: m.shows("READY.") or error_line(m) is not None, max_cycles,
                      "READY. after the tape load", poll=POLL_CYCLES)
    load.cycles = machine.cycles - start
    load.error = error_line(machine)
    load.ok = load.error is None
    load.screen = machine.lines()
    return load


def start_turbo_tape(machine: Machine, pulses: list[int], name: str) -> tuple[int, int]:
    """At READY.: LOAD"NAME",1 and PLAY, then SPACE at FOUND; nothing more is typed (the boot
    file starts the loader). SPACE is the Open ROMs' "load it now": they wait for it, or for
    a timeout, where the Commodore KERNAL goes on at once (docs/tape.md). Returns the cycles
    PLAY went down and FOUND showed."""
    play = type_load_and_play(machine, pulses, name)
    machine.run_until(lambda m: m.shows("FOUND"), 60 * PAL_HZ, "FOUND", poll=FRAME_CYCLES // 4)
    found = machine.cycles
    machine.press(" ")
    return play, found


def reach_turbo_part(machine: Machine, boot_pulses: int, max_cycles: int) -> None:
    """Run until the tape has played the boot file (the loader is at the lead-in)."""
    deck = machine.datasette
    machine.run_until(lambda m: deck.next_index > boot_pulses or error_line(m) is not None,
                      max_cycles, "the end of the boot file", poll=FRAME_CYCLES // 4)
    if error_line(machine) is not None:
        raise MachineError(f"the boot file did not load: {error_line(machine)}\n"
                           + machine.dump())


def ram_matches(ram: bytes, prg: Prg) -> bool:
    return ram[prg.load_address:prg.end_address] == prg.payload


def skipped_result(out_json: str, out_screens: str, roms: str | None) -> dict:
    reason = f"no C64 ROMs in $C64_ROMS or {roms!r}"
    log.warning("tape run skipped: %s", reason)
    write_text(out_screens, f"skipped: {reason}\n")
    result = {"skipped": reason, "passed": None, "cycles": None, "seconds_pal": None}
    write_json(out_json, result)
    return result


def start_turbo_load(machine: Machine, pulses: list[int], name: str, max_cycles: int
                     ) -> tuple[TapeLoad, int, int]:
    """LOAD and PLAY the turbo tape, run until it has played the boot file (the loader at the
    lead-in): the load so far (motor stops watched), FOUND's cycle, the stops until then."""
    play, found = start_turbo_tape(machine, pulses, name)
    load = TapeLoad(play_cycle=play)
    watch_motor(machine, load, play)
    reach_turbo_part(machine, turbo_part_start(pulses), max_cycles)
    load.cycles = machine.cycles - play
    return load, found, len(load.motor_stops)


def turbo_figures(pulses: list[int], load: TapeLoad, turbo_from: int, found: int,
                  stops_before: int, total: int) -> dict:
    """The turbo tape's own spans: PLAY to FOUND, FOUND to the menu, the loader's time from the
    lead-in to its last block, and that against the turbo part's tape time."""
    stops = load.motor_stops[stops_before:]
    turbo_cycles = load.play_cycle + stops[-1] - turbo_from if stops else None
    tape_cycles = turbo_tape_cycles(pulses)
    return {
        "found_seconds_pal": round((found - load.play_cycle) / PAL_HZ, 2),
        "found_to_menu_seconds_pal": round((total - (found - load.play_cycle)) / PAL_HZ, 2),
        "turbo_load_cycles": turbo_cycles,
        "turbo_load_seconds_pal": turbo_cycles and round(turbo_cycles / PAL_HZ, 2),
        "turbo_tape_seconds_pal": round(tape_cycles / PAL_HZ, 2),
        "turbo_model_difference_percent": turbo_cycles and round(
            100 * (turbo_cycles - tape_cycles) / tape_cycles, 2),
    }


def run_tape_stage(tap_path: str, prg_path: str, labels_path: str, answers_path: str,
                   guesses_path: str, out_json: str, out_screens: str, *, roms: str | None,
                   file_name: str, script: GameScript, max_cycles: int, turbo: bool) -> dict:
    """Boot, LOAD from the .tap (PLAY; on the turbo tape that is all: the boot file starts the
    loader; the standard one then takes RUN), the menu, a checked guess."""
    rom_dir = locate_roms(roms)
    if rom_dir is None:
        return skipped_result(out_json, out_screens, roms)
    wall = time.monotonic()
    prg = read_prg(prg_path)
    machine = Machine(rom_dir)
    machine.boot(script.boot_max_cycles)
    pulses = tap_pulses(Path(tap_path).read_bytes(), tap_path)
    labels, answers = read_labels(labels_path), set(read_answers(answers_path))
    words = read_words(answers_path, guesses_path)
    if turbo:  # LOAD, PLAY: the boot file starts the loader, which loads and starts the game
        load, found, stops_before = start_turbo_load(machine, pulses, file_name, max_cycles)
        screens = {"boot_file_read": machine.lines()}
        script = replace(script, startup_max_cycles=script.startup_max_cycles + max_cycles)
        report = play_loaded_game(machine, labels, script, answers, words, type_run=False)
    else:
        load = load_from_tape(machine, pulses, file_name, max_cycles)
        if not load.ok:
            raise MachineError(f"{tap_path}: the KERNAL reported {load.error!r}\n"
                               + machine.dump())
        screens = {"loaded": load.screen}
        report = play_loaded_game(machine, labels, script, answers, words)
    screens.update(report.screens)
    matches = ram_matches(load.ram_at_stop, prg)
    total = load.cycles + report.startup_cycles
    result = {
        "passed": matches,
        "tape": Path(tap_path).name,
        "format": "turbo (workflow/asm/tape/turbo.s)" if turbo else "standard KERNAL",
        "ram_matches_prg": matches,
        "reached_menu": True,
        "guess_checked": bool(report.found_at),
        "cycles": total,
        "seconds_pal": round(total / PAL_HZ, 2),
        "load_cycles": load.cycles,
        "load_seconds_pal": round(load.cycles / PAL_HZ, 2),
        "run_to_menu_cycles": report.startup_cycles,
        "motor_stops_seconds_pal": [round(c / PAL_HZ, 2) for c in load.motor_stops],
        "answer": report.answer,
        "guess": report.guess,
        "expected_marks": report.expected_marks,
        "tiles": [{"row": r, "column": c, "background": bg, "letter_colour": fg}
                  for (r, c), (bg, fg) in zip(report.found_at, report.tile_colours)],
        "wall_seconds": round(time.monotonic() - wall, 1),
        "measured": ("PAL cycles from PLAY going down: the boot file (load_cycles, to its "
                     "last pulse; SPACE pressed at FOUND), then to the game's menu "
                     "(run_to_menu_cycles: the turbo load and the unpack); nothing is typed"
                     if turbo else
                     "PAL cycles from PLAY going down: the KERNAL's LOAD to READY. ("
                     "load_cycles), then RUN's RETURN to the game's menu (run_to_menu_cycles); "
                     "typing RUN is not counted"),
    }
    if turbo:
        result.update(turbo_figures(pulses, load, report.run_cycle, found, stops_before, total))
    write_text(out_screens, "".join(
        f"== {name} ==\n" + "\n".join(f"|{line}|" for line in lines) + "\n"
        for name, lines in screens.items()))
    write_json(out_json, result)
    log.info("tape run: %s", result)
    if not matches:
        raise MachineError(f"{tap_path}: RAM after the load differs from {prg_path}")
    return result


def _run_figures(path: str) -> dict | None:
    run = json.loads(Path(path).read_text())
    return None if run.get("cycles") is None else run


def make_tape_load_times(prg_path: str, tape_json: str, kernal_json: str, machine_json: str,
                         out_path: str, *, disk: DiskModel, tape_target_seconds: float,
                         disk_json: str | None = None) -> dict:
    """results/media/load-times.json with the tape figures from the emulated loads: the turbo
    tape (machine_load_tape) and the standard one (machine_load_tape_kernal)."""
    prg = read_prg(prg_path)
    run = json.loads(Path(machine_json).read_text())
    startup = run.get("startup_cycles")
    source = (f"{machine_json}: whole-machine run, RUN to the end of start-up (the menu reads "
              "its first key), interrupts live" if startup is not None else f"{machine_json}: {run.get('skipped')}")
    result = load_times(prg, [], disk=disk, startup_cycles=startup,
                        tape_target_seconds=tape_target_seconds, startup_source=source)
    turbo, kernal = _run_figures(tape_json), _run_figures(kernal_json)
    tape: dict = {"emulated": turbo is not None, "target_seconds": tape_target_seconds}
    if turbo is not None:
        load = turbo["cycles"] - turbo["run_to_menu_cycles"] + turbo["turbo_load_cycles"]
        tape.update({
            "file": "results/media/wordle64.tap", "format": "turbo",
            "cycles": load, "seconds_pal": round(load / PAL_HZ, 2),
            "boot_file_cycles": turbo["load_cycles"],
            "turbo_load_cycles": turbo["turbo_load_cycles"],
        })
    if kernal is not None:
        tape["kernal"] = {"file": "results/media/wordle64-kernal.tap",
                          "cycles": kernal["load_cycles"],
                          "seconds_pal": kernal["load_seconds_pal"]}
    tape["model"] = (
        "emulated on wordle64.c64.board with the Open ROMs KERNAL: PAL cycles from PLAY going "
        "down to the end of the load. The turbo tape: LOAD typed before PLAY, nothing after "
        "(the boot file starts the loader), SPACE pressed at FOUND, which the Open ROMs wait "
        "for (the Commodore KERNAL's C=; VICE's autostart holds it). The standard tape: the "
        "FOUND pause included, typing RUN not counted. Modelled, not emulated: the datasette's "
        "motor spin-up, wow and flutter, and the VIC's bad lines as a flat 40 cycles each (the "
        "screen is blanked while the tape runs).")
    tape["within_target"] = bool(turbo) and turbo["cycles"] / PAL_HZ <= tape_target_seconds
    result["tape"] = tape
    playable = result.get("time_to_playable") or {}
    playable["tape_seconds"] = turbo and turbo["seconds_pal"]
    playable["tape_kernal_seconds"] = kernal and kernal["seconds_pal"]
    playable["tape_within_target"] = tape["within_target"]
    result["time_to_playable"] = playable
    if disk_json:  # the emulated disk LOAD (machine_load_disk) replaces the disk model
        result = disk_load_times(result, disk_json)
    write_json(out_path, result)
    log.info("load times: %s", result)
    return result
