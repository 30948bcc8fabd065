"""The registry of the figures the docs may name (wordle64.figures reads and renders them).

One ``Figure`` per measured number: ``<page>.<figure>``, the result file and key it is read
from, what it is. Add one here, run ``python -m wordle64.figure_list --docs`` and name it on its
page (docs/<page>.md); tests/test_figures.py checks the three agree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.figures import Figure, collect, render_figures, update_blocks
from wordle64.io import write_text

_WORDS = "results/words/stats.json"
_DICT = "results/dict/stats.json"
_COMPRESSION = "results/reports/compression.tsv"
_UNPACK = "results/bench/unpack.json"
_STUDY = "results/bench/pack-study.json"
_LAYOUT = "results/build/layout.json"
_LOAD = "results/media/load-times.json"
_RUN = "results/machine/run.json"
_READY = "results/bench/ready.json"
_TAPE = "results/machine/load-tape.json"
_TURBO_FAULTS = "results/machine/turbo-faults.json"
_SOLVER = "results/solver/summary.json"
_BOUND = "results/solver/bound.json"
_LETTERS = "results/bench/letters.json"
_VICE = "results/vice/summary.json"


def _vice_span(span: str, what: str) -> list[Figure]:
    return [Figure(f"vice.{span}_s", _VICE, f"times.{span}.vice_seconds",
                   f"{what} on VICE", "s PAL", 2),
            Figure(f"vice.{span}_diff", _VICE, f"times.{span}.difference_percent",
                   f"{what}: VICE against the model", "%", 2)]


def _validate(check: str) -> str:
    return f"results/validate/{check}.json"


def _filters() -> list[Figure]:
    return [Figure(f"answers.removed.{name}", _WORDS, f"filters.{name}.removed",
                   f"words the `{name}` filter was the first to drop", "words")
            for name in ("profanity", "proper_nouns", "inflections", "common", "hand_edits")]


def _cycles(check: str, what: str) -> list[Figure]:
    return [Figure(f"validate.{check}.cases", _validate(check), "cases", f"{what}: cases"),
            *(Figure(f"validate.{check}.cycles_{end}", _validate(check), f"cycles.{end}",
                     f"{what}: cycles, {end}", "cycles") for end in ("min", "mean", "max"))]


FIGURES: list[Figure] = [
    # words
    Figure("words.words", _WORDS, "words", "guessable words", "words"),
    Figure("words.answers", _WORDS, "answers", "answers", "answers"),
    Figure("words.threshold", _WORDS, "threshold", "the subtitle threshold of this build"),
    Figure("words.frequent", _WORDS, "frequent",
           "answers by the subtitle count alone (at or above the threshold, not profane)",
           "words"),
    # answers (the filters)
    *_filters(),
    Figure("answers.allowed", _WORDS, "filters.hand_edits.allowed",
           "words made answers by config/answers-allow.txt", "words"),
    # pack
    Figure("pack.table_bytes", _DICT, "table_bytes", "the RAM table", "B"),
    Figure("pack.index_bytes", _DICT, "index_bytes", "the word index", "B"),
    Figure("pack.blob_bytes", _DICT, "blob_bytes",
           "the compressed dictionary the game ships (words and answer flags)", "B"),
    Figure("pack.bits_per_word", _DICT, "blob_bits_per_word", "the blob per word", "bits/word"),
    Figure("pack.seed_blob_bytes", _DICT, "seed_blob_bytes",
           "the same list in the seed codec (the original game's)", "B"),
    Figure("pack.information_bound_bytes", _DICT, "information_bound_bytes",
           "log2 C(26^5, N) + log2 C(N, A): the information in words and answer flags", "B"),
    Figure("pack.xz_words_bytes", _COMPRESSION,
           "[representation=plain (words only)&compressor=xz].bytes",
           "xz -9e on the sorted list, words only", "B"),
    Figure("pack.bzip2_front_coded_bytes", _COMPRESSION,
           "[representation=front-coded (words only)&compressor=bzip2].bytes",
           "bzip2 -9 on the front-coded list, words only", "B"),
    Figure("pack.work_bytes", _DICT, "ctxhuff_work_bytes", "the decoder's work area", "B"),
    Figure("pack.largest_group", _DICT, "max_prefix", "the largest prefix group", "word"),
    Figure("pack.largest_group_words", _DICT, "max_prefix_count", "the words of the largest prefix group", "words"),
    Figure("pack.unpack_in_place_cycles", _UNPACK, "routines.dict_unpack_in_place.cycles",
           "`dict_unpack_in_place` (the game's), under py65", "cycles"),
    Figure("pack.unpack_in_place_pal_s", _UNPACK,
           "routines.dict_unpack_in_place.seconds.pal_s", "the same at PAL speed", "s PAL", 2),
    Figure("pack.unpack_moving_cycles", _UNPACK, "routines.dict_unpack.cycles",
           "`dict_unpack` (moves the blob first; validation PRG only)", "cycles"),
    Figure("pack.unpack_seed_cycles", _UNPACK, "routines.dict_unpack_seed.cycles",
           "`dict_unpack_seed` (the seed codec; validation PRG only)", "cycles"),
    Figure("pack.emulator_speedup", _UNPACK, "emulator.speedup",
           "the compiled 6502 core against py65, the same unpack", "×"),
    Figure("pack.study.header_bytes", _STUDY, "ctxhuff.header_bytes", "ctxhuff's header", "B"),
    Figure("pack.study.code_length_table_bytes", _STUDY, "ctxhuff.code_length_table_bytes",
           "ctxhuff's code-length tables", "B"),
    Figure("pack.study.body_bytes", _STUDY, "ctxhuff.body_bytes", "ctxhuff's Huffman body",
           "B"),
    Figure("pack.study.trailer_bytes", _STUDY, "ctxhuff.trailer_bytes",
           "ctxhuff's checkpoint trailer", "B"),
    Figure("pack.study.huffman_loss_bytes", _STUDY, "ctxhuff.huffman_loss_bytes",
           "the body above its contexts' static entropy", "B"),
    Figure("pack.study.best_adaptive_bytes", _STUDY, "best_adaptive_bytes",
           "the best adaptive model measured, model included", "B"),
    # build
    Figure("build.prg_bytes", _LAYOUT, "prg_bytes", "the PRG", "B"),
    Figure("build.image_bytes", _LAYOUT, "image_bytes",
           "code, data and charset image before packing", "B"),
    Figure("build.packed_bytes", _LAYOUT, "packed_bytes",
           "the LZ stream of the image and INIT", "B"),
    Figure("build.blob_bytes", _LAYOUT, "blob_bytes", "the dictionary blob in the PRG", "B"),
    Figure("build.table_bytes", _LAYOUT, "table_bytes", "the RAM table after start-up", "B"),
    Figure("build.free_after_table", _LAYOUT, "free_after_table",
           "RAM free above the table after start-up", "B"),
    Figure("build.inplace_spare", _LAYOUT, "inplace_spare",
           "how far the table's writes stay below the blob's read pointer, at least", "B"),
    Figure("build.charset_run", _LAYOUT, "charset_run", "the charset", "address"),
    Figure("build.dict_index", _LAYOUT, "dict_index", "the word index", "address"),
    Figure("build.dict_table", _LAYOUT, "dict_table", "the table", "address"),
    Figure("build.blob_moved", _LAYOUT, "blob_moved", "the stream while it unpacks",
           "address"),
    # validate
    Figure("validate.unpack.pal_s", _validate("unpack"), "unpack_pal_s",
           "`dict_unpack_in_place` in the game's layout, in the background", "s PAL", 2),
    Figure("validate.unpack.init_pal_s", _validate("unpack"), "init_pal_s",
           "the whole `dict_init`: blob move, tables, unpack with its indexes", "s PAL", 2),
    Figure("validate.lazy.cases", _validate("lazy"), "cases",
           "words, non-words and answer numbers asked while the unpack runs"),
    Figure("validate.lazy.cycles_max", _validate("lazy"), "cycles.max",
           "the slowest answer while the unpack runs (one segment scanned)", "cycles"),
    *_cycles("lookup", "`dict_lookup`"),
    Figure("validate.lookup.worst_word", _validate("lookup"), "worst_word",
           "the word of the worst case", "word"),
    *_cycles("score", "`score_guess`"),
    *_cycles("hard", "`board_hard_check`"),
    *_cycles("rng", "`rng_pick`"),
    Figure("validate.rng.chi2_p", _validate("rng"), "chi2_p", "χ² of the picks: p"),
    *_cycles("date", "`date_to_day`"),
    *_cycles("daily", "`daily_answer`"),
    # game
    Figure("game.games.checks", _validate("games"), "checks", "checks in the scripted games"),
    Figure("game.fuzz.keys", _validate("fuzz"), "cases", "random keystrokes", "keys"),
    Figure("game.fuzz.failed", _validate("fuzz"), "failed", "problems found"),
    Figure("game.fuzz.keys_while_unpacking", _validate("fuzz"), "keys_while_unpacking",
           "keys pressed while the dictionary unpacks", "keys"),
    Figure("game.fuzz.games_finished", _validate("fuzz"), "games_finished",
           "games finished by random keys"),
    Figure("game.fuzz.cycles_max", _validate("fuzz"), "cycles.max",
           "the slowest key", "cycles"),
    Figure("game.absurdle.sequences", _validate("absurdle"), "cases",
           "Absurdle guess sequences compared with the Python adversary"),
    Figure("game.absurdle.failed", _validate("absurdle"), "failed", "problems found"),
    Figure("game.absurdle.worst_guess_pal_s", _validate("absurdle"), "seconds_pal_max",
           "the slowest Absurdle guess", "s PAL", 3),
    Figure("game.absurdle.worst_guess", _validate("absurdle"), "worst_guess",
           "the guess of the slowest Absurdle guess", "word"),
    Figure("game.absurdle.mean_guess_cycles", _validate("absurdle"), "cycles.mean",
           "an Absurdle guess, mean", "cycles"),
    Figure("game.persist.save_s", "results/machine/persist.json",
           "iec_cases[0].save_seconds_pal[1]",
           "statistics file SAVEd after a daily (one date in the history), emulated 1541",
           "s PAL", 2),
    Figure("game.persist.full_history_startup_s", "results/machine/persist.json",
           "iec_cases[-1].startup_seconds_pal",
           "RUN to the menu with the whole history to LOAD, emulated 1541", "s PAL", 2),
    Figure("game.persist.full_history_save_s", "results/machine/persist.json",
           "iec_cases[-1].save_seconds_pal",
           "statistics file SAVEd with the whole history, emulated 1541", "s PAL", 2),
    Figure("game.persist.full_history_bytes", "results/machine/persist.json",
           "iec_cases[-1].file_bytes", "statistics file with the whole history, as SAVEd",
           "bytes"),
    # media
    Figure("media.turbo_boot_s", _TAPE, "load_seconds_pal",
           "turbo tape: PLAY to the boot file's end (SPACE at FOUND)", "s PAL", 2),
    Figure("media.turbo_blocks_s", _TAPE, "turbo_load_seconds_pal",
           "turbo tape: the lead-in reached to the loader's last block", "s PAL", 2),
    Figure("media.turbo_tape_s", _TAPE, "turbo_tape_seconds_pal",
           "turbo tape: the turbo part's tape time, summed from the .tap's pulses", "s PAL", 2),
    Figure("media.turbo_model_diff", _TAPE, "turbo_model_difference_percent",
           "turbo tape: the loader's time, emulated, against that tape time", "%", 2),
    Figure("media.turbo_found_s", _TAPE, "found_seconds_pal",
           "turbo tape: PLAY to FOUND", "s PAL", 2),
    Figure("media.turbo_sweep_cases", _TURBO_FAULTS, "cases",
           "turbo tape fault sweep: one flipped bit a case", "cases"),
    Figure("media.turbo_sweep_reported", _TURBO_FAULTS, "reported",
           "turbo tape fault sweep: ended in TAPE ERROR", "cases"),
    Figure("media.turbo_sweep_silent_wrong_loads", _TURBO_FAULTS, "silent_wrong_loads",
           "turbo tape fault sweep: the game started over wrong bytes", "cases"),
    Figure("media.turbo_sweep_hangs", _TURBO_FAULTS, "hangs",
           "turbo tape fault sweep: no verdict", "cases"),
    Figure("media.turbo_fast_s", _TURBO_FAULTS, "load_cases[case=fast].seconds_pal",
           "turbo tape played 10 % fast with jitter: RUN to the last block", "s PAL", 2),
    Figure("media.turbo_slow_s", _TURBO_FAULTS, "load_cases[case=slow].seconds_pal",
           "turbo tape played 10 % slow with jitter: RUN to the last block", "s PAL", 2),
    Figure("media.kernal_tape_s", _LOAD, "tape.kernal.seconds_pal",
           "standard tape: LOAD, PLAY to READY.", "s PAL", 2),
    Figure("media.disk_load_s", _LOAD, "disk.seconds_pal",
           "disk: LOAD\"WORDLE64\",8 to READY.", "s PAL", 2),
    Figure("media.menu_s", _RUN, "menu_seconds_pal", "RUN to the menu on screen", "s PAL", 2),
    Figure("media.startup_s", _RUN, "startup_seconds_pal",
           "RUN to start-up done (the menu reads its first key)", "s PAL", 2),
    Figure("media.board_s", _RUN, "board_seconds_pal",
           "RUN to the board waiting for a key", "s PAL", 2),
    Figure("media.ready_s", _RUN, "ready_seconds_pal",
           "RUN to a typed-ahead guess looked up and scored", "s PAL", 2),
    Figure("media.ready_runs", _READY, "runs", "runs of the ready bench"),
    Figure("media.ready_min_s", _READY, "ready_cycles.min_seconds_pal",
           "RUN to ready over the bench's runs: fastest", "s PAL", 2),
    Figure("media.ready_median_s", _READY, "ready_cycles.median_seconds_pal",
           "RUN to ready over the bench's runs: median", "s PAL", 2),
    Figure("media.ready_max_s", _READY, "ready_cycles.max_seconds_pal",
           "RUN to ready over the bench's runs: slowest", "s PAL", 2),
    Figure("media.playable_turbo_s", _LOAD, "time_to_playable.tape_seconds",
           "time to playable: turbo tape", "s PAL", 2),
    Figure("media.playable_kernal_tape_s", _LOAD, "time_to_playable.tape_kernal_seconds",
           "time to playable: standard tape", "s PAL", 2),
    Figure("media.playable_disk_s", _LOAD, "time_to_playable.disk_seconds",
           "time to playable: disk", "s PAL", 2),
    Figure("media.playable_disk_fast_s", _LOAD, "time_to_playable.disk_fast_seconds",
           "time to playable: the fast disk, LOAD to the menu on VICE's 1541", "s PAL", 2),
    Figure("media.playable_disk_vice_s", _LOAD, "time_to_playable.disk_kernal_vice_seconds",
           "time to playable: the plain disk (KERNAL), LOAD to the menu on VICE's 1541",
           "s PAL", 2),
    Figure("media.playable_fast_1541ii_s", _LOAD,
           "time_to_playable.disk_fast_by_drive_seconds.1541ii",
           "the fast disk, LOAD\"WORDLE64\",8 to the menu on VICE's 1541-II", "s PAL", 2),
    Figure("media.playable_fast_1571_s", _LOAD, "time_to_playable.disk_fast_by_drive_seconds.1571",
           "the fast disk, LOAD\"WORDLE64\",8 to the menu on VICE's 1571", "s PAL", 2),
    Figure("media.playable_fast_device9_s", _LOAD,
           "time_to_playable.disk_fast_by_drive_seconds.1541_device9",
           "the fast disk, LOAD\"*\",9,1 to the menu on VICE's 1541 as device 9", "s PAL", 2),
    Figure("media.playable_fast_screen_on_s", _LOAD,
           "time_to_playable.disk_fast_by_drive_seconds.screen_on",
           "the fast disk, LOAD\"WORDLE64 SCREEN\",8 (the screen on) to the menu on VICE's 1541",
           "s PAL", 2),
    # vice
    *_vice_span("disk_load", "disk: LOAD\"WORDLE64\",8 to READY. (true 1541)"),
    *_vice_span("disk_startup", "disk: RUN to the menu"),
    *_vice_span("disk_to_menu", "disk: LOAD to the menu"),
    *_vice_span("turbo_to_found", "turbo tape: LOAD to FOUND"),
    *_vice_span("turbo_found_to_menu", "turbo tape: FOUND to the menu (boot file, autostart, "
                "turbo load, unpack)"),
    *_vice_span("turbo_to_menu", "turbo tape: LOAD to the menu"),
    *_vice_span("kernal_to_menu", "standard tape: LOAD to the menu"),
    Figure("vice.disk_reset_to_menu_s", _VICE, "disk_reset_to_menu_seconds",
           "disk: reset to the menu with VICE's own autostart (true 1541)", "s PAL", 2),
    Figure("vice.fast_to_menu_s", _VICE, "fast_disk.load_to_menu_seconds",
           "the fast disk: LOAD\"*\",8,1 (no RUN: it starts itself) to the menu on VICE's 1541",
           "s PAL", 2),
    Figure("vice.fast_boot_s", _VICE, "fast_disk.boot_load_seconds",
           "the fast disk: the boot file through the KERNAL, to its end (it starts itself)",
           "s PAL", 2),
    Figure("vice.fast_run_to_menu_s", _VICE, "fast_disk.run_to_menu_seconds",
           "the fast disk: the boot file's start to the menu (the loader sent, the game "
           "streamed, start-up)",
           "s PAL", 2),
    Figure("vice.fast_first_block_s", _VICE, "fast_disk.run_to_first_block_seconds",
           "the fast disk: the boot file's start to the first game block in the C64 (the drive "
           "code sent and started, the directory read, the loader's second part)", "s PAL", 2),
    Figure("vice.fast_blocks_s", _VICE, "fast_disk.blocks_seconds",
           "the fast disk: the first game block to the last", "s PAL", 2),
    Figure("vice.fast_ms_per_block", _VICE, "fast_disk.ms_per_block",
           "the fast disk: milliseconds per game block (sector read and sent)", "ms"),
    Figure("vice.fast_speedup", _VICE, "fast_disk.speedup",
           "the fast disk against the KERNAL's LOAD, LOAD to the menu on VICE", "x", 2),
    Figure("vice.found_to_loading_s", _VICE, "turbo_found_to_loading_seconds",
           "turbo tape: FOUND to LOADING on VICE's Commodore KERNAL", "s PAL", 2),
    Figure("vice.disk_game_checks", _VICE, "checks[check=disk_games].sub_checks",
           "sub-checks of the disk games (a screen compared after each RETURN)"),
    Figure("vice.job_wall_s", _VICE, "job_wall_seconds",
           "wall seconds of the four VICE jobs together", "s", 0),
    # solver
    *(Figure(f"solver.{strategy}.{field}", _SOLVER, f"{strategy}.{field}",
             f"strategy {strategy}: {what}", unit, digits)
      for strategy in ("search", "entropy", "buckets", "squares", "minimax")
      for field, what, unit, digits in (("first_guess", "first guess", "word", None),
                                        ("average", "guesses per answer", "", 4),
                                        ("total", "guesses for all answers", "", None),
                                        ("worst", "most guesses", "", None))),
    *(Figure(f"solver.search.{field}", _SOLVER, f"search.{field}", what, unit)
      for field, what, unit in (
          ("groups", "strategy search: groups of answers after the opener", "groups"),
          ("exact_groups", "strategy search: groups after the opener solved exactly (no "
           "tree for them does better)", "groups"),
          ("exact_answers", "strategy search: answers in the groups solved exactly",
           "answers"))),
    *(Figure(f"solver.{strategy}_hard.{field}", _SOLVER, f"{strategy}-hard.{field}",
             f"strategy {strategy} in hard mode: {what}", unit, digits)
      for strategy in ("search", "entropy")
      for field, what, unit, digits in (("total", "guesses for all answers", "", None),
                                        ("average", "guesses per answer", "", 4),
                                        ("worst", "most guesses", "", None),
                                        ("failures", "answers needing more than six", "",
                                         None))),
    *(Figure(f"solver.in_three.{mode}_{field}", "results/solver/in-three.json",
             f"{mode}.{field}", f"{label}: {what}", unit, digits)
      for mode, label in (("normal", "best chance in three"),
                          ("hard", "best chance in three, hard mode"))
      for field, what, unit, digits in (("opener", "opener", "word", None),
                                        ("solved", "answers solved within three guesses",
                                         "answers", None),
                                        ("share", "share of the answers", "", 4),
                                        ("solved_in_four", "answers solved within four "
                                         "with the same second guesses (the tie-break)",
                                         "answers", None))),
    Figure("solver.in_three.openers", "results/solver/in-three.json", "openers_examined",
           "openers examined for the best chance in three", "openers"),
    Figure("solver.lower_bound_total", _SOLVER, "lower_bound_total",
           "no tree needs fewer guesses in total"),
    Figure("solver.gap", _SOLVER, "gap", "the best tree above the bound"),
    Figure("solver.bound_best_opener", _BOUND, "best_opener",
           "the opener whose bound came out smallest (with a target: one that just reached it)", "word"),
    Figure("solver.bound_seconds", _BOUND, "seconds",
           "the bound's two-level work, CPU seconds summed over its batches", "s"),
    Figure("solver.bound_openers", _BOUND, "openers_bounded",
           "openers given (part of) the two-level bound", "openers"),
    # letters
    Figure("letters.lines", "results/letters/dictionary.json", "lines",
           "lines of the SCOWL list"),
    Figure("letters.words", "results/letters/dictionary.json", "words", "words kept", "words"),
    Figure("letters.front_coded_gzip_bytes", "results/letters/compression.tsv",
           "[representation=front-coded&compressor=gzip].bytes", "front-coded list + gzip", "B"),
    Figure("letters.front_coded_brotli_bytes", "results/letters/compression.tsv",
           "[representation=front-coded&compressor=brotli].bytes", "front-coded list + brotli",
           "B"),
    Figure("letters.tree_nodes", "results/letters/tree.tsv", "[insertion=median-first].nodes",
           "nodes of the ternary search tree"),
    Figure("letters.tree_height", "results/letters/tree.tsv", "[insertion=median-first].height",
           "the tree's height (median-first insertion)"),
    Figure("letters.tree_mean_depth", "results/letters/tree.tsv",
           "[insertion=median-first].mean_search_depth", "nodes per lookup, mean"),
    Figure("letters.check_mismatches", "results/letters/check.json", "mismatches",
           "arrangements where a walk and the brute force differ"),
    Figure("letters.ms_median", _LETTERS, "ms_median", "one draw, reference tree: median",
           "ms", 2),
    Figure("letters.ms_p95", _LETTERS, "ms_p95", "one draw, reference tree: 95th percentile", "ms", 2),
    Figure("letters.ms_max", _LETTERS, "ms_max", "one draw, reference tree: slowest", "ms", 2),
    Figure("letters.target_ms", _LETTERS, "target_ms", "the target per draw", "ms"),
    Figure("letters.all_draws_compiled_s", _LETTERS, "s",
           "all draws, compiled walk, best of 3", "s", 4),
    Figure("letters.all_draws_reference_s", _LETTERS, "s_reference_tree",
           "all draws, reference tree, best of 3", "s", 3),
    # cluster (workflow/cluster/local_slurm.sh, not in rule all)
    Figure("cluster.passed", "results/bench/cluster.json", "passed",
           "the SLURM sweep matched the local one", optional=True),
    Figure("cluster.jobs", "results/bench/cluster.json", "jobs", "SLURM jobs",
           optional=True),
    Figure("cluster.seconds", "results/bench/cluster.json", "seconds",
           "the sweep through SLURM", "s", optional=True),
]


def figure_sources() -> list[str]:
    """The result files rule docs_figures reads: every non-optional figure's source, once."""
    return list(dict.fromkeys(figure.source for figure in FIGURES if not figure.optional))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wordle64.figure_list",
                                     description="The docs' figure tables and figures.md.")
    parser.add_argument("--docs", action="store_true",
                        help="rewrite the <!-- figures:PAGE --> tables in docs/*.md")
    parser.add_argument("--docs-dir", default="docs")
    parser.add_argument("--results", metavar="ROOT",
                        help="print figures.md from the result files under ROOT")
    args = parser.parse_args(argv)
    if args.docs:
        for path in sorted(Path(args.docs_dir).glob("*.md")):
            text = path.read_text()
            new = update_blocks(text, FIGURES)
            if new != text:
                write_text(path, new)
                print(f"updated {path}")
    if args.results:
        try:
            print(render_figures(collect(FIGURES, args.results)))
        except Wordle64Error as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
