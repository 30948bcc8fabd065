"""Report stage: our measured figures beside the published ones (../shared/ANCHORS.md).

Every "ours" value is read from an artifact the pipeline measured; the published values are the
constants below, each with its source as listed in ANCHORS.md.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from wordle64.io import write_text


@dataclass(frozen=True)
class Anchor:
    """One published figure and ours, measured the same way where the lists allow it."""

    topic: str
    what: str
    published: str
    source: str
    ours: str
    note: str = ""


def _bits(bytes_: int, words: int) -> str:
    return f"{bytes_ * 8 / words:.2f} bits/word"


def dictionary_anchors(stats: dict) -> list[Anchor]:
    words, table, blob = stats["words"], stats["table_bytes"], stats["blob_bytes"]
    return [
        Anchor("dictionary", "RAM table (prefix counts + 2 B/word)", "30,386 B",
               "original C64 Wordle", f"{table:,} B", "same design; index of 1,354 B built at start-up"),
        Anchor("dictionary", "compressed blob, words + answer flags", "22,567 B (12.2 bits/word)",
               "original C64 Wordle", f"{blob:,} B ({_bits(blob, words)})",
               f"codec {stats['codec']}; our seed-codec rebuild: {stats['seed_blob_bytes']:,} B"),
        Anchor("dictionary", "xz -9 on the sorted list (words only)", "17,376 B", "ANCHORS.md",
               f"{blob:,} B with answers", f"ours includes the {stats['answers']:,} answer flags"),
        Anchor("dictionary", "bzip2 on the front-coded list (words only)", "15,887 B", "ANCHORS.md",
               f"{blob:,} B with answers", ""),
        Anchor("dictionary", "Golf Horse record (context mixing, no speed limit)",
               "10,982 B for 12,947 words (6.8 bits/word)", "ANCHORS.md (golf.horse)",
               _bits(blob, words), "ours decodes on a 1 MHz 6502 in under 5 s"),
    ]


def _ready_spread_note(ready: dict | None) -> str:
    """bench_ready's spread, for the ready row's note ("" when it is absent or skipped)."""
    if not ready or "ready_cycles" not in ready:
        return ""
    spread = ready["ready_cycles"]
    return (f"; over {ready['runs']} random answers and guesses {spread['min_seconds_pal']:.2f}–"
            f"{spread['max_seconds_pal']:.2f} s (median {spread['median_seconds_pal']:.2f})")


def machine_anchors(summary: dict, load_times: dict, run: dict | None = None,
                    ready: dict | None = None) -> list[Anchor]:
    checks = {check["check"]: check for check in summary["checks"]}
    tape = load_times["tape"]
    anchors = []
    if run and run.get("ready_seconds_pal") is not None:
        anchors.append(Anchor("6502", "RUN to a typed-ahead guess checked", "target ≤ 3.0 s PAL "
                              "(menu ≤ 1.5 s)", "issue 17",
                              f"{run['ready_seconds_pal']:.2f} s PAL",
                              f"menu {run['menu_seconds_pal']:.2f} s; the dictionary unpacks "
                              f"in the background, whole machine{_ready_spread_note(ready)}"))
    if "unpack" in checks:
        anchors.append(Anchor("6502", "unpack the whole dictionary", "target ≤ 5 s PAL", "issue",
                              f"{checks['unpack']['unpack_pal_s']:.2f} s PAL",
                              "measured in cycles under py65"))
    if "lookup" in checks:
        cycles = checks["lookup"]["cycles"]
        anchors.append(Anchor("6502", "lookup, worst case", "up to 676 + 271 entries scanned",
                              "original C64 Wordle", f"{cycles['max']:,} cycles",
                              f"mean {cycles['mean']:,} cycles"))
    kernal = tape.get("kernal", tape)  # emulated runs: the standard tape under "kernal"
    anchors.append(Anchor("media", "standard KERNAL tape load", "≈ 17 s + 18.8 ms per byte",
                          "ANCHORS.md", f"{kernal['seconds_pal']:.0f} s for "
                          f"{load_times['prg_bytes']:,} B",
                          "emulated, Open ROMs" if tape.get("emulated") else ""))
    playable = load_times.get("time_to_playable") or {}
    if tape.get("emulated") and playable.get("tape_seconds") is not None:
        anchors.append(Anchor(
            "media", "turbo tape to playable", "Turbo Tape 64 ≈ 466 B/s", "issue 13",
            f"{playable['tape_seconds']:.1f} s",
            f"target {tape['target_seconds']} s: "
            f"{'met' if tape['within_target'] else 'missed'}"))
    if playable.get("disk_fast_seconds") is not None:
        fast = playable["disk_fast_seconds"]
        kernal_disk = playable.get("disk_kernal_vice_seconds")
        target = playable.get("disk_fast_target_seconds")
        anchors.append(Anchor(
            "media", "disk to playable, our fast loader (VICE, true 1541)",
            "stock 1541 ≈ 400 B/s; bitfire 6.06 KiB/s raw", "ANCHORS.md",
            f"{fast:.1f} s LOAD to menu",
            f"{load_times['prg_bytes'] / fast / 1024:.2f} KiB/s of game over the whole span"
            + (f"; the KERNAL's LOAD {kernal_disk:.1f} s" if kernal_disk else "")
            + (f"; target {target:g} s: "
               f"{'met' if playable.get('disk_fast_within_target') else 'missed'}"
               if target is not None else "")))
    return anchors


def solver_anchors(summary: dict, absurdle_guesses: int | None) -> list[Anchor]:
    anchors = []
    in_three = summary.get("in_three", {}).get("normal")
    bound = (summary["lower_bound_total"], summary["gap"]) if "gap" in summary else None
    # per strategy; lower_bound_total and gap beside them, and in_three (no strategy)
    summary = {name: value for name, value in summary.items()
               if isinstance(value, dict) and "strategy" in value}
    hard = [s for s in summary.values() if s["strategy"].endswith("-hard")]
    summary = {name: value for name, value in summary.items() if value not in hard}
    if summary:
        best = min(summary.values(), key=lambda s: s["average"])
        anchors.append(Anchor(
            "solver", "best average, all guesses allowed", "3.4212 (SALET, proven optimum)",
            "Selby; Bertsimas & Paskov (2,315 answers)",
            f"{best['average']:.4f} ({best['first_guess'].upper()}, {best['strategy']}, "
            f"worst {best['worst']})", f"our list has {best['answers']:,} answers"))
    greedy = [s for s in summary.values() if s["strategy"] != "search"]
    if greedy:
        best_greedy = min(greedy, key=lambda s: s["average"])
        anchors.append(Anchor(
            "solver", "best greedy heuristic", "3.4320 (TRACE, most buckets)", "Lessard",
            f"{best_greedy['average']:.4f} ({best_greedy['first_guess'].upper()}, "
            f"{best_greedy['strategy']})", "different answer list"))
    if hard:
        best_hard = min(hard, key=lambda s: s["average"])
        anchors.append(Anchor(
            "solver", "best average, hard mode", "3.5084 (SALET, 8,122, proven optimum)",
            "Selby; alex1770 (2,315 answers)",
            f"{best_hard['average']:.4f} ({best_hard['first_guess'].upper()}, "
            f"{best_hard['strategy']}, worst {best_hard['worst']})",
            f"our list has {best_hard['answers']:,} answers"))
    if bound is not None:
        anchors.append(Anchor(
            "solver", "lower bound on the total", "7,920 = the optimum (a full proof)",
            "Selby; Bertsimas & Paskov (2,315 answers)",
            f"{bound[0]:,}, our best tree {bound[1]:,} above it", "two-level bound, our lists"))
    if in_three is not None:
        anchors.append(Anchor(
            "solver", "best chance to win in three", "1,388 / 2,315 = 0.5996 (TRACE)",
            "ANCHORS.md", f"{in_three['solved']:,} = {in_three['share']:.4f} of the answers "
            f"({in_three['opener'].upper()})", "on our lists"))
    if absurdle_guesses is not None:
        anchors.append(Anchor("solver", "Absurdle, fewest guesses", "4 (3 impossible)", "ANCHORS.md",
                              str(absurdle_guesses), "on our lists"))
    return anchors


def letters_anchors(bench: dict, compression: list[dict]) -> list[Anchor]:
    rows = {(r["representation"], r["compressor"]): r for r in compression}
    fc_gzip, fc_brotli = rows[("front-coded", "gzip")], rows[("front-coded", "brotli")]
    return [
        Anchor("letters", "front-coded list + gzip", "174,747 B, 11.5 bits/word (121,789 words)",
               "CGJennings/countdown-solver", f"{int(fc_gzip['bytes']):,} B, "
               f"{float(fc_gzip['bits_per_word']):.1f} bits/word", f"{bench['words']:,} words"),
        Anchor("letters", "front-coded list + brotli", "162,184 B, 10.7 bits/word",
               "CGJennings/countdown-solver", f"{int(fc_brotli['bytes']):,} B, "
               f"{float(fc_brotli['bits_per_word']):.1f} bits/word", ""),
        Anchor("letters", "solve one draw (all arrangements)", "0.2 s to 1 s", "published solvers",
               f"{bench['ms_median']:.2f} ms median, {bench['ms_max']:.1f} ms max",
               f"{bench['draws']:,} draws, target 20 ms"),
    ]


def absurdle_guesses(transcript: str) -> int | None:
    """The 'won in N guesses' of results/solver/absurdle.txt, if it says so."""
    found = re.search(r"won in (\d+) guess", transcript)
    return int(found.group(1)) if found else None


def collect_anchors(paths) -> list[Anchor]:
    """Every anchor row from the stage artifacts (`paths` has the attributes used below)."""

    def load(path):
        return json.loads(Path(path).read_text())

    with open(paths.letters_compression, newline="") as handle:
        compression = list(csv.DictReader(handle, delimiter="\t"))
    return (
        dictionary_anchors(load(paths.dict_stats))
        + machine_anchors(load(paths.validate_summary), load(paths.load_times),
                          load(paths.machine_run) if hasattr(paths, "machine_run") else None,
                          load(paths.ready_bench) if hasattr(paths, "ready_bench") else None)
        + solver_anchors(load(paths.solver_summary),
                         absurdle_guesses(Path(paths.absurdle).read_text()))
        + letters_anchors(load(paths.letters_bench), compression)
    )


def write_anchors(anchors: list[Anchor], tsv: Path, markdown: Path) -> None:
    fields = list(asdict(anchors[0]))
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=fields, delimiter="\t")
    writer.writeheader()
    writer.writerows(asdict(a) for a in anchors)
    write_text(tsv, out.getvalue())
    lines = ["| topic | what | published | source | ours | note |", "|---|---|---|---|---|---|"]
    lines += [f"| {a.topic} | {a.what} | {a.published} | {a.source} | **{a.ours}** | {a.note} |"
              for a in anchors]
    write_text(markdown, "\n".join(lines) + "\n")
