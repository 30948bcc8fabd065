"""The answer rule: which guessable words a player would accept as the day's answer.

Filters, in the order they are asked (the first that drops a word is the one named):
  profanity            on the profanity list;
  proper_nouns         a SCOWL size-50 list (British or American) has it only with a capital;
  foreign_names        WordNet has it only with a capital (proper-noun senses only), or it is
                       common only as a non-English word (wordfreq: another language's Zipf
                       frequency `foreign_margin` above the English one), unless SCOWL's
                       `common_scowl_size` list has it;
  inflections          an -S/-ES/-IES form or an -ED/-D past form of a shorter word;
  lexicon_inflections  lemminflect's lexicon or WordNet's exception lists make it a form of a
                       different word (TEMPI: tempo, SHYER: shy, BLENT: blend) and it is not common
                       on its own (subtitle count below the threshold and wordfreq Zipf below
                       `inflection_min_zipf`): BROKE and TEETH stay;
  common               subtitle count >= threshold (and, with the SCOWL second opinion, the word
                       in a SCOWL list up to `known_scowl_size`), or the word in SCOWL's
                       `common_scowl_size` list whatever its count;
  second_opinion       wordfreq next to the subtitle counts: a word below the threshold whose
                       English Zipf frequency is below `rare_zipf` is not common whatever SCOWL
                       says; a SCOWL word up to `known_scowl_size` with Zipf >= `common_zipf` is
                       common whatever its subtitle count;
  hand_edits           config/answers-allow.txt and answers-deny.txt, applied last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from wordle64.words.sources import HandEdit

COLUMNS = ["word", "frequency", "profane", "answer"]
FILTERS = ("profanity", "proper_nouns", "foreign_names", "inflections", "lexicon_inflections",
           "common", "second_opinion", "hand_edits")
DROPPED = {name: "drop" for name in FILTERS} | {"hand_edits": "deny"}
SCOWL_SIZES = (35, 50, 70)
ES_STEM_ENDINGS = ("s", "x", "z", "ch", "sh", "o")


@dataclass(frozen=True)
class AnswerRule:
    """The answer rule's settings (config `answers`); every filter but the threshold can be off."""

    min_frequency: int = 150
    profanity: bool = True
    proper_nouns: bool = False
    inflections: bool = False
    scowl_commonness: bool = False
    hand_edits: bool = False
    common_scowl_size: int = 35
    known_scowl_size: int = 50
    foreign_names: bool = False
    lexicon_inflections: bool = False
    second_opinion: bool = False
    inflection_min_zipf: float = 2.5
    rare_zipf: float = 2.0
    common_zipf: float = 3.0
    foreign_margin: float = 2.0

    def switches(self) -> dict[str, bool]:
        return {"profanity": self.profanity, "proper_nouns": self.proper_nouns,
                "foreign_names": self.foreign_names, "inflections": self.inflections,
                "lexicon_inflections": self.lexicon_inflections, "common": True,
                "second_opinion": self.second_opinion, "hand_edits": self.hand_edits}


@dataclass(frozen=True)
class Evidence:
    """What the dictionaries say about the guess words."""

    levels: dict[str, int] = field(default_factory=dict)  # smallest SCOWL size, lower case
    proper: frozenset[str] = frozenset()  # only capitalised in the size-50 lists
    stems: frozenset[str] = frozenset()  # lower-case words of the size-50 lists
    allow: tuple[HandEdit, ...] = ()
    deny: tuple[HandEdit, ...] = ()
    lemmas: dict[str, tuple[str, ...]] = field(default_factory=dict)  # other words it inflects
    zipf: dict[str, float] = field(default_factory=dict)  # wordfreq English (absent = 0)
    foreign: dict[str, tuple[str, float]] = field(default_factory=dict)  # top other language
    wordnet_proper: frozenset[str] = frozenset()  # WordNet has it only with a capital


def stem_candidates(word: str) -> list[str]:
    """Every shorter word an inflection rule may look up for `word`."""
    return [word[:-1], word[:-2], word[:-3] + "y", word[:-3]]


