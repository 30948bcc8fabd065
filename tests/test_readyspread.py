"""bench_ready (wordle64.c64.readyspread): RUN to a typed-ahead guess checked, over several answers
and guesses, on the real PRG and the whole machine."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import roms_or_skip
from wordle64.c64 import readyspread
from wordle64.c64.machine import GameScript, read_words
from wordle64.c64.readyspread import ReadyRun


def test_the_plan_types_the_last_word_then_a_random_one_each_with_its_own_clock() -> None:
    words = ["crane", "zymic", "about", "lymph"]
    plan = readyspread.run_plan(words, 6, seed=5)
    assert [kind for _, _, kind in plan] == ["last word", "random"] * 3
    assert all(guess == "zymic" for _, guess, kind in plan if kind == "last word")
    assert all(guess in words for _, guess, _ in plan)
    clocks = [clock for clock, _, _ in plan]
    assert all(0 <= clock < 5_184_000 for clock in clocks) and len(set(clocks)) == 6
    assert readyspread.run_plan(words, 6, seed=5) == plan          # seeded: the same runs
    assert readyspread.run_plan(words, 6, seed=6) != plan


def test_the_summary_names_the_slowest_run_and_the_target() -> None:
    runs = [ReadyRun(1, "zymic", "last word", "crane", 1_900_000, 2_955_744),   # 3.000 s PAL
            ReadyRun(2, "about", "random", "lymph", 1_800_000, 1_970_496),      # 2.000 s
            ReadyRun(3, "zymic", "last word", "crane", 1_850_000, 2_463_120)]   # 2.500 s
    result = readyspread.summary(runs, target_seconds=3.0)
    assert result["runs"] == 3 and result["distinct_answers"] == 2
    assert result["within_target"]
    assert result["slowest"] == {"seed": 1, "answer": "crane", "guess": "zymic",
                                 "ready_cycles": 2_955_744, "ready_seconds_pal": 3.0}
    assert result["ready_cycles"]["min"] == 1_970_496
    assert result["ready_cycles"]["median"] == 2_463_120
    assert result["ready_cycles"]["median_seconds_pal"] == 2.5
    assert result["by_guess"]["random"]["max"] == 1_970_496
    assert result["by_guess"]["last word"]["min"] == 2_463_120
    assert not readyspread.summary(runs, target_seconds=2.9)["within_target"]


def test_every_run_checks_its_guess_on_the_real_game(game_files, tmp_path: Path) -> None:
    """Two runs on the shipped PRG: each types its guess right after RUN, the row on screen
    matches score() (play_random_game raises otherwise), and the figures come in order."""
    roms = roms_or_skip()
    prg, labels, words_tsv = game_files
    words_dir = words_tsv.parent
    out = tmp_path / "ready.json"
    result = readyspread.bench_ready_stage(
        str(prg), str(labels), str(words_dir / "answers.txt"), str(words_dir / "guesses.txt"),
        str(out), roms=str(roms), script=GameScript(), runs=2, seed=3, target_seconds=3.0)
    assert json.loads(out.read_text()) == result
    words = read_words(words_dir / "answers.txt", words_dir / "guesses.txt")
    answers = set((words_dir / "answers.txt").read_text().split())
    plan = readyspread.run_plan(words, 2, seed=3)
    assert [(run["seed"], run["guess"]) for run in result["each"]] == [
        (clock, guess) for clock, guess, _ in plan]
    assert result["each"][0]["guess"] == max(words)
    assert all(run["answer"] in answers for run in result["each"])
    assert result["board_cycles"]["min"] < result["ready_cycles"]["max"]
    assert 1_000_000 < result["ready_cycles"]["min"] <= result["ready_cycles"]["max"]


def test_without_roms_the_bench_says_it_was_skipped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("C64_ROMS", raising=False)
    out = tmp_path / "ready.json"
    result = readyspread.bench_ready_stage("x.prg", "x.lbl", "a.txt", "g.txt", str(out),
                                           roms=str(tmp_path / "none"), script=GameScript(),
                                           runs=2, seed=3, target_seconds=3.0)
    assert "skipped" in result and json.loads(out.read_text()) == result
