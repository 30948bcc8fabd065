"""The lexicon filters (lexicon_inflections, second_opinion, foreign_names) on small hand-made
worlds, their parsers, the real lemminflect/wordfreq look-ups, and the curated-list check."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from types import SimpleNamespace

import pandas as pd
import pytest

from wordle64.cli import main
from wordle64.errors import Wordle64Error
from wordle64.words import DictionaryPaths, answer_rule, run_words_stage, write_words_outputs
from wordle64.words.curated import (CuratedList, compare, curated_check, parse_words,
                                    tarball_member)
from wordle64.words.lexicon import (english_zipf, lexicon_lemmas, other_language_zipf,
                                    parse_wordnet_data, parse_wordnet_exceptions)
from wordle64.words.sources import text_lines
from wordle64.words.stage import Lexicons


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def world(tmp_path, counts, small="", plain="", wn_data="", wn_exc="", lemmas=None, zipf=None,
          foreign=None, settings=None):
    """Run the stage on a guess list of the words of `counts` (word -> subtitle count)."""
    files = {name: write(tmp_path / name, text) for name, text in [
        ("words", "".join(f"{word}\n" for word in counts)),
        ("counts", "".join(f"{word} {count}\n" for word, count in counts.items() if count)
         or "zzzzz 1\n"),
        ("profanity", '["heck"]'), ("s35", small), ("s50", plain), ("s70", ""),
        ("allow", ""), ("deny", ""), ("data.noun", wn_data), ("adj.exc", wn_exc)]}
    paths = DictionaryPaths(scowl={35: [files["s35"]], 50: [files["s50"]], 70: [files["s70"]]},
                            allow=files["allow"], deny=files["deny"],
                            wordnet_data=[files["data.noun"]],
                            wordnet_exceptions=[files["adj.exc"]])
    lexicons = Lexicons(
        lemmas=lambda words: {w: found for w, found in (lemmas or {}).items() if w in set(words)},
        english=lambda words: {w: (zipf or {}).get(w, 2.5) for w in words},
        other=lambda words: {w: (foreign or {}).get(w, ("fr", 0.0)) for w in words})
    table, stats, _ = run_words_stage(files["words"], files["counts"], files["profanity"], 150,
                                      "fail", rule=answer_rule({"min_frequency": 150,
                                                                **(settings or {})}),
                                      paths=paths, lexicons=lexicons)
    return table.set_index("word"), stats


def test_forms_of_another_word_go_unless_common_on_their_own(tmp_path):
    table, stats = world(
        tmp_path, {"tempi": 0, "bluer": 0, "broke": 900, "shyer": 0, "odder": 0, "fooey": 0,
                   "crane": 900},
        small="tempi\nbluer\nbroke\nshyer\nodder\nfooey\ncrane\n",
        plain="tempo\nblue\nbreak\nshy\nodd\n",
        wn_exc="bluer blue\n",  # WordNet's exception list, not lemminflect, knows BLUER
        lemmas={"tempi": ("tempo",), "broke": ("break",), "shyer": ("shy",), "odder": ("odd",),
                "fooey": ("fooe",)},
        zipf={"tempi": 1.91, "bluer": 1.5, "shyer": 2.2, "odder": 2.6})
    assert table.loc["tempi", "lexicon_inflections_why"] == (
        "a form of tempo, rare on its own (count 0 < 150, wordfreq Zipf 1.91 < 2.5)")
    assert table.loc["bluer", "lexicon_inflections_why"].startswith("a form of blue, rare")
    assert table.loc["shyer", "lexicon_inflections"] == "drop"   # Zipf 2.2 < 2.5
    assert table.loc["broke", "lexicon_inflections"] == "keep"   # count 900: a word of its own
    assert table.loc["odder", "lexicon_inflections"] == "keep"   # Zipf 2.6 >= 2.5
    assert table.loc["fooey", "lexicon_inflections"] == "keep"   # "fooe" is no word
    assert sorted(table.index[table["removed_by"] == "lexicon_inflections"]) == [
        "bluer", "shyer", "tempi"]
    # TEMPI and BLUER are below rare_zipf (2.0) too: the second opinion would drop them anyway
    assert stats["filters"]["lexicon_inflections"]["alone"] == 1


def test_second_opinion_drops_the_unheard_of_and_adds_the_well_known(tmp_path):
    table, stats = world(
        tmp_path, {"rifer": 0, "anode": 0, "drawl": 0, "crane": 900},
        small="rifer\ndrawl\ncrane\n", plain="anode\n",
        zipf={"rifer": 0.0, "anode": 3.1, "drawl": 2.4})
    # SCOWL 35 says common, no subtitle count and no wordfreq count say otherwise
    assert table.loc["rifer", "common"] == "keep"
    assert (table.loc["rifer", "second_opinion"], table.loc["rifer", "removed_by"]) == (
        "drop", "second_opinion")
    # SCOWL 50 with no subtitle count is not common, but wordfreq knows it well
    assert (table.loc["anode", "common"], table.loc["anode", "second_opinion"]) == ("drop", "add")
    assert table.loc["anode", "answer"] and table.loc["drawl", "answer"]
    assert stats["filters"]["second_opinion"]["added"] == 1
    assert stats["answers"] == 3


def test_names_and_foreign_words_go_but_core_english_stays(tmp_path):
    table, _ = world(
        tmp_path, {"levin": 800, "amour": 580, "petit": 900, "crane": 900},
        small="petit\ncrane\n", plain="levin\namour\n",
        wn_data="00001 18 n 01 Levin 0 000 | a surname\n",
        zipf={"amour": 3.0, "petit": 3.3},
        foreign={"amour": ("fr", 5.3), "petit": ("fr", 5.7)})
    assert table.loc["levin", "foreign_names_why"] == (
        "WordNet has it only with a capital (proper-noun senses only)")
    assert table.loc["amour", "foreign_names_why"].startswith(
        "common only as a non-English word: wordfreq Zipf 5.30 in 'fr', 3.00 in English")
    assert table.loc["petit", "foreign_names"] == "keep"  # SCOWL 35 lists it in lower case
    assert sorted(table.index[table["answer"]]) == ["crane", "petit"]


def test_word_command_explains_the_lexicon_filters(tmp_path, capsys):
    table, stats = world(tmp_path, {"tempi": 0, "crane": 900}, small="tempi\ncrane\n",
                         plain="tempo\n", lemmas={"tempi": ("tempo",)}, zipf={"tempi": 1.9})
    folder = tmp_path / "results" / "words"
    folder.mkdir(parents=True)
    write_words_outputs(table.reset_index(), stats, SimpleNamespace(
        table=folder / "words.tsv", filters=folder / "filters.tsv", answers=folder / "a.txt",
        guesses=folder / "g.txt", stats=folder / "stats.json"))
    assert main(["word", "tempi", "--results", str(tmp_path / "results")]) == 0
    out = capsys.readouterr().out
    assert "  lexicon form:   drop  a form of tempo, rare on its own" in out
    assert "  second opinion: drop  count 0 < 150 and wordfreq English Zipf 1.90 < 2.0" in out
    assert "name/foreign:" in out
    assert "no (removed by the lexicon form filter: a form of tempo" in out


def test_wordnet_parsers_read_spelling_and_exceptions():
    data = text_lines("  1 This software and database is being provided\n"
                      "09000001 18 n 02 Levin 0 lightning 0 000 | a name; old word\n"
                      "09000002 15 n 01 tempo 0 000 | speed\n"
                      "09000003 00 a 02 roman(a) 0 Roman 0 000 | of Rome\n")
    senses = parse_wordnet_data(data, {"levin", "tempo", "roman"})
    assert senses.proper_only() == {"levin"}
    assert senses.lower == {"tempo", "roman"}
    bases = parse_wordnet_exceptions(text_lines("bluer blue\ntempi tempo\nbeaux beau\n"),
                                     {"bluer", "tempi"})
    assert bases == {"bluer": ("blue",), "tempi": ("tempo",)}


def test_the_real_lexicons_know_the_issues_examples():
    lemmas = lexicon_lemmas(["tempi", "shyer", "larva", "crane"])
    assert "tempo" in lemmas["tempi"] and "shy" in lemmas["shyer"]
    assert "crane" not in lemmas  # a lemma of its own
    zipf = english_zipf(["rifer", "house"])
    assert zipf["rifer"] == 0.0 and zipf["house"] > 5
    assert other_language_zipf(["bonne"], ("fr", "it"))["bonne"][0] == "fr"


# ---- the curated-list check (evaluation only) -------------------------------------------------
def tarball(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def test_curated_words_from_json_and_from_a_js_array():
    assert parse_words('["Crane", "slate", "crane"]', None, "x") == ["crane", "slate"]
    js = 'module.exports = { guesses: ["aahed"], answers: ["cigar", "rebut"], all: [] }'
    assert parse_words(js, "answers", "x") == ["cigar", "rebut"]
    with pytest.raises(Wordle64Error, match="x: 'toolong' is not five letters a-z"):
        parse_words('["toolong"]', None, "x")
    with pytest.raises(Wordle64Error, match="no array literal named 'answers'"):
        parse_words("var words = []", "answers", "x")


def test_curated_check_fetches_checks_and_compares():
    data = tarball({"package/words.json": '["crane", "slate", "cigar", "ounce"]'})
    entry = CuratedList("test", "demo@1.0.0", hashlib.sha256(data).hexdigest(),
                        "package/words.json", None)
    table = pd.DataFrame({"word": ["crane", "slate", "tempi", "aahed", "cigar"],
                          "answer": [True, True, True, False, False],
                          "removed_by": ["", "", "", "common", "common"]})
    result = curated_check(table, [entry], examples=5, fetch=lambda package: data)["lists"]["test"]
    # answers crane, slate, tempi; curated and guessable crane, slate, cigar (ounce is not)
    assert (result["precision"], result["recall"]) == (round(2 / 3, 4), round(2 / 3, 4))
    assert result["examples_answers_not_curated"] == ["tempi"]
    assert result["examples_curated_not_answers"] == ["cigar (common)"]
    assert result["curated_not_answers_by_filter"] == {"common": 1}
    bad = CuratedList("test", "demo@1.0.0", "0" * 64, "package/words.json", None)
    with pytest.raises(Wordle64Error, match="demo@1.0.0: sha256 .* is not the configured 0000"):
        curated_check(table, [bad], 5, fetch=lambda package: data)
    with pytest.raises(Wordle64Error, match="no file 'package/x.json' in the package"):
        tarball_member(data, "package/x.json", "demo")


def test_compare_counts_agreement_both_ways():
    table = pd.DataFrame({"word": ["aaaaa", "bbbbb", "ccccc", "ddddd"],
                          "answer": [True, True, True, True], "removed_by": [""] * 4})
    result = compare(table, ["aaaaa", "bbbbb", "eeeee"], examples=1)
    assert result["precision"] == 0.5 and result["recall"] == 1.0
    assert result["curated"] == 3 and result["curated_guessable"] == 2
    assert len(result["examples_answers_not_curated"]) == 1
    assert json.loads(json.dumps(result)) == result
