"""The dictionary's validation checks (rule validate_chunk, called by wordle64.validate):
`check_unpack`, the unpack against the pack stage's table and indexes, and `check_lazy`,
dict_check and dict_answer (workflow/asm/scan.s) against the word list at every stage of the
background unpack.

The game starts its unpack as a coroutine (dict_start) and answers a guess or an answer number
before it is over: from the table when the group is closed, by scanning one segment of the
stream from the blob's checkpoint trailer, or by stepping the unpack until the group closes.
`check_lazy` deals its cases (every word, non-words, answer numbers) over the whole unpack —
between two cases the unpack goes on by a random number of steps — and compares each answer with
the list; at the end the table and all three indexes must equal the pack stage's, so a scan
that disturbed the decoder would show.
"""

from __future__ import annotations

import random
from pathlib import Path

from wordle64 import core
from wordle64.c64.emu import NTSC_HZ, PAL_HZ, EmulationError, Machine
from wordle64.errors import Wordle64Error
from wordle64.pack import inplace_margin

PREFIXES = 676
CHECK_BUDGET = 2_000_000    # cycles for one dict_check / dict_answer (a scan or a wait)


def answer_index(table: bytes, index: bytes) -> bytes:
    """The 677 cumulative answer counts the unpacker writes after the word index: answers in
    prefixes before p, from the pack stage's table (answer bit = bit 0 of each entry's low byte)
    and word index."""
    counts = [int.from_bytes(index[2 * p:2 * p + 2], "little") for p in range(PREFIXES + 1)]
    entries = table[PREFIXES:]
    bits = [entries[2 * i] & 1 for i in range(counts[-1])]
    out = bytearray()
    for p in range(PREFIXES + 1):
        out += sum(bits[:counts[p]]).to_bytes(2, "little")
    return bytes(out)


def lookup_index(index: bytes, table_address: int) -> bytes:
    """The 677 addresses dict_lookup reads: where group p's entries start, minus 256."""
    out = bytearray()
    for p in range(PREFIXES + 1):
        words = int.from_bytes(index[2 * p:2 * p + 2], "little")
        out += (table_address + PREFIXES + 2 * words - 256).to_bytes(2, "little")
    return bytes(out)


def _stage(machine: Machine, walk: int) -> tuple[int, int]:
    """(complete, walk as a prefix number) of the unpack now."""
    return (machine.memory[machine.addr("dict_complete")],
            26 * machine.memory[walk] + machine.memory[walk + 1])


def check_lazy(prg: Path, labels: Path, table: bytes, index: bytes,
               words: list[tuple[str, bool]], nonwords: list[str], chunk: int, chunks: int,
               tally, *, answers: int, seed: int) -> dict:
    """One chunk: words[chunk::chunks], the chunk's non-words and answer numbers, in a seeded
    random order spread over one unpack; `tally` (validate.Tally) counts cases and the cycles
    of the checks made before the unpack was over (the player's wait for a checked guess)."""
    machine = Machine.from_files(prg, labels)
    start = machine.call("dict_start", max_cycles=CHECK_BUDGET)
    rng = random.Random(seed + chunk)
    answer_list = [w for w, a in words if a]
    cases: list[tuple[str, object, bool]] = [("word", w, a) for w, a in words[chunk::chunks]]
    cases += [("nonword", w, False) for w in nonwords[chunk::chunks]]
    cases += [("answer", n, True) for n in rng.sample(range(len(answer_list)),
                                                      min(answers, len(answer_list)))[chunk::chunks]]
    rng.shuffle(cases)
    walk = machine.addr("unpack_walk")
    groups = len({w[:2] for w, _ in words}) + 1
    step_chance = min(1.0, 1.2 * groups / max(1, len(cases)))
    ways = {"table": 0, "scan": 0, "waited": 0, "complete": 0}
    worst = {"cycles": 0, "case": None}
    for kind, value, flag in cases:
        if rng.random() < step_chance:
            machine.call("dict_step", max_cycles=CHECK_BUDGET)
        complete, before = _stage(machine, walk)
        if kind == "answer":
            number = int(value)
            result = machine.call("dict_answer", a=number & 0xFF, x=number >> 8,
                                  max_cycles=CHECK_BUDGET)
            got = "".join(chr(97 + x) for x in machine.read("answer_buf", 5))
            tally.case(got == answer_list[number],
                       lambda: f"answer {number}: {got}, want {answer_list[number]}")
            key = f"answer {number}"
        else:
            machine.write("word_buf", core.letters(str(value)))
            result = machine.call("dict_check", max_cycles=CHECK_BUDGET)
            want = (True, int(flag)) if kind == "word" else (False, 0)
            tally.case((result.carry, result.a) == want,
                       lambda: f"{value}: C={int(result.carry)} A={result.a}, want "
                               f"C={int(want[0])} A={want[1]} ({kind}, at prefix {before})")
            key = str(value)
        after = _stage(machine, walk)[1]
        if complete:
            ways["complete"] += 1
            continue
        tally.cycles(result.cycles)
        if result.cycles > worst["cycles"]:
            worst = {"cycles": result.cycles, "case": key}
        first, second = core.letters(answer_list[int(value)] if kind == "answer" else str(value))[:2]
        prefix = 26 * first + second
        ways["waited" if after != before else "table" if prefix < before else "scan"] += 1
    finish = machine.call("dict_finish", max_cycles=50_000_000)
    table_at = machine.addr("dict_table")
    want = {"table": table, "index": index, "answer index": answer_index(table, index),
            "lookup index": lookup_index(index, table_at)}
    got = {"table": machine.read("dict_table", len(table)),
           "index": machine.read("dict_index", len(index)),
           "answer index": machine.read("dict_answer_index", len(index)),
           "lookup index": machine.read("dict_lookup_index", len(index))}
    for name in want:
        tally.case(got[name] == want[name], lambda: f"after the unpack: the {name} differs")
    return {**tally.as_dict(), "ways": ways, "worst_word": worst["case"],
            "start_cycles": start.cycles, "finish_cycles": finish.cycles,
            "cases_dealt": len(cases)}


