"""Validation of the dictionary while it unpacks (workflow/asm/scan.s): dict_check and
dict_answer against the word list at every stage of the background unpack, and the indexes the
unpacker writes as it closes each prefix group.

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
from wordle64.c64.emu import Machine

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
