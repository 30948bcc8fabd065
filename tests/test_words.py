"""words: parsing, the join, the answer rule, malformed input, and the real default lists."""

from __future__ import annotations

import json

import pytest

from wordle64.cli import main
from wordle64.errors import Wordle64Error
from wordle64.words import (
    build_word_table,
    explain,
    parse_frequency,
    parse_guess_list,
    parse_profanity,
    run_words_stage,
    threshold_curve,
    word_stats,
)


def table_for(words, frequency, profane, threshold):
    return build_word_table(words, frequency, set(profane), threshold)


def test_join_threshold_boundary_absent_words_and_profanity():
    table = table_for(
        ["zesty", "apple", "crane", "bitch", "quirk", "aahed"],
        {"apple": 150, "crane": 149, "bitch": 5000, "zesty": 151, "unrelated": 10**6},
        ["bitch"],
        150,
    )
    assert table["word"].tolist() == ["aahed", "apple", "bitch", "crane", "quirk", "zesty"]
    assert table["frequency"].tolist() == [0, 150, 5000, 149, 0, 151]
    assert table["profane"].tolist() == [False, False, True, False, False, False]
    # at the threshold counts; one below does not; profane never is an answer
    assert table["answer"].tolist() == [False, True, False, False, False, True]
    assert word_stats(table, 150) == {
        "words": 6, "answers": 2, "frequent": 3, "profane_removed": 1,
        "profane_in_guess_list": 1, "threshold": 150,
    }


def test_frequency_ties_both_become_answers_and_threshold_zero_takes_all_clean_words():
    table = table_for(["alpha", "bravo", "delta"], {"alpha": 300, "bravo": 300}, ["delta"], 300)
    assert table["answer"].tolist() == [True, True, False]
    everything = table_for(["alpha", "bravo", "delta"], {}, ["delta"], 0)
    assert everything["answer"].tolist() == [True, True, False]


def test_guess_list_is_lower_cased_and_stripped():
    words, bad = parse_guess_list("CRANE\r\nslate \n", "w.txt")
    assert words == ["crane", "slate"] and bad == []


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("crane\n\nslate\n", 2, "blank line"),
        ("crane\ncranes\n", 2, "'cranes' is not five letters a-z"),
        ("crane\ncr4ne\n", 2, "'cr4ne' is not five letters a-z"),
        ("crane\ncrâne\n", 2, "not five letters a-z"),
        ("crane\nslate\nCRANE\n", 3, "duplicate 'crane' (first on line 1)"),
    ],
)
def test_malformed_guess_lines_fail_with_file_and_line(text, line, problem):
    with pytest.raises(Wordle64Error) as error:
        parse_guess_list(text, "resources/words.txt")
    message = str(error.value)
    assert message.startswith(f"resources/words.txt:{line}: ")
    assert problem in message
    assert "\n" not in message


def test_malformed_lines_can_be_skipped_and_are_all_reported():
    words, bad = parse_guess_list("crane\n\nab\ncrane\nslate\n", "w", on_bad_line="skip")
    assert words == ["crane", "slate"]
    assert [(b.line, b.problem.split()[0]) for b in bad] == [(2, "blank"), (3, "'ab'"), (4, "duplicate")]


def test_failure_message_counts_the_other_bad_lines():
    with pytest.raises(Wordle64Error, match=r"w:2: .* \(and 2 more bad lines\)"):
        parse_guess_list("crane\nab\ncd\nef\n", "w")


def test_frequency_parsing_and_errors():
    assert parse_frequency("you 100\nCrane 3\ncrane 7\n") == {"you": 100, "crane": 7}
    with pytest.raises(Wordle64Error, match=r"^f.txt:2: expected 'word count'"):
        parse_frequency("you 100\nbroken line here\n", "f.txt")
    with pytest.raises(Wordle64Error, match=r"^f.txt:1: "):
        parse_frequency("you lots\n", "f.txt")


def test_profanity_keeps_single_words_lower_cased():
    assert parse_profanity('["Damn", "2 girls 1 cup", "a s s", "heck"]') == {"damn", "heck"}
    with pytest.raises(Wordle64Error, match=r"^p.json:3: not valid JSON"):
        parse_profanity('[\n"a",\n"b" "c"]', "p.json")
    with pytest.raises(Wordle64Error, match="not a string"):
        parse_profanity('["a", 3]', "p.json")


