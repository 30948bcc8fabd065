"""`wordle64 word W`: why the pipeline did (not) make W an answer, filter by filter."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd

from wordle64.errors import Wordle64Error
from wordle64.words.filters import FILTERS
from wordle64.words.lines import quote
from wordle64.words.sources import WORD_RE
from wordle64.words.stage import read_word_table

FILTER_LABELS = {"common": "common", "profanity": "profanity", "proper_nouns": "proper noun",
                 "foreign_names": "name/foreign", "inflections": "inflection",
                 "lexicon_inflections": "lexicon form", "second_opinion": "second opinion",
                 "hand_edits": "hand edit"}


def _filter_lines(row: pd.Series) -> list[str]:
    lines = []
    for name in FILTERS:
        if name not in row.index:  # a filters.tsv written before this filter existed
            continue
        label = f"{FILTER_LABELS[name]}:"
        lines.append(f"  {label:<16}{row[name]:<6}{row[f'{name}_why']}")
    return lines


def explain(word: str, table: pd.DataFrame, stats: dict) -> str:
    """Why the pipeline did (not) make `word` an answer, in a few lines."""
    word = word.strip().lower()
    if not WORD_RE.match(word):
        raise Wordle64Error(f"{quote(word)} is not five letters a-z")
    threshold = stats["threshold"]
    rows = table[table["word"] == word]
    upper = word.upper()
    if rows.empty:
        return (f"{upper}: not guessable: not in the {stats['words']:,}-word guess list\n"
                f"  answer: no")
    row = rows.iloc[0]
    frequent = row["frequency"] >= threshold
    lines = [f"{upper}: guessable (in the {stats['words']:,}-word guess list)",
             f"  frequency: {row['frequency']:,} (OpenSubtitles count; threshold {threshold}: "
             f"{'at or above' if frequent else 'below'})"]
    if "removed_by" in table.columns:
        lines += _filter_lines(row)
        removed = row["removed_by"]
        verdict = ("yes" if row["answer"] else
                   f"no (removed by the {FILTER_LABELS[removed]} filter: "
                   f"{row[f'{removed}_why']})")
    else:
        reasons = []
        if not frequent:
            reasons.append(f"frequency {row['frequency']:,} < threshold {threshold}")
        if row["profane"]:
            reasons.append("on the profanity list")
        lines.append(f"  profane:   {'yes' if row['profane'] else 'no'}")
        verdict = "yes" if row["answer"] else "no (" + "; ".join(reasons) + ")"
    lines.append(f"  answer:    {verdict}   [{stats['answers']:,} answers in all]")
    return "\n".join(lines)


def _cmd_word(args: argparse.Namespace) -> int:
    folder = Path(args.results) / "words"
    table_path, stats_path = folder / "words.tsv", folder / "stats.json"
    for path in (table_path, stats_path):
        if not path.exists():
            raise Wordle64Error(f"{path} not found: build it first with "
                                f"`snakemake --cores all {table_path} {stats_path}`")
    try:
        stats = json.loads(stats_path.read_text())
        stats["threshold"], stats["words"], stats["answers"]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise Wordle64Error(f"{stats_path}: not a words-stage stats file ({error})") from None
    filters_path = folder / "filters.tsv"
    table = read_word_table(filters_path if filters_path.exists() else table_path)
    for word in args.words:
        print(explain(word, table, stats))
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "word", help="explain what the pipeline decided for a word (guessable? answer? why)")
    parser.add_argument("words", nargs="+", metavar="WORD")
    parser.add_argument("--results", default="results", help="results folder (default: results)")
    parser.set_defaults(func=_cmd_word)
