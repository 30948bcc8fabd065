"""The turbo tape's fault sweep: single flipped bits on the game's real tape, each run by the real
loader on the machine model to its verdict (rules machine_turbo_sweep and machine_turbo_faults).

A flip swaps one turbo pulse between short and long: one bit of one byte. Every bit of every
byte a block has besides its data (SYNC1, SYNC2, its number, its checksum) is flipped in the
first, a middle and the last block, and random data bits over the whole tape. The clean tape is
loaded once (LOAD; the boot file starts the loader); just before each block the machine is
copied, and each case of that block runs on a copy fed the flipped tape until the motor stops
(the loader's verdict: TAPE ERROR on the screen, or the game started, when the RAM must equal
the PRG) or far past the time the rest of the tape and the loader's timeout could take (a
hang). The work is split in chunks by
block (block % chunks), each a job of its own.
"""

from __future__ import annotations

import itertools
import json
import logging
import random
import time
from dataclasses import asdict
from pathlib import Path

from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import FRAME_CYCLES, Machine, MachineError, locate_roms
from wordle64.c64.prg import Prg, read_prg
from wordle64.errors import Wordle64Error
from wordle64.io import write_json
from wordle64.media.tapefaults import turbo_cases
from wordle64.media.tapeload import ram_matches, reach_turbo_part, start_turbo_tape
from wordle64.media.turbo import (BLOCK, DATA_START, FIELDS, Flip, TapeLayout, TurboTiming,
                                  block_count, flipped, turbo_tape)

log = logging.getLogger(__name__)

ERROR_TEXT = "TAPE ERROR"
STEP_CYCLES = 2_000          # how finely the clean load is stepped to stop before a block
VERDICT_FRAMES = 10         # frames after the motor stops before the screen is read
HANG_MARGIN_S = 20.0         # PAL seconds past the rest of the tape before a case is a hang


