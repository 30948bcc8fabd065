"""The words stage: read the sources, apply the answer rule, write results/words/*."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from wordle64.errors import Wordle64Error
from wordle64.io import write_json, write_text
from wordle64.words.filters import (COLUMNS, FILTERS, SCOWL_SIZES, AnswerRule, Evidence, answer_rule,
                                    decide, stem_candidates, word_stats)
from wordle64.words.lexicon import (english_zipf, lexicon_lemmas, other_language_zipf,
                                    parse_wordnet_data, parse_wordnet_exceptions)
from wordle64.words.lines import iter_lines
from wordle64.words.sources import (BadLine, parse_hand_edits, read_frequency, read_guess_list,
                                    read_profanity, read_scowl)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DictionaryPaths:
    """The SCOWL lists by size (British and American of each), the hand-edit files and WordNet's
    data.* files (synsets) and *.exc files (irregular forms)."""

    scowl: Mapping[int, Sequence[str | Path]] = field(default_factory=dict)
    allow: str | Path | None = None
    deny: str | Path | None = None
    wordnet_data: Sequence[str | Path] = ()
    wordnet_exceptions: Sequence[str | Path] = ()


@dataclass(frozen=True)
class Lexicons:
    """The package look-ups of the words stage (tests pass small stand-ins)."""

    lemmas: Callable[[Iterable[str]], dict[str, tuple[str, ...]]] = lexicon_lemmas
    english: Callable[[Iterable[str]], dict[str, float]] = english_zipf
    other: Callable[[Iterable[str]], dict[str, tuple[str, float]]] = other_language_zipf


def wordnet_evidence(words: list[str], paths: DictionaryPaths, need_senses: bool,
                     need_exceptions: bool) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """WordNet's proper-noun-only guess words and the bases of its irregular forms."""
    guessable = set(words)
    if ((need_senses and not paths.wordnet_data)
            or (need_exceptions and not paths.wordnet_exceptions)):
        raise Wordle64Error("the foreign_names and lexicon_inflections filters need the WordNet "
                            "files (sources wordnet_*)")
    lower: set[str] = set()
    capitalised: set[str] = set()
    for path in paths.wordnet_data if need_senses else ():
        senses = parse_wordnet_data(iter_lines(path), guessable)
        lower |= senses.lower
        capitalised |= senses.capitalised
    bases: dict[str, tuple[str, ...]] = {}
    for path in paths.wordnet_exceptions if need_exceptions else ():
        for word, found in parse_wordnet_exceptions(iter_lines(path), guessable).items():
            bases[word] = tuple(dict.fromkeys((*bases.get(word, ()), *found)))
    return frozenset(capitalised - lower), bases


def lemma_evidence(words: list[str], wordnet_bases: dict[str, tuple[str, ...]],
                   lexicons: Lexicons) -> dict[str, tuple[str, ...]]:
    """lemminflect's and WordNet's other lemmas of each guess word (not yet checked as words)."""
    lemmas = dict(lexicons.lemmas(words))
    for word, bases in wordnet_bases.items():
        lemmas[word] = tuple(dict.fromkeys((*lemmas.get(word, ()), *bases)))
    return lemmas


def gather_evidence(words: list[str], rule: AnswerRule, paths: DictionaryPaths,
                    lexicons: Lexicons | None = None) -> Evidence:
    """Read what the enabled filters need from SCOWL, WordNet, the lexicon packages and the
    hand-edit files."""
    lexicons = lexicons or Lexicons()
    guessable = set(words)
    needs_scowl = (rule.scowl_commonness or rule.proper_nouns or rule.inflections
                   or rule.lexicon_inflections or rule.foreign_names or rule.second_opinion)
    missing = [size for size in SCOWL_SIZES if size not in paths.scowl]
    if needs_scowl and missing:
        raise Wordle64Error(f"the answer filters need the SCOWL lists of sizes {missing}")
    levels: dict[str, int] = {}
    proper: frozenset[str] = frozenset()
    stems: frozenset[str] = frozenset()
    proper_only, bases = wordnet_evidence(words, paths, rule.foreign_names,
                                          rule.lexicon_inflections)
    lemmas = lemma_evidence(words, bases, lexicons) if rule.lexicon_inflections else {}
    if needs_scowl:
        keep = guessable | {stem for word in words for stem in stem_candidates(word)}
        keep |= {lemma for found in lemmas.values() for lemma in found}
        lower: set[str] = set()
        capitalised: set[str] = set()
        for size in sorted(SCOWL_SIZES, reverse=True):
            found = read_scowl(paths.scowl[size], keep)
            levels.update({word: size for word in found.lower if word in guessable})
            if size <= 50:  # proper nouns and stems: the lists up to size 50
                lower |= found.lower
                capitalised |= found.capitalised
        proper = frozenset(w for w in capitalised - lower if w in guessable)
        stems = frozenset(lower | guessable)
    allow = deny = ()
    if rule.hand_edits:
        allow, deny = (tuple(parse_hand_edits(iter_lines(path), str(path), guessable))
                       for path in (paths.allow, paths.deny))
        both = {e.word for e in allow} & {e.word for e in deny}
        if both:
            raise Wordle64Error(f"{paths.allow} and {paths.deny} both list {sorted(both)[0]!r}")
    lemmas = {word: kept for word, found in lemmas.items()
              if (kept := tuple(lemma for lemma in found if lemma in stems))}
    wordfreq = rule.foreign_names or rule.lexicon_inflections or rule.second_opinion
    zipf = dict(lexicons.english(words)) if wordfreq else {}
    foreign = dict(lexicons.other(words)) if rule.foreign_names else {}
    return Evidence(levels, proper, stems, allow, deny, lemmas, zipf, foreign, proper_only)


