"""The validation stage (wordle64.validate): its case lists, its gathering, and that it catches a
broken routine. The checks run on a PRG of the real core modules, on small chunks."""

from __future__ import annotations

import datetime
import json
import logging
import shutil
from pathlib import Path

import pytest
from asm_core import link_core

from wordle64 import core, pack
from wordle64.c64.emu import Machine
from wordle64.errors import Wordle64Error
from wordle64.validate import (
    Words,
    chi_square,
    daily_dates,
    gather,
    invalid_dates,
    nonwords,
    run_chunk,
    score_pairs,
    summarise,
    write_summary,
)

OPTIONS = {"seed": 7, "nonwords_random": 300, "nonwords_changed": 300, "score_pairs": 300,
           "rng_jiffies": [0x123456], "rng_states": 50, "picks": 300, "full_picks": 3,
           "date_years": [1900, 2000], "invalid_dates": 200, "daily_dates": 40}
TARGETS = {"lookup_max_cycles": 2000, "unpack_max_pal_s": 5.0}


@pytest.fixture(scope="module")
def data(tmp_path_factory, shared_data) -> dict[str, Path]:
    """A core PRG plus words.tsv, table.bin and index.bin made from the shared guess list."""
    if shutil.which("ca65") is None:
        pytest.skip("cc65 is not installed")
    work = tmp_path_factory.mktemp("validate")
    words = sorted((shared_data / "wordle-list" / "words").read_text().split())
    answers = [sum(map(ord, w)) % 3 == 0 for w in words]
    link_core(work, pack.encode("ctxhuff", words, answers))  # the checks unpack it (dict_init)
    (work / "words.tsv").write_text("word\tfrequency\tprofane\tanswer\n" + "".join(
        f"{w}\t0\t0\t{int(a)}\n" for w, a in zip(words, answers)))
    (work / "table.bin").write_bytes(pack.build_table(words, answers))
    (work / "index.bin").write_bytes(pack.build_index(words))
    return {"prg": work / "core.prg", "labels": work / "core.lbl", "words": work / "words.tsv",
            "table": work / "table.bin", "index": work / "index.bin"}


def chunk_of(data, check: str, chunk: int = 0, chunks: int = 1, **options) -> dict:
    return run_chunk(check, chunk, chunks, data["prg"], data["labels"], data["words"],
                     data["table"], data["index"], None, {**OPTIONS, **options})


# ---- case lists ------------------------------------------------------------------------------
def test_nonwords_are_not_words_and_deterministic():
    words = {"crane", "crank", "slate"}
    cases = nonwords(words, 200, 100, seed=1)
    assert len(cases) == len(set(cases)) == 300
    assert not set(cases) & words
    assert all(len(c) == 5 and c.isalpha() for c in cases)
    for changed in cases[200:]:                       # one letter away from some word
        assert any(sum(a != b for a, b in zip(changed, w)) == 1 for w in words)
    assert nonwords(words, 200, 100, seed=1) == cases


def test_score_pairs_hold_every_pair_over_three_letters():
    pairs = score_pairs(Words([("crane", True), ("slate", False)]), 10, seed=1)
    assert len(pairs) == 10 + 243 * 243
    assert ("aaaaa", "abcab") in pairs and ("cbabc", "ccccc") in pairs


def test_invalid_dates_are_all_invalid():
    cases = invalid_dates(3000, seed=2)
    assert len(cases) == len(set(cases)) == 3000
    for year, month, day in cases:
        with pytest.raises((ValueError, OverflowError)):
            if not 1 <= year <= 9999:
                raise ValueError
            datetime.date(year, month, day)
    assert (1900, 2, 29) in cases and (0, 1, 1) in cases and (10000, 1, 1) in cases


def test_daily_dates_are_distinct_real_dates_with_the_next_month():
    dates = daily_dates(100, seed=3)
    assert len(set(dates)) == 100
    assert (2026, 11, 30) in dates and (2026, 12, 31) in dates and (9999, 12, 31) in dates
    assert all(core.is_valid_date(*d) for d in dates)


def test_chi_square_accepts_uniform_and_rejects_skewed():
    _, dof, p_uniform = chi_square([50] * 1000, 100)
    assert dof == 99 and p_uniform > 0.99
    _, _, p_skewed = chi_square([80] * 500 + [20] * 500, 100)
    assert p_skewed < 1e-6


# ---- gathering -------------------------------------------------------------------------------
def part(cases, failed, low, high, total, count, **extra) -> dict:
    return {"check": "lookup", "chunk": 0, "chunks": 2, "cases": cases, "failed": failed,
            "failures": [f"f{i}" for i in range(failed)], "cycles_min": low, "cycles_max": high,
            "cycles_sum": total, "cycles_count": count, **extra}


def test_gather_sums_cases_and_merges_cycles():
    merged = gather("lookup", [part(10, 0, 100, 900, 5000, 10, worst_word="aaaaa"),
                               part(20, 0, 50, 1200, 6000, 20, worst_word="zzzzz")], TARGETS)
    assert merged["cases"] == 30 and merged["passed"]
    assert merged["cycles"] == {"min": 50, "mean": round(11000 / 30, 1), "max": 1200}
    assert merged["worst_word"] == "zzzzz"