def inflection_of(word: str, stems: frozenset[str] | set[str]) -> str | None:
    """How `word` inflects a shorter word of `stems`, or None.

    -S: ends in s (not ss) and the word without it is a word (backs: back).
    -ES: ends in es after s, x, z, ch, sh or o, and the stem is a word (boxes: box);
         -IES for a stem in y (cries: cry).
    -D / -ED: ends in ed and the word without d or ed is a word (laced: lace, ended: end),
         or without a doubled consonant and ed (upped: up). Y->IED forms (tried) are kept.
    """
    if word.endswith("s") and not word.endswith("ss") and word[:-1] in stems:
        return f"-s form of {word[:-1]}"
    if word.endswith("es") and word[:-2].endswith(ES_STEM_ENDINGS) and word[:-2] in stems:
        return f"-es form of {word[:-2]}"
    if word.endswith("ies") and word[:-3] + "y" in stems:
        return f"-ies form of {word[:-3]}y"
    if word.endswith("ed"):
        if word[:-1] in stems:
            return f"-d past form of {word[:-1]}"
        if word[:-2] in stems:
            return f"-ed past form of {word[:-2]}"
        if len(word) >= 5 and word[-3] == word[-4] and word[:-3] in stems:
            return f"-ed past form of {word[:-3]} (doubled {word[-3]})"
    return None


def common_verdict(word: str, count: int, rule: AnswerRule, levels: dict[str, int]) -> tuple[bool, str]:
    """(common?, why) for one word."""
    frequent = count >= rule.min_frequency
    said = f"count {count:,} {'>=' if frequent else '<'} {rule.min_frequency}"
    if not rule.scowl_commonness:
        return frequent, said
    level = levels.get(word)
    listed = f"SCOWL size {level}" if level else "in no SCOWL list up to size 70"
    if level is not None and level <= rule.common_scowl_size:
        return True, f"{listed} (<= {rule.common_scowl_size}); {said}"
    if frequent and level is not None and level <= rule.known_scowl_size:
        return True, f"{said}; {listed}"
    if frequent:
        return False, f"{said} but {listed}, not <= {rule.known_scowl_size}"
    return False, f"{said} and {listed}, not <= {rule.common_scowl_size}"


def foreign_verdict(word: str, rule: AnswerRule, evidence: Evidence) -> tuple[str, str]:
    """A name or a foreign word: WordNet's proper-noun senses only, or far more frequent in
    another language than in English; a word of SCOWL's `common_scowl_size` list never is."""
    level = evidence.levels.get(word)
    if level is not None and level <= rule.common_scowl_size:
        return "keep", f"SCOWL size {level} lists it in lower case"
    if word in evidence.wordnet_proper:
        return "drop", "WordNet has it only with a capital (proper-noun senses only)"
    english = evidence.zipf.get(word, 0.0)
    language, other = evidence.foreign.get(word, ("", 0.0))
    if language and other - english >= rule.foreign_margin:
        return "drop", (f"common only as a non-English word: wordfreq Zipf {other:.2f} in "
                        f"{language!r}, {english:.2f} in English (margin {rule.foreign_margin})")
    return "keep", f"not a name or foreign word (wordfreq English Zipf {english:.2f})"


def lexicon_verdict(word: str, count: int, rule: AnswerRule, evidence: Evidence) -> tuple[str, str]:
    """An inflected form of a different word, rare on its own (see the module docstring)."""
    lemmas = evidence.lemmas.get(word)
    if not lemmas:
        return "keep", "no other lemma in lemminflect or WordNet"
    zipf = evidence.zipf.get(word, 0.0)
    form = f"a form of {', '.join(lemmas)}"
    if count >= rule.min_frequency or zipf >= rule.inflection_min_zipf:
        return "keep", (f"{form}, but common on its own (count {count:,}, wordfreq Zipf "
                        f"{zipf:.2f})")
    return "drop", (f"{form}, rare on its own (count {count:,} < {rule.min_frequency}, "
                    f"wordfreq Zipf {zipf:.2f} < {rule.inflection_min_zipf})")


