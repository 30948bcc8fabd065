"""The bench_ready rule: how RUN-to-ready (wholerun's ``ready`` figure) spreads over answers and
guesses. media_machine times one run, one answer (machine.seed) and the lists' last word; how
long the first guess takes to be checked depends on where the answer and the guess lie against
the background unpack (a closed group is a table lookup, a group ahead of it a segment scan).
Here the same whole-machine run is repeated with the jiffy clock, and so the answer, drawn at
random, typing the lists' last word on even runs and a random word of the lists on odd ones;
every run checks its guess row on screen against ``score()``, as media_machine does.
"""

from __future__ import annotations

import logging
import random
import statistics
from dataclasses import dataclass, replace
from pathlib import Path

from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import (GameScript, Machine, locate_roms, missing_roms, read_labels,
                                  read_words)
from wordle64.c64.wholerun import last_word, play_random_game
from wordle64.core import read_answers
from wordle64.io import write_json

log = logging.getLogger(__name__)

JIFFIES_A_DAY = 5_184_000      # the jiffy clock wraps at 24 h (60 Hz)


@dataclass(frozen=True)
class ReadyRun:
    """One whole-machine run: the clock it was seeded with, what it played, its figures."""

    seed: int
    guess: str
    guess_kind: str             # "last word" or "random"
    answer: str
    board_cycles: int
    ready_cycles: int


def run_plan(words: list[str], runs: int, seed: int) -> list[tuple[int, str, str]]:
    """(jiffy clock, guess, kind) of each run: a seeded random clock for each; the lists' last
    word on even runs, a seeded random word of the lists on odd ones."""
    rng = random.Random(seed)
    ordered = sorted(words)
    plan = []
    for run in range(runs):
        clock = rng.randrange(JIFFIES_A_DAY)
        if run % 2 == 0:
            plan.append((clock, last_word(ordered), "last word"))
        else:
            plan.append((clock, rng.choice(ordered), "random"))
    return plan


def play_runs(rom_dir: Path, prg: bytes, labels: dict[str, int], words: list[str],
              answers: set[str], script: GameScript, plan: list[tuple[int, str, str]]
              ) -> list[ReadyRun]:
    """Each run of ``plan`` on a freshly booted machine (play_random_game checks the row)."""
    runs = []
    for clock, guess, kind in plan:
        report = play_random_game(Machine(rom_dir), prg, labels,
                                  replace(script, seed=clock, typed_guess=guess), words, answers)
        runs.append(ReadyRun(clock, guess, kind, report.answer, report.board_cycles,
                             report.ready_cycles))
        log.info("clock %d: answer %s, guess %s: ready %d cycles", clock, report.answer, guess,
                 report.ready_cycles)
    return runs


def _spread(cycles: list[int]) -> dict:
    return {"min": min(cycles), "median": int(statistics.median(cycles)), "max": max(cycles),
            "min_seconds_pal": round(min(cycles) / PAL_HZ, 3),
            "median_seconds_pal": round(statistics.median(cycles) / PAL_HZ, 3),
            "max_seconds_pal": round(max(cycles) / PAL_HZ, 3)}


def summary(runs: list[ReadyRun], target_seconds: float) -> dict:
    """bench/ready.json: the ready spread over all runs and by kind of guess, the slowest run,
    and whether every run met the target."""
    slowest = max(runs, key=lambda run: run.ready_cycles)
    worst_seconds = slowest.ready_cycles / PAL_HZ
    return {
        "runs": len(runs),
        "distinct_answers": len({run.answer for run in runs}),
        "target_seconds_pal": target_seconds,
        "within_target": worst_seconds <= target_seconds,
        "ready_cycles": _spread([run.ready_cycles for run in runs]),
        "by_guess": {kind: _spread([run.ready_cycles for run in runs if run.guess_kind == kind])
                     for kind in ("last word", "random")
                     if any(run.guess_kind == kind for run in runs)},
        "board_cycles": _spread([run.board_cycles for run in runs]),
        "slowest": {"seed": slowest.seed, "answer": slowest.answer, "guess": slowest.guess,
                    "ready_cycles": slowest.ready_cycles,
                    "ready_seconds_pal": round(worst_seconds, 3)},
        "measured": "whole machine, interrupts live: RUN's RETURN to board_submit_row with the "
                    "random key, the guess and RETURN typed ahead (wordle64.c64.wholerun); "
                    "each guess row checked on screen against score()",
        "each": [{"seed": run.seed, "answer": run.answer, "guess": run.guess,
                  "ready_cycles": run.ready_cycles} for run in runs],
    }


def bench_ready_stage(prg_path: str, labels_path: str, answers_path: str, guesses_path: str,
                      out_json: str, *, roms: str | None, script: GameScript, runs: int,
                      seed: int, target_seconds: float) -> dict:
    """The bench_ready rule; a ``skipped`` record when no ROMs are found (as media_machine)."""
    rom_dir = locate_roms(roms)
    if rom_dir is None:
        reason = missing_roms(roms)
        log.warning("ready bench skipped: %s", reason)
        result: dict = {"skipped": reason}
    else:
        words = read_words(answers_path, guesses_path)
        played = play_runs(rom_dir, Path(prg_path).read_bytes(), read_labels(labels_path), words,
                           set(read_answers(answers_path)), script, run_plan(words, runs, seed))
        result = summary(played, target_seconds)
    write_json(out_json, result)
    return result
