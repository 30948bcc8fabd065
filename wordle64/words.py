"""Words stage: normalise the guess list, join frequencies and profanity, choose the answers.

Every word of the guess list stays guessable; a word is an *answer* when its frequency is at
least the threshold and it is not profane.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from wordle64.errors import Wordle64Error
from wordle64.io import write_json, write_text

log = logging.getLogger(__name__)

WORD_RE = re.compile(r"^[a-z]{5}$")
COLUMNS = ["word", "frequency", "profane", "answer"]


@dataclass(frozen=True)
class BadLine:
    """A guess-list line that is not a new five-letter word."""

    path: str
    line: int  # 1-based
    text: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


def parse_guess_list(text: str, path: str = "<guess list>",
                     on_bad_line: str = "fail") -> tuple[list[str], list[BadLine]]:
    """Words of a guess list (one per line, lower-cased) and the lines that were not words.

    With ``on_bad_line="fail"`` the first bad line raises, naming how many there are in all.
    """
    if on_bad_line not in ("fail", "skip"):
        raise ValueError(f"on_bad_line must be 'fail' or 'skip', not {on_bad_line!r}")
    words: list[str] = []
    first_seen: dict[str, int] = {}
    bad: list[BadLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        word = raw.strip().lower()
        if not word:
            bad.append(BadLine(path, number, raw, "blank line"))
        elif not WORD_RE.match(word):
            bad.append(BadLine(path, number, raw, f"{raw.strip()!r} is not five letters a-z"))
        elif word in first_seen:
            bad.append(BadLine(path, number, raw,
                               f"duplicate {word!r} (first on line {first_seen[word]})"))
        else:
            first_seen[word] = number
            words.append(word)
    if bad and on_bad_line == "fail":
        more = f" (and {len(bad) - 1} more bad lines)" if len(bad) > 1 else ""
        raise Wordle64Error(f"{bad[0]}{more}")
    return words, bad


def parse_frequency(text: str, path: str = "<frequency list>") -> dict[str, int]:
    """``word count`` lines (OpenSubtitles FrequencyWords format) as a dict, keys lower-cased.

    A word listed twice (after lower-casing) keeps the sum of its counts.
    """
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = line.split()
        if len(fields) != 2 or not fields[1].isdigit():
            raise Wordle64Error(f"{path}:{number}: expected 'word count', got {line.strip()!r}")
        word = fields[0].lower()
        counts[word] = counts.get(word, 0) + int(fields[1])
    return counts


def parse_profanity(text: str, path: str = "<profanity list>") -> set[str]:
    """Single-word entries of a JSON array of strings, lower-cased; multi-word entries dropped."""
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as error:
        raise Wordle64Error(f"{path}:{error.lineno}: not valid JSON ({error.msg})") from None
    if not isinstance(entries, list):
        raise Wordle64Error(f"{path}:1: expected a JSON array of strings")
    words = set()
    for position, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise Wordle64Error(f"{path}: entry {position + 1} is {entry!r}, not a string")
        if not any(ch.isspace() for ch in entry.strip()):
            words.add(entry.strip().lower())
    return words


def build_word_table(words: list[str], frequency: dict[str, int], profane: set[str],
                     min_frequency: int) -> pd.DataFrame:
    """One row per guessable word: word, frequency (absent = 0), profane, answer; sorted by word."""
    table = pd.DataFrame({"word": sorted(words)})
    counts = pd.Series(frequency, dtype="int64", name="frequency")
    table = table.join(counts, on="word")
    table["frequency"] = table["frequency"].fillna(0).astype("int64")
    table["profane"] = table["word"].isin(profane)
    table["answer"] = (table["frequency"] >= min_frequency) & ~table["profane"]
    return table[COLUMNS].reset_index(drop=True)


def word_stats(table: pd.DataFrame, min_frequency: int) -> dict[str, int]:
    frequent = table["frequency"] >= min_frequency
    return {
        "words": int(len(table)),
        "answers": int(table["answer"].sum()),
        "frequent": int(frequent.sum()),
        "profane_removed": int((frequent & table["profane"]).sum()),
        "profane_in_guess_list": int(table["profane"].sum()),
        "threshold": int(min_frequency),
    }


def threshold_curve(table: pd.DataFrame, max_threshold: int, points: int = 200) -> pd.DataFrame:
    """Answer count for thresholds from 1 to `max_threshold` (log-spaced, integers, unique)."""
    import numpy as np

    thresholds = np.unique(np.geomspace(1, max_threshold, points).round().astype("int64"))
    clean = table.loc[~table["profane"], "frequency"].to_numpy()
    ordered = np.sort(clean)
    answers = len(ordered) - np.searchsorted(ordered, thresholds, side="left")
    return pd.DataFrame({"threshold": thresholds, "answers": answers})


def plot_threshold(curve: pd.DataFrame, min_frequency: int, answers: int, path: Path,
                   floor: int = 0) -> None:
    """Answers against threshold; `floor` is the smallest count the frequency list has."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    ax.plot(curve["threshold"], curve["answers"], color="#3b7d3b")
    ax.axvline(min_frequency, color="#c9b458", linestyle="--")
    ax.annotate(f"threshold {min_frequency}: {answers:,} answers", (min_frequency, answers),
                xytext=(8, -16), textcoords="offset points")
    if floor > 1:
        ax.axvspan(1, floor, color="#bbbbbb", alpha=0.3,
                   label=f"below the frequency list's smallest count ({floor})")
        ax.legend(loc="lower left")
    ax.set_xscale("log")
    ax.set_xlabel("minimum OpenSubtitles frequency (log scale)")
    ax.set_ylabel("answers (non-profane words at or above)")
    ax.set_title("Answer list size against the frequency threshold")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_threshold_outputs(table: pd.DataFrame, min_frequency: int, max_threshold: int,
                            curve_path: Path, plot_path: Path) -> None:
    """results/words/threshold.{tsv,png}: answers against threshold, the list's floor marked."""
    curve = threshold_curve(table, max_threshold)
    curve.to_csv(curve_path, sep="\t", index=False)
    counted = table.loc[table["frequency"] > 0, "frequency"]
    plot_threshold(curve, min_frequency, int(table["answer"].sum()), plot_path,
                   floor=int(counted.min()) if len(counted) else 0)


