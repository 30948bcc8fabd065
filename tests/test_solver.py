"""Solver core: vectorised feedback, filtering, the four ranking figures, reachable patterns."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from wordle64.errors import Wordle64Error
from wordle64.score import marks_from_string, pattern_code, score
from wordle64.solver.core import (
    SOLVED, Clue, Masks, encode, feedback_codes, feedback_matrix, filter_words, rank_guesses,
    reachable_patterns, split_figures,
)


def marks(text: str) -> int:
    return pattern_code(marks_from_string(text))


# Hand-worked under the official rule: right places first, then "elsewhere" left to right while
# the answer still has an unmatched copy of the letter.
REPEATED_LETTER_CASES = [
    ("speed", "abide", "..y.y"),  # two e's guessed, one in the answer: only the first is yellow
    ("llama", "hello", "yy..."),  # two l's both elsewhere
    ("lolly", "hello", ".ygg."),  # the right l's use up both copies: the first l is absent
    ("kebab", "abbey", ".ygyy"),  # b right, second b elsewhere
    ("geese", "those", "...gg"),  # the right e takes the only copy
    ("eerie", "crane", "..y.g"),  # the last e is right, so the first two are absent
    ("array", "rarer", "yyg.."),  # one a to go round, two r's
    ("sassy", "essay", "yyg.g"),  # three s's guessed, two in the answer, one right
]


@pytest.mark.parametrize(("guess", "answer", "expected"), REPEATED_LETTER_CASES)
def test_vectorised_feedback_on_repeated_letters(guess, answer, expected):
    assert feedback_codes(encode([guess]), encode([answer]))[0, 0] == marks(expected)
    assert pattern_code(score(guess, answer)) == marks(expected)


def test_vectorised_feedback_equals_official_score_on_every_pair_over_three_letters():
    words = ["".join(w) for w in itertools.product("abc", repeat=5)]
    matrix = feedback_matrix(words, words, block=50)
    expected = np.array([[pattern_code(score(g, a)) for a in words] for g in words])
    assert np.array_equal(matrix, expected)


def test_vectorised_feedback_equals_official_score_on_real_words(shared_data):
    words = sorted((shared_data / "wordle-list" / "words").read_text().split())
    rng = random.Random(7)
    guesses, answers = rng.sample(words, 300), rng.sample(words, 200)
    matrix = feedback_matrix(guesses, answers, block=64)
    for i, j in zip(rng.choices(range(300), k=3000), rng.choices(range(200), k=3000)):
        assert matrix[i, j] == pattern_code(score(guesses[i], answers[j]))


def test_238_of_the_243_patterns_can_occur():
    # Every pattern appears when some guess over a..f meets the answer "abcde", except the five
    # with four right-place marks and one "elsewhere" mark (its copy would need a second place).
    guesses = ["".join(w) for w in itertools.product("abcdef", repeat=5)]
    seen = {pattern_code(score(guess, "abcde")) for guess in guesses}
    impossible = {marks(t) for t in ("ygggg", "gyggg", "ggygg", "gggyg", "ggggy")}
    assert 3**5 == 243
    assert len(seen) == 238
    assert seen == set(range(243)) - impossible
    assert reachable_patterns() == seen
    assert set(np.unique(feedback_codes(encode(guesses), encode(["abcde"])))) == seen


# ---- filtering --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small_list(shared_data) -> list[str]:
    return sorted((shared_data / "wordle-list" / "words").read_text().split())[::40]


def test_filter_matches_brute_force(small_list):
    rng = random.Random(11)
    for _ in range(40):
        answer = rng.choice(small_list)
        played = rng.sample(small_list, rng.randint(1, 3))
        clues = [Clue(guess, score(guess, answer)) for guess in played]
        expected = [w for w in small_list if all(score(c.guess, w) == c.marks for c in clues)]
        assert filter_words(small_list, clues) == expected
        assert answer in expected


def test_filter_with_repeated_letter_feedback():
    words = ["sassy", "essay", "bossy", "messy", "asset", "sissy"]
    # "sassy" guessed against "essay" gives yyg.g: s somewhere else, exactly two s, a, y last
    assert filter_words(words, [Clue.parse("sassy", "yyg.g")]) == ["essay"]


def brute_force_masks(word: str, right: str, elsewhere: list[str], absent: str) -> bool:
    """The official rule: a mask's elsewhere letters are copies beyond the right-place ones."""
    need = Counter(c for c in right if c.isalpha())
    for i, c in enumerate(right):
        if c.isalpha() and word[i] != c:
            return False
    most = Counter()
    for mask in elsewhere:
        here = Counter(c for c in mask if c.isalpha())
        for letter, n in here.items():
            most[letter] = max(most[letter], n)
        for i, c in enumerate(mask):
            if c.isalpha() and word[i] == c:
                return False
    need += most
    have = Counter(word)
    if any(have[letter] < n for letter, n in need.items()):
        return False
    if len(absent) == 5 and not absent.isalpha():  # a mask: also not at those places
        if any(c.isalpha() and word[i] == c for i, c in enumerate(absent)):
            return False
    return all(have[letter] == need[letter] for letter in absent if letter.isalpha())


