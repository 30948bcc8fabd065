"""The media_machine rule's whole-machine run (issue 17): the PRG booted, RUN typed, and at once,
before the menu is even drawn, the random key, a guess and RETURN typed ahead in the keyboard
matrix. Timed from RUN's RETURN to the typed guess looked up and scored (the CPU reaching
``board_submit_row``), then the guess row's tile colours checked against its marks.

The guess is by default the alphabetically last word of the build's lists: a dictionary decoded
in order reaches it last, so a game that checked guesses against a half-built table would refuse
it (NOT IN WORD LIST) and never reach ``board_submit_row`` within the budget. The run knows
nothing of how the game unpacks; it only types keys and watches labels and the screen.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from wordle64.c64.emu import PAL_HZ
from wordle64.c64.keyboard import strokes
from wordle64.c64.machine import (
    FRAME_CYCLES, GAME_LABEL, KEY_GAP_CYCLES, KEY_HOLD_CYCLES, MENU_POLL_CYCLES, READ_KEY_LABEL,
    SUBMIT_LABEL, GameScript, Machine, MachineError, Milestones, RunReport,
    check_guess_row, locate_roms, missing_roms, read_answer, read_labels, read_words,
    save_screens_png)
from wordle64.core import read_answers
from wordle64.errors import Wordle64Error
from wordle64.io import write_json

log = logging.getLogger(__name__)

# What run.json's start-up figures measure (PAL cycles and seconds from RUN's RETURN going down).
FIGURES = {
    "menu": "the menu's text (machine.menu_text) on screen, looked for every 1,000 cycles",
    "startup": "the game's key routine (wait_key) first runs: the menu reads its first key",
    "board": "wait_key first runs inside play_game: the board waits for a key",
    "ready": "the guess typed ahead right after RUN (random key, guess, RETURN, before the menu "
             "shows) has been looked up and scored: the CPU first reaches board_submit_row",
}


@dataclass(frozen=True)
class KeyEvent:
    """One change of the keyboard matrix at machine cycle ``at``."""

    at: int
    cells: tuple[tuple[int, int], ...]
    down: bool
    seeds: bool = False   # the random key going down: the jiffy clock is set to the seed


def last_word(words: list[str]) -> str:
    """The alphabetically last of ``words``: the last an in-order decode of the table reaches."""
    if not words:
        raise Wordle64Error("no word list to take the typed-ahead guess from")
    return max(words)


def type_ahead_events(return_down: int, random_key: str, guess: str) -> list[KeyEvent]:
    """RUN's RETURN (down at ``return_down``) released after a hold, then the random key, the
    guess and RETURN, each held and released with Machine.press's timing, in cycle order."""
    period = KEY_HOLD_CYCLES + KEY_GAP_CYCLES
    events = [KeyEvent(return_down + KEY_HOLD_CYCLES, strokes("\n")[0], down=False)]
    for index, cells in enumerate(strokes(random_key + guess + "\n"), start=1):
        down = return_down + index * period
        events.append(KeyEvent(down, cells, down=True, seeds=index == 1))
        events.append(KeyEvent(down + KEY_HOLD_CYCLES, cells, down=False))
    return events


def _apply(machine: Machine, event: KeyEvent, seed: int) -> None:
    keys = machine.bus.keyboard.down
    if event.down:
        if event.seeds:
            machine.poke(0xA0, (seed & 0xFFFFFF).to_bytes(3, "big"))  # the jiffy clock
        keys.update(event.cells)
    else:
        keys.difference_update(event.cells)


def _milestone_pcs(labels: dict[str, int]) -> list[int]:
    """The menu's first key read, the game, the board's first key read, the guess scored; none
    for a PRG without those labels (the tests' toy)."""
    names = (READ_KEY_LABEL, GAME_LABEL, READ_KEY_LABEL, SUBMIT_LABEL)
    if not all(name in labels for name in names):
        return []
    return [labels[name] for name in names]


def _run_typed_ahead(machine: Machine, labels: dict[str, int], script: GameScript,
                     report: RunReport) -> None:
    """Type RUN, then everything else ahead; run until the menu showed, the keys are all typed
    and every milestone is passed (fills the cycle figures and the menu and game screens)."""
    machine.press("run")
    report.run_cycle = start = machine.cycles
    machine.key_down("\n")
    events = type_ahead_events(start, script.random_key, report.guess)
    report.typed_cycles = events[-1].at - start
    pcs = _milestone_pcs(labels)
    milestones = Milestones(machine, pcs)
    deadline = start + script.startup_max_cycles
    while events or not milestones.done or report.menu_cycles is None:
        now = machine.cycles
        if now >= deadline:
            raise MachineError(f"{len(milestones.hits)} of {len(pcs)} milestones and "
                               f"menu {report.menu_cycles is not None} after "
                               f"{script.startup_max_cycles:,} cycles from RUN, PC "
                               f"${machine.pc:04X} (guess {report.guess!r} typed ahead)\n"
                               + machine.dump())
        while events and events[0].at <= now:
            _apply(machine, events.pop(0), script.seed)
        step = MENU_POLL_CYCLES if report.menu_cycles is None else FRAME_CYCLES
        if events:
            step = min(step, events[0].at - now)
        machine.run(max(1, min(step, deadline - now)))
        milestones.check()
        if report.menu_cycles is None and machine.shows(script.menu_text):
            report.menu_cycles = machine.cycles - start
    if not pcs:
        report.startup_cycles = report.menu_cycles
        report.screens["menu"], report.images["menu"] = machine.lines(), machine.memory_image()
        return
    report.startup_cycles, _, report.board_cycles, report.ready_cycles = (
        hit - start for hit in milestones.hits)
    report.screens["menu"], report.images["menu"] = milestones.shots[0]
    report.screens["game"] = milestones.shots[2][0]