def sweep_flips(blocks: int, random_flips: int, seed: int) -> list[Flip]:
    """Every bit of the non-data bytes of the first, a middle and the last block, then
    ``random_flips`` distinct random data bits over every block (seeded)."""
    chosen = sorted({0, blocks // 2, blocks - 1})
    flips = [Flip(block, byte, bit) for block in chosen for byte in FIELDS.values()
             for bit in range(8)]
    rng = random.Random(seed)
    pool = set()
    while len(pool) < random_flips:
        pool.add(Flip(rng.randrange(blocks), DATA_START + rng.randrange(BLOCK), rng.randrange(8)))
    return flips + sorted(pool, key=lambda flip: (flip.block, flip.byte, flip.bit))


def chunk_flips(flips: list[Flip], chunk: int, chunks: int) -> list[Flip]:
    return [flip for flip in flips if flip.block % chunks == chunk]


def run_case(snapshot: Machine, pulses: list[int], flip: Flip, layout: TapeLayout,
             prg: Prg, timing: TurboTiming) -> dict:
    """One flipped bit from the snapshot before its block, to the loader's verdict."""
    machine = snapshot.clone()
    deck = machine.datasette
    bad = flipped(pulses, layout.pulse_index(flip), timing)
    deck.ends = list(itertools.accumulate(bad))     # the same tape up to here, then the flip
    stops: list[bytes] = []
    deck.on_stop = lambda cycle: stops.append(bytes(machine.bus.ram))
    rest = deck.ends[-1] - deck.tape_time(machine.cycles)
    budget = machine.cycles + rest + int(HANG_MARGIN_S * PAL_HZ)
    start = machine.cycles
    while not stops and machine.cycles < budget:
        machine.run(FRAME_CYCLES)
    if stops:
        machine.run(VERDICT_FRAMES * FRAME_CYCLES)     # the message printed, or the game on
    case = {**asdict(flip), "kind": flip.kind,
            "seconds_pal": round((machine.cycles - start) / PAL_HZ, 2)}
    if not stops:
        case["outcome"] = "hang"
    elif machine.shows(ERROR_TEXT):
        case["outcome"] = "reported"
    else:
        case["outcome"] = "loaded" if ram_matches(stops[-1], prg) else "silent_wrong_load"
    return case


def tape_and_layout(prg: Prg, asm_dir: str, name: str, timing: TurboTiming
                    ) -> tuple[list[int], TapeLayout]:
    tape = turbo_tape(prg, asm_dir, name, timing)
    layout = TapeLayout(tape.boot_pulses + timing.lead_in, timing.gap // 8, block_count(prg))
    return tape.pulses, layout


def sweep_chunk(rom_dir: Path, prg: Prg, asm_dir: str, name: str, flips: list[Flip],
                max_cycles: int, timing: TurboTiming = TurboTiming()) -> list[dict]:
    """Load the clean tape; before each block with flips, run them from a copy."""
    pulses, layout = tape_and_layout(prg, asm_dir, name, timing)
    by_block: dict[int, list[Flip]] = {}
    for flip in flips:
        by_block.setdefault(flip.block, []).append(flip)
    machine = Machine(rom_dir)
    machine.boot()
    start_turbo_tape(machine, pulses, name)         # the boot file starts the loader
    reach_turbo_part(machine, layout.first_pulse - timing.lead_in, max_cycles)
    cases = []
    for block in sorted(by_block):
        target = layout.block_start(block) + 4      # inside the gap before the block
        deadline = machine.cycles + max_cycles
        while machine.datasette.next_index < target:
            if machine.cycles > deadline or not machine.datasette.motor:
                raise MachineError(f"the clean turbo load stopped before block {block}\n"
                                   + machine.dump())
            machine.run(STEP_CYCLES)
        cases += [run_case(machine, pulses, flip, layout, prg, timing)
                  for flip in by_block[block]]
    return cases


def count_outcomes(cases: list[dict]) -> dict:
    counts = {"cases": len(cases)}
    for outcome, key in (("loaded", "loaded"), ("reported", "reported"),
                         ("silent_wrong_load", "silent_wrong_loads"), ("hang", "hangs")):
        counts[key] = sum(case["outcome"] == outcome for case in cases)
    return counts


def run_sweep_chunk(prg_path: str, out_json: str, *, roms: str | None, asm_dir: str,
                    file_name: str, chunk: int, chunks: int, random_flips: int, seed: int,
                    max_cycles: int) -> dict:
    """The machine_turbo_sweep rule: one chunk of the sweep."""
    rom_dir = locate_roms(roms)
    if rom_dir is None:
        result = {"skipped": f"no C64 ROMs in $C64_ROMS or {roms!r}", "cases": []}
        write_json(out_json, result)
        return result
    wall = time.monotonic()
    prg = read_prg(prg_path)
    flips = chunk_flips(sweep_flips(block_count(prg), random_flips, seed), chunk, chunks)
    cases = sweep_chunk(rom_dir, prg, asm_dir, file_name, flips, max_cycles)
    result = {"chunk": chunk, "chunks": chunks, **count_outcomes(cases), "cases": cases,
              "wall_seconds": round(time.monotonic() - wall, 1)}
    write_json(out_json, result)
    log.info("turbo sweep chunk %d/%d: %s", chunk, chunks,
             {k: v for k, v in result.items() if k != "cases"})
    return result


def merge_sweep(chunk_paths: list[str]) -> dict:
    """The chunks' cases as one sweep with its counts (kinds counted too)."""
    chunks = [json.loads(Path(path).read_text()) for path in chunk_paths]
    skipped = [chunk["skipped"] for chunk in chunks if "skipped" in chunk]
    if skipped:
        return {"skipped": skipped[0]}
    cases = sorted((case for chunk in chunks for case in chunk["cases"]),
                   key=lambda case: (case["block"], case["byte"], case["bit"]))
    kinds = {}
    for case in cases:
        kinds.setdefault(case["kind"], []).append(case)
    return {**count_outcomes(cases),
            "by_kind": {kind: count_outcomes(group) for kind, group in kinds.items()},
            "wall_seconds": round(sum(chunk["wall_seconds"] for chunk in chunks), 1),
            "cases_list": cases}


def check_sweep(sweep: dict, where: str) -> None:
    if "skipped" in sweep:
        return
    bad = sweep["silent_wrong_loads"] + sweep["hangs"]
    if bad:
        raise Wordle64Error(f"{where}: {sweep['silent_wrong_loads']} silent wrong loads and "
                            f"{sweep['hangs']} hangs in the turbo tape's fault sweep")


def run_turbo_faults_stage(prg_path: str, chunk_paths: list[str], out_json: str, *,
                           roms: str | None, asm_dir: str, file_name: str, speed: float,
                           jitter: int, max_cycles: int) -> dict:
    """The machine_turbo_faults rule: the speed, flipped-bit and retry cases on the game's
    turbo tape, and the sweep's chunks merged, with the outcomes counted."""
    rom_dir = locate_roms(roms)
    sweep = merge_sweep(chunk_paths)
    if rom_dir is None or "skipped" in sweep:
        result = {"skipped": f"no C64 ROMs in $C64_ROMS or {roms!r}", "passed": None}
        write_json(out_json, result)
        return result
    wall = time.monotonic()
    prg = read_prg(prg_path)
    cases = turbo_cases(rom_dir, prg, file_name, asm_dir, speed=speed, jitter=jitter,
                        max_cycles=max_cycles)
    sweep_cases = sweep.pop("cases_list")
    counts = {key: sweep[key] for key in ("cases", "loaded", "reported", "silent_wrong_loads",
                                          "hangs")}
    passed = all(case["passed"] for case in cases) and not (
        counts["silent_wrong_loads"] or counts["hangs"])
    result = {
        "passed": passed,
        "format": "turbo (workflow/asm/tape/turbo.s)",
        "prg_bytes": len(prg.payload),
        **counts,
        "sweep": {**sweep, "what": "one flipped bit a case: every bit of SYNC1, SYNC2, the "
                  "number and the checksum of the first, a middle and the last block, and "
                  "random data bits over every block; each from a copy of the machine before "
                  "its block, run to the loader's verdict"},
        "cases_by_flip": sweep_cases,
        "load_cases": cases,
        "wall_seconds": round(time.monotonic() - wall + sweep["wall_seconds"], 1),
    }
    write_json(out_json, result)
    log.info("turbo faults: %s", {k: v for k, v in result.items() if k != "cases_by_flip"})
    failed = [case["case"] for case in cases if not case["passed"]]
    if failed:
        raise Wordle64Error(f"{out_json}: turbo tape fault cases failed: {', '.join(failed)}")
    check_sweep(sweep, out_json)
    return result
