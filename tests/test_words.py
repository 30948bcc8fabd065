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
    assert parse_frequency("you 100\nCrane 7\ncrane 3\n") == {"you": 100, "crane": 10}
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
    (tmp_path / "p.json").write_text("[]")
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
