"""Words stage: normalise the guess list, join frequencies, profanity and SCOWL, choose the answers.

Every word of the guess list stays guessable; a word is an *answer* when it is common (subtitle
count, SCOWL size and wordfreq's second opinion), not profane, not a proper noun, name or foreign
word, not an inflection of a shorter word nor a rare form of another word, and not overruled by a
hand edit. Modules: `lines` (streamed, checked input lines), `sources` (parsers), `lexicon`
(WordNet, lemminflect, wordfreq), `filters` (the answer rule), `stage` (the rule's I/O),
`threshold` (the plot), `explain` (`wordle64 word`), `curated` (evaluation only: the comparison
with public curated answer lists).
"""

from wordle64.words.explain import add_commands, explain
from wordle64.words.filters import (COLUMNS, FILTERS, AnswerRule, Evidence, answer_rule,
                                    build_word_table, decide, inflection_of, word_stats)
from wordle64.words.sources import (WORD_RE, BadLine, parse_frequency, parse_guess_list,
                                    parse_profanity, read_frequency)
from wordle64.words.stage import (DictionaryPaths, read_word_table, run_words_stage, words_rule,
                                  write_words_outputs)
from wordle64.words.threshold import threshold_curve, write_threshold_outputs


def read_text(path) -> str:
    """A whole UTF-8 file as text (small files only; the stage itself streams)."""
    from pathlib import Path

    from wordle64.errors import Wordle64Error

    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise Wordle64Error(f"{path}: not UTF-8 text ({error.reason} at byte "
                            f"{error.start})") from None


__all__ = ["COLUMNS", "FILTERS", "WORD_RE", "AnswerRule", "BadLine", "DictionaryPaths", "Evidence",
           "add_commands", "answer_rule", "build_word_table", "decide", "explain", "inflection_of",
           "parse_frequency", "parse_guess_list", "parse_profanity", "read_frequency",
           "read_text", "read_word_table", "run_words_stage", "threshold_curve", "word_stats", "words_rule",
           "write_threshold_outputs", "write_words_outputs"]