def test_threshold_curve_counts_clean_words_at_or_above():
    table = table_for(["aaaaa", "bbbbb", "ccccc", "ddddd"],
                      {"aaaaa": 1, "bbbbb": 10, "ccccc": 100, "ddddd": 1000}, ["ddddd"], 10)
    curve = threshold_curve(table, 1000, points=4)
    assert curve["threshold"].tolist() == [1, 10, 100, 1000]
    assert curve["answers"].tolist() == [3, 2, 1, 0]


def test_explain_says_why():
    table = table_for(["crane", "aahed", "bitch"], {"crane": 9625, "bitch": 999}, ["bitch"], 150)
    stats = word_stats(table, 150)
    assert "answer:    yes" in explain("CRANE", table, stats)
    assert "frequency 0 < threshold 150" in explain("aahed", table, stats)
    assert "on the profanity list" in explain("bitch", table, stats)
    assert "not guessable" in explain("zzzzz", table, stats)
    with pytest.raises(Wordle64Error):
        explain("toolong", table, stats)


def test_real_default_lists_give_the_published_counts(shared_data):
    words, bad = parse_guess_list((shared_data / "wordle-list" / "words").read_text())
    frequency = parse_frequency((shared_data / "FrequencyWords" / "en_50k.txt").read_text())
    profane = parse_profanity((shared_data / "profane-words" / "words.json").read_text())
    table = build_word_table(words, frequency, profane, 150)
    stats = word_stats(table, 150)
    assert bad == []
    assert (stats["words"], stats["answers"]) == (14855, 4126)
    assert (stats["frequent"], stats["profane_removed"]) == (4217, 91)
    json.dumps(stats)  # plain ints, serialisable


def test_a_threshold_that_leaves_no_answers_is_refused(tmp_path):
    (tmp_path / "w.txt").write_text("crane\nslate\n")
    (tmp_path / "f.txt").write_text("crane 500\nslate 90\n")
    (tmp_path / "p.json").write_text('["heck"]')
    paths = (tmp_path / "w.txt", tmp_path / "f.txt", tmp_path / "p.json")
    table, stats, _ = run_words_stage(*paths, min_frequency=500, on_bad_line="fail")
    assert table["answer"].tolist() == [True, False]
    with pytest.raises(Wordle64Error, match=r"= 501 leaves no answers .* has 500\)"):
        run_words_stage(*paths, min_frequency=501, on_bad_line="fail")