def second_opinion_verdict(word: str, count: int, common: bool, rule: AnswerRule,
                           evidence: Evidence) -> tuple[str, str]:
    """wordfreq's opinion next to the subtitle count: drop, add (common after all) or keep."""
    zipf = evidence.zipf.get(word, 0.0)
    said = f"wordfreq English Zipf {zipf:.2f}"
    if count < rule.min_frequency and zipf < rule.rare_zipf:
        return "drop", f"count {count:,} < {rule.min_frequency} and {said} < {rule.rare_zipf}"
    level = evidence.levels.get(word)
    if (not common and level is not None and level <= rule.known_scowl_size
            and zipf >= rule.common_zipf):
        return "add", f"{said} >= {rule.common_zipf} and SCOWL size {level}: common"
    return "keep", said


def word_verdicts(word: str, count: int, profane: bool, rule: AnswerRule,
                  evidence: Evidence, hand: dict[str, tuple[str, str]]) -> dict:
    """Every filter's verdict on one word, the answer, and the first filter that removed it."""
    switches = rule.switches()
    verdicts: dict[str, tuple[str, str]] = {}
    common, why = common_verdict(word, count, rule, evidence.levels)
    verdicts["common"] = ("keep" if common else "drop", why)
    verdicts["profanity"] = (("drop", "on the profanity list") if profane
                             else ("keep", "not on the profanity list"))
    proper = word in evidence.proper
    verdicts["proper_nouns"] = (("drop", "SCOWL size 50 lists it only with a capital") if proper
                                else ("keep", "not a proper noun in SCOWL size 50"))
    inflection = inflection_of(word, evidence.stems)
    verdicts["inflections"] = (("drop", inflection) if inflection
                               else ("keep", "not an inflection of a shorter word"))
    verdicts["foreign_names"] = foreign_verdict(word, rule, evidence)
    verdicts["lexicon_inflections"] = lexicon_verdict(word, count, rule, evidence)
    verdicts["second_opinion"] = second_opinion_verdict(word, count, common, rule, evidence)
    action, reason = hand.get(word, ("none", "no hand edit"))
    verdicts["hand_edits"] = (action, reason)
    for name in FILTERS[:-1]:
        if not switches[name]:
            verdicts[name] = ("off", verdicts[name][1])
    added = verdicts["second_opinion"][0] == "add"
    removed_by = ""
    for name in FILTERS[:-1]:
        if verdicts[name][0] == "drop" and not (name == "common" and added):
            removed_by = name
            break
    if not switches["hand_edits"]:
        verdicts["hand_edits"] = ("off", reason)
    elif action == "deny":
        removed_by = "hand_edits"
    elif action == "allow":
        removed_by = ""
    row = {"word": word, "frequency": count, "scowl_size": evidence.levels.get(word, 0),
           "profane": profane, "answer": removed_by == "", "removed_by": removed_by}
    for name in FILTERS:
        row[name], row[f"{name}_why"] = verdicts[name]
    return row


def decide(words: list[str], frequency: dict[str, int], profane: set[str],
           rule: AnswerRule, evidence: Evidence | None = None) -> pd.DataFrame:
    """One row per guessable word (sorted) with every filter's verdict and the answer flag."""
    evidence = evidence or Evidence()
    hand = {edit.word: ("allow", edit.reason) for edit in evidence.allow}
    hand.update({edit.word: ("deny", edit.reason) for edit in evidence.deny})
    rows = [word_verdicts(word, int(frequency.get(word, 0)), word in profane, rule, evidence, hand)
            for word in sorted(words)]
    table = pd.DataFrame(rows, columns=["word", "frequency", "scowl_size", "profane", "answer",
                                        "removed_by", *[c for f in FILTERS for c in (f, f"{f}_why")]])
    table["frequency"] = table["frequency"].astype("int64")
    return table


def build_word_table(words: list[str], frequency: dict[str, int], profane: set[str],
                     min_frequency: int, rule: AnswerRule | None = None,
                     evidence: Evidence | None = None) -> pd.DataFrame:
    """words.tsv's table: word, frequency (absent = 0), profane, answer; sorted by word.

    Without `rule`, the subtitle threshold and the profanity list alone decide.
    """
    rule = rule or AnswerRule(min_frequency=min_frequency)
    return decide(words, frequency, profane, rule, evidence)[COLUMNS].reset_index(drop=True)


