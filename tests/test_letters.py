"""letters: dictionary parsing, front coding, the ternary search tree (reference and compiled),
the tree file, conundrums, the CLI."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from wordle64.cli import main
from wordle64.errors import Wordle64Error
from wordle64.letters import (
    CONSONANT_TILES,
    VOWEL_TILES,
    Conundrum,
    TernaryTree,
    best_presentation,
    by_length,
    compression_rows,
    conundrums,
    countdown_draws,
    front_decode,
    front_encode,
    median_first,
    parse_dictionary,
    read_dictionary,
    read_front_coded,
    splits,
    write_conundrums,
)
from wordle64.letters.fast import FastTree
from wordle64.letters.table import (
    COLUMNS,
    load_table,
    table_of,
    tree_file_path,
    tree_of,
    write_tree_file,
)


@pytest.fixture(scope="module")
def scowl_words(shared_data: Path) -> list[str]:
    """The Countdown words of the mirrored SCOWL list, parsed by the code under test."""
    source = shared_data / "scowl" / "british-english"
    if not source.exists():
        pytest.skip(f"{source} not found (the letters source is in ../shared/data/scowl)")
    return parse_dictionary(source.read_bytes(), str(source)).words


@pytest.fixture(scope="module")
def scowl_tree(scowl_words) -> TernaryTree:
    return TernaryTree.from_sorted(scowl_words)


def fits(word: str, letters: str) -> bool:
    """Brute force, independent of the tree: does every letter of `word` come from `letters`?"""
    hand = Counter(letters)
    return all(hand[ch] >= n for ch, n in Counter(word).items())


# ---- dictionary parsing -----------------------------------------------------------------------
def test_real_dictionary_keeps_lower_case_a_to_z_words_of_one_to_nine_letters(scowl_words):
    # PROVENANCE.md: 103,494 lines, 44,680 of them lower-case a-z words of 1-9 letters
    assert len(scowl_words) == 44680
    assert scowl_words == sorted(set(scowl_words))
    assert all(1 <= len(w) <= 9 and w.isascii() and w.isalpha() and w.islower()
               for w in scowl_words)
    assert {"aardvark", "countdown", "a", "zygote"} <= set(scowl_words)
    assert not {"aardvark's", "Aachen", "abandoning"} & set(scowl_words)


def test_proper_nouns_possessives_accents_and_long_words_are_dropped_and_counted():
    data = "zebra\nParis\nzebra's\ncafé\nabandoning\nx-ray\nant\nNATO\n".encode()
    parsed = parse_dictionary(data, "d.txt")
    assert parsed.words == ["ant", "zebra"]
    assert parsed.lines == 8
    assert parsed.dropped == {
        "proper noun or abbreviation (capital letter)": 2,
        "possessive or contraction": 1,
        "letters outside a-z (accents)": 1,
        "longer than 9 letters": 1,
        "hyphen or full stop": 1,
    }


def test_malformed_lines_fail_with_file_and_line_numbers():
    data = b"apple\n\nbanana\nfoo bar\nc4t\napple\n zest\nok\n"
    with pytest.raises(Wordle64Error) as error:
        parse_dictionary(data, "dict.txt")
    assert str(error.value) == ("dict.txt:2: blank line "
                                "(also malformed: lines 4, 5, 6, 7)")


def test_malformed_lines_skipped_on_request_each_with_its_problem():
    data = b"apple\n\nfoo bar\nc4t\napple\npear\r\n\xffoops\nplum\n"
    parsed = parse_dictionary(data, "dict.txt", on_bad_line="skip")
    assert parsed.words == ["apple", "pear", "plum"]  # a CRLF line end is a line end
    assert [(b.line, b.problem) for b in parsed.bad] == [
        (2, "blank line"),
        (3, "'foo bar' contains ' ', which no word has"),
        (4, "'c4t' contains '4', which no word has"),
        (5, "duplicate 'apple' (first on line 1)"),
        (7, "not UTF-8 text (byte 0xFF at column 1: invalid start byte)"),
    ]
    assert str(parsed.bad[0]) == "dict.txt:2: blank line"


def test_dictionary_and_front_coded_files_stream_through_the_shared_reader(tmp_path, monkeypatch):
    """A one-line file of 5 MB is reported by its length, read in bounded pieces, never whole."""
    import wordle64.textlines as textlines

    reads: list[int] = []
    real_raw_lines = textlines.raw_lines

    def watched(handle, max_chars=textlines.MAX_LINE_CHARS):
        reads.append(max_chars)
        return real_raw_lines(handle, max_chars)

    monkeypatch.setattr("wordle64.letters.dictionary.raw_lines", watched)
    monkeypatch.setattr(textlines, "raw_lines", watched)
    flood = tmp_path / "flood.txt"
    flood.write_bytes(b"apple\n" + b"x" * 5_000_000 + b"\nplum\n")
    with pytest.raises(Wordle64Error) as error:
        read_dictionary(flood)
    assert str(error.value).startswith(f"{flood}:2: line of 5,000,000 bytes, starting b'xxx")
    assert len(str(error.value)) < 200
    front = tmp_path / "words.fc"
    front.write_bytes(b"0apple\n" + b"0" + b"z" * 5_000_000 + b"\n")
    with pytest.raises(Wordle64Error) as error:
        read_front_coded(front)
    assert str(error.value).startswith(f"{front}:2: line of 5,000,001 characters")
    assert len(str(error.value)) < 200
    assert reads == [textlines.MAX_LINE_CHARS, textlines.MAX_LINE_CHARS]
    front.write_bytes(b"0apple\n3ly\n0pl\xe9\n")
    with pytest.raises(Wordle64Error, match=r":3: not UTF-8 text \(byte 0xE9 at column 4"):
        read_front_coded(front)


def test_many_malformed_lines_name_the_first_and_count_the_rest():
    data = b"\n" * 9 + b"word\n"
    with pytest.raises(Wordle64Error, match=r"^d:1: blank line \(also malformed: lines 2, 3, 4, "
                                            r"5 and 4 more\)$"):
        parse_dictionary(data, "d")


def test_configured_scowl_source_matches_the_mirror(shared_data, repo_root):
    import hashlib

    import yaml

    entry = yaml.safe_load((repo_root / "config" / "config.yaml").read_text())["sources"]["scowl"]
    mirrored = (shared_data / entry["mirror"]).read_bytes()
    # PROVENANCE.md: wbritish 2020.12.07-2, 977,195 bytes
    assert entry["sha256"] == hashlib.sha256(mirrored).hexdigest() == (
        "7424d6682301dc86f73b0a5c8c53f0ba4c9f0a41fb2d1cb7e5fe7f8a04f15fb0")
    assert entry["url"] == "file:///usr/share/dict/british-english"


# ---- front coding -----------------------------------------------------------------------------
def test_front_coding_by_hand():
    words = ["abbey", "abbot", "abbots", "able", "zoo"]
    assert front_encode(words) == "0abbey\n3ot\n5s\n2le\n0zoo\n"
    assert front_decode("0abbey\n3ot\n5s\n2le\n0zoo\n") == words


def test_front_coding_round_trips_every_word_of_the_dictionary(scowl_words):
    text = front_encode(scowl_words)
    assert front_decode(text) == scowl_words
    assert text.count("\n") == len(scowl_words)
    assert len(text) < len("".join(f"{w}\n" for w in scowl_words)) * 0.55


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0abc\n5x\n", "fc:2: shares 5 letters with the previous word 'abc', which has only 3"),
        ("0b\n0a\n", "fc:2: 'a' is not after 'b' (the list must be sorted and unique)"),
        ("0ab\n2\n", "fc:2: expected a digit and letters, got '2'"),
        ("abc\n", "fc:1: expected a digit and letters, got 'abc'"),
        ("0ab\n1Bc\n", "fc:2: 'Bc' is not lower-case letters a-z"),
    ],
)
def test_front_decoding_names_the_bad_line(text, message):
    with pytest.raises(Wordle64Error) as error:
        front_decode(text, "fc")
    assert str(error.value) == message


def test_front_encoding_refuses_unsorted_or_non_letter_input():
    with pytest.raises(ValueError):
        front_encode(["b", "a"])
    with pytest.raises(ValueError):
        front_encode(["a", "a"])
    with pytest.raises(ValueError):
        front_encode(["it's"])


def test_compression_rows_measure_both_representations():
    rows = compression_rows("tiny", ["abbey", "abbot"])
    raw = {r["representation"]: r for r in rows if r["compressor"] == "none"}
    assert raw["plain"]["bytes"] == 12  # "abbey\nabbot\n"
    assert raw["front-coded"]["bytes"] == 11  # "0abbey\n3ot\n"
    assert raw["front-coded"]["bits_per_word"] == 44.0
    assert {r["compressor"] for r in rows} == {"none", "gzip", "bzip2", "xz", "brotli"}
    assert set(rows[0]) == {"dataset", "representation", "compressor", "bytes", "bits_per_word"}


# ---- ternary search tree ----------------------------------------------------------------------
def test_median_first_order():
    assert median_first(7) == [3, 1, 0, 2, 5, 4, 6]
    assert sorted(median_first(1000)) == list(range(1000))


def test_small_tree_membership_iteration_and_arrangements():
    words = ["a", "an", "ant", "anta", "nat", "tan", "tana", "tat"]
    for balanced in (True, False):
        tree = TernaryTree.from_sorted(words, balanced=balanced)
        assert list(tree) == words and len(tree) == 8
        assert all(tree.has(w) for w in words)
        assert not any(tree.has(w) for w in ["", "t", "ta", "ants", "b", "A", "an t"])
        # each letter at most as often as given: one t rules out "tat", one a rules out "anta"
        assert tree.arrangements("TAN") == ["a", "an", "ant", "nat", "tan"]
        assert tree.arrangements("taan") == ["a", "an", "ant", "anta", "nat", "tan", "tana"]
        assert tree.arrangements("tta") == ["a", "tat"]
        assert tree.arrangements("xyz") == []
        assert tree.arrangements("") == []
    assert TernaryTree().arrangements("abc") == [] and not TernaryTree().has("a")


def test_tree_iterates_the_whole_dictionary_in_order(scowl_words, scowl_tree):
    assert list(scowl_tree) == scowl_words
    assert all(scowl_tree.has(w) for w in scowl_words[::97])
    assert not scowl_tree.has("aardvar") and not scowl_tree.has("zzzzz")


def test_arrangements_equal_brute_force_over_the_whole_dictionary(scowl_words, scowl_tree):
    draws = countdown_draws(12, seed=2026) + ["glxaeirnt", "eeeeeeeee", "qzxjkvwyb"]
    for draw in draws:
        expected = [w for w in scowl_words if fits(w, draw)]
        assert scowl_tree.arrangements(draw) == expected, draw


def test_known_countdown_draw(scowl_tree):
    groups = by_length(scowl_tree.arrangements("GLXAEIRNT".lower()))
    length, longest = groups[0]
    assert length == 8
    assert longest == ["alerting", "altering", "exalting", "integral", "relating", "relaxing",
                       "triangle"]


def test_balanced_tree_depth_is_logarithmic_and_beats_sorted_insertion(scowl_words):
    rng = random.Random(7)
    for n in (100, 1000, 10000, len(scowl_words)):
        sample = sorted(rng.sample(scowl_words, n))
        height, mean_depth = TernaryTree.from_sorted(sample).depths()
        # at most one node per letter of a nine-letter word plus a binary search's worth
        assert height <= math.ceil(math.log2(n)) + 10, (n, height)
        assert mean_depth <= math.log2(n) + 9
    balanced = TernaryTree.from_sorted(scowl_words)
    in_order = TernaryTree.from_sorted(scowl_words, balanced=False)
    assert balanced.nodes == in_order.nodes  # a node per distinct (prefix, letter)
    assert balanced.depths()[0] * 2 < in_order.depths()[0]


# ---- compiled walk and tree file -------------------------------------------------------------
SMALL_WORDS = ["a", "an", "ant", "anta", "nat", "tan", "tana", "tat"]


def test_compiled_walk_on_a_small_tree():
    for balanced in (True, False):
        fast = FastTree(table_of(TernaryTree.from_sorted(SMALL_WORDS, balanced=balanced)))
        assert fast.arrangements("TAN") == ["a", "an", "ant", "nat", "tan"]
        assert fast.arrangements("taan") == ["a", "an", "ant", "anta", "nat", "tan", "tana"]
        assert fast.arrangements("tta") == ["a", "tat"]
        assert fast.arrangements("xyz") == [] and fast.arrangements("") == []
        assert fast.count("taan") == 7
    assert FastTree(table_of(TernaryTree())).arrangements("abc") == []
    with pytest.raises(ValueError):
        FastTree(table_of(TernaryTree.from_sorted(SMALL_WORDS))).arrangements("t4n")


def test_table_letter_sets_hold_exactly_the_letters_of_each_side():
    table = table_of(TernaryTree.from_sorted(SMALL_WORDS))
    rows = [table.cells[r * COLUMNS:(r + 1) * COLUMNS] for r in range(table.rows)]

    def position_letters(row: int) -> set[str]:  # the node and its lo/hi sides, by hand
        if row == 0:
            return set()
        split, lo, _, hi = rows[row][:4]
        return {"abcdefghijklmnopqrstuvwxyz"[split]} | position_letters(lo) | position_letters(hi)

    def bits(letters: set[str]) -> int:
        return sum(1 << (ord(ch) - 97) for ch in letters)

    for row in range(1, table.rows):
        split, lo, eq, hi, word, lo_letters, hi_letters, letters = rows[row]
        assert lo_letters == bits(position_letters(lo)) and hi_letters == bits(position_letters(hi))
        assert letters == bits(position_letters(row))
    assert sorted(table.words) == table.words == SMALL_WORDS


def test_compiled_walk_equals_brute_force_and_reference(scowl_words, scowl_tree):
    fast = FastTree(table_of(scowl_tree))
    draws = countdown_draws(40, seed=2026) + ["glxaeirnt", "eeeeeeeee", "qzxjkvwyb",
                                               "abcdefghijklmnopqrstuvwxyz"]
    for draw in draws[:8] + draws[-4:]:
        assert fast.arrangements(draw) == [w for w in scowl_words if fits(w, draw)], draw
    for draw in draws:
        assert fast.arrangements(draw) == scowl_tree.arrangements(draw), draw


def test_tree_file_is_used_only_for_the_list_it_was_built_from(tmp_path):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(SMALL_WORDS))
    assert load_table(fc)[1] is False  # no tree file yet: built
    write_tree_file(fc, tree_file_path(fc))
    assert tree_file_path(fc) == tmp_path / "words.tree"
    table, from_file = load_table(fc)
    assert from_file and table.words == SMALL_WORDS
    assert tree_of(table).arrangements("tan") == ["a", "an", "ant", "nat", "tan"]
    assert list(tree_of(table)) == SMALL_WORDS
    fc.write_text(front_encode(["a", "at", "tan"]))  # the list changed: the file is stale
    table, from_file = load_table(fc)
    assert not from_file and table.words == ["a", "at", "tan"]
    tree_file_path(fc).write_bytes(b"not a tree")
    with pytest.raises(Wordle64Error, match="words.tree: not a wordle64 tree file"):
        load_table(fc)


def test_damaged_tree_file_is_refused_not_walked(tmp_path):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(SMALL_WORDS))
    write_tree_file(fc, tree_file_path(fc))
    data = bytearray(tree_file_path(fc).read_bytes())
    shallow = data[:52] + (1).to_bytes(4, "little") + data[56:]  # header height 1: too shallow
    tree_file_path(fc).write_bytes(shallow)
    with pytest.raises(Wordle64Error, match="deeper than its height 1"):
        FastTree(load_table(fc)[0]).arrangements("taan")
    bad_link = data[:92] + (10**6).to_bytes(4, "little") + data[96:]  # row 1's lo
    tree_file_path(fc).write_bytes(bad_link)
    with pytest.raises(Wordle64Error, match="damaged tree table"):
        FastTree(load_table(fc)[0])


# ---- draws ------------------------------------------------------------------------------------
def test_countdown_draws_follow_the_rules():
    draws = countdown_draws(300, seed=1)
    assert draws == countdown_draws(300, seed=1) and draws != countdown_draws(300, seed=2)
    vowel_counts = Counter()
    for draw in draws:
        assert len(draw) == 9
        vowels = sum(ch in VOWEL_TILES for ch in draw)
        vowel_counts[vowels] += 1
        assert all(n <= {**VOWEL_TILES, **CONSONANT_TILES}[ch] for ch, n in Counter(draw).items())
    assert set(vowel_counts) == {3, 4, 5}


# ---- conundrums -------------------------------------------------------------------------------
CONUNDRUM_WORDS = sorted(["mentalist", "tinsel", "mat", "man", "lament", "tis", "let", "list",
                          "meant", "ale", "ales", "seal"])


def test_splits_of_a_nine_letter_word_by_hand():
    tree = TernaryTree.from_sorted(CONUNDRUM_WORDS)
    # "list" and "meant"+"list": "list" is spelled inside "mentalist", so it would give it away
    assert splits("mentalist", tree, min_part=3) == [
        ("lament", "tis"), ("let", "man", "tis"), ("tinsel", "mat")]
    frequency = {"tinsel": 50, "mat": 1000, "lament": 30, "tis": 1, "let": 900, "man": 900}
    assert best_presentation(splits("mentalist", tree, 3), frequency) == ("tinsel", "mat")
    assert best_presentation(splits("mentalist", tree, 3), {}) == ("lament", "tis")


def test_conundrums_need_a_unique_nine_letter_anagram(tmp_path):
    found = conundrums(CONUNDRUM_WORDS, {"tinsel": 50, "mat": 1000, "mentalist": 7})
    assert found == [Conundrum("mentalist", ("tinsel", "mat"), 3, 7, 50)]
    assert found[0].clue == "TINSELMAT"
    assert conundrums(sorted(CONUNDRUM_WORDS + ["mantelist"])) == []  # two anagrams: no answer
    write_conundrums(found, tmp_path / "c.tsv")
    assert (tmp_path / "c.tsv").read_text().splitlines() == [
        "answer\tclue\tparts\tpresentations\tfrequency\trarest_part_frequency",
        "mentalist\tTINSELMAT\ttinsel mat\t3\t7\t50",
    ]


# ---- command line -----------------------------------------------------------------------------
def test_cli_letters_groups_longest_first(tmp_path, capsys):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(["a", "an", "ant", "nat", "tan", "tat"]))
    assert main(["letters", "TAN", "--words", str(fc), "--all"]) == 0
    assert capsys.readouterr().out == (
        "TAN: 5 words, longest 3 letters\n3: ant nat tan\n2: an\n1: a\n")
    assert main(["letters", "TAN", "--words", str(fc), "--lengths", "1"]) == 0
    assert capsys.readouterr().out == "TAN: 5 words, longest 3 letters\n3: ant nat tan\n"


def test_cli_letters_errors_are_one_line(tmp_path, capsys):
    fc = tmp_path / "words.fc"
    fc.write_text("0ant\n0an\n")
    assert main(["letters", "TAN", "--words", str(fc)]) == 2
    assert capsys.readouterr().err == (f"wordle64: error: {fc}:2: 'an' is not after 'ant' "
                                       f"(the list must be sorted and unique)\n")
    assert main(["letters", "T4N", "--words", str(fc)]) == 2
    assert "give the drawn letters as one word of letters a-z" in capsys.readouterr().err
    assert main(["letters", "TAN", "--words", str(tmp_path / "missing.fc")]) == 2
    assert f"{tmp_path / 'missing.fc'}: file not found\n" in capsys.readouterr().err


@pytest.mark.parametrize("lengths", ["0", "-2"])
def test_cli_letters_refuses_lengths_below_one(tmp_path, capsys, lengths):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(["a", "an", "ant"]))
    with pytest.raises(SystemExit) as exit_:
        main(["letters", "TAN", "--words", str(fc), "--lengths", lengths])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"wordle64 letters: error: argument --lengths: '{lengths}' is not positive (1 or more)")


def test_cli_conundrum_with_seed(tmp_path, capsys, monkeypatch):
    table = tmp_path / "c.tsv"
    write_conundrums([Conundrum("mentalist", ("tinsel", "mat"), 3, 7, 50),
                      Conundrum("abandoned", ("banned", "ado"), 8, 15502, 1045)], table)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    outputs = set()
    for seed in range(6):
        assert main(["conundrum", "--seed", str(seed), "--table", str(table)]) == 0
        outputs.add(capsys.readouterr().out)
    assert outputs == {
        "Conundrum: TINSELMAT   (TINSEL + MAT)\nAnswer: MENTALIST\n",
        "Conundrum: BANNEDADO   (BANNED + ADO)\nAnswer: ABANDONED\n",
    }
    assert main(["conundrum", "--table", str(table), "--min-frequency", "1000"]) == 0
    assert capsys.readouterr().out.endswith("Answer: ABANDONED\n")
    assert main(["conundrum", "--table", str(table), "--min-frequency", "20000"]) == 2
    assert "no conundrum has an answer of frequency >= 20000" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    write_conundrums([Conundrum("mentalist", ("tinsel", "mat"), 3, 7, 50)], table)
    for typed, verdict in (("Mentalist", "Correct!"), ("", "Answer: MENTALIST")):
        monkeypatch.setattr("builtins.input", lambda prompt, typed=typed: typed)
        assert main(["conundrum", "--table", str(table)]) == 0
        assert capsys.readouterr().out.endswith(f"{verdict}\n")
    table.write_text("answer\tclue\n")
    assert main(["conundrum", "--table", str(table)]) == 2
    assert f"{table}:1: expected the header" in capsys.readouterr().err


def test_cli_letters_takes_nine_letters_unless_asked_for_more(tmp_path, capsys):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(SMALL_WORDS))
    assert main(["letters", "TANAAAAAAA", "--words", str(fc)]) == 2
    assert capsys.readouterr().err == (
        "wordle64: error: 'TANAAAAAAA' has 10 letters, more than 9 (Countdown draws 9; "
        "--max-letters N allows more)\n")
    assert main(["letters", "TANAAAAAAA", "--words", str(fc), "--max-letters", "10"]) == 0
    assert capsys.readouterr().out.startswith("TANAAAAAAA: 7 words, longest 4 letters\n")
    assert main(["letters", "TANAAAAAA", "--words", str(fc)]) == 0  # nine: Countdown's draw


def test_cli_letters_reads_the_tree_file_when_it_matches(tmp_path, capsys):
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(SMALL_WORDS))
    write_tree_file(fc, tree_file_path(fc))
    assert main(["letters", "TAN", "--words", str(fc), "--lengths", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "TAN: 5 words, longest 3 letters\n3: ant nat tan\n"
    assert f"read from {tmp_path / 'words.tree'}" in captured.err


def test_cli_letters_bench_prints_seconds_and_words_found(tmp_path, capsys):
    words, draws = tmp_path / "words.txt", tmp_path / "draws.txt"
    words.write_text("".join(f"{w}\n" for w in SMALL_WORDS))
    draws.write_text("tan\ntaan\nxyz\n")
    assert main(["letters-bench", "--words", str(words), "--draws", str(draws)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"s", "n"} and result["n"] == 5 + 7 + 0
    fc = tmp_path / "words.fc"
    fc.write_text(front_encode(SMALL_WORDS))
    assert main(["letters-bench", "--words", str(fc), "--draws", str(draws)]) == 0
    assert json.loads(capsys.readouterr().out)["n"] == 12
    draws.write_text("tan\nT4N\n")
    assert main(["letters-bench", "--words", str(fc), "--draws", str(draws)]) == 2
    assert capsys.readouterr().err == (
        f"wordle64: error: {draws}:2: expected a draw of letters a-z, got 'T4N'\n")


def test_quick_commands_are_registered_by_the_module_named_for_them():
    from wordle64 import cli

    for command, module in cli.QUICK_COMMANDS.items():
        assert module in cli.COMMAND_MODULES
        with pytest.raises(SystemExit) as exit_:  # --help of the command, from that module alone
            cli.build_parser((module,)).parse_args([command, "--help"])
        assert exit_.value.code == 0


def test_the_brute_force_check_names_what_a_solver_misses_or_adds():
    from wordle64.letters.draws import check_chunk

    words = ["aab", "ab", "abc", "ba", "cab"]          # AAB needs two As
    solvers = {"right": lambda draw: ["ab", "abc", "ba", "cab"],
               "wrong": lambda draw: ["aab", "ab", "abc", "ba"]}
    report = check_chunk(words, ["abcxyzqrs"], solvers)
    assert report["draws"] == 1 and report["solvers"] == ["right", "wrong"]
    assert report["mismatches"] == [{"solver": "wrong", "draw": "abcxyzqrs",
                                     "missing": ["cab"], "extra": ["aab"]}]