def test_word_command_names_the_missing_file(tmp_path, capsys):
    (tmp_path / "words").mkdir()
    (tmp_path / "words" / "words.tsv").write_text("word\tfrequency\tprofane\tanswer\n")
    assert main(["word", "crane", "--results", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "stats.json not found" in error and error.count("\n") == 1


# ---- the answer filters -----------------------------------------------------------------------
from wordle64.words import AnswerRule, DictionaryPaths, answer_rule, inflection_of  # noqa: E402
from wordle64.words.stage import Lexicons  # noqa: E402
from wordle64.words.threshold import threshold_curve as curve_of  # noqa: E402

STEMS = {"ache", "back", "box", "bus", "cry", "lace", "end", "up", "twee", "bless", "chao",
         "new", "bleed"}


@pytest.mark.parametrize(("word", "reason"), [
    ("aches", "-s form of ache"),
    ("backs", "-s form of back"),
    ("boxes", "-es form of box"),
    ("buses", "-es form of bus"),
    ("cries", "-ies form of cry"),
    ("laced", "-d past form of lace"),
    ("ended", "-ed past form of end"),
    ("upped", "-ed past form of up (doubled p)"),
])
def test_inflections_that_are_dropped(word, reason):
    assert inflection_of(word, STEMS) == reason


@pytest.mark.parametrize("word", [
    "bless",   # ends in ss: not an -s form
    "chaos",   # stem "chao" is not a word
    "bonus",   # stem "bonu" is not a word
    "tried",   # Y->IED past forms are kept
    "speed",   # stem "spe"/"spee" is not a word
    "bleed",   # stem "ble"/"blee" is not a word
    "crane",
])
def test_words_whose_stem_is_not_a_word_are_kept(word):
    stems = STEMS - {"chao"}
    assert inflection_of(word, stems) is None


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def sources(tmp_path):
    """A small world: guess list, counts, profanity, SCOWL lists of sizes 35/50/70, hand edits."""
    words = ["crane", "cranes", "bowie", "aches", "gaffe", "drawl", "slate", "ended", "aargh",
             "blurt", "tweed", "fluff"]
    files = {
        "words": write(tmp_path / "w.txt", "\n".join(w for w in words if len(w) == 5) + "\n"),
        "frequency": write(tmp_path / "f.txt", "crane 900\nbowie 800\naches 700\nslate 600\n"
                                               "ended 500\naargh 400\ntweed 300\nfluff 200\n"),
        "profanity": write(tmp_path / "p.json", '["fluff"]'),
        "small": write(tmp_path / "s35", "crane\ndrawl\ntweed\ntwee\n"),
        "plain": write(tmp_path / "s50", "Bowie\nache\nend\ngaffe\ncrane\n"),
        "large": write(tmp_path / "s70", "slate\nblurt\n"),
        "allow": write(tmp_path / "allow.txt", "# comment\ntweed  the cloth\n"),
        "deny": write(tmp_path / "deny.txt", "drawl  test denial\n"),
        # WordNet data.* lines: offset lex_filenum ss_type w_cnt (hex) word lex_id ...
        "wn_data": write(tmp_path / "data.noun", "  licence header line\n"
                                                 "00001 18 n 01 Bowie 0 000 | a singer\n"
                                                 "00002 06 n 02 crane 0 slate 0 000 | things\n"),
        "wn_exc": write(tmp_path / "adj.exc", "bluer blue\n"),
    }
    return files


def stand_in_lexicons(lemmas=None, zipf=None, foreign=None, default_zipf=2.5):
    """The package look-ups from dicts: every word at `default_zipf` in English (between
    rare_zipf and common_zipf: no second opinion) and in no other language unless told."""
    return Lexicons(
        lemmas=lambda words: {w: found for w, found in (lemmas or {}).items() if w in set(words)},
        english=lambda words: {w: (zipf or {}).get(w, default_zipf) for w in words},
        other=lambda words: {w: (foreign or {}).get(w, ("fr", 0.0)) for w in words})


def run(files, lexicons=None, settings=None, **switches):
    settings = {"min_frequency": 150, **(settings or {}), "filters": switches}
    paths = DictionaryPaths(scowl={35: [files["small"]], 50: [files["plain"]],
                                   70: [files["large"]]},
                            allow=files["allow"], deny=files["deny"],
                            wordnet_data=[files["wn_data"]], wordnet_exceptions=[files["wn_exc"]])
    return run_words_stage(files["words"], files["frequency"], files["profanity"], 150, "fail",
                           rule=answer_rule(settings), paths=paths,
                           lexicons=lexicons or stand_in_lexicons())


def test_each_filter_removes_its_words_and_names_itself(sources):
    table, stats, _ = run(sources)
    verdict = dict(zip(table["word"], table["removed_by"]))
    assert verdict == {
        "aargh": "common",        # frequent, but in no SCOWL list
        "aches": "inflections",   # -s form of ache
        "blurt": "common",        # SCOWL 70 only, count 0
        "bowie": "proper_nouns",  # SCOWL has it only capitalised
        "crane": "",
        "drawl": "hand_edits",    # SCOWL 35 makes it common, the deny list removes it
        "ended": "inflections",
        "fluff": "profanity",
        "gaffe": "common",        # SCOWL 50, count 0
        "slate": "common",        # frequent, but SCOWL 70 only (known_scowl_size 50)
        "tweed": "",              # -d form of twee, allowed by hand
    }
    assert stats["answers"] == 2
    assert stats["filters"]["hand_edits"] == {"on": True, "dropped": 1, "removed": 1, "alone": 1,
                                              "allowed": 1}
    assert stats["filters"]["inflections"]["dropped"] == 3  # aches, ended, tweed
    row = table.set_index("word").loc["aches"]
    assert (row["inflections"], row["inflections_why"]) == ("drop", "-s form of ache")


@pytest.mark.parametrize(("switch", "word"), [
    ("proper_nouns", "bowie"), ("inflections", "aches"), ("profanity", "fluff"),
    ("hand_edits", "drawl"), ("foreign_names", "bowie"), ("lexicon_inflections", "aches"),
    ("second_opinion", "drawl")])
def test_every_filter_can_be_switched_off(sources, switch, word):
    lexicons = stand_in_lexicons(lemmas={"aches": ("ache",)}, zipf={"drawl": 1.0, "aches": 1.0})
    table, _, _ = run(sources, lexicons, **{switch: False})
    row = table.set_index("word").loc[word]
    assert row[switch] == "off" and row["removed_by"] != switch


def test_without_the_scowl_opinion_the_count_alone_decides(sources):
    table, _, _ = run(sources, scowl_commonness=False, hand_edits=False, second_opinion=False)
    answers = set(table.loc[table["answer"], "word"])
    assert answers == {"aargh", "crane", "slate"}  # drawl (count 0) is out, aargh (400) in


def test_default_config_switches_every_filter_on():
    rule = answer_rule({"min_frequency": 150})
    assert rule == AnswerRule(150, True, True, True, True, True, 35, 50, True, True, True)


def test_threshold_curve_shows_the_whole_rule(sources):
    table, _, _ = run(sources, settings={"known_scowl_size": 70})
    rule = answer_rule({"min_frequency": 150, "known_scowl_size": 70})
    curve = curve_of(table, 1000, points=4, rule=rule)
    assert curve["threshold"].tolist() == [1, 10, 100, 1000]
    # crane (SCOWL 35) and tweed (allowed) at every threshold; slate (600) up to 100
    assert curve["all_filters"].tolist() == [3, 3, 3, 2]


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("allow", "crane\n", "'crane' needs a reason"),
    ("deny", "crane a\ncrane b\n", "duplicate 'crane' (first on line 1)"),
    ("deny", "tweed both lists\n", "both list 'tweed'"),
])
def test_bad_hand_edits_are_refused_with_their_line(sources, name, text, problem):
    write(sources[name], text)
    with pytest.raises(Wordle64Error, match=re.escape(problem)):
        run(sources)


