"""report stage: the anchors table reads the stage artifacts and puts ours beside the published."""

from __future__ import annotations

from wordle64.report import (
    absurdle_guesses,
    dictionary_anchors,
    machine_anchors,
    solver_anchors,
    write_anchors,
)


def test_dictionary_rows_show_bytes_and_bits_per_word():
    rows = dictionary_anchors({"words": 1000, "answers": 321, "table_bytes": 2676,
                               "blob_bytes": 1000, "codec": "ctxhuff", "seed_blob_bytes": 1500})
    blob = rows[1]
    assert blob.published.startswith("22,567 B")
    assert blob.ours == "1,000 B (8.00 bits/word)"
    assert "1,500 B" in blob.note
    assert "321 answer flags" in rows[2].note


def test_machine_rows_say_whether_the_tape_target_is_met():
    summary = {"checks": [{"check": "unpack", "unpack_pal_s": 4.5},
                          {"check": "lookup", "cycles": {"max": 900, "mean": 400.5}}]}
    load = {"prg_bytes": 17000, "tape": {"seconds_pal": 342.4, "target_seconds": 360,
                                         "within_target": True}}
    unpack, lookup, tape = machine_anchors(summary, load)
    assert unpack.ours == "4.50 s PAL"
    assert lookup.ours == "900 cycles"
    assert tape.ours == "342 s for 17,000 B"
    emulated = {"prg_bytes": 19716, "time_to_playable": {"tape_seconds": 68.22},
                "tape": {"emulated": True, "seconds_pal": 61.6, "target_seconds": 75,
                         "within_target": True, "kernal": {"seconds_pal": 400.8}}}
    *_, kernal, turbo = machine_anchors(summary, emulated)
    assert kernal.ours == "401 s for 19,716 B" and kernal.note == "emulated, Open ROMs"
    assert turbo.ours == "68.2 s" and turbo.note == "target 75 s: met"
    # VICE's disk times, once released with the load times, get the disk row
    emulated["time_to_playable"].update(disk_fast_seconds=16.0, disk_kernal_vice_seconds=64.0,
                                        disk_fast_target_seconds=8, disk_fast_within_target=False)
    disk = machine_anchors(summary, emulated)[-1]
    assert disk.ours == "16.0 s LOAD to menu"
    assert disk.note.startswith("1.20 KiB/s of game") and "KERNAL's LOAD 64.0 s" in disk.note
    assert disk.note.endswith("target 8 s: missed")


def test_the_released_load_times_carry_vices_disk_times_beside_the_models():
    from wordle64.vice.summary import with_vice_times
    staged = {"prg_bytes": 100, "time_to_playable": {"disk_seconds": 61.8, "tape_seconds": 59.5}}
    fast = {"times": {"load_to_menu_seconds": 17.0, "boot_load_seconds": 4.3,
                      "load_to_menu_seconds_1571": 16.7,
                      "load_to_menu_seconds_1541_device9": 16.8}}
    games = {"times": {"load_to_menu_seconds": 64.1, "load_seconds": 58.0}}
    playable = with_vice_times(staged, fast, games, 8.0)["time_to_playable"]
    assert playable["disk_seconds"] == 61.8 and playable["tape_seconds"] == 59.5   # the model's
    assert playable["disk_fast_seconds"] == 17.0
    assert playable["disk_fast_target_seconds"] == 8.0
    assert playable["disk_fast_within_target"] is False
    assert with_vice_times(staged, fast, games, 17.0)["time_to_playable"][
        "disk_fast_within_target"] is True                 # at the target: met
    assert playable["disk_kernal_vice_seconds"] == 64.1
    assert playable["disk_fast_by_drive_seconds"] == {"1571": 16.7, "1541_device9": 16.8}
    assert staged["time_to_playable"] == {"disk_seconds": 61.8, "tape_seconds": 59.5}


