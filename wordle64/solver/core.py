"""Wordle solver core: the feedback matrix, candidate filtering and guess ranking.

Feedback uses the official repeated-letter rule of :func:`wordle64.score.score` (exact matches
first, then "elsewhere" left to right while the answer has unmatched copies); the vectorised
:func:`feedback_codes` computes the same marks for whole arrays of words and is tested against it.

A feedback *code* is :func:`wordle64.score.pattern_code` of the marks: base 3, first letter most
significant, 0 (all absent) .. 242 (all right, :data:`SOLVED`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from wordle64.errors import NoCandidate, Wordle64Error
from wordle64.score import ABSENT, ELSEWHERE, RIGHT, marks_from_string, pattern_code
from wordle64.textlines import quote, read_words

WORD_LENGTH = 5
PATTERNS = 3**WORD_LENGTH  # 243 codes, of which 238 can occur
SOLVED = PATTERNS - 1  # all five right
_POWERS = np.array([3 ** (WORD_LENGTH - 1 - i) for i in range(WORD_LENGTH)], dtype=np.uint8)


# ---- words ------------------------------------------------------------------------------------
def encode(words: Sequence[str]) -> np.ndarray:
    """Words as an (n, 5) uint8 array of letter numbers 0..25."""
    if not words:
        return np.zeros((0, WORD_LENGTH), dtype=np.uint8)
    data = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    if data.size != len(words) * WORD_LENGTH:
        raise ValueError("every word must have five letters")
    letters = data.reshape(len(words), WORD_LENGTH) - ord("a")
    if letters.max() >= 26:
        raise ValueError("words must be lower-case a-z")
    return letters


def is_letter(char: str) -> bool:
    """A letter a-z in either case (str.isalpha would take é or ÿ too)."""
    return len(char) == 1 and "a" <= char.lower() <= "z"


NO_CANDIDATE = "no candidate left: the clues contradict each other or the word list"


def read_word_list(path: str | Path) -> list[str]:
    """Words of a one-word-per-line file (results/words/answers.txt, guesses.txt, ...), lower
    case; blank lines are skipped; a bad or repeated word is a one-line error naming its line
    (wordle64.textlines.read_words, the reader the pipeline uses too)."""
    words: list[str] = []
    seen: dict[str, int] = {}
    for number, word in read_words(path, WORD_LENGTH):
        word = word.lower()
        if word in seen:
            raise Wordle64Error(f"{path}:{number}: {word!r} repeats line {seen[word]}")
        seen[word] = number
        words.append(word)
    return words


def read_frequencies(path: str | Path) -> dict[str, int]:
    """word -> frequency from results/words/words.tsv (columns word, frequency, ...)."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise Wordle64Error(f"{path}: cannot read ({error.strerror})") from None
    if not lines:
        raise Wordle64Error(f"{path}:1: empty table, expected a header")
    header = lines[0].split("\t")
    if header[:2] != ["word", "frequency"]:
        raise Wordle64Error(f"{path}:1: expected columns word, frequency, got {header[:2]}")
    frequencies = {}
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) < 2 or not fields[1].isdigit():
            raise Wordle64Error(f"{path}:{number}: expected word<TAB>frequency, got {line!r}")
        frequencies[fields[0]] = int(fields[1])
    return frequencies