def test_gather_fails_on_a_failed_case_or_a_missed_target():
    failed = gather("lookup", [part(10, 2, 100, 900, 5000, 10)], TARGETS)
    assert not failed["passed"] and failed["failures"] == ["f0", "f1"]
    slow = gather("lookup", [part(10, 0, 100, 2001, 5000, 10)], TARGETS)
    assert not slow["passed"] and "2001 cycles" in slow["problems"][0]


def test_summary_fails_the_rule_after_writing_both_files(tmp_path):
    good = {"check": "score", "passed": True, "cases": 5, "cycles": {"min": 1, "mean": 2,
                                                                     "max": 3}}
    bad = {"check": "games", "passed": False, "cases": 1, "problems": ["lost"]}
    summary = summarise([good, bad], {"prg_bytes": 1000, "tape_load_seconds": 35.8})
    assert not summary["passed"] and summary["layout"]["prg_bytes"] == 1000
    log = logging.getLogger("test")
    with pytest.raises(Wordle64Error, match=r"validation failed: games \(lost\) \(see"):
        write_summary(summary, tmp_path / "s.json", tmp_path / "s.tsv", log)
    assert json.loads((tmp_path / "s.json").read_text())["checks"][1]["problems"] == ["lost"]
    assert (tmp_path / "s.tsv").read_text().splitlines()[1].startswith("score\tTrue\t5\t1\t2\t3")
    write_summary(summarise([good]), tmp_path / "ok.json", tmp_path / "ok.tsv", log)


# ---- the checks on the real routines -----------------------------------------------------------
def test_each_check_passes_on_a_chunk(data):
    for check, chunks in (("lookup", 40), ("score", 100), ("rng", 1), ("date", 2),
                          ("daily", 4)):
        result = chunk_of(data, check, chunks=chunks)
        assert result["failed"] == 0, (check, result["failures"])
        assert result["cases"] > 0


def test_checks_that_cannot_be_split_refuse_chunks(data):
    """unpack and rng run whole in every chunk: two chunks would count every case twice."""
    for check in ("rng", "unpack"):
        with pytest.raises(Wordle64Error, match=f"'{check}' runs as one chunk, not 2"):
            chunk_of(data, check, chunks=2)


def test_words_tsv_is_checked_when_read(tmp_path):
    path = tmp_path / "words.tsv"
    path.write_text("")
    with pytest.raises(Wordle64Error, match=r"words.tsv:1: empty file"):
        Words.from_tsv(path)
    path.write_text("word\tfrequency\tprofane\tanswer\nslate\t1\t0\t0\ncrane\t9\t0\t1\n")
    assert Words.from_tsv(path).words == [("crane", True), ("slate", False)]
    path.write_text("word\tfrequency\tprofane\tanswer\nCRANE\t9\t0\t1\n")
    with pytest.raises(Wordle64Error, match=r"words.tsv:2: 'CRANE' is not five letters"):
        Words.from_tsv(path)


def test_lookup_chunks_cover_every_word_once(data):
    total = sum(chunk_of(data, "lookup", chunk, 400, nonwords_random=0, nonwords_changed=0)
                ["words"] for chunk in (0, 399))
    assert total == len(range(0, 14855, 400)) + len(range(399, 14855, 400))


def test_a_broken_routine_fails_its_check(data, tmp_path):
    """Patch score_guess to return at once (marks left as they were): the check must fail."""
    labels = Machine.from_files(data["prg"], data["labels"]).labels
    prg = bytearray(data["prg"].read_bytes())
    prg[labels["score_guess"] - 0x0801 + 2] = 0x60           # RTS
    broken = tmp_path / "broken.prg"
    broken.write_bytes(bytes(prg))
    result = run_chunk("score", 0, 200, broken, data["labels"], data["words"], data["table"],
                       data["index"], None, OPTIONS)
    assert result["failed"] > 0
    assert not gather("score", [result], TARGETS)["passed"]


def test_a_runaway_is_a_failed_check_not_a_crash(data, tmp_path):
    labels = Machine.from_files(data["prg"], data["labels"]).labels
    prg = bytearray(data["prg"].read_bytes())
    at = labels["date_to_day"] - 0x0801 + 2
    prg[at:at + 3] = bytes([0x4C, labels["date_to_day"] & 0xFF, labels["date_to_day"] >> 8])
    broken = tmp_path / "loop.prg"
    broken.write_bytes(bytes(prg))
    result = run_chunk("date", 0, 1, broken, data["labels"], data["words"], data["table"],
                       data["index"], None, {**OPTIONS, "date_years": [2000]})
    assert result["failed"] == 1 and "budget" in result["failures"][0]


def test_unknown_check_is_an_error(data):
    with pytest.raises(Wordle64Error, match="unknown validation check 'games'"):
        chunk_of(data, "games")
