"""Validation stage: the real 6502 routines of results/build/wordle64.prg against the references.

Each check is split into chunks (`chunk` of `chunks`) that run as separate jobs and are gathered
into results/validate/<check>.json: {check, passed, cases, failures, cycles: {min, mean, max},
...}. `summarise` turns every check file into summary.json and a table, and fails when a
check failed. The case lists are deterministic (seeded), the same in every chunk, then sliced.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

from wordle64 import core
from wordle64 import validate_dict
from wordle64.c64.emu import EmulationError, Machine
from wordle64.errors import Wordle64Error
from wordle64.io import write_json, write_text
from wordle64.pack import read_words_tsv
from wordle64.score import HardRule, score

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MAX_FAILURES_KEPT = 20
PICK_BUCKETS = 100


@dataclass
class Tally:
    """Cases, failures and cycle figures of one chunk (or of a gathered check)."""

    cases: int = 0
    failures: list[str] = field(default_factory=list)
    failed: int = 0
    cycles_min: int | None = None
    cycles_max: int | None = None
    cycles_sum: int = 0
    cycles_count: int = 0

    def case(self, ok: bool, describe) -> None:
        self.cases += 1
        if not ok:
            self.failed += 1
            if len(self.failures) < MAX_FAILURES_KEPT:
                self.failures.append(describe())

    def cycles(self, value: int) -> None:
        self.cycles_min = value if self.cycles_min is None else min(self.cycles_min, value)
        self.cycles_max = value if self.cycles_max is None else max(self.cycles_max, value)
        self.cycles_sum += value
        self.cycles_count += 1

    def as_dict(self) -> dict:
        return {"cases": self.cases, "failed": self.failed, "failures": self.failures,
                "cycles_min": self.cycles_min, "cycles_max": self.cycles_max,
                "cycles_sum": self.cycles_sum, "cycles_count": self.cycles_count}


@dataclass(frozen=True)
class Words:
    """The dictionary as the pipeline made it: (word, is_answer) sorted, and the answers."""

    words: list[tuple[str, bool]]

    @property
    def answers(self) -> list[str]:
        return [w for w, a in self.words if a]

    @classmethod
    def from_tsv(cls, path: str | Path) -> Words:
        """results/words/words.tsv, read and checked by wordle64.pack.read_words_tsv."""
        words, flags = read_words_tsv(Path(path))
        return cls(list(zip(words, flags)))


def _letters(word: str) -> bytes:
    return core.letters(word)


# ---- case lists (deterministic) ------------------------------------------------------------
def nonwords(words: set[str], random_count: int, changed_count: int, seed: int) -> list[str]:
    """Random strings plus one-letter changes of sampled words, none of them a word."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < random_count:
        candidate = "".join(rng.choice(ALPHABET) for _ in range(5))
        if candidate not in words:
            found[candidate] = None
    pool = sorted(words)
    changed: dict[str, None] = {}
    while len(changed) < changed_count:
        word = rng.choice(pool)
        position = rng.randrange(5)
        letter = rng.choice(ALPHABET.replace(word[position], ""))
        candidate = word[:position] + letter + word[position + 1:]
        if candidate not in words and candidate not in found:
            changed[candidate] = None
    return list(found) + list(changed)


def score_pairs(words: Words, random_count: int, seed: int) -> list[tuple[str, str]]:
    """Random guess x answer pairs, then every pair of strings over {a, b, c}: all the ways
    letters can repeat in a guess and an answer (up to three distinct letters)."""
    rng = random.Random(seed)
    guesses = [w for w, _ in words.words]
    answers = words.answers or guesses
    pairs = [(rng.choice(guesses), rng.choice(answers)) for _ in range(random_count)]
    small = ["".join(t) for t in _product("abc", 5)]
    pairs += [(g, a) for g in small for a in small]
    return pairs


def _product(alphabet: str, length: int) -> list[tuple[str, ...]]:
    result: list[tuple[str, ...]] = [()]
    for _ in range(length):
        result = [t + (c,) for t in result for c in alphabet]
    return result