@pytest.mark.parametrize(("right", "elsewhere", "absent"), [
    ("????y", ["p?g??"], ""),
    ("?????", ["a????", "?r???"], "teio"),
    ("s????", [], "aeiou"),
    ("??e??", ["e????"], "e"),  # e right at place 3 and another e, not at place 1: exactly two
    ("?????", ["ss???", "??a??"], "ty"),  # two s's, neither in the first two places
    ("????e", ["e?r??"], "?e?i?"),  # eerie=y.y.g: two e's, none at place 2, no i
    ("????t", ["st???"], "??ot?"),  # stott=yy..g: two t's, none at place 4
])
def test_two_mask_filter_matches_brute_force(small_list, right, elsewhere, absent):
    masks = Masks(right, tuple(elsewhere), absent)
    expected = [w for w in small_list if brute_force_masks(w, right, elsewhere, absent)]
    assert filter_words(small_list, masks=masks) == expected


def test_two_mask_example_from_the_issue():
    words = ["pygmy", "gypsy", "piggy", "happy", "puppy"]
    # y last, p and g present but not in places 1 and 3
    assert filter_words(words, masks=Masks("????y", ("p?g??",))) == ["gypsy"]


def test_bad_clues_and_masks_are_one_line_errors():
    with pytest.raises(Wordle64Error, match="five letters"):
        Clue.parse("raise", "gg")
    with pytest.raises(Wordle64Error, match="unknown mark"):
        Clue.parse("raise", "gqg..")
    with pytest.raises(Wordle64Error, match="mask"):
        Masks("??", ())


# ---- ranking figures --------------------------------------------------------------------------
def test_ranking_figures_on_a_hand_worked_example():
    candidates = ["abcde", "abcdf", "abcfg", "xyzzy"]
    ranked = {r.word: r for r in rank_guesses(["fffff", "zzzzz", "abcde"], candidates,
                                              by="entropy", limit=None)}
    # abcde: ggggg, gggg., ggg.., ..... -> four groups of one
    a = ranked["abcde"]
    assert (a.max_bucket, a.sum_squares, a.buckets, a.candidate) == (1, 4, 4, True)
    assert a.entropy == pytest.approx(2.0)
    # fffff: {abcde, xyzzy} ....., {abcdf} ....g, {abcfg} ...g.
    f = ranked["fffff"]
    assert (f.max_bucket, f.sum_squares, f.buckets, f.candidate) == (2, 6, 3, False)
    assert f.entropy == pytest.approx(1.5)
    # zzzzz: three answers ....., xyzzy ..gg.
    z = ranked["zzzzz"]
    assert (z.max_bucket, z.sum_squares, z.buckets) == (3, 10, 2)
    assert z.entropy == pytest.approx(-(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25)))
    order = [r.word for r in rank_guesses(["fffff", "zzzzz", "abcde"], candidates, by="minimax")]
    assert order == ["abcde", "fffff", "zzzzz"]


@pytest.mark.parametrize("size", [3, 20, 150])  # each code path of split_figures
def test_split_figures_agree_with_counting(small_list, size):
    rng = random.Random(size)
    candidates = rng.sample(small_list, size)
    guesses = small_list[:60]
    codes = np.array([[pattern_code(score(g, a)) for g in guesses] for a in candidates])
    figures = split_figures(codes.astype(np.uint8))
    for j, guess in enumerate(guesses):
        groups = Counter(codes[:, j]).values()
        assert figures.max_bucket[j] == max(groups)
        assert figures.sum_squares[j] == sum(n * n for n in groups)
        assert figures.buckets[j] == len(groups)
        assert figures.entropy[j] == pytest.approx(-sum(n / size * math.log2(n / size)
                                                        for n in groups))
        assert figures.candidate[j] == (guess in candidates)
        assert figures.candidate[j] == (SOLVED in codes[:, j])


@pytest.mark.parametrize("content", [b"# not a matrix\n", b"", None])
def test_a_file_that_is_not_the_lists_feedback_matrix_is_one_line(tmp_path, capsys, content):
    from wordle64.cli import main

    guesses, answers = tmp_path / "guesses.txt", tmp_path / "answers.txt"
    guesses.write_text("crane\nslate\nmoist\n")
    answers.write_text("crane\nslate\n")
    matrix = tmp_path / "matrix.npy"
    if content is None:  # a real .npy of the wrong shape
        np.save(matrix, np.zeros((2, 2), dtype=np.uint8))
    else:
        matrix.write_bytes(content)
    for command in ("evaluate", "absurdle"):
        code = main([command, "--guesses", str(guesses), "--answers", str(answers),
                     "--matrix", str(matrix)])
        error = capsys.readouterr().err.strip()
        assert code == 2 and len(error.splitlines()) == 1, error
        assert str(matrix) in error and ("not a feedback matrix" in error or "3 x 2" in error)