def no_answers_reason(table: pd.DataFrame, rule: AnswerRule) -> str:
    """Which filter took the last answers, in one sentence."""
    left = pd.Series(True, index=table.index)
    for name in FILTERS:
        dropped = table[name] == ("deny" if name == "hand_edits" else "drop")
        if (left & ~dropped).any():
            left &= ~dropped
            continue
        if name == "common":
            clean = table.loc[left, "frequency"]
            return (f"answers.min_frequency = {rule.min_frequency} leaves no answers (the most "
                    f"frequent word the other filters keep has "
                    f"{int(clean.max()) if len(clean) else 0:,}); lower the threshold")
        return (f"no answers: the {name.replace('_', ' ')} filter (answers.filters.{name}) "
                f"removes all {int(left.sum()):,} words the earlier filters left")
    return "no answers"


def run_words_stage(words_path: Path, frequency_path: Path, profanity_path: Path,
                    min_frequency: int, on_bad_line: str, rule: AnswerRule | None = None,
                    paths: DictionaryPaths | None = None, lexicons: Lexicons | None = None
                    ) -> tuple[pd.DataFrame, dict, list[BadLine]]:
    """Read the sources and build the filters table (words.tsv's columns first) and its stats.

    Without `rule`, only the threshold and the profanity list decide (no SCOWL needed).
    """
    rule = rule or AnswerRule(min_frequency=min_frequency)
    guesses = read_guess_list(words_path, on_bad_line)
    for line in guesses.bad:
        log.warning("skipped %s", line)
    if guesses.bad_count > len(guesses.bad):
        log.warning("skipped %d more bad lines", guesses.bad_count - len(guesses.bad))
    frequency = read_frequency(frequency_path, keep=set(guesses.words))
    profane = read_profanity(profanity_path)
    if rule.profanity and not profane:  # an emptied list would let every profane word through
        raise Wordle64Error(f"{profanity_path}: no single-word entries in the profanity list (an "
                            "empty list filters nothing; switch answers.filters.profanity off "
                            "instead)")
    evidence = gather_evidence(guesses.words, rule, paths or DictionaryPaths(), lexicons)
    table = decide(guesses.words, frequency, profane, rule, evidence)
    stats = word_stats(table, rule.min_frequency)
    if stats["answers"] == 0:
        raise Wordle64Error(no_answers_reason(table, rule))
    stats["skipped_lines"] = guesses.bad_count
    for name, counts in stats["filters"].items():
        log.info("filter %s: %s", name, counts)
    for edit in (*evidence.allow, *evidence.deny):
        log.info("hand edit line %d: %s %s (%s)", edit.line, edit.word,
                 "allowed" if edit in evidence.allow else "denied", edit.reason)
    return table, stats, guesses.bad


def _tsv(table: pd.DataFrame) -> str:
    out = table.copy()
    for column in ("profane", "answer"):
        if column in out.columns:
            out[column] = out[column].astype(int)
    return out.to_csv(sep="\t", index=False)


def write_word_table(table: pd.DataFrame, path: Path) -> None:
    write_text(path, _tsv(table[COLUMNS]))


def write_words_outputs(table: pd.DataFrame, stats: dict, outputs) -> None:
    """words.tsv, filters.tsv, outcomes.tsv, answers.txt, guesses.txt and stats.json (attributes
    of `outputs`; the last two tables only when `outputs` has them).

    outcomes.tsv is words.tsv with `removed_by`, without the reasons: filters.tsv's reasons name
    the thresholds, so it changes with any threshold, while outcomes.tsv changes only when a
    word's verdict does; what needs only the verdicts reads it and is cut off with it."""
    write_word_table(table, outputs.table)
    if hasattr(outputs, "filters") and "removed_by" in table.columns:
        write_text(outputs.filters, _tsv(table))
    if hasattr(outputs, "outcomes") and "removed_by" in table.columns:
        write_text(outputs.outcomes, _tsv(table[[*COLUMNS, "removed_by"]]))
    write_text(outputs.answers, "".join(f"{w}\n" for w in table.loc[table["answer"], "word"]))
    write_text(outputs.guesses, "".join(f"{w}\n" for w in table["word"]))
    write_json(outputs.stats, stats)


def read_word_table(path: Path) -> pd.DataFrame:
    """words.tsv or filters.tsv as a table (booleans restored)."""
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


def words_rule(inputs, outputs, answers: dict, on_bad_line: str) -> dict:
    """Rule `words`: every input and output as Snakemake names them; returns the stats."""
    table, stats, _ = run_words_stage(
        inputs.words, inputs.frequency, inputs.profanity,
        min_frequency=int(answers["min_frequency"]), on_bad_line=on_bad_line,
        rule=answer_rule(answers),
        paths=DictionaryPaths(scowl={35: inputs.scowl_35, 50: inputs.scowl_50,
                                     70: inputs.scowl_70},
                              allow=inputs.allow, deny=inputs.deny,
                              wordnet_data=inputs.wordnet_data,
                              wordnet_exceptions=inputs.wordnet_exceptions))
    write_words_outputs(table, stats, outputs)
    return stats