def read_text(path: Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise Wordle64Error(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def run_words_stage(words_path: Path, frequency_path: Path, profanity_path: Path,
                    min_frequency: int, on_bad_line: str) -> tuple[pd.DataFrame, dict, list[BadLine]]:
    """Read the three sources and build the word table and its statistics."""
    words, bad = parse_guess_list(read_text(words_path), str(words_path), on_bad_line)
    for line in bad:
        log.warning("skipped %s", line)
    frequency = parse_frequency(read_text(frequency_path), str(frequency_path))
    profane = parse_profanity(read_text(profanity_path), str(profanity_path))
    table = build_word_table(words, frequency, profane, min_frequency)
    stats = word_stats(table, min_frequency)
    if stats["answers"] == 0:
        clean = table.loc[~table["profane"], "frequency"]
        raise Wordle64Error(
            f"answers.min_frequency = {min_frequency} leaves no answers (the most frequent "
            f"non-profane word has {int(clean.max()) if len(clean) else 0:,}); lower the threshold")
    stats["skipped_lines"] = len(bad)
    return table, stats, bad


def write_word_table(table: pd.DataFrame, path: Path) -> None:
    out = table.copy()
    out["profane"] = out["profane"].astype(int)
    out["answer"] = out["answer"].astype(int)
    write_text(path, out.to_csv(sep="\t", index=False))


def write_words_outputs(table: pd.DataFrame, stats: dict, outputs) -> None:
    """words.tsv, answers.txt, guesses.txt and stats.json (`outputs` has those attributes)."""
    write_word_table(table, outputs.table)
    write_text(outputs.answers, "".join(f"{w}\n" for w in table.loc[table["answer"], "word"]))
    write_text(outputs.guesses, "".join(f"{w}\n" for w in table["word"]))
    write_json(outputs.stats, stats)


def read_word_table(path: Path) -> pd.DataFrame:
    try:
        table = pd.read_csv(path, sep="\t", dtype={"word": str, "frequency": "int64",
                                                    "profane": "int64", "answer": "int64"},
                            keep_default_na=False)
    except (ValueError, pd.errors.ParserError) as error:
        raise Wordle64Error(f"{path}: not a words table ({str(error).splitlines()[0]})") from None
    missing = [column for column in COLUMNS if column not in table.columns]
    if missing:
        raise Wordle64Error(f"{path}:1: missing column(s) {', '.join(missing)}")
    table["profane"] = table["profane"].astype(bool)
    table["answer"] = table["answer"].astype(bool)
    return table


def explain(word: str, table: pd.DataFrame, stats: dict) -> str:
    """Why the pipeline did (not) make `word` an answer, in a few lines."""
    word = word.strip().lower()
    if not WORD_RE.match(word):
        raise Wordle64Error(f"{word!r} is not five letters a-z")
    threshold = stats["threshold"]
    rows = table[table["word"] == word]
    upper = word.upper()
    if rows.empty:
        return (f"{upper}: not guessable: not in the {stats['words']:,}-word guess list\n"
                f"  answer: no")
    row = rows.iloc[0]
    frequent = row["frequency"] >= threshold
    reasons = []
    if not frequent:
        reasons.append(f"frequency {row['frequency']:,} < threshold {threshold}")
    if row["profane"]:
        reasons.append("on the profanity list")
    verdict = "yes" if row["answer"] else "no (" + "; ".join(reasons) + ")"
    return "\n".join([
        f"{upper}: guessable (in the {stats['words']:,}-word guess list)",
        f"  frequency: {row['frequency']:,} (OpenSubtitles count; threshold {threshold}: "
        f"{'at or above' if frequent else 'below'})",
        f"  profane:   {'yes' if row['profane'] else 'no'}",
        f"  answer:    {verdict}   [{stats['answers']:,} answers in all]",
    ])


def _cmd_word(args: argparse.Namespace) -> int:
    results = Path(args.results)
    table_path, stats_path = results / "words" / "words.tsv", results / "words" / "stats.json"
    for path in (table_path, stats_path):
        if not path.exists():
            raise Wordle64Error(f"{path} not found: build it first with "
                                f"`snakemake --cores all {table_path} {stats_path}`")
    try:
        stats = json.loads(stats_path.read_text())
        stats["threshold"], stats["words"], stats["answers"]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise Wordle64Error(f"{stats_path}: not a words-stage stats file ({error})") from None
    table = read_word_table(table_path)
    for word in args.words:
        print(explain(word, table, stats))
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "word", help="explain what the pipeline decided for a word (guessable? answer? why)")
    parser.add_argument("words", nargs="+", metavar="WORD")
    parser.add_argument("--results", default="results", help="results folder (default: results)")
    parser.set_defaults(func=_cmd_word)