def invalid_dates(count: int, seed: int) -> list[tuple[int, int, int]]:
    """Impossible dates: Feb 29 of common years, day 0, day 32, the 31st of 30-day months,
    month 0 and 13, year 0 and 10000 (and beyond), then random bytes that are not dates."""
    rng = random.Random(seed)
    cases: dict[tuple[int, int, int], None] = {}
    for year in range(1, 10000):
        if not core.is_leap(year):
            cases[(year, 2, 29)] = None
        if len(cases) >= count // 4:
            break
    fixed = [(0, 1, 1), (10000, 1, 1), (65535, 12, 31), (0, 0, 0), (9999, 12, 32),
             (2000, 2, 30), (1900, 2, 29), (2100, 2, 29), (1, 1, 0), (1, 13, 1), (1, 0, 1)]
    cases.update(dict.fromkeys(fixed))
    while len(cases) < count:
        kind = rng.randrange(6)
        year = rng.randrange(1, 10000)
        if kind == 0:
            case = (year, rng.randrange(1, 13), 0)
        elif kind == 1:
            case = (year, rng.choice((0, 13, 14, 255)), rng.randrange(1, 29))
        elif kind == 2:
            case = (year, rng.choice((4, 6, 9, 11)), 31)
        elif kind == 3:
            case = (rng.choice((0, 10000, 10001, 32768, 65535)), rng.randrange(1, 13), 1)
        elif kind == 4:
            case = (year, rng.randrange(1, 13), rng.randrange(32, 256))
        else:
            case = (rng.randrange(65536), rng.randrange(256), rng.randrange(256))
        if not core.is_valid_date(*case):
            cases[case] = None
    return list(cases)