def test_hand_edits_of_words_not_in_the_guess_list_are_a_warning(sources, caplog):
    """Hand edits written for another guess list: those words are passed over with one warning
    naming the file and the words; the file's other edits still apply."""
    write(sources["deny"], "zzzzz  not in this list\ndrawl  test denial\nqqqqq  nor this\n")
    with caplog.at_level("WARNING"):
        table, _, _ = run(sources)
    verdict = dict(zip(table["word"], table["removed_by"]))
    assert verdict["drawl"] == "hand_edits"
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [f"{sources['deny']}: 2 words not in the guess list, ignored: "
                        "'zzzzz' (line 1), 'qqqqq' (line 3)"]


def test_word_command_names_the_filter(sources, tmp_path, capsys):
    table, stats, _ = run(sources)
    folder = tmp_path / "results" / "words"
    folder.mkdir(parents=True)
    from types import SimpleNamespace

    from wordle64.words import write_words_outputs
    write_words_outputs(table, stats, SimpleNamespace(
        table=folder / "words.tsv", filters=folder / "filters.tsv", answers=folder / "a.txt",
        guesses=folder / "g.txt", stats=folder / "stats.json"))
    assert main(["word", "aches", "bowie", "--results", str(tmp_path / "results")]) == 0
    out = capsys.readouterr().out
    assert "answer:    no (removed by the inflection filter: -s form of ache)" in out
    assert "removed by the proper noun filter" in out


