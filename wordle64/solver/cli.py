"""`wordle64 filter | guess | evaluate | absurdle`: the solver aids on the command line.

They read the pipeline's word lists (results/words/) unless told otherwise; words are
case-insensitive everywhere.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from wordle64.argtypes import positive_int
from wordle64.errors import NoCandidate, Wordle64Error
from wordle64.io import write_text
from wordle64.solver.core import (
    HEURISTICS, NO_CANDIDATE, Clue, Masks, filter_words, rank_by_frequency, rank_guesses,
    read_frequencies, read_word_list,
)
from wordle64.score import HardRule
from wordle64.solver.absurdle import play as play_absurdle, solve as solve_absurdle, transcript
from wordle64.solver.play import (
    OPENER_FIGURES, STRATEGIES, SWEEP_PER_FIGURE, SearchSettings, evaluate, summarise,
)
from wordle64.solver.hard import HardGuesses
from wordle64.solver.stage import load_game

WORDS = "results/words"
EXACT_SIZES = range(2, 31)  # solver.search.exact_size's range in the config schema
EXIT_CODES = """exit codes: 0 done; 1 (evaluate) some answer needs more than six guesses;
  2 error (bad argument, unreadable or bad word list: file, line and problem in one line);
  3 no candidate left (the clues contradict each other or the word list), one line on stderr"""
SEARCH_HELP = f"""how the search picks its opener: it runs the full search (--widths, --exact-size)
under each of the best --per-figure openers (default {SWEEP_PER_FIGURE}) by every figure
({', '.join(OPENER_FIGURES)})
and opens with the one whose tree has the smallest total (the pipeline's sweep,
results/solver/openers.tsv); --first skips that sweep.
The feedback matrix of lists given without --matrix is computed once and cached under
$WORDLE64_CACHE (default ~/.cache/wordle64), keyed by the lists' sha256."""


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _exact_size(text: str) -> int:
    """argparse type of --exact-size: a whole number in the range the config schema allows."""
    value = positive_int(text)
    if value not in EXACT_SIZES:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not between {EXACT_SIZES[0]} and {EXACT_SIZES[-1]}")
    return value


def _add_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--answers", default=f"{WORDS}/answers.txt",
                        help="answer list, one word a line (default: %(default)s)")
    parser.add_argument("--guesses", default=f"{WORDS}/guesses.txt",
                        help="allowed guesses, one word a line (default: %(default)s)")


def _add_clue_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("clues", nargs="*", metavar="GUESS=MARKS",
                        help="a played guess and its feedback, e.g. raise=..y.g "
                             "(g right place, y elsewhere, . absent)")
    parser.add_argument("-c", "--correct", default="?????", metavar="MASK",
                        help="letters in the right place, e.g. '????y'")
    parser.add_argument("-p", "--present", action="append", default=[], metavar="MASK",
                        help="letters in the word but not at that place, e.g. 'p?g??' "
                             "(repeatable)")
    parser.add_argument("-x", "--absent", default="", metavar="LETTERS",
                        help="letters not in the word (beyond the copies the masks need), or "
                             "a mask of the places they were tried, e.g. '?e?i?' for "
                             "eerie=y.y.g with -c '????e' -p 'e?r??' (commas between several)")
    parser.add_argument("--all", action="store_true",
                        help="candidates from every allowed guess, not only the answer list")
    _add_hard_option(parser)


def _add_hard_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hard", action="store_true",
                        help="hard mode, as the game plays it: every green kept in place, "
                             "every revealed letter used again (at least as often as marked); "
                             "filter and guess take it from the GUESS=MARKS clues")


def _parse_clues(texts: list[str]) -> list[Clue]:
    clues = []
    for text in texts:
        guess, separator, marks = text.replace(":", "=").partition("=")
        if not separator:
            raise Wordle64Error(f"clue {text!r}: write GUESS=MARKS, e.g. raise=..y.g")
        clues.append(Clue.parse(guess, marks))
    return clues