def test_solver_rows_pick_the_best_strategy_and_the_best_greedy_one():
    summary = {
        "entropy": {"strategy": "entropy", "average": 3.7, "first_guess": "tares", "worst": 6,
                    "answers": 10},
        "search": {"strategy": "search", "average": 3.6, "first_guess": "salet", "worst": 5,
                   "answers": 10},
    }
    best, greedy, absurdle = solver_anchors(summary, 4)
    assert best.ours == "3.6000 (SALET, search, worst 5)"
    assert greedy.ours == "3.7000 (TARES, entropy)"
    assert absurdle.ours == "4"
    summary["in_three"] = {"normal": {"opener": "trace", "solved": 6, "share": 0.6,
                                      "solved_in_four": 9}}
    best, greedy, in_three, absurdle = solver_anchors(summary, 4)
    assert best.ours == "3.6000 (SALET, search, worst 5)"     # in_three is no strategy
    assert in_three.ours == "6 = 0.6000 of the answers (TRACE)"
    # hard mode gets its own row (never the best overall), the bound one beside Selby's proof
    summary["search-hard"] = {"strategy": "search-hard", "average": 3.65, "first_guess": "salet",
                              "worst": 6, "answers": 10}
    summary.update(lower_bound_total=30, gap=6)
    best, greedy, hard, bound, in_three, absurdle = solver_anchors(summary, 4)
    assert best.ours == "3.6000 (SALET, search, worst 5)"
    assert greedy.ours == "3.7000 (TARES, entropy)"
    assert hard.ours == "3.6500 (SALET, search-hard, worst 6)" and "8,122" in hard.published
    assert bound.ours == "30, our best tree 6 above it"


def test_absurdle_transcript_parsing():
    assert absurdle_guesses("Absurdle: won in 5 guesses (...)\n1. reais ..... 242\n") == 5
    assert absurdle_guesses("no win found\n") is None


def test_markdown_table_has_one_row_per_anchor(tmp_path):
    rows = dictionary_anchors({"words": 10, "answers": 3, "table_bytes": 696, "blob_bytes": 9,
                               "codec": "seed", "seed_blob_bytes": 9})
    write_anchors(rows, tmp_path / "a.tsv", tmp_path / "a.md")
    markdown = (tmp_path / "a.md").read_text().splitlines()
    assert len(markdown) == 2 + len(rows)
    assert len((tmp_path / "a.tsv").read_text().splitlines()) == 1 + len(rows)


def test_rows_for_checks_or_strategies_that_did_not_run_are_left_out():
    load = {"prg_bytes": 1, "tape": {"seconds_pal": 1.0, "target_seconds": 360,
                                     "within_target": True}}
    assert [a.what for a in machine_anchors({"checks": []}, load)] == ["standard KERNAL tape load"]
    only_search = {"search": {"strategy": "search", "average": 3.5, "first_guess": "salet",
                              "worst": 5, "answers": 10}}
    assert [a.what for a in solver_anchors(only_search, None)] == [
        "best average, all guesses allowed"]


def test_the_ready_figure_of_the_whole_machine_run_sits_beside_its_target():
    load = {"prg_bytes": 1, "tape": {"seconds_pal": 1.0, "target_seconds": 360,
                                     "within_target": True}}
    ready, *_ = machine_anchors({"checks": []}, load,
                                {"ready_seconds_pal": 2.307, "menu_seconds_pal": 1.266})
    assert ready.what == "RUN to a typed-ahead guess checked" and ready.source == "issue 17"
    assert ready.ours == "2.31 s PAL" and "menu 1.27 s" in ready.note


def test_the_ready_row_notes_the_spread_over_many_answers_when_benched():
    load = {"prg_bytes": 1, "tape": {"seconds_pal": 1.0, "target_seconds": 360,
                                     "within_target": True}}
    run = {"ready_seconds_pal": 2.307, "menu_seconds_pal": 1.266}
    bench = {"runs": 100, "ready_cycles": {"min_seconds_pal": 1.969, "median_seconds_pal": 2.224,
                                           "max_seconds_pal": 2.389}}
    ready, *_ = machine_anchors({"checks": []}, load, run, bench)
    assert ready.note.endswith("over 100 random answers and guesses 1.97–2.39 s (median 2.22)")
    skipped, *_ = machine_anchors({"checks": []}, load, run, {"skipped": "no ROMs"})
    assert skipped.note.endswith("whole machine")