def test_outcomes_change_only_with_a_verdict_while_filters_name_the_threshold(sources, tmp_path):
    """A threshold moved where no word's count lies (150 -> 180): filters.tsv names the new
    threshold, outcomes.tsv (what the curated check reads) keeps every byte; a denied answer
    changes it."""
    from types import SimpleNamespace

    from wordle64.words import write_words_outputs

    def outputs(threshold: int) -> tuple[bytes, bytes]:
        table, stats, _ = run(sources, settings={"min_frequency": threshold})
        folder = tmp_path / str(threshold)
        folder.mkdir()
        names = SimpleNamespace(**{key: folder / key for key in
                                   ("table", "filters", "outcomes", "answers", "guesses",
                                    "stats")})
        write_words_outputs(table, stats, names)
        return names.filters.read_bytes(), names.outcomes.read_bytes()

    filters_150, outcomes_150 = outputs(150)
    filters_180, outcomes_180 = outputs(180)
    assert filters_150 != filters_180 and outcomes_150 == outcomes_180
    assert outcomes_150.decode().splitlines()[0] == "word\tfrequency\tprofane\tanswer\tremoved_by"
    assert "fluff\t200\t1\t0\tprofanity" in outcomes_150.decode().splitlines()
    write(sources["deny"], "drawl  test denial\ncrane  test denial\n")
    _, outcomes_denied = outputs(181)
    assert outcomes_denied.replace(b"crane\t900\t0\t0\thand_edits", b"crane\t900\t0\t1\t") \
        == outcomes_180


def test_real_lists_with_every_filter(shared_data, tmp_path):
    scowl = shared_data / "scowl"
    wordnet = Path("/usr/share/wordnet")  # Debian wordnet-base, installed by setup.sh
    if not (wordnet / "data.noun").exists():
        pytest.skip("WordNet (Debian wordnet-base) is not installed: run ./setup.sh")
    paths = DictionaryPaths(
        scowl={size: [scowl / f"{lang}-english{suffix}" for lang in ("british", "american")]
               for size, suffix in ((35, "-small"), (50, ""), (70, "-large"))},
        allow=REPO_CONFIG / "answers-allow.txt", deny=REPO_CONFIG / "answers-deny.txt",
        wordnet_data=[wordnet / f"data.{pos}" for pos in ("noun", "verb", "adj", "adv")],
        wordnet_exceptions=[wordnet / f"{pos}.exc" for pos in ("noun", "verb", "adj")])
    table, stats, _ = run_words_stage(
        shared_data / "wordle-list" / "words", shared_data / "FrequencyWords" / "en_50k.txt",
        shared_data / "profane-words" / "words.json", 150, "fail",
        rule=answer_rule({"min_frequency": 150}), paths=paths)
    assert 2300 <= stats["answers"] <= 3200
    removed = dict(zip(table["word"], table["removed_by"]))
    for word, by in [("ramon", "proper_nouns"), ("chiba", "proper_nouns"), ("amiga", "proper_nouns"),
                     ("aches", "inflections"), ("beans", "inflections"), ("joked", "inflections"),
                     ("laced", "inflections"), ("aight", "common"), ("crane", ""), ("bleed", ""),
                     ("greed", ""), ("tried", ""), ("drawl", ""), ("elegy", ""), ("terse", ""),
                     ("lithe", "")]:
        assert removed[word] == by, word


# ---- malformed input: one line each, nothing reshaped, memory bounded ------------------------
from pathlib import Path  # noqa: E402
import re  # noqa: E402
import tracemalloc  # noqa: E402

from wordle64.words.lines import MAX_LINE_CHARS, iter_lines  # noqa: E402
from wordle64.words.sources import read_frequency, read_guess_list, read_profanity  # noqa: E402

REPO_CONFIG = Path(__file__).resolve().parents[1] / "config"


def one_line_error(call, *args, **kwargs) -> str:
    with pytest.raises(Wordle64Error) as error:
        call(*args, **kwargs)
    message = str(error.value)
    assert "\n" not in message and len(message) < 250
    return message


def test_duplicate_frequency_entries_keep_the_larger_count_with_a_warning(caplog):
    with caplog.at_level("WARNING"):
        counts = parse_frequency("crane 5\nslate 9\nCRANE 8\n", "f.txt")
    assert counts == {"crane": 8, "slate": 9}
    assert "f.txt:3: 'crane' listed again (first on line 1)" in caplog.text


def test_duplicates_can_no_longer_sum_past_int64():
    big = 2**63 - 1
    assert parse_frequency(f"crane {big}\ncrane {big}\n") == {"crane": big}


def test_empty_frequency_list_says_it_is_empty(tmp_path):
    message = one_line_error(read_frequency, write(tmp_path / "f.txt", "\n  \n"))
    assert message.endswith("f.txt: the frequency list is empty (no 'word count' lines)")
    assert "threshold" not in message


