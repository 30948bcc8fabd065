"""The .d64 loaded for real: ``LOAD"WORDLE64",8`` through the Open ROMs KERNAL to the emulated
1541 (wordle64.c64.drive) on the serial bus, then RUN, the menu and a checked guess; the drive's
fault cases; the emulated disk figures for results/media/load-times.json.

Nothing is poked: every byte of the program reaches RAM through CIA2's ATN/CLK/DATA lines, bit by
bit, under the KERNAL's own serial routines, and the load time is the emulated cycle count from
the RETURN that starts the LOAD to the READY. after it (the drive's time per byte and per OPEN
is the model stated in wordle64.c64.drive).
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from wordle64.c64.d64 import D64
from wordle64.c64.drive import Drive
from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import MachineError
from wordle64.c64.ready import command, read_status, screen_after
from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.media.disk_faults import break_chain, loop_chain
from wordle64.media.images import read_d64

log = logging.getLogger(__name__)

DEVICE = 8
@dataclass(frozen=True)
class DriveModel:
    """The emulated drive's own time (config machine.drive_*)."""

    bytes_per_second: float = 400.0
    open_seconds: float = 1.0

    @classmethod
    def from_params(cls, params) -> DriveModel:
        """The model from a rule's params (bytes_per_second, open_seconds: the machine.drive_*
        config keys every disk rule passes)."""
        return cls(bytes_per_second=params.bytes_per_second, open_seconds=params.open_seconds)

    def drive(self, d64: str | Path | D64, autosave: bool = True) -> Drive:
        return Drive(d64, device=DEVICE, bytes_per_second=self.bytes_per_second,
                     open_seconds=self.open_seconds, autosave=autosave)


# ---- the full LOAD ----------------------------------------------------------------------------

def load_and_play(machine, d64_path: str | Path, prg: bytes, *, file_name: str,
                  model: DriveModel, load_max_cycles: int, play) -> dict:
    """Boot, LOAD the file from the drive, compare RAM with the PRG, then ``play(machine)``
    (RUN, menu, a checked guess: the machine model's helper) -> its report dict."""
    started = time.monotonic()
    drive = model.drive(d64_path, autosave=False)
    drive.attach(machine.board)
    boot = machine.boot()
    text = f'load"{file_name}",{DEVICE}'
    load_cycles = command(machine, text, load_max_cycles)
    start = int.from_bytes(prg[:2], "little")
    ram_matches = machine.ram(start, len(prg) - 2) == prg[2:]
    end = int.from_bytes(machine.ram(0xAE, 2), "little")  # LOAD's end address
    result = {
        "boot_cycles": boot,
        "cycles": load_cycles,
        "seconds_pal": round(load_cycles / PAL_HZ, 2),
        "prg_bytes": len(prg),
        "bytes_sent": drive.serial.bytes_sent,
        "ram_matches_prg": ram_matches,
        "end_address": f"${end:04X}",
        "screen": screen_after(machine, text),
        "drive_log": drive.log,
        "drive_model": {"bytes_per_second": model.bytes_per_second,
                        "open_seconds": model.open_seconds},
    }
    if not ram_matches:
        raise MachineError(f"LOAD\"{file_name}\",8 left RAM ${start:04X}-${end:04X} different "
                           "from the PRG\n" + machine.dump())
    result.update(play(machine))
    result["wall_seconds"] = round(time.monotonic() - started, 1)
    return result


# ---- fault cases ------------------------------------------------------------------------------

def _case(name: str, passed: bool, **details) -> dict:
    return {"case": name, "passed": bool(passed), **details}


def case_missing_file(machine, drive: Drive, max_cycles: int) -> dict:
    text = f'load"nosuchfile",{DEVICE}'
    cycles = command(machine, text, max_cycles)
    screen = screen_after(machine, text)
    status = read_status(machine)
    return _case("missing file", any("FILE NOT FOUND" in line for line in screen)
                 and status.startswith("62,FILE NOT FOUND"),
                 expected="?FILE NOT FOUND on screen; status 62,FILE NOT FOUND,00,00",
                 screen=screen, status=status, cycles=cycles)