def _candidates(args: argparse.Namespace) -> list[str]:
    """The words left by the clues and masks; clue words must be allowed guesses; none left is
    NoCandidate (exit code 3)."""
    guesses = read_word_list(args.guesses)
    clues = _parse_clues(args.clues)
    allowed = set(guesses)
    for clue in clues:
        if clue.guess not in allowed:
            raise Wordle64Error(f"clue word {clue.guess!r} is not in the guess list "
                                f"{args.guesses}")
    words = guesses if args.all else read_word_list(args.answers)
    masks = Masks(args.correct, tuple(args.present), args.absent)
    candidates = filter_words(words, clues, masks)
    if not candidates:
        raise NoCandidate(NO_CANDIDATE)
    return candidates


def _hard_guesses(args: argparse.Namespace, guesses: list[str]) -> list[str]:
    """The guesses hard mode accepts after every clue (its rules merged)."""
    rules = [HardRule.after(clue.guess, clue.marks) for clue in _parse_clues(args.clues)]
    if not rules:
        return guesses
    merged = rules[0]
    for rule in rules[1:]:
        merged = merged.merged(rule)
    return [guesses[i] for i in HardGuesses(guesses).allowed_by(merged)]


def _cmd_filter(args: argparse.Namespace) -> int:
    frequencies = read_frequencies(args.table) if Path(args.table).exists() else {}
    survivors = rank_by_frequency(_candidates(args), frequencies)
    print(plural(len(survivors), "candidate") + (" (most frequent first)" if frequencies else ""))
    for word in survivors[: args.limit]:
        print(f"{word}\t{frequencies.get(word, 0)}" if frequencies else word)
    if len(survivors) > args.limit:
        print(f"... {len(survivors) - args.limit} more")
    if args.hard:
        playable = _hard_guesses(args, read_word_list(args.guesses))
        count = len(playable)
        print(f"hard mode accepts {count} guess{'' if count == 1 else 'es'} next "
              f"(wordle64 guess --hard ranks them)")
    return 0


def _cmd_guess(args: argparse.Namespace) -> int:
    candidates = _candidates(args)
    guesses = candidates if args.candidates_only else read_word_list(args.guesses)
    if args.hard:  # the candidates always satisfy it: they agree with every clue
        guesses = _hard_guesses(args, guesses)
    ranked = rank_guesses(guesses, candidates, by=args.by, limit=args.limit)
    print(f"{plural(len(candidates), 'candidate')}; best guesses by {args.by} "
          f"(* = could be the answer)")
    print("guess   max_bucket  sum_squares  entropy  buckets")
    for row in ranked:
        print(f"{row.word}{'*' if row.candidate else ' '}  {row.max_bucket:10d}  "
              f"{row.sum_squares:11d}  {row.entropy:7.4f}  {row.buckets:7d}")
    return 0


def _cmd_evaluate(args: argparse.Namespace) -> int:
    game = load_game(args.guesses, args.answers, args.matrix)
    if args.hard:
        game = game.in_hard_mode()
    first = None
    if args.first:
        word = args.first.strip().lower()
        if word not in game.guesses:
            raise Wordle64Error(f"first guess {word!r} is not in {args.guesses}")
        first = list(game.guesses).index(word)
    settings = SearchSettings(widths=tuple(args.widths), hard_widths=tuple(args.hard_widths),
                              exact_size=args.exact_size)
    print(f"evaluating {args.strategy} on {len(game.answers)} answers, "
          f"{len(game.guesses)} guesses allowed ...", file=sys.stderr)
    played, seconds = evaluate(game, args.strategy, settings, first,
                               progress=lambda message: print(message, file=sys.stderr),
                               per_figure=args.per_figure)
    summary = summarise(args.strategy, played, seconds)
    print(f"strategy {summary.strategy}{' (hard mode)' if args.hard else ''}, "
          f"first guess {summary.first_guess}")
    for guesses, count in summary.distribution.items():
        print(f"  {guesses} guesses: {count:5d}  {'#' * max(1, round(60 * count / len(played)))}")
    print(f"average {summary.average:.4f} ({summary.total} guesses), worst {summary.worst}, "
          f"failures (> 6) {summary.failures}, {summary.seconds:.1f} s")
    if args.tree:
        write_text(args.tree, "".join(p.line() + "\n" for p in played))
        print(f"decision tree: {args.tree}")
    return 1 if summary.failures else 0