@pytest.mark.parametrize("text", ["", "\n\n"])
def test_empty_guess_list_says_it_is_empty(tmp_path, text):
    path = write(tmp_path / "w.txt", text)
    assert "the guess list is empty" in one_line_error(read_guess_list, path, "skip")


def test_all_profane_list_names_the_profanity_filter(tmp_path):
    paths = (write(tmp_path / "w.txt", "crane\nslate\n"),
             write(tmp_path / "f.txt", "crane 500\nslate 900\n"),
             write(tmp_path / "p.json", '["crane", "slate"]'))
    message = one_line_error(run_words_stage, *paths, min_frequency=150, on_bad_line="fail")
    assert "profanity filter" in message and "threshold" not in message


@pytest.mark.parametrize(("text", "problem"), [
    ("crane ²\n", "'crane ²' has character U+00B2 (SUPERSCRIPT TWO) at column 7"),
    ("crane 100000000000000000000000\n", "count of 'crane' is too large"),
])
def test_odd_counts_give_one_line(text, problem):
    assert problem in one_line_error(parse_frequency, text, "f.txt")


def test_deeply_nested_profanity_json_gives_one_line(tmp_path):
    path = write(tmp_path / "p.json", "[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in one_line_error(read_profanity, path)


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("crane\n\u212aayak\n", 2, "U+212A (KELVIN SIGN) at column 1"),
    ("crane\n\u00a0slate\u00a0\n", 2, "U+00A0 (NO-BREAK SPACE) at column 1"),
    ("crane\nsla\fte\n", 2, "U+000C (a control character) at column 4"),
    ("\ufeffcrane\nslate\n", 1, "U+FEFF (BYTE ORDER MARK) at column 1"),
])
def test_non_ascii_guess_lines_are_reported_not_reshaped(tmp_path, text, line, problem):
    message = one_line_error(read_guess_list, write(tmp_path / "w.txt", text))
    assert message.startswith(f"{tmp_path / 'w.txt'}:{line}: ") and problem in message


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("\ufeffthe 100\ncrane 5\n", 1, "U+FEFF (BYTE ORDER MARK)"),
    ("the 100\n\u00a0crane 5\n", 2, "U+00A0 (NO-BREAK SPACE)"),
    ("the 100\ncrane\f5\n", 2, "U+000C"),
])
def test_odd_characters_in_the_frequency_list_are_reported_with_their_line(text, line, problem):
    message = one_line_error(parse_frequency, text, "f.txt")
    assert message.startswith(f"f.txt:{line}: ") and problem in message


def test_a_kelvin_sign_in_the_frequency_list_is_not_folded(caplog):
    with caplog.at_level("WARNING"):
        counts = parse_frequency("\u212aayak 500\nkayak 7\n", "f.txt")
    assert counts["kayak"] == 7 and "\u212aayak" in counts
    assert "f.txt:1: " in caplog.text and "looks like 'kayak'" in caplog.text


def test_long_offending_lines_are_quoted_short(tmp_path):
    path = write(tmp_path / "w.txt", "crane\n" + "x" * 100_000 + "\n")
    message = one_line_error(read_guess_list, path)
    assert f"{path}:2: line of 100,000 characters, starting 'xxxx" in message
    frequency = write(tmp_path / "f.txt", "the 1\n" + "word " * 30 + "\n")
    assert "… (149 characters)" in one_line_error(read_frequency, frequency)


def test_large_inputs_are_streamed_with_bounded_memory(tmp_path):
    path = tmp_path / "big.txt"
    with open(path, "w") as out:
        out.write("crane\n")
        for _ in range(64):
            out.write("z" * 2**17)  # one 8 MiB line
        out.write("\nslate\n")
    tracemalloc.start()
    lines = list(iter_lines(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [(line.number, line.too_long) for line in lines] == [(1, False), (2, True), (3, False)]
    assert lines[1].length == 2**23 and len(lines[1].text) == MAX_LINE_CHARS
    assert peak < 2**20  # far below the file's 8 MiB
    guesses = read_guess_list(path, "skip")
    assert guesses.words == ["crane", "slate"] and guesses.bad_count == 1
