"""The ``letters`` and ``conundrum`` commands."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from wordle64.argtypes import positive_int
from wordle64.errors import Wordle64Error
from wordle64.letters.conundrum import DEFAULT_CONUNDRUMS, read_conundrums
from wordle64.letters.dictionary import DEFAULT_WORDS, MAX_LENGTH
from wordle64.letters.table import load_table, tree_file_path, tree_of
from wordle64.letters.tree import TernaryTree, by_length


def load_tree(path: Path) -> tuple[TernaryTree, str]:
    """The reference tree of a front-coded list, and where it came from (for the user)."""
    table, from_file = load_table(path)
    source = f"read from {tree_file_path(path)}" if from_file else f"built from {path}"
    return tree_of(table), source


def parse_letters(text: str, most: int = MAX_LENGTH) -> str:
    """The drawn letters, lower case; at most `most` of them (Countdown draws nine)."""
    letters = text.strip().lower()
    if not letters or not (letters.isascii() and letters.isalpha()):
        raise Wordle64Error(f"{text!r}: give the drawn letters as one word of letters a-z, "
                            f"e.g. GLXAEIRNT")
    if len(letters) > most:
        raise Wordle64Error(f"{letters.upper()[:60]!r} has {len(letters)} letters, more than "
                            f"{most} (Countdown draws {MAX_LENGTH}; --max-letters N allows more)")
    return letters


def format_arrangements(letters: str, found: Sequence[str], shown_lengths: int | None) -> str:
    groups = by_length(found)
    if shown_lengths is not None:
        groups = groups[:shown_lengths]
    if not groups:
        return f"{letters.upper()}: no word in the dictionary"
    lines = [f"{letters.upper()}: {len(found):,} words, longest {groups[0][0]} letters"]
    for length, words in groups:
        lines.append(f"{length}: " + " ".join(words))
    return "\n".join(lines)


def _cmd_letters(args: argparse.Namespace) -> int:
    letters = parse_letters(args.letters, args.max_letters)
    tree, source = load_tree(args.words)
    started = time.perf_counter()
    found = tree.arrangements(letters)
    elapsed = time.perf_counter() - started
    print(format_arrangements(letters, found, None if args.all else args.lengths))
    print(f"({elapsed * 1000:.1f} ms in the tree of {len(tree):,} words, {source})",
          file=sys.stderr)
    return 0


def _cmd_letters_bench(args: argparse.Namespace) -> int:
    from wordle64.letters.bench import letters_bench  # numba: only for this command

    print(json.dumps(letters_bench(args.words, args.draws)))
    return 0


def _cmd_conundrum(args: argparse.Namespace) -> int:
    found = [c for c in read_conundrums(args.table) if c.frequency >= args.min_frequency]
    if not found:
        raise Wordle64Error(f"{args.table}: no conundrum has an answer of frequency "
                            f">= {args.min_frequency}")
    pick = random.Random(args.seed).choice(found)
    print(f"Conundrum: {pick.clue}   ({' + '.join(p.upper() for p in pick.parts)})")
    if sys.stdin.isatty() and not args.reveal:
        guess = input("Your answer (Enter to give up): ").strip().lower()
        print("Correct!" if guess == pick.answer else f"Answer: {pick.answer.upper()}")
    else:
        print(f"Answer: {pick.answer.upper()}")
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "letters",
        help="Countdown letters round: every word the drawn letters make, longest first")
    parser.add_argument("letters", metavar="LETTERS", help="the drawn letters, e.g. GLXAEIRNT")
    parser.add_argument("--words", type=Path, default=DEFAULT_WORDS,
                        help=f"front-coded dictionary (default: {DEFAULT_WORDS})")
    parser.add_argument("--lengths", type=positive_int, default=3, metavar="N",
                        help="show the N longest word lengths (default: 3)")
    parser.add_argument("--all", action="store_true", help="show every length")
    parser.add_argument("--max-letters", type=positive_int, default=MAX_LENGTH, metavar="N",
                        help=f"take up to N letters (default: {MAX_LENGTH}, as Countdown draws)")
    parser.set_defaults(func=_cmd_letters)

    parser = subparsers.add_parser(
        "letters-bench",
        help="time the compiled letters solver on a draws file: one JSON line {s, n}")
    parser.add_argument("--words", type=Path, default=DEFAULT_WORDS,
                        help="word list: front-coded (like the default, "
                             f"{DEFAULT_WORDS}) or one word per line")
    parser.add_argument("--draws", type=Path, required=True,
                        help="one draw per line, letters a-z (e.g. results/letters/draws.txt)")
    parser.set_defaults(func=_cmd_letters_bench)

    parser = subparsers.add_parser(
        "conundrum", help="Countdown conundrum: unscramble nine letters into the one word")
    parser.add_argument("--seed", type=int, default=None, help="pick reproducibly")
    parser.add_argument("--table", type=Path, default=DEFAULT_CONUNDRUMS,
                        help=f"conundrum table (default: {DEFAULT_CONUNDRUMS})")
    parser.add_argument("--min-frequency", type=int, default=0, metavar="N",
                        help="only answers seen at least N times in the OpenSubtitles list "
                             "(e.g. 1000 for easier ones; default: 0, any)")
    parser.add_argument("--reveal", action="store_true",
                        help="print the answer straight away (the default when not interactive)")
    parser.set_defaults(func=_cmd_conundrum)