def daily_dates(count: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    first, last = datetime.date(1, 1, 1).toordinal(), datetime.date(9999, 12, 31).toordinal()
    fixed = [datetime.date(1, 1, 1), datetime.date(9999, 12, 31), datetime.date(2000, 2, 29),
             datetime.date(2026, 11, 30)]
    fixed += [datetime.date(2026, 12, 1) + datetime.timedelta(days=d) for d in range(31)]
    dates = dict.fromkeys(fixed)
    while len(dates) < count:
        dates[datetime.date.fromordinal(rng.randint(first, last))] = None
    return [(d.year, d.month, d.day) for d in dates]


# ---- one chunk of each check ---------------------------------------------------------------
def _chunk(items: list, chunk: int, chunks: int) -> list:
    if not 0 <= chunk < chunks:
        raise Wordle64Error(f"chunk {chunk} is not in 0..{chunks - 1}")
    return items[chunk::chunks]


def _ready_machine(prg: Path, labels: Path) -> Machine:
    """A machine with the dictionary unpacked by the PRG itself (dict_init: table and its three
    indexes; the unpack check compares them with the pack stage's)."""
    machine = Machine.from_files(prg, labels)
    machine.call("dict_init", max_cycles=50_000_000)
    return machine


def check_lookup(machine: Machine, words: Words, chunk: int, chunks: int, *, nonword_random: int,
                 nonword_changed: int, seed: int) -> dict:
    tally = Tally()
    known = {w for w, _ in words.words}
    extra = {"words": 0, "nonwords": 0, "worst_word": None}
    worst = -1
    for word, is_answer in _chunk(words.words, chunk, chunks):
        machine.write("word_buf", _letters(word))
        result = machine.call("dict_lookup", max_cycles=20_000)
        tally.case(result.carry and result.a == int(is_answer),
                   lambda: f"{word}: C={int(result.carry)} A={result.a}, "
                           f"want C=1 A={int(is_answer)}")
        tally.cycles(result.cycles)
        extra["words"] += 1
        if result.cycles > worst:
            worst, extra["worst_word"] = result.cycles, word
    for word in _chunk(nonwords(known, nonword_random, nonword_changed, seed), chunk, chunks):
        machine.write("word_buf", _letters(word))
        result = machine.call("dict_lookup", max_cycles=20_000)
        tally.case(not result.carry and result.a == 0,
                   lambda: f"{word}: found (C=1 A={result.a}) but it is not a word")
        tally.cycles(result.cycles)
        extra["nonwords"] += 1
        if result.cycles > worst:
            worst, extra["worst_word"] = result.cycles, word
    return {**tally.as_dict(), **extra}


def check_score(machine: Machine, words: Words, chunk: int, chunks: int, *, pairs: int,
                seed: int) -> dict:
    tally = Tally()
    for guess, answer in _chunk(score_pairs(words, pairs, seed), chunk, chunks):
        machine.write("guess_buf", _letters(guess))
        machine.write("answer_buf", _letters(answer))
        result = machine.call("score_guess", max_cycles=20_000)
        marks = tuple(machine.read("marks_buf", 5))
        want = score(guess, answer)
        tally.case(marks == want, lambda: f"{guess} vs {answer}: {marks}, want {want}")
        tally.cycles(result.cycles)
    return tally.as_dict()


def check_hard(machine: Machine, words: Words, chunk: int, chunks: int, *, pairs: int,
               seed: int) -> dict:
    """The game's hard-mode check (board_hard_check) against wordle64.score.HardRule: for each
    of `pairs` random (previous guess, answer) pairs, the previous row scored against the answer
    and every word of the list typed as the next row; allowed (C = 1) exactly when the rule
    allows it."""
    tally = Tally()
    pool = [w for w, _ in words.words]
    answers = [w for w, answer in words.words if answer]
    rng = random.Random(seed)
    cases = [(rng.choice(pool), rng.choice(answers)) for _ in range(pairs)]
    allowed = 0
    for previous, answer in _chunk(cases, chunk, chunks):
        marks = score(previous, answer)
        rule = HardRule.after(previous, marks)
        machine.write("board_marks", bytes(marks))
        machine.write("board_row", [1])
        for guess in pool:
            machine.write("board_guesses", _letters(previous) + _letters(guess))
            result = machine.call("board_hard_check", max_cycles=50_000)
            want = rule.violation(guess) is None
            allowed += want
            tally.case(result.carry == want,
                       lambda: f"{guess} after {previous} {marks}: C={int(result.carry)}, "
                               f"want {int(want)}")
            tally.cycles(result.cycles)
    return {**tally.as_dict(), "allowed": allowed}


def check_rng(machine: Machine, words: Words, *, jiffies: list[int], states: int, picks: int,
              full_picks: int) -> dict:
    """States and picks of the 6502 generator equal Python's; χ² of the picks is uniform."""
    tally = Tally()
    answers = words.answers
    count = len(answers)
    rng_state = machine.addr("rng_state")
    for jiffy in jiffies:
        machine.write(0xA0, [jiffy >> 16 & 0xFF, jiffy >> 8 & 0xFF, jiffy & 0xFF])
        machine.call("rng_seed_jiffy")
        state = core.seed_from_jiffy(jiffy)
        got = int.from_bytes(machine.read(rng_state, 4), "little")
        tally.case(got == state, lambda: f"seed of jiffy {jiffy:06X}: {got:08X}, want {state:08X}")
        for step in range(states):
            result = machine.call("rng_next", max_cycles=5_000)
            state = core.xorshift32(state)
            got = int.from_bytes(machine.read(rng_state, 4), "little")
            tally.case(got == state and result.a == state & 0xFF,
                       lambda: f"jiffy {jiffy:06X} step {step + 1}: {got:08X}, want {state:08X}")
    state = core.seed_from_jiffy(jiffies[0])
    machine.write(rng_state, state.to_bytes(4, "little"))
    for _ in range(full_picks):                      # the whole routine, word included
        number, state = core.pick(state, count)
        result = machine.call("pick_random_answer", max_cycles=500_000)
        word = core.word_of(machine.read("answer_buf", 5))
        tally.case(word == answers[number] and (result.a | result.x << 8) == number,
                   lambda: f"pick: {word} #{result.a | result.x << 8}, want {answers[number]}")
        tally.cycles(result.cycles)
    # Many more picks with dict_answer_word answered in Python: the sampling is still all 6502.
    found: list[int] = []
    fetch = machine.addr("dict_answer_word")
    machine.traps[fetch] = lambda m: found.append(m.mpu.a | m.mpu.x << 8)
    counts = [0] * count
    try:
        for _ in range(picks):
            number, state = core.pick(state, count)
            result = machine.call("pick_random_answer", max_cycles=100_000)
            got = result.a | result.x << 8
            tally.case(got == number and found[-1] == number and got < count,
                       lambda: f"pick: #{got}, want #{number} of {count}")
            if got < count:
                counts[got] += 1
    finally:
        del machine.traps[fetch]
    chi2, dof, p_value = chi_square(counts, PICK_BUCKETS)
    tally.case(p_value > 0.001, lambda: f"picks not uniform: chi2 {chi2:.1f}, p = {p_value:.2g}")
    return {**tally.as_dict(), "picks": picks + full_picks, "chi2": round(chi2, 2),
            "chi2_dof": dof, "chi2_p": round(p_value, 4),
            "answers_picked_distinct": sum(1 for c in counts if c)}


def chi_square(counts: list[int], buckets: int) -> tuple[float, int, float]:
    """χ² of counts grouped into up to `buckets` contiguous buckets of (near) equal size, against
    uniform; p-value by the Wilson-Hilferty normal approximation (good for dof >= 30)."""
    n = len(counts)
    buckets = max(2, min(buckets, n))
    edges = [n * b // buckets for b in range(buckets + 1)]
    total = sum(counts)
    chi2 = 0.0
    for low, high in zip(edges, edges[1:]):
        expected = total * (high - low) / n
        observed = sum(counts[low:high])
        chi2 += (observed - expected) ** 2 / expected
    dof = buckets - 1
    z = ((chi2 / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return chi2, dof, 0.5 * math.erfc(z / math.sqrt(2))


def _set_date(machine: Machine, year: int, month: int, day: int) -> None:
    machine.write_word("date_year", year)
    machine.write("date_month", [month])
    machine.write("date_day", [day])


def check_date(machine: Machine, chunk: int, chunks: int, *, years: list[int],
               invalid: int, seed: int) -> dict:
    tally = Tally()
    valid_cases = 0
    for year in _chunk(years, chunk, chunks):
        day = datetime.date(year, 1, 1)
        while day.year == year:
            _set_date(machine, day.year, day.month, day.day)
            result = machine.call("date_to_day", max_cycles=20_000)
            got = int.from_bytes(machine.read("day_number", 3), "little")
            tally.case(result.carry and got == day.toordinal(),
                       lambda: f"{day}: C={int(result.carry)} day {got}, want {day.toordinal()}")
            tally.cycles(result.cycles)
            valid_cases += 1
            if day == datetime.date.max:
                break
            day += datetime.timedelta(days=1)
    for case in _chunk(invalid_dates(invalid, seed), chunk, chunks):
        _set_date(machine, *case)
        result = machine.call("date_to_day", max_cycles=20_000)
        tally.case(not result.carry, lambda: f"{case}: accepted, but it is not a date")
        tally.cycles(result.cycles)
    return {**tally.as_dict(), "valid_dates": valid_cases,
            "invalid_dates": tally.cases - valid_cases}


def check_daily(machine: Machine, words: Words, chunk: int, chunks: int, *, dates: int,
                seed: int) -> dict:
    tally = Tally()
    answers = words.answers
    for year, month, day in _chunk(daily_dates(dates, seed), chunk, chunks):
        _set_date(machine, year, month, day)
        machine.call("date_to_day", max_cycles=20_000)
        result = machine.call("daily_answer", max_cycles=500_000)
        got = core.word_of(machine.read("answer_buf", 5))
        want = core.daily_word(year, month, day, answers)
        tally.case(got == want, lambda: f"{year:04d}-{month:02d}-{day:02d}: {got}, want {want}")
        tally.cycles(result.cycles)
    return tally.as_dict()


def run_chunk(check: str, chunk: int, chunks: int, prg: str | Path, labels: str | Path,
              words_tsv: str | Path, table: str | Path, index: str | Path,
              seed_blob: str | Path | None, options: dict,
              seed_unpacker: tuple[str | Path, str | Path] | None = None) -> dict:
    """One chunk of one check, as a JSON-ready dict (the check's own figures plus `chunk`).
    `seed_unpacker` = (PRG, labels) of the decoders (results/build/unpack-seed.*) for the
    unpack check's seed part."""
    if check not in CHECKS:
        raise Wordle64Error(f"unknown validation check {check!r} "
                            f"(choose from {', '.join(CHECKS)})")
    if check in SINGLE_CHUNK_CHECKS and chunks != 1:
        raise Wordle64Error(f"validation check {check!r} runs as one chunk, not {chunks}")
    try:
        result = _run_check(check, chunk, chunks, Path(prg), Path(labels), words_tsv, table,
                            index, seed_blob, options, seed_unpacker)
    except EmulationError as error:                 # the 6502 code broke its contract
        result = {"cases": 1, "failed": 1, "failures": [str(error)], "cycles_min": None,
                  "cycles_max": None, "cycles_sum": 0, "cycles_count": 0}
    return {"check": check, "chunk": chunk, "chunks": chunks, **result}


CHECKS = ("unpack", "lookup", "score", "hard", "rng", "date", "daily", "lazy")
# Checks whose cases cannot be dealt out (one dict_init; one generator sequence): they run as
# one chunk whatever validate.chunks says (workflow/rules/common.smk validate_chunk_count).
SINGLE_CHUNK_CHECKS = ("unpack", "rng")


def run_chunk_stage(check: str, chunk: int, chunks: int, out_path: str | Path, options: dict, *,
                    prg: str | Path, labels: str | Path, words: str | Path, table: str | Path,
                    index: str | Path, seed_blob: str | Path | None = None,
                    seed_prg: str | Path | None = None,
                    seed_labels: str | Path | None = None) -> dict:
    """Rule validate_chunk: run one chunk (run_chunk) and write its JSON to `out_path`; the
    unpack check's inputs add seed_blob, seed_prg and seed_labels (its seed codec part)."""
    seed_unpacker = (seed_prg, seed_labels) if seed_prg and seed_labels else None
    result = run_chunk(check, chunk, chunks, prg, labels, words, table, index, seed_blob,
                       options, seed_unpacker=seed_unpacker)
    write_json(out_path, result)
    return result


def gather_stage(check: str, chunk_paths: list[str], targets: dict,
                 out_path: str | Path) -> dict:
    """Rule validate_gather: the chunk JSON files of one check -> results/validate/<check>.json."""
    parts = [json.loads(Path(path).read_text()) for path in chunk_paths]
    result = gather(check, parts, targets)
    write_json(out_path, result)
    return result


def summary_stage(check_paths: list[str], layout_path: str | Path, json_path: str | Path,
                  tsv_path: str | Path, log) -> dict:
    """Rule validate_summary: results/validate/<check>.json and the build's layout ->
    summary.json and summary.tsv (write_summary: fails when a check failed)."""
    results = [json.loads(Path(path).read_text()) for path in check_paths]
    summary = summarise(results, json.loads(Path(layout_path).read_text()))
    write_summary(summary, json_path, tsv_path, log)
    return summary


def _run_check(check: str, chunk: int, chunks: int, prg: Path, labels: Path,
               words_tsv: str | Path, table: str | Path, index: str | Path,
               seed_blob: str | Path | None, options: dict,
               seed_unpacker: tuple[str | Path, str | Path] | None = None) -> dict:
    words = Words.from_tsv(words_tsv)
    table_bytes, index_bytes = Path(table).read_bytes(), Path(index).read_bytes()
    seed = int(options.get("seed", 64))
    if check == "unpack":
        blob = Path(seed_blob).read_bytes() if seed_blob and Path(seed_blob).exists() else None
        decoders = tuple(Path(p) for p in seed_unpacker) if seed_unpacker else None
        result = validate_dict.check_unpack(prg, labels, table_bytes, index_bytes, blob,
                                            decoders, Tally())
    elif check == "lazy":
        known = {w for w, _ in words.words}
        result = validate_dict.check_lazy(prg, labels, table_bytes, index_bytes, words.words,
                                 nonwords(known, options["lazy_nonwords"] // 2,
                                          options["lazy_nonwords"] - options["lazy_nonwords"] // 2,
                                          seed),
                                 chunk, chunks, Tally(), answers=options["lazy_answers"],
                                 seed=seed)
    else:
        machine = _ready_machine(prg, labels)
        if check == "lookup":
            result = check_lookup(machine, words, chunk, chunks,
                                  nonword_random=options["nonwords_random"],
                                  nonword_changed=options["nonwords_changed"], seed=seed)
        elif check == "hard":
            result = check_hard(machine, words, chunk, chunks, pairs=options["hard_pairs"],
                                seed=seed)
        elif check == "score":
            result = check_score(machine, words, chunk, chunks, pairs=options["score_pairs"],
                                 seed=seed)
        elif check == "rng":
            result = check_rng(machine, words, jiffies=list(options["rng_jiffies"]),
                               states=options["rng_states"], picks=options["picks"],
                               full_picks=options["full_picks"])
        elif check == "date":
            result = check_date(machine, chunk, chunks, years=list(options["date_years"]),
                                invalid=options["invalid_dates"], seed=seed)
        else:
            result = check_daily(machine, words, chunk, chunks, dates=options["daily_dates"],
                                 seed=seed)
    return result


# ---- gathering ---------------------------------------------------------------------------------
_SUMMED = ("cases", "failed", "cycles_sum", "cycles_count", "words", "nonwords", "valid_dates",
           "invalid_dates", "allowed")


def gather(check: str, parts: list[dict], targets: dict) -> dict:
    """Chunks -> one check result; `targets` (e.g. lookup max cycles) decide `passed` too."""
    merged: dict = {"check": check, "chunks": len(parts)}
    for part in parts:
        for key, value in part.items():
            if key in ("check", "chunk", "chunks"):
                continue
            if key in _SUMMED:
                merged[key] = merged.get(key, 0) + value
            elif key == "failures":
                merged[key] = (merged.get(key, []) + value)[:MAX_FAILURES_KEPT]
            elif key == "cycles_min":
                merged[key] = value if merged.get(key) is None else min(merged[key], value)
            elif key == "cycles_max":
                if value is not None and (merged.get(key) is None or value > merged[key]):
                    merged[key] = value
                    if "worst_word" in part:
                        merged["worst_word"] = part["worst_word"]
            elif key == "ways":
                merged[key] = {k: merged.get(key, {}).get(k, 0) + v for k, v in value.items()}
            elif key != "worst_word":
                merged[key] = value
    count = merged.pop("cycles_count", 0)
    total = merged.pop("cycles_sum", 0)
    merged["cycles"] = {"min": merged.pop("cycles_min", None),
                        "mean": round(total / count, 1) if count else None,
                        "max": merged.pop("cycles_max", None)}
    reasons = [f"{merged.get('failed', 0)} of {merged.get('cases', 0)} cases failed"] \
        if merged.get("failed") else []
    if check == "lookup" and merged["cycles"]["max"] is not None \
            and merged["cycles"]["max"] > targets["lookup_max_cycles"]:
        reasons.append(f"lookup worst case {merged['cycles']['max']} cycles > "
                       f"{targets['lookup_max_cycles']}")
    if check == "unpack" and merged.get("unpack_pal_s", 0) > targets["unpack_max_pal_s"]:
        reasons.append(f"unpack takes {merged['unpack_pal_s']} s PAL > "
                       f"{targets['unpack_max_pal_s']} s")
    merged["passed"] = not reasons
    merged["problems"] = reasons
    return merged


def summarise(results: list[dict], layout: dict | None = None) -> dict:
    """summary.json: each check with passed, cases and cycle figures, plus the build layout.

    A check file needs at least `check` and `passed`; `cases`, `failed`, `cycles` ({min, mean,
    max}) and `problems` are shown when present (the game stage's checks use the same keys).
    """
    checks = []
    for result in results:
        if "check" not in result or "passed" not in result:
            raise Wordle64Error(f"a validation result lacks 'check' or 'passed': {sorted(result)}")
        checks.append({key: result.get(key) for key in
                       ("check", "passed", "cases", "failed", "cycles", "problems")}
                      | {key: result[key] for key in
                         ("unpack_pal_s", "unpack_ntsc_s", "init_pal_s", "init_ntsc_s", "chi2_p",
                          "worst_word", "seed_unpack_pal_s", "seconds_pal_max") if key in result})
    summary: dict = {"passed": all(c["passed"] for c in checks), "checks": checks}
    if layout is not None:
        summary["layout"] = {key: layout[key] for key in
                             ("prg_bytes", "blob_bytes", "table_bytes", "free_after_table",
                              "inplace_spare", "tape_load_seconds") if key in layout}
    return summary


def summary_rows(summary: dict) -> list[dict]:
    rows = []
    for check in summary["checks"]:
        cycles = check.get("cycles") or {}
        rows.append({"check": check["check"], "passed": check["passed"],
                     "cases": check.get("cases"), "cycles_min": cycles.get("min"),
                     "cycles_mean": cycles.get("mean"), "cycles_max": cycles.get("max"),
                     "notes": "; ".join(check.get("problems") or [])})
    return rows


def write_summary(summary: dict, json_path: str | Path, tsv_path: str | Path, log) -> None:
    """Write summary.json and summary.tsv; then fail (Wordle64Error) when a check failed."""
    write_json(json_path, summary)
    rows = summary_rows(summary)
    handle = io.StringIO()
    writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else ["check"],
                            delimiter="\t", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_text(tsv_path, handle.getvalue())
    for row in rows:
        log.info("%-8s %s  %s cases  cycles %s/%s/%s  %s", row["check"],
                 "passed" if row["passed"] else "FAILED", row["cases"], row["cycles_min"],
                 row["cycles_mean"], row["cycles_max"], row["notes"])
    failed = [failure_reason(c) for c in summary["checks"] if not c["passed"]]
    if failed:
        raise Wordle64Error(f"validation failed: {'; '.join(failed)} (see results/validate/)")


def failure_reason(check: dict) -> str:
    """`name (first problem, and how many more)` of a failed check."""
    problems = check.get("problems") or []
    if not problems:
        return check["check"]
    more = f", and {len(problems) - 1} more" if len(problems) > 1 else ""
    return f"{check['check']} ({str(problems[0])[:160]}{more})"