def play_typed_ahead(machine: Machine, labels: dict[str, int], script: GameScript,
                     words: list[str], answers: set[str] | None = None,
                     report: RunReport | None = None) -> RunReport:
    """The game is in RAM at READY.: RUN, then the random key (jiffy clock at ``script.seed``
    as it goes down), the guess (``script.typed_guess``, else the last of ``words``) and RETURN
    typed ahead at once; the figures of FIGURES, then the guess row checked on screen."""
    from wordle64.score import score

    report = report or RunReport()
    report.guess = script.typed_guess or last_word(words)
    if report.guess not in words:
        raise Wordle64Error(f"the typed guess {report.guess!r} is not in the build's lists: "
                            f"the game would refuse it")
    _run_typed_ahead(machine, labels, script, report)
    report.answer = read_answer(machine, labels, answers)
    report.expected_marks = list(score(report.guess, report.answer))
    machine.run(script.settle_cycles)   # the row revealed tile by tile, then the tune
    report.screens["guess"] = machine.lines()
    report.images["guess"] = machine.memory_image()
    check_guess_row(machine, report)
    return report


def play_random_game(machine: Machine, prg: bytes, labels: dict[str, int], script: GameScript,
                     words: list[str], answers: set[str] | None = None) -> RunReport:
    """Boot, LOAD (poke) and RUN the game with a guess typed ahead (play_typed_ahead)."""
    report = RunReport()
    report.boot_cycles = machine.boot(script.boot_max_cycles)
    machine.load_prg(prg)
    return play_typed_ahead(machine, labels, script, words, answers, report)


def _seconds(cycles: int | None) -> float | None:
    return None if cycles is None else round(cycles / PAL_HZ, 3)


def run_record(report: RunReport, rom_dir: Path, total_cycles: int) -> dict:
    """run.json of a finished run (check_guess_row passed, so the guess row matched)."""
    figures = {}
    for name in FIGURES:
        cycles = getattr(report, f"{name}_cycles")
        figures[f"{name}_cycles"] = cycles
        figures[f"{name}_seconds_pal"] = _seconds(cycles)
    return {
        "passed": True,
        "roms": str(rom_dir),
        "emulator": "wordle64.c64.board (py65 6510, PLA, CIAs, raster; PAL)",
        "key_injection": report.key_injection,
        "boot_cycles": report.boot_cycles,
        **figures,
        "typed_ahead_cycles": report.typed_cycles,
        "typed_ahead_seconds_pal": _seconds(report.typed_cycles),
        "figures": FIGURES,
        "answer": report.answer,
        "typed_guess": report.guess,
        "typed_guess_matched": bool(report.found_at),
        "guess": report.guess,
        "expected_marks": report.expected_marks,
        "tiles": [{"row": r, "column": c, "background": background, "letter_colour": letter}
                  for (r, c), (background, letter) in zip(report.found_at, report.tile_colours)],
        "total_cycles": total_cycles,
    }


def _skipped_png(path: str | Path, reason: str) -> None:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (640, 80), (0x35, 0x28, 0x79))
    ImageDraw.Draw(image).text((8, 8), "whole-machine run skipped:\n" + reason[:90],
                               fill=(0xFF, 0xFF, 0xFF))
    image.save(path)


def run_machine_stage(prg_path: str, labels_path: str, answers_path: str, out_json: str,
                      out_screens: str, out_png: str | None = None, *, roms: str | None,
                      script: GameScript, guesses_path: str | None = None) -> dict:
    """The media_machine rule: the whole-machine run, or a ``skipped`` record without ROMs."""
    rom_dir = locate_roms(roms)
    if rom_dir is None:
        reason = missing_roms(roms)
        log.warning("whole-machine run skipped: %s", reason)
        result: dict = {"skipped": reason, **{f"{name}_cycles": None for name in FIGURES}}
        Path(out_screens).write_text(f"skipped: {reason}\n")
        if out_png:
            _skipped_png(out_png, reason)
        write_json(out_json, result)
        return result
    machine = Machine(rom_dir)
    report = play_random_game(machine, Path(prg_path).read_bytes(), read_labels(labels_path),
                              script, read_words(answers_path, guesses_path),
                              set(read_answers(answers_path)))
    result = run_record(report, rom_dir, machine.cycles)
    Path(out_screens).write_text("".join(
        f"== {name} ==\n" + "\n".join(f"|{line}|" for line in lines) + "\n"
        for name, lines in report.screens.items()))
    if out_png:
        save_screens_png([report.images["menu"], report.images["guess"]], out_png)
    write_json(out_json, result)
    log.info("whole-machine run: %s", result)
    return result