def case_bad_chain(machine, drive: Drive, file_name: str, expected: str, what: str,
                   max_cycles: int) -> dict:
    text = f'load"{file_name}",{DEVICE}'
    cycles = command(machine, text, max_cycles)
    screen = screen_after(machine, text)
    status = read_status(machine)
    return _case(what, status == expected, expected=f"LOAD returns (no hang); status {expected}",
                 screen=screen, status=status, cycles=cycles,
                 bytes_sent=drive.serial.bytes_sent)


def _basic_program(machine) -> bytes:
    """The BASIC program in RAM as SAVE writes it (load address, $0801 up to VARTAB)."""
    end = int.from_bytes(machine.ram(0x2D, 2), "little")
    return b"\x01\x08" + machine.ram(0x0801, end - 0x0801)


def case_save_round_trip(new_machine, d64_path: Path, model: DriveModel, max_cycles: int
                         ) -> dict:
    """SAVE a BASIC line, SAVE a changed one over it with ``@0:`` (as statistics are kept), read
    the .d64 back with d64py, reset (a new machine and drive on the same file), LOAD, RUN."""
    machine = new_machine()
    model.drive(d64_path).attach(machine.board)
    machine.boot()
    machine.press('10 print"first"\n')
    first_cycles = command(machine, f'save"stats",{DEVICE}', max_cycles)
    machine.press('10 print"saved ok"\n')
    program = _basic_program(machine)
    save_cycles = command(machine, f'save"@0:stats",{DEVICE}', max_cycles)
    status = read_status(machine)
    on_disk = read_d64(d64_path).data.get("STATS")
    machine = new_machine()  # power cycle: nothing survives but the .d64 file
    model.drive(d64_path).attach(machine.board)
    machine.boot()
    load_cycles = command(machine, f'load"stats",{DEVICE}', max_cycles)
    command(machine, "run", 2_000_000)
    ran = screen_after(machine, "run")
    return _case("SAVE, SAVE over it, LOAD after a reset",
                 on_disk == program and "SAVED OK" in ran and status.startswith("00,"),
                 expected="SAVE\"@0:STATS\" replaces the file (status 00); d64py reads the "
                          "second program back byte for byte; after a reset LOAD and RUN print "
                          "SAVED OK",
                 status=status, saved_bytes=len(program), d64py_matches=on_disk == program,
                 save_cycles=[first_cycles, save_cycles], load_cycles=load_cycles, screen=ran)


def disk_faults(new_machine, d64_path: str | Path, work: str | Path, *, file_name: str,
                model: DriveModel, max_cycles: int) -> dict:
    """Every fault case on copies of the .d64 under ``work``; a dict for disk-faults.json."""
    work = Path(work)
    work.mkdir(parents=True, exist_ok=True)
    name = file_name.upper().encode("latin-1")
    cases = []
    machine = new_machine()
    drive = model.drive(d64_path, autosave=False)
    drive.attach(machine.board)
    machine.boot()
    cases.append(case_missing_file(machine, drive, max_cycles))
    for what, breaker in (("chain to track 36", break_chain), ("looping chain", loop_chain)):
        image = D64.open(d64_path)
        block = breaker(image, name)
        link = (36, 1) if breaker is break_chain else image.find(name).first
        drive = model.drive(image, autosave=False)
        machine = new_machine()
        drive.attach(machine.board)
        machine.boot()
        expected = f"66,ILLEGAL TRACK OR SECTOR,{link[0]:02d},{link[1]:02d}"
        case = case_bad_chain(machine, drive, file_name, expected, what, max_cycles)
        case["broken_block"] = list(block)
        cases.append(case)
    copy = work / "save-test.d64"
    shutil.copyfile(d64_path, copy)
    cases.append(case_save_round_trip(new_machine, copy, model, max_cycles))
    return {"passed": all(case["passed"] for case in cases), "cases": cases}


