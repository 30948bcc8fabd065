"""What the lexicons say about the guess words: lemmas, second-opinion frequencies, WordNet senses.

Three sources beside SCOWL and the subtitle counts, each read once for the guess words only:
  lemminflect  its lexicon of English inflected forms (bundled with the PyPI package): the
               lemmas of a word (TEMPI: tempo, SHYER: shy, BROKE: break);
  WordNet      (Debian `wordnet-base`) the exception lists of irregular forms (BLUER: blue,
               TEMPI: tempo) and the synsets' spelling: a word WordNet writes only with a capital
               has only proper-noun senses;
  wordfreq     (PyPI, bundled) word frequencies from several corpora per language, on the Zipf
               scale (log10 of occurrences per billion words; 0 = not listed): a second opinion
               on how common a word is in English, and how common it is in other languages.
The parsers take lines so that tests can pass text; the package look-ups are at the edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from wordle64.words.lines import Line

WORDNET_WORD_RE = re.compile(r"^([A-Za-z]+)(\([a-z]+\))?$")  # adjectives may carry (a), (p), (ip)
OTHER_LANGUAGES = ("fr", "es", "it", "de", "pt", "nl")  # wordfreq's large lists besides English


@dataclass(frozen=True)
class WordNetSenses:
    """Which guess words WordNet spells in lower case somewhere, and which only with a capital."""

    lower: frozenset[str]
    capitalised: frozenset[str]  # lower-cased forms of words written with a capital

    def proper_only(self) -> frozenset[str]:
        return self.capitalised - self.lower


def parse_wordnet_data(lines: Iterable[Line], keep: set[str]) -> WordNetSenses:
    """The words of `keep` that the synsets of a WordNet data.* file list, by spelling.

    A data line is ``offset lex_filenum ss_type w_cnt word lex_id [word lex_id ...] ...`` with
    w_cnt in hexadecimal; the licence header lines start with spaces.
    """
    lower: set[str] = set()
    capitalised: set[str] = set()
    for line in lines:
        if line.text.startswith(" "):
            continue
        fields = line.text.split(" ")
        if len(fields) < 5:
            continue
        try:
            count = int(fields[3], 16)
        except ValueError:
            continue
        for index in range(count):
            position = 4 + 2 * index
            if position >= len(fields):
                break
            match = WORDNET_WORD_RE.match(fields[position])
            if not match:
                continue
            spelled = match.group(1)
            word = spelled.lower()
            if word in keep:
                (lower if spelled == word else capitalised).add(word)
    return WordNetSenses(frozenset(lower), frozenset(capitalised))


def parse_wordnet_exceptions(lines: Iterable[Line], keep: set[str]) -> dict[str, tuple[str, ...]]:
    """``form base [base ...]`` lines of a WordNet *.exc file: the bases of each form in `keep`."""
    bases: dict[str, tuple[str, ...]] = {}
    for line in lines:
        fields = line.text.split()
        if len(fields) >= 2 and fields[0] in keep:
            found = [base for base in fields[1:] if base != fields[0]]
            bases[fields[0]] = tuple(dict.fromkeys((*bases.get(fields[0], ()), *found)))
    return bases


def lexicon_lemmas(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """lemminflect's lexicon lemmas of each word other than the word itself (none when unknown)."""
    from lemminflect import getAllLemmas

    lemmas: dict[str, tuple[str, ...]] = {}
    for word in words:
        found = [lemma for forms in getAllLemmas(word).values() for lemma in forms
                 if lemma != word and lemma.isalpha()]
        if found:
            lemmas[word] = tuple(dict.fromkeys(found))
    return lemmas


def english_zipf(words: Iterable[str]) -> dict[str, float]:
    """wordfreq's English Zipf frequency of each word (0.0 when no English corpus has it)."""
    from wordfreq import zipf_frequency

    return {word: float(zipf_frequency(word, "en")) for word in words}


def other_language_zipf(words: Iterable[str],
                        languages: Iterable[str] = OTHER_LANGUAGES) -> dict[str, tuple[str, float]]:
    """The language other than English in which each word is most frequent, and its Zipf value."""
    from wordfreq import zipf_frequency

    languages = tuple(languages)
    best: dict[str, tuple[str, float]] = {}
    for word in words:
        scores = [(float(zipf_frequency(word, language)), language) for language in languages]
        zipf, language = max(scores, default=(0.0, ""))
        best[word] = (language, zipf)
    return best