def sole_removals(table: pd.DataFrame) -> dict[str, int]:
    """Per filter, the words it alone removes: switched off by itself, they would be answers."""
    drops = {name: (table[name] == DROPPED[name]).to_numpy(copy=True) for name in FILTERS}
    drops["common"] &= (table["second_opinion"] != "add").to_numpy()
    allowed = (table["hand_edits"] == "allow").to_numpy()
    total = sum(drop.astype(int) for drop in drops.values())
    return {name: int((drop & (total == 1) & ~allowed).sum()) for name, drop in drops.items()}


def word_stats(table: pd.DataFrame, min_frequency: int) -> dict:
    """Counts of words.tsv's table (and, given the filters' columns, each filter's)."""
    frequent = table["frequency"] >= min_frequency
    stats = {
        "words": int(len(table)),
        "answers": int(table["answer"].sum()),
        "frequent": int(frequent.sum()),
        "profane_removed": int((frequent & table["profane"]).sum()),
        "profane_in_guess_list": int(table["profane"].sum()),
        "threshold": int(min_frequency),
    }
    if "removed_by" in table.columns:
        alone = sole_removals(table)
        stats["filters"] = {
            name: {"on": bool((table[name] != "off").all()),
                   "dropped": int((table[name] == DROPPED[name]).sum()),
                   "removed": int((table["removed_by"] == name).sum()),
                   "alone": alone[name]}
            for name in FILTERS}
        stats["filters"]["hand_edits"]["allowed"] = int((table["hand_edits"] == "allow").sum())
        stats["filters"]["second_opinion"]["added"] = int(
            ((table["second_opinion"] == "add") & table["answer"]).sum())
    return stats


def answers_by_threshold(table: pd.DataFrame, thresholds, rule: AnswerRule):
    """Answers the whole rule gives at each threshold (the other filters' verdicts fixed)."""
    import numpy as np

    others = np.ones(len(table), dtype=bool)
    for name in ("profanity", "proper_nouns", "foreign_names", "inflections",
                 "lexicon_inflections"):
        others &= (table[name] != "drop").to_numpy()
    opinion = table["second_opinion"].to_numpy()
    hand = table["hand_edits"].to_numpy()
    allow, deny = hand == "allow", hand == "deny"
    level = table["scowl_size"].to_numpy()
    listed = level > 0
    floor = np.zeros(len(table), dtype=bool)
    route = np.ones(len(table), dtype=bool)
    if rule.scowl_commonness:
        floor = listed & (level <= rule.common_scowl_size)
        route = listed & (level <= rule.known_scowl_size)
    counts = table["frequency"].to_numpy()
    result = []
    for threshold in thresholds:
        common = (floor | (route & (counts >= threshold)) | (opinion == "add")) & (opinion != "drop")
        result.append(int((allow | (~deny & others & common)).sum()))
    return np.array(result, dtype="int64")


def answer_rule(settings: dict) -> AnswerRule:
    """The AnswerRule of the config's `answers` section (missing switches are on)."""
    switches = settings.get("filters") or {}
    return AnswerRule(
        min_frequency=int(settings["min_frequency"]),
        profanity=bool(switches.get("profanity", True)),
        proper_nouns=bool(switches.get("proper_nouns", True)),
        inflections=bool(switches.get("inflections", True)),
        scowl_commonness=bool(switches.get("scowl_commonness", True)),
        hand_edits=bool(switches.get("hand_edits", True)),
        common_scowl_size=int(settings.get("common_scowl_size", 35)),
        known_scowl_size=int(settings.get("known_scowl_size", 50)),
        foreign_names=bool(switches.get("foreign_names", True)),
        lexicon_inflections=bool(switches.get("lexicon_inflections", True)),
        second_opinion=bool(switches.get("second_opinion", True)),
        inflection_min_zipf=float(settings.get("inflection_min_zipf", 2.5)),
        rare_zipf=float(settings.get("rare_zipf", 2.0)),
        common_zipf=float(settings.get("common_zipf", 3.0)),
        foreign_margin=float(settings.get("foreign_margin", 2.0)),
    )