def check_passed(result: dict, what: str) -> None:
    if not result.get("passed"):
        failed = [case["case"] for case in result.get("cases", []) if not case["passed"]]
        raise Wordle64Error(f"{what}: failed {', '.join(failed) or 'the run'}")


# ---- stage entry points (workflow/scripts/machine_*.py) ------------------------------------------

def _skipped(out_json: str, roms: str | None) -> dict | None:
    from wordle64.c64.machine import ROMS_ENV, locate_roms

    if locate_roms(roms) is not None:
        return None
    reason = f"no C64 ROMs in ${ROMS_ENV} or {roms!r}"
    log.warning("disk run skipped: %s", reason)
    result = {"skipped": reason, "passed": None}
    write_json(out_json, result)
    return result


def run_load_disk(prg_path: str, labels_path: str, answers_path: str, guesses_path: str | None,
                  d64_path: str, out_json: str, *, roms: str | None, file_name: str,
                  model: DriveModel, load_max_cycles: int, script) -> dict:
    """The machine_load_disk rule: results/machine/load-disk.json."""
    from wordle64.c64.machine import (Machine, locate_roms, play_loaded_game, read_labels,
                                      read_words)
    from wordle64.core import read_answers

    if (skipped := _skipped(out_json, roms)) is not None:
        return skipped
    prg = Path(prg_path).read_bytes()
    labels = read_labels(labels_path)
    answers, words = set(read_answers(answers_path)), read_words(answers_path, guesses_path)
    machine = Machine(locate_roms(roms))

    def play(loaded) -> dict:
        report = play_loaded_game(loaded, labels, script, answers, words)
        return {"reached_menu": report.startup_cycles is not None,
                "startup_cycles": report.startup_cycles,
                "seed": script.seed, "answer": report.answer, "guess": report.guess,
                "expected_marks": report.expected_marks,
                "guess_checked": bool(report.found_at),
                "screens": report.screens}

    result = load_and_play(machine, d64_path, prg, file_name=file_name, model=model,
                           load_max_cycles=load_max_cycles, play=play)
    result["time_to_playable_cycles"] = result["cycles"] + result["startup_cycles"]
    result["time_to_playable_seconds_pal"] = round(result["time_to_playable_cycles"] / PAL_HZ, 2)
    result["passed"] = bool(result["ram_matches_prg"] and result["reached_menu"]
                            and result["guess_checked"])
    write_json(out_json, result)
    log.info("LOAD\"%s\",8: %d cycles (%.1f s PAL), RAM matches: %s, guess checked: %s, "
             "%.0f s wall", file_name, result["cycles"], result["seconds_pal"],
             result["ram_matches_prg"], result["guess_checked"], result["wall_seconds"])
    check_passed(result, out_json)
    return result


def run_disk_faults(d64_path: str, out_json: str, *, roms: str | None,
                    file_name: str, model: DriveModel, max_cycles: int) -> dict:
    """The machine_disk_faults rule: results/machine/disk-faults.json."""
    from wordle64.c64.machine import Machine, locate_roms

    if (skipped := _skipped(out_json, roms)) is not None:
        return skipped
    rom_dir = locate_roms(roms)
    with tempfile.TemporaryDirectory(prefix="wordle64-disk-faults-") as work:
        result = disk_faults(lambda: Machine(rom_dir), d64_path, work, file_name=file_name,
                             model=model, max_cycles=max_cycles)
    write_json(out_json, result)
    for case in result["cases"]:
        log.info("%s: %s (%s)", case["case"], "passed" if case["passed"] else "FAILED",
                 case.get("status") or case.get("screen"))
    check_passed(result, out_json)
    return result