def _cmd_absurdle(args: argparse.Namespace) -> int:
    game = load_game(args.guesses, args.answers, args.matrix)
    if args.hard:
        game = game.in_hard_mode()
    if args.play:
        for number, turn in enumerate(play_absurdle(game, args.play), start=1):
            print(turn.line(number))
        return 0
    # progress of the exact search goes to stderr
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    openers = None if args.exhaustive else args.openers
    print(transcript(solve_absurdle(game, beam=args.beam, last_beam=args.last_beam,
                                    max_openers=openers)), end="")
    return 0


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "filter", help="answers consistent with the feedback so far, most frequent first",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_clue_options(parser)
    _add_list_options(parser)
    parser.add_argument("--table", default=f"{WORDS}/words.tsv",
                        help="word table with frequencies (default: %(default)s)")
    parser.add_argument("--limit", type=positive_int, default=30,
                        help="words shown (default: 30)")
    parser.set_defaults(func=_cmd_filter)

    parser = subparsers.add_parser(
        "guess", help="rank guesses for the candidates left (max bucket, sum of squares, "
                      "entropy, buckets)",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_clue_options(parser)
    _add_list_options(parser)
    parser.add_argument("--by", choices=list(HEURISTICS), default="entropy",
                        help="ranking: minimax (max bucket), squares, entropy, buckets "
                             "(default: entropy)")
    parser.add_argument("--candidates-only", action="store_true",
                        help="rank only guesses that could be the answer")
    parser.add_argument("--limit", type=positive_int, default=15,
                        help="guesses shown (default: 15)")
    parser.set_defaults(func=_cmd_guess)

    parser = subparsers.add_parser(
        "evaluate", help="play a strategy against every answer; the decision tree on request",
        epilog=SEARCH_HELP + "\n\n" + EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_list_options(parser)
    parser.add_argument("--strategy", choices=STRATEGIES, default="entropy",
                        help="greedy heuristic or the lookahead search (default: entropy)")
    parser.add_argument("--first", help="force the first guess (skips the search's sweep)")
    parser.add_argument("--tree", help="write the decision tree here, one line per answer "
                                       "(default: none)")
    parser.add_argument("--per-figure", type=positive_int, default=SWEEP_PER_FIGURE,
                        help="search: openers of each figure the sweep tries "
                             "(default: %(default)s)")
    parser.add_argument("--matrix", help="feedback matrix .npy of these lists "
                                         "(results/solver/feedback.npy); computed if not given")
    parser.add_argument("--widths", type=positive_int, nargs="+",
                        default=list(SearchSettings().widths),
                        help="search: guesses tried per node by depth (default: %(default)s)")
    parser.add_argument("--hard-widths", type=positive_int, nargs="+",
                        default=list(SearchSettings().hard_widths),
                        help="search: the same with --hard (default: %(default)s)")
    parser.add_argument("--exact-size", type=_exact_size, default=SearchSettings().exact_size,
                        help="search: nodes this small are solved exactly (default: %(default)s)")
    _add_hard_option(parser)
    parser.set_defaults(func=_cmd_evaluate)

    parser = subparsers.add_parser(
        "absurdle", help="beat the Absurdle adversary in as few guesses as found, or play it",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_list_options(parser)
    parser.add_argument("--play", nargs="+", metavar="GUESS",
                        help="show the adversary's answers to these guesses instead")
    parser.add_argument("--beam", type=positive_int, default=2,
                        help="guesses tried per step of the search (default: 2)")
    parser.add_argument("--last-beam", type=positive_int, default=100,
                        help="guesses tried three guesses from the end (default: 100)")
    parser.add_argument("--openers", type=positive_int, default=100,
                        help="opening groups searched exactly for a win in four, smallest "
                             "first (default: 100)")
    parser.add_argument("--exhaustive", action="store_true",
                        help="search every opening group: proves four impossible when no win "
                             "is found (slow on big lists)")
    parser.add_argument("--matrix", help="feedback matrix .npy of these lists (optional)")
    _add_hard_option(parser)
    parser.set_defaults(func=_cmd_absurdle)


__all__ = ["add_commands"]