def check_unpack(prg: Path, labels: Path, table: bytes, index: bytes,
                 seed_blob: bytes | None, seed_unpacker: tuple[Path, Path] | None,
                 tally) -> dict:
    """dict_init on the PRG as loaded: table and index equal the pack stage's, with cycles per
    phase; then the seed codec's decoder (in the decoders' PRG `seed_unpacker` = (PRG, labels),
    results/build/unpack-seed.*: the game does not carry it) on blob-seed.bin, writing where
    the game's table and index lie."""
    extra: dict = {}
    machine = Machine.from_files(prg, labels)
    hook_calls: list[int] = []
    machine.traps[machine.addr("unpack_progress_hook")] = lambda m: hook_calls.append(m.mpu.a)
    result = machine.call("dict_init", max_cycles=50_000_000)
    extra["init_cycles"] = result.cycles
    got_table = machine.read("dict_table", len(table))
    got_index = machine.read("dict_index", len(index))
    tally.case(got_table == table,
               lambda: f"table differs first at byte {_first_difference(got_table, table)}")
    tally.case(got_index == index,
               lambda: f"index differs first at byte {_first_difference(got_index, index)}")
    tally.case(machine.memory[1] == 0x36, lambda: f"$01 = ${machine.memory[1]:02X}, want $36")
    extra["progress_calls"] = len(hook_calls)
    tally.case(bool(hook_calls) and hook_calls == sorted(hook_calls),
               lambda: f"progress hook calls not rising: {hook_calls[:10]}...")

    phases = Machine.from_files(prg, labels)       # the same work, phase by phase
    move = phases.call("move_blob_up", max_cycles=5_000_000).cycles
    moved = phases.addr("dict_blob_moved")
    for name, value in (("unpack_src", moved), ("unpack_dst", phases.addr("dict_table")),
                        ("unpack_index", phases.addr("dict_index"))):
        phases.write_word(name, value)
    unpack = phases.call("dict_unpack_in_place", max_cycles=50_000_000).cycles
    tally.case(phases.read("dict_table", len(table)) == table, lambda: "phase-wise unpack differs")
    for name, want in (("dict_answer_index", answer_index(table, index)),
                       ("dict_lookup_index", lookup_index(index, machine.addr("dict_table")))):
        got = machine.read(name, len(want))
        tally.case(got == want, lambda: f"{name} differs first at byte "
                                        f"{_first_difference(got, want)}")
    extra.update(move_cycles=move, unpack_cycles=unpack,
                 unpack_pal_s=round(unpack / PAL_HZ, 3), unpack_ntsc_s=round(unpack / NTSC_HZ, 3),
                 init_pal_s=round(result.cycles / PAL_HZ, 3),
                 init_ntsc_s=round(result.cycles / NTSC_HZ, 3))
    tally.cycles(result.cycles)

    if seed_blob is not None and seed_unpacker is not None:
        game = Machine.from_files(prg, labels)      # the addresses the game uses
        table_at, index_at = game.addr("dict_table"), game.addr("dict_index")
        seed = Machine.from_files(*seed_unpacker)
        seed.memory[1] = 0x36
        start = _seed_blob_address(game, seed_blob)
        extra["seed_blob_at"] = start
        seed.write(start, seed_blob)
        for name, value in (("unpack_src", start), ("unpack_dst", table_at),
                            ("unpack_index", index_at)):
            seed.write_word(name, value)
        try:
            seed_result = seed.call("dict_unpack_seed", max_cycles=50_000_000)
            ok = seed.read(table_at, len(table)) == table and \
                seed.read(index_at, len(index)) == index
            extra.update(seed_unpack_cycles=seed_result.cycles,
                         seed_unpack_pal_s=round(seed_result.cycles / PAL_HZ, 3))
        except EmulationError as error:
            ok = False
            extra["seed_error"] = str(error).splitlines()[0]
        tally.case(ok, lambda: "the seed codec's decoder does not reproduce the table")
    return {**tally.as_dict(), **extra}


def _seed_blob_address(machine: Machine, blob: bytes) -> int:
    """Where to put the seed blob: ending at $D000 like the shipped codec's when the in-place
    unpack fits there (wordle64.pack.inplace_margin), else ending at $FFFF (emulated RAM)."""
    start = machine.addr("__DICT_END__") - len(blob)
    try:
        spare = inplace_margin("seed", blob, table_addr=machine.addr("dict_table"),
                               index_addr=machine.addr("dict_index"), blob_addr=start)
    except Wordle64Error:
        spare = -1
    return start if spare >= 0 else 0x10000 - len(blob)


def _first_difference(a: bytes, b: bytes) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