# ---- feedback ---------------------------------------------------------------------------------
def feedback_codes(guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """Feedback codes of encoded `guesses` (g, 5) against encoded `answers` (a, 5): (g, a) uint8.

    Vectorised official rule: guess letter i is ELSEWHERE when it is not right and the number of
    earlier non-right copies of it in the guess is below the number of non-right copies of it
    in the answer.
    """
    guesses = np.asarray(guesses, dtype=np.uint8)
    answers = np.asarray(answers, dtype=np.uint8)
    right = guesses[:, None, :] == answers[None, :, :]  # (g, a, 5)
    # same[g, i, j]: guess letters i and j are equal
    same = guesses[:, :, None] == guesses[:, None, :]
    answer_counts = np.zeros((answers.shape[0], 26), dtype=np.int8)
    for position in range(WORD_LENGTH):
        np.add.at(answer_counts, (np.arange(answers.shape[0]), answers[:, position]), 1)
    codes = np.zeros(right.shape[:2], dtype=np.uint8)
    for i in range(WORD_LENGTH):
        letter = guesses[:, i]
        # copies of the letter in the answer not taken by a right mark, and earlier non-right
        # copies of it in the guess (each of those took one unmatched copy first, if any)
        unmatched = answer_counts[:, letter].T.copy()
        earlier = np.zeros_like(unmatched)
        for j in range(WORD_LENGTH):
            equal = same[:, i, j][:, None]
            unmatched -= right[:, :, j] & equal
            if j < i:
                earlier += ~right[:, :, j] & equal
        elsewhere = ~right[:, :, i] & (earlier < unmatched)
        codes += _POWERS[i] * (right[:, :, i] * np.uint8(RIGHT) + elsewhere * np.uint8(ELSEWHERE))
    return codes


def memory_bytes() -> int:
    """This machine's physical memory in bytes."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def check_fits(guesses: int, answers: int, bytes_per_pair: int, what: str) -> None:
    """Refuse, before allocating, a guesses x answers array of `bytes_per_pair` bytes a pair
    that would take more than half of this machine's memory, with the numbers."""
    need, have = guesses * answers * bytes_per_pair, memory_bytes()
    if need > have // 2:
        raise Wordle64Error(
            f"{what} of {guesses:,} guesses x {answers:,} answers needs {size_text(need)}, "
            f"more than half of this machine's {size_text(have)} of memory; use shorter "
            "word lists")


def size_text(count: int) -> str:
    """Bytes in MiB below a GiB, else in GiB, one decimal."""
    return f"{count / 2**20:,.1f} MiB" if count < 2**30 else f"{count / 2**30:,.1f} GiB"


def feedback_matrix(guesses: Sequence[str], answers: Sequence[str], block: int = 256,
                    progress=None) -> np.ndarray:
    """The (len(guesses), len(answers)) uint8 matrix of feedback codes, computed in blocks."""
    check_fits(len(guesses), len(answers), 1, "the feedback matrix")
    guess_letters, answer_letters = encode(guesses), encode(answers)
    matrix = np.empty((len(guesses), len(answers)), dtype=np.uint8)
    for start in range(0, len(guesses), block):
        stop = min(start + block, len(guesses))
        matrix[start:stop] = feedback_codes(guess_letters[start:stop], answer_letters)
        if progress is not None:
            progress(stop, len(guesses))
    return matrix


def code_to_marks(code: int) -> tuple[int, ...]:
    marks = []
    for _ in range(WORD_LENGTH):
        code, mark = divmod(code, 3)
        marks.append(mark)
    return tuple(reversed(marks))


# ---- filtering --------------------------------------------------------------------------------
CLUE_MARKS = "gy.210-_"  # the marks a clue may use: letters other than g and y are refused


@dataclass(frozen=True)
class Clue:
    """One played guess and the feedback it got."""

    guess: str
    marks: tuple[int, ...]

    @classmethod
    def parse(cls, guess: str, marks: str) -> "Clue":
        guess = guess.strip().lower()
        if len(guess) != WORD_LENGTH or not all(map(is_letter, guess)):
            raise Wordle64Error(f"guess {quote(guess)} is not a five-letter word")
        odd = next((c for c in marks.strip().lower() if c not in CLUE_MARKS), None)
        if odd is not None:  # x or b for grey are other tools' marks, and letters besides
            raise Wordle64Error(f"marks {quote(marks)} for {guess!r}: unknown mark {odd!r} "
                                "(g right place, y elsewhere, . absent)")
        parsed = marks_from_string(marks.strip())
        if len(parsed) != WORD_LENGTH:
            raise Wordle64Error(f"marks {quote(marks)} for {guess!r} must be five letters g, y "
                                "or .")
        return cls(guess, parsed)


@dataclass(frozen=True)
class Masks:
    """The classic two-mask description: right-place letters, elsewhere letters, absent letters.

    `right` is a pattern like ``'????y'`` (``?`` or ``.`` unknown); each of `elsewhere` is a
    pattern like ``'p?g??'`` (the letter is in the word, not at that place); `absent` lists
    letters not in the word beyond the copies the masks require, as plain letters (``'ei'``) or
    as masks with the places the letters were tried (``'?e?i?'``), several separated by commas.
    Under the official repeated-letter rule a guess's elsewhere marks are copies beyond its
    right-place ones, so a
    letter needs its copies in `right` plus the most it has in any one elsewhere mask:
    ``eerie=y.y.g`` is ``right='????e', elsewhere=('e?r??',), absent='?e?i?'``: two e's exactly,
    none at the second place. Plain absent letters drop that last fact.
    """

    right: str = "?????"
    elsewhere: tuple[str, ...] = ()
    absent: str = ""

    def __post_init__(self) -> None:
        for name, mask in [("right", self.right)] + [("elsewhere", m) for m in self.elsewhere]:
            if len(mask) != WORD_LENGTH or any(c not in "?._" and not is_letter(c) for c in mask):
                raise Wordle64Error(f"{name} mask {quote(mask)} must be five characters of a-z "
                                    "or ?")
        for absent in self.absent_masks():
            if any(not is_letter(c) and (len(absent) != WORD_LENGTH or c not in "?._")
                   for c in absent):
                raise Wordle64Error(f"absent {quote(absent)} must be letters a-z or a "
                                    "five-character mask like '?e?i?'")

    def absent_masks(self) -> list[str]:
        """`absent` split at commas and spaces: plain letters, or masks with the places."""
        return [part for part in self.absent.replace(",", " ").split() if part]

    def required(self) -> np.ndarray:
        """Copies of each letter the word must have: its right-place copies plus the most
        elsewhere copies of one mask (the official rule: a guess's elsewhere marks are copies
        beyond the ones it got right)."""
        right = np.zeros(26, dtype=int)
        for char in self.right.lower():
            if char.isalpha():
                right[ord(char) - ord("a")] += 1
        elsewhere = np.zeros(26, dtype=int)
        for mask in self.elsewhere:
            in_mask = np.zeros(26, dtype=int)
            for char in mask.lower():
                if char.isalpha():
                    in_mask[ord(char) - ord("a")] += 1
            elsewhere = np.maximum(elsewhere, in_mask)
        return right + elsewhere

    def matches(self, letters: np.ndarray) -> np.ndarray:
        """Boolean mask over encoded words (n, 5)."""
        keep = np.ones(letters.shape[0], dtype=bool)
        for position, char in enumerate(self.right.lower()):
            if char.isalpha():
                keep &= letters[:, position] == ord(char) - ord("a")
        for mask in self.elsewhere:
            for position, char in enumerate(mask.lower()):
                if char.isalpha():
                    keep &= letters[:, position] != ord(char) - ord("a")
        required = self.required()
        counts = np.stack([(letters == letter).sum(axis=1) for letter in range(26)], axis=1)
        keep &= (counts >= required).all(axis=1)
        for absent in self.absent_masks():
            for position, char in enumerate(absent.lower()):
                if not char.isalpha():
                    continue
                letter = ord(char) - ord("a")
                keep &= counts[:, letter] == required[letter]  # 0 when no mask has it
                if len(absent) == WORD_LENGTH and not absent.isalpha():
                    keep &= letters[:, position] != letter  # an absent mark's place
        return keep


def filter_words(words: Sequence[str], clues: Iterable[Clue] = (), masks: Masks | None = None
                 ) -> list[str]:
    """The words consistent with every clue (exact official feedback) and the masks, in order."""
    letters = encode(words)
    keep = np.ones(len(words), dtype=bool)
    for clue in clues:
        codes = feedback_codes(encode([clue.guess]), letters)[0]
        keep &= codes == pattern_code(clue.marks)
    if masks is not None:
        keep &= masks.matches(letters)
    return [word for word, kept in zip(words, keep) if kept]


def rank_by_frequency(words: Iterable[str], frequencies: dict[str, int]) -> list[str]:
    """Most frequent first, then alphabetical."""
    return sorted(words, key=lambda word: (-frequencies.get(word, 0), word))


# ---- bucket figures ---------------------------------------------------------------------------
FIGURES = ("max_bucket", "sum_squares", "entropy", "buckets")
HEURISTICS = {  # strategy name -> (figure, larger is better)
    "minimax": ("max_bucket", False),
    "squares": ("sum_squares", False),
    "entropy": ("entropy", True),
    "buckets": ("buckets", True),
}


@dataclass(frozen=True)
class Figures:
    """Per-guess figures of how a guess splits a candidate set (arrays over the guesses).

    max_bucket: the largest group of candidates sharing one feedback (minimax);
    sum_squares: sum of squared group sizes (n times the expected size of the group left);
    entropy: bits of information of the feedback; buckets: number of distinct feedbacks;
    candidate: the guess is itself a candidate (it may win at once).
    """

    max_bucket: np.ndarray
    sum_squares: np.ndarray
    entropy: np.ndarray
    buckets: np.ndarray
    candidate: np.ndarray
    lower_bound: np.ndarray  # total guesses the set needs at least after this guess (see below)


def bucket_lower_bound(size: np.ndarray) -> np.ndarray:
    """Fewest total guesses that can solve a group of `size` answers.

    One answer can be guessed at once, at most 237 more at the second guess (one per non-solved
    feedback), the rest need at least three.
    """
    size = np.asarray(size, dtype=np.int64)
    return np.where(size > 0, 2 * size - 1 + np.maximum(size - (PATTERNS - 5), 0), 0)




def split_figures(codes: np.ndarray) -> Figures:
    """Figures of every guess from the (candidates, guesses) code block of a candidate set."""
    size, count = codes.shape
    if size < 64:
        return _small_figures(codes)
    # per-group terms looked up by group size, summed in feedback-code order (as a sum over
    # the rows of a codes x guesses table would), by compiled code
    group_sizes = np.arange(size + 1, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        plogp_of = np.where(group_sizes > 0, group_sizes * np.log2(group_sizes), 0.0)
    lower_of = bucket_lower_bound(np.arange(size + 1))
    max_bucket, sum_squares, plogp, buckets, candidate, lower = _split_kernel(
        np.ascontiguousarray(codes), plogp_of, lower_of)
    return Figures(
        max_bucket=max_bucket,
        sum_squares=sum_squares,
        entropy=math.log2(size) - plogp / size,
        buckets=buckets,
        candidate=candidate,
        lower_bound=size + lower,
    )


_BLOCK = 64  # guesses counted at once: their counts stay in the cache


@njit(cache=True, nogil=True)
def _split_kernel(codes, plogp_of, lower_of):  # pragma: no cover - compiled
    """Per guess over a (candidates, guesses) code block: largest group, sum of squared group
    sizes, sum of plogp_of[group size] in code order, groups, candidate, and the sum of
    lower_of[group size] over the groups that are not solved."""
    size, count = codes.shape
    max_bucket = np.zeros(count, np.int64)
    sum_squares = np.zeros(count, np.int64)
    plogp = np.zeros(count, np.float64)
    buckets = np.zeros(count, np.int64)
    candidate = np.zeros(count, np.bool_)
    lower = np.zeros(count, np.int64)
    counts = np.zeros((_BLOCK, PATTERNS), np.int64)
    for first in range(0, count, _BLOCK):
        last = min(first + _BLOCK, count)
        counts[:] = 0
        for row in range(size):
            for guess in range(first, last):
                counts[guess - first, codes[row, guess]] += 1
        for guess in range(first, last):
            group = counts[guess - first]
            largest, squares, bits, groups, bound = 0, 0, 0.0, 0, 0
            for code in range(PATTERNS):
                m = group[code]
                if m > largest:
                    largest = m
                squares += m * m
                bits += plogp_of[m]
                if m > 0:
                    groups += 1
                if code != SOLVED:
                    bound += lower_of[m]
            max_bucket[guess], sum_squares[guess], plogp[guess] = largest, squares, bits
            buckets[guess], candidate[guess] = groups, group[SOLVED] > 0
            lower[guess] = bound
    return max_bucket, sum_squares, plogp, buckets, candidate, lower


def bound_figures(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lower_bound, candidate) of :class:`Figures` alone, from the (candidates, guesses) code
    block of a set of at most 238 answers (where no group exceeds 237): the cheap figures the
    exact search orders its guesses by, counted from sorted codes."""
    size = codes.shape[0]
    if size > PATTERNS - 5:
        raise AssertionError("bound_figures is for sets of at most 238 answers")
    return _bound_kernel(np.ascontiguousarray(codes))


@njit(cache=True, nogil=True)
def _bound_kernel(codes):  # pragma: no cover - compiled
    """(3 size - candidate - distinct feedbacks, candidate) per guess of a small code block."""
    size, count = codes.shape
    lower = np.empty(count, np.int64)
    candidate = np.zeros(count, np.bool_)
    seen = np.zeros(256, np.bool_)
    for guess in range(count):
        distinct = 0
        for row in range(size):
            code = codes[row, guess]
            if code == SOLVED:
                candidate[guess] = True
            if not seen[code]:
                seen[code] = True
                distinct += 1
        for row in range(size):
            seen[codes[row, guess]] = False
        lower[guess] = 3 * size - candidate[guess] - distinct
    return lower, candidate


SPLIT_KEY_MAX_SIZE = 15  # (size + 1) ** size stays below 2 ** 63 up to here


def exact_order(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(lower_bound, candidate, guesses to try) for the exact search of a small set: one guess
    for each way of splitting the candidates (the same groups, the same candidate solved: the
    same trees; the lowest-numbered one), by lower bound, candidates first, then guess number.
    `codes`: its (candidates, guesses) code block; above SPLIT_KEY_MAX_SIZE candidates every
    guess is kept."""
    lower, candidate = bound_figures(codes)
    if codes.shape[0] > SPLIT_KEY_MAX_SIZE:
        keep = np.arange(len(lower))
    else:
        # a split fixes the lower bound and the candidate flag, so the lowest-numbered guess
        # of each split is also the first of them in the order below
        _, keep = np.unique(_split_keys(np.ascontiguousarray(codes)), return_index=True)
    return lower, candidate, keep[np.lexsort((keep, ~candidate[keep], lower[keep]))]


@njit(cache=True, nogil=True)
def _split_keys(codes):  # pragma: no cover - compiled
    """One integer per guess naming how it splits the candidates: each candidate's group
    numbered by first appearance (the solved group: `size`), as digits in base size + 1."""
    size, count = codes.shape
    keys = np.empty(count, np.int64)
    label_of = np.full(256, -1, np.int64)
    for guess in range(count):
        key, labels, scale = 0, 0, 1
        for row in range(size):
            code = codes[row, guess]
            if code == SOLVED:
                label = size
            else:
                label = label_of[code]
                if label < 0:
                    label = labels
                    label_of[code] = labels
                    labels += 1
            key += label * scale
            scale *= size + 1
        for row in range(size):
            label_of[codes[row, guess]] = -1
        keys[guess] = key
    return keys


def _small_figures(codes: np.ndarray) -> Figures:
    """Figures of a set of fewer than 64 candidates, from each candidate's group size (compiled:
    the log-sizes summed over the candidates in order, as numpy's mean over them would)."""
    size = codes.shape[0]
    log2_of = np.log2(np.arange(1, size + 1, dtype=np.float64))
    max_bucket, sum_squares, log_sum, buckets, candidate = _group_size_kernel(
        np.ascontiguousarray(codes), log2_of)
    # sum over non-solved groups of (2 m - 1): 2 (n - solved) - non-solved groups; groups of
    # fewer than 238 need no extra term
    lower = size + 2 * (size - candidate) - (buckets - candidate)
    return Figures(
        max_bucket=max_bucket,
        sum_squares=sum_squares,
        entropy=math.log2(size) - log_sum / size,
        buckets=buckets,
        candidate=candidate,
        lower_bound=lower.astype(np.int64),
    )


@njit(cache=True, nogil=True)
def _group_size_kernel(codes, log2_of):  # pragma: no cover - compiled
    """Per guess: largest group, sum over candidates of their group's size (sum of squares),
    sum over candidates of log2_of[size - 1] in candidate order, groups, candidate."""
    size, count = codes.shape
    max_bucket = np.zeros(count, np.int64)
    sum_squares = np.zeros(count, np.int64)
    log_sum = np.zeros(count, np.float64)
    buckets = np.zeros(count, np.int64)
    candidate = np.zeros(count, np.bool_)
    counts = np.zeros(256, np.int64)
    for guess in range(count):
        for row in range(size):
            counts[codes[row, guess]] += 1
        largest, squares, bits, groups = 0, 0, 0.0, 0
        for row in range(size):
            code = codes[row, guess]
            m = counts[code]
            largest = max(largest, m)
            squares += m
            bits += log2_of[m - 1]
            if code == SOLVED:
                candidate[guess] = True
        for row in range(size):
            code = codes[row, guess]
            if counts[code]:
                groups += 1
                counts[code] = 0
        max_bucket[guess], sum_squares[guess], log_sum[guess] = largest, squares, bits
        buckets[guess] = groups
    return max_bucket, sum_squares, log_sum, buckets, candidate


def heuristic_order(figures: Figures, heuristic: str) -> np.ndarray:
    """Guess indices best first by `heuristic`; ties go to candidates, then to the lower index."""
    figure, larger_better = HEURISTICS[heuristic]
    values = getattr(figures, figure)
    if figure == "entropy":
        values = np.round(values, 9)  # equal splits must tie whatever the summation order
    primary = -values if larger_better else values
    index = np.arange(len(values))
    return np.lexsort((index, ~figures.candidate, primary))


def best_guess(figures: Figures, heuristic: str) -> int:
    return int(heuristic_order(figures, heuristic)[0])


@dataclass(frozen=True)
class RankedGuess:
    word: str
    max_bucket: int
    sum_squares: int
    entropy: float
    buckets: int
    candidate: bool


def rank_guesses(guesses: Sequence[str], candidates: Sequence[str], by: str = "entropy",
                 limit: int | None = 20) -> list[RankedGuess]:
    """Guesses ranked for the candidate set by one heuristic, with all four figures."""
    if not candidates:
        raise NoCandidate(NO_CANDIDATE)
    if by not in HEURISTICS:
        raise Wordle64Error(f"unknown ranking {by!r} (choose from {', '.join(HEURISTICS)})")
    check_fits(len(guesses), len(candidates), 2, "ranking guesses")
    codes = feedback_matrix(guesses, candidates).T.copy()
    figures = split_figures(codes)
    order = heuristic_order(figures, by)[:limit]
    return [RankedGuess(guesses[i], int(figures.max_bucket[i]), int(figures.sum_squares[i]),
                        float(figures.entropy[i]), int(figures.buckets[i]),
                        bool(figures.candidate[i])) for i in order]


def reachable_patterns() -> set[int]:
    """Codes that can occur: all but the five with four right marks and one elsewhere mark.

    One elsewhere mark needs a second non-right place to hold the letter's copy, and four right
    marks leave only one non-right place.
    """
    impossible = set()
    for i in range(WORD_LENGTH):
        marks = [RIGHT] * WORD_LENGTH
        marks[i] = ELSEWHERE
        impossible.add(pattern_code(tuple(marks)))
    return set(range(PATTERNS)) - impossible


__all__ = ["ABSENT", "ELSEWHERE", "RIGHT", "SOLVED", "PATTERNS", "Clue", "Masks", "Figures",
           "encode", "feedback_codes", "feedback_matrix", "filter_words", "rank_guesses",
           "split_figures", "bound_figures", "heuristic_order", "best_guess",
           "bucket_lower_bound", "read_word_list", "read_frequencies", "quote", "NO_CANDIDATE",
           "rank_by_frequency", "code_to_marks", "reachable_patterns"]
