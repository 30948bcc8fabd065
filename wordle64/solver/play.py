"""Playing strategies against every answer: greedy heuristics, a lookahead search, evaluation.

A strategy builds a decision tree over a set of answers: each node holds the guess to play and
one child per feedback that leaves answers. The tree's *cost* is the total number of guesses over
all its answers (average = cost / answers) and its *depth* the most guesses any answer needs.

Every answer must be in the guess list (the words stage makes answers a subset of guesses).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from numba import njit

from wordle64.errors import Wordle64Error
from wordle64.solver.core import (
    HEURISTICS, PATTERNS, SOLVED, Figures, code_to_marks, exact_order, heuristic_order,
    split_figures,
)
from wordle64.score import marks_to_string
from wordle64.solver.hard import HardGuesses

log = logging.getLogger(__name__)

MAX_GUESSES = 6
STRATEGIES = tuple(HEURISTICS) + ("search",)


@dataclass(frozen=True)
class Game:
    """The word lists and their feedback matrix, arranged answer-major for fast row gathers."""

    guesses: Sequence[str]
    answers: Sequence[str]
    by_answer: np.ndarray  # (answers, guesses) uint8 codes
    answer_guess: np.ndarray  # guess index of each answer
    hard: HardGuesses | None = None  # hard mode: the guesses allowed after each scored guess

    @classmethod
    def from_matrix(cls, guesses: Sequence[str], answers: Sequence[str],
                    matrix: np.ndarray) -> "Game":
        """`matrix` is (guesses, answers) as written by the solver_matrix rule."""
        if matrix.shape != (len(guesses), len(answers)):
            raise Wordle64Error(f"feedback matrix is {matrix.shape[0]} x {matrix.shape[1]}, the "
                                f"lists are {len(guesses)} x {len(answers)}: rebuild it")
        index = {word: i for i, word in enumerate(guesses)}
        missing = [word for word in answers if word not in index]
        if missing:
            raise Wordle64Error(f"answer {missing[0]!r} is not in the guess list "
                                f"({len(missing)} answers missing)")
        return cls(guesses, answers, np.ascontiguousarray(matrix.T),
                   np.array([index[word] for word in answers], dtype=np.int64))

    def in_hard_mode(self) -> "Game":
        """The same lists, every guess after the first held to the game's hard mode."""
        return replace(self, hard=HardGuesses(self.guesses))

    def columns(self, after: tuple[int, int] | None) -> np.ndarray | None:
        """The guesses allowed after (guess, code) in hard mode; None: every guess."""
        if self.hard is None or after is None:
            return None
        return self.hard.allowed(*after)

    def codes(self, subset: np.ndarray, columns: np.ndarray | None) -> np.ndarray:
        """The (subset, guesses) code block, of the allowed guesses only when `columns`."""
        block = self.by_answer[subset]
        return block if columns is None else np.ascontiguousarray(block[:, columns])

    def figures(self, subset: np.ndarray, columns: np.ndarray | None = None) -> Figures:
        return split_figures(self.codes(subset, columns))

    def partition(self, subset: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """(code, answers) groups of `subset` by the feedback of `guess`, solved group left out;
        groups by code, each in `subset`'s order."""
        codes, starts, members = _group_by_code(self.by_answer, subset, guess)
        return [(int(code), members[starts[i]:starts[i + 1]])
                for i, code in enumerate(codes) if code != SOLVED]


@njit(cache=True, nogil=True)
def _group_by_code(by_answer, subset, guess):  # pragma: no cover - compiled
    """A stable counting sort of `subset` by feedback code: (codes present, ascending; their
    groups' starts, plus the end; the members in that order)."""
    counts = np.zeros(256, np.int64)
    for answer in subset:
        counts[by_answer[answer, guess]] += 1
    present = 0
    for code in range(256):
        present += counts[code] > 0
    codes = np.empty(present, np.int64)
    starts = np.empty(present + 1, np.int64)
    offset = np.empty(256, np.int64)
    at = 0
    slot = 0
    for code in range(256):
        if counts[code]:
            codes[slot] = code
            starts[slot] = at
            offset[code] = at
            at += counts[code]
            slot += 1
    starts[present] = at
    members = np.empty_like(subset)
    for answer in subset:
        code = by_answer[answer, guess]
        members[offset[code]] = answer
        offset[code] += 1
    return codes, starts, members


@dataclass
class Node:
    """A decision-tree node: play `guess`; `children[code]` continues after that feedback."""

    guess: int
    size: int
    cost: int  # total guesses over the answers below, this guess included
    depth: int  # most guesses any answer below needs, this guess included
    children: dict[int, "Node"] = field(default_factory=dict)
    exact: bool = False  # no tree for these answers within the guess limit costs less


def _assemble(game: Game, subset: np.ndarray, guess: int, children: dict[int, Node]) -> Node:
    cost = len(subset) + sum(child.cost for child in children.values())
    depth = 1 + max((child.depth for child in children.values()), default=0)
    return Node(guess, len(subset), cost, depth, children)


def _small_node(game: Game, subset: np.ndarray) -> Node | None:
    """One or two answers: guess the first (no strategy can do better); else None."""
    if len(subset) > 2:
        return None
    first = Node(int(game.answer_guess[subset[0]]), 1, 1, 1, exact=True)
    if len(subset) == 1:
        return first
    second = Node(int(game.answer_guess[subset[1]]), 1, 1, 1, exact=True)
    return Node(first.guess, 2, 3, 2, {int(game.by_answer[subset[1], first.guess]): second},
                exact=True)


# ---- greedy -----------------------------------------------------------------------------------
def greedy_guess(game: Game, subset: np.ndarray, heuristic: str,
                 after: tuple[int, int] | None = None) -> int:
    columns = game.columns(after)
    best = int(heuristic_order(game.figures(subset, columns), heuristic)[0])
    return best if columns is None else int(columns[best])


def greedy_tree(game: Game, subset: np.ndarray, heuristic: str,
                after: tuple[int, int] | None = None) -> Node:
    """The tree of always playing the best guess by `heuristic` (every guess allowed, or in
    hard mode those allowed `after` the previous guess and its code)."""
    small = _small_node(game, subset)
    if small is not None:
        return small
    guess = greedy_guess(game, subset, heuristic, after)
    children = {code: greedy_tree(game, group, heuristic, (guess, code))
                for code, group in game.partition(subset, guess)}
    return _assemble(game, subset, guess, children)


# ---- lookahead search -------------------------------------------------------------------------
@dataclass(frozen=True)
class SearchSettings:
    """widths[d - 1]: guesses tried by lower bound and by entropy at a node after d guesses (the
    last entry repeats; the first guess is chosen by :func:`first_guess`), and `hard_widths`
    the same in hard mode, where fewer guesses are allowed and the best ones lie deeper in
    either order; nodes of at most `exact_size` answers try every guess the lower bound cannot
    rule out (exact)."""

    widths: tuple[int, ...] = (8, 4, 2)
    hard_widths: tuple[int, ...] = (64, 32, 2)
    exact_size: int = 10
    max_guesses: int = MAX_GUESSES


class Search:
    """Lookahead: at each node try the best few guesses by the lower bound on the total guesses
    (most groups, candidates first), solve each under them recursively and keep the cheapest
    tree within `max_guesses`. A guess whose lower bound reaches the best cost found is skipped,
    which makes small nodes exact."""

    def __init__(self, game: Game, settings: SearchSettings = SearchSettings()):
        self.game = game
        self.settings = settings
        self.memo: dict[tuple[bytes, int], Node | None] = {}
        self.nodes_tried = 0

    def solve(self, subset: np.ndarray, depth: int = 0, first: int | None = None,
              after: tuple[int, int] | None = None) -> Node | None:
        """Cheapest tree found for `subset` after `depth` guesses (in hard mode, the last of
        them `after` = (guess, code)); None if none fits."""
        left = self.settings.max_guesses - depth
        if left <= 0 or (left == 1 and len(subset) > 1):
            return None
        rule = self.game.hard.rule(*after) if self.game.hard is not None and after else None
        key = (subset.tobytes(), depth, rule)
        if first is None and key in self.memo:
            return self.memo[key]
        node = _small_node(self.game, subset) if first is None else None
        if node is None:
            node = self._search(subset, depth, first, after)
        if first is None:
            self.memo[key] = node
        return node

    def _search(self, subset: np.ndarray, depth: int, first: int | None,
                after: tuple[int, int] | None) -> Node | None:
        if first is not None:  # forced: no figures needed
            return self._try(subset, first, depth, math.inf)
        columns = self.game.columns(after)  # figures by position in it; None: every guess
        exact = first is None and len(subset) <= self.settings.exact_size
        if exact:  # one guess per way to split the subset, in lower-bound order
            lower, candidate, order = exact_order(self.game.codes(subset, columns))
            width = len(order)
        else:
            figures = self.game.figures(subset, columns)
            lower, candidate = figures.lower_bound, figures.candidate
            order = np.lexsort((np.arange(len(lower)), ~candidate, lower))
            widths = self.settings.widths if self.game.hard is None else self.settings.hard_widths
            width = widths[min(max(depth - 1, 0), len(widths) - 1)]
            # the best few by lower bound and by entropy, tried in lower-bound order; the
            # rest follow only while none of those fits within the guess limit
            shortlist = np.union1d(order[:width], heuristic_order(figures, "entropy")[:width])
            shortlist = shortlist[np.lexsort((shortlist, ~candidate[shortlist],
                                              lower[shortlist]))]
            order = np.concatenate([shortlist, order[~np.isin(order, shortlist)]])
            width = len(shortlist)
        # with two guesses left, only a guess that leaves single answers can fit: the others
        # are skipped in place, so the ranks (and the result) are as if each had been tried
        singles = 2 * len(subset) - candidate if self.settings.max_guesses - depth == 2 else None
        best: Node | None = None
        for rank, guess in enumerate(order):
            if best is not None and (lower[guess] >= best.cost or rank >= width):
                break
            if singles is not None and lower[guess] != singles[guess]:
                continue
            chosen = int(guess) if columns is None else int(columns[guess])
            node = self._try(subset, chosen, depth, best.cost if best else math.inf)
            if node is not None and (best is None or node.cost < best.cost):
                best = node
        if best is not None:
            # every split was tried: the cheapest tree. Not in hard mode, where two guesses that
            # split alike may allow different guesses after them, and one stands for both
            best.exact = exact and self.game.hard is None
        return best

    def _try(self, subset: np.ndarray, guess: int, depth: int, bound: float) -> Node | None:
        """The tree under `guess`, or None when it cannot beat `bound` or fit the guess limit."""
        self.nodes_tried += 1
        groups = self.game.partition(subset, guess)
        if len(groups) == 1 and len(groups[0][1]) == len(subset):
            return None  # learns nothing
        groups.sort(key=lambda item: -len(item[1]))  # big groups first: the bound bites early
        lower = [2 * len(group) - 1 + max(len(group) - (PATTERNS - 5), 0) for _, group in groups]
        remaining = sum(lower)
        total = len(subset)
        if total + remaining >= bound:
            return None
        children = {}
        for (code, group), group_lower in zip(groups, lower):
            remaining -= group_lower
            child = self.solve(group, depth + 1, after=(guess, code))
            if child is None:
                return None
            total += child.cost
            if total + remaining >= bound:
                return None
            children[code] = child
        return _assemble(self.game, subset, guess, children)


# ---- first guesses ----------------------------------------------------------------------------
OPENER_FIGURES = {  # sweep figure -> (Figures attribute, larger is better)
    "entropy": ("entropy", True),
    "buckets": ("buckets", True),
    "squares": ("sum_squares", False),
    "minimax": ("max_bucket", False),
    "lower_bound": ("lower_bound", False),
}
SWEEP_PER_FIGURE = 13  # best openers of each figure searched (solver.sweep.per_figure): 42 words


def figure_order(figures: Figures, figure: str) -> np.ndarray:
    """Guess indices best first by one of OPENER_FIGURES; ties to candidates, then lower index."""
    attribute, larger_better = OPENER_FIGURES[figure]
    values = getattr(figures, attribute)
    if attribute == "entropy":
        values = np.round(values, 9)
    index = np.arange(len(values))
    return np.lexsort((index, ~figures.candidate, -values if larger_better else values))


def opener_shortlist(game: Game, per_figure: int = SWEEP_PER_FIGURE) -> list[int]:
    """The union of the best `per_figure` openers by every figure of OPENER_FIGURES, ordered by
    the lower bound (then candidates first, then index): the openers the sweep searches."""
    figures = game.figures(np.arange(len(game.answers)))
    chosen = set()
    for figure in OPENER_FIGURES:
        chosen.update(figure_order(figures, figure)[:per_figure].tolist())
    order = figure_order(figures, "lower_bound")
    return [int(guess) for guess in order if int(guess) in chosen]


@dataclass(frozen=True)
class OpenerResult:
    """The full search's tree under one forced opener (total None: no tree within six)."""

    opener: str
    total: int | None
    answers: int
    worst: int | None
    seconds: float

    @property
    def average(self) -> float:
        return self.total / self.answers if self.total is not None else math.nan

    def key(self) -> tuple:
        """Sort key: smallest total, then shallowest tree, then alphabetical."""
        return (self.total is None, self.total or 0, self.worst or 0, self.opener)


def search_opener(game: Game, guess: int, settings: SearchSettings = SearchSettings()
                  ) -> OpenerResult:
    """The lookahead search of every answer with `guess` forced first."""
    start = time.perf_counter()
    node = Search(game, settings).solve(np.arange(len(game.answers)), 0, first=guess)
    return OpenerResult(game.guesses[guess], node.cost if node else None, len(game.answers),
                        node.depth if node else None, round(time.perf_counter() - start, 3))


def sweep_openers(game: Game, openers: Sequence[int], settings: SearchSettings = SearchSettings(),
                  progress: Callable[[str], None] | None = None) -> list[OpenerResult]:
    """The full search under each opener, best first."""
    results = []
    for guess in openers:
        result = search_opener(game, guess, settings)
        if progress is not None:
            progress(f"opener {result.opener}: total {result.total}, {result.seconds:.1f} s")
        results.append(result)
    return sorted(results, key=OpenerResult.key)


def first_guess(game: Game, strategy: str, settings: SearchSettings = SearchSettings(),
                per_figure: int = SWEEP_PER_FIGURE,
                progress: Callable[[str], None] | None = None) -> int:
    """The opening guess: the heuristic's best; for the search, the opener whose full search
    gives the smallest total among the best `per_figure` openers of every figure (the sweep)."""
    subset = np.arange(len(game.answers))
    if strategy in HEURISTICS:
        return greedy_guess(game, subset, strategy)
    if strategy != "search":
        raise Wordle64Error(f"unknown strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
    if len(subset) <= settings.exact_size:
        return Search(game, settings).solve(subset, 0).guess  # exact: every opener considered
    best = sweep_openers(game, opener_shortlist(game, per_figure), settings, progress)[0]
    return list(game.guesses).index(best.opener)


# ---- evaluation -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """One answer played out: the guesses and the feedback each got."""

    answer: str
    steps: tuple[tuple[str, int], ...]  # (guess, feedback code)

    @property
    def guesses(self) -> int:
        return len(self.steps)

    def line(self) -> str:
        """Decision-tree line: ``raise ..y.g1 clout g....2 blast ggggg3``."""
        return " ".join(f"{guess} {marks_to_string(code_to_marks(code))}{n}"
                        for n, (guess, code) in enumerate(self.steps, start=1))


def play_out(game: Game, node: Node, subset: np.ndarray,
             prefix: tuple[tuple[str, int], ...] = ()) -> list[Played]:
    """Every answer of `subset` walked down the tree, in answer order."""
    played: list[Played] = []
    stack = [(node, subset, prefix)]
    while stack:
        node, members, steps = stack.pop()
        codes = game.by_answer[members, node.guess]
        guess_word = game.guesses[node.guess]
        for member, code in zip(members.tolist(), codes.tolist()):
            here = steps + ((guess_word, int(code)),)
            if code == SOLVED:
                played.append(Played(game.answers[member], here))
        for code, group in game.partition(members, node.guess):
            if code not in node.children:
                raise AssertionError(f"tree has no branch for {code} after {guess_word}")
            stack.append((node.children[code], group,
                          steps + ((guess_word, code),)))
    return sorted(played, key=lambda p: p.answer)


def chunk_groups(game: Game, first: int, chunks: int) -> list[list[np.ndarray]]:
    """The answer groups after the first guess dealt to `chunks` jobs, biggest group to the
    least loaded job, so the jobs share no node below the first guess."""
    groups = game.partition(np.arange(len(game.answers)), first)
    groups.sort(key=lambda item: (-len(item[1]), item[0]))
    dealt: list[list[np.ndarray]] = [[] for _ in range(chunks)]
    load = [0] * chunks
    for _, group in groups:
        target = load.index(min(load))
        dealt[target].append(group)
        load[target] += len(group)
    return dealt


@dataclass(frozen=True)
class Chunk:
    """One chunk's games, and its groups after the opener whose trees are the cheapest there
    are (solved exactly: the certificate that no strategy does better on them)."""

    played: list[Played]
    groups: int
    exact_groups: int
    exact_answers: int


def evaluate_chunk(game: Game, strategy: str, first: int, chunk: int, chunks: int,
                   settings: SearchSettings = SearchSettings(),
                   progress: Callable[[str], None] | None = None) -> Chunk:
    """Play `strategy` (after the opener `first`) for the answers of one chunk.

    The first chunk also owns the answer equal to the opener (solved at once)."""
    played: list[Played] = []
    exact_groups = exact_answers = 0
    first_word = game.guesses[first]
    search = Search(game, settings) if strategy == "search" else None
    groups = chunk_groups(game, first, chunks)[chunk]
    for number, group in enumerate(groups, start=1):
        code = int(game.by_answer[group[0], first])
        if search is not None:
            node = search.solve(group, 1, after=(first, code))
            if node is None:
                raise Wordle64Error(f"search found no tree within {settings.max_guesses} guesses "
                                    f"for {len(group)} answers after {first_word}")
        else:
            node = greedy_tree(game, group, strategy, (first, code))
        if search is not None and node.exact:
            exact_groups += 1
            exact_answers += len(group)
        played += play_out(game, node, group, ((first_word, code),))
        if progress is not None and (number % 20 == 0 or number == len(groups)):
            progress(f"{strategy} chunk {chunk}: {number}/{len(groups)} groups after "
                     f"{first_word} done")
    if chunk == 0 and first_word in set(game.answers):
        played.append(Played(first_word, ((first_word, SOLVED),)))
    return Chunk(sorted(played, key=lambda p: p.answer), len(groups), exact_groups, exact_answers)


def evaluate(game: Game, strategy: str, settings: SearchSettings = SearchSettings(),
             first: int | None = None, chunks: int = 1,
             progress: Callable[[str], None] | None = None,
             per_figure: int = SWEEP_PER_FIGURE) -> tuple[list[Played], float]:
    """Every answer played by `strategy`; returns the games and the seconds taken."""
    start = time.perf_counter()
    if first is None:
        first = first_guess(game, strategy, settings, per_figure, progress=progress)
        if progress is not None:
            progress(f"{strategy}: first guess {game.guesses[first]}")
    played = []
    for chunk in range(chunks):
        played += evaluate_chunk(game, strategy, first, chunk, chunks, settings, progress).played
    return sorted(played, key=lambda p: p.answer), time.perf_counter() - start


@dataclass(frozen=True)
class Summary:
    strategy: str
    first_guess: str
    answers: int
    total: int
    average: float
    worst: int
    failures: int  # answers needing more than six guesses
    distribution: dict[int, int]
    seconds: float


def summarise(strategy: str, played: Sequence[Played], seconds: float) -> Summary:
    counts: dict[int, int] = {}
    for game in played:
        counts[game.guesses] = counts.get(game.guesses, 0) + 1
    total = sum(game.guesses for game in played)
    openers = {game.steps[0][0] for game in played}
    return Summary(
        strategy=strategy,
        first_guess=openers.pop() if len(openers) == 1 else ",".join(sorted(openers)),
        answers=len(played),
        total=total,
        average=total / len(played) if played else math.nan,
        worst=max((game.guesses for game in played), default=0),
        failures=sum(game.guesses > MAX_GUESSES for game in played),
        distribution=dict(sorted(counts.items())),
        seconds=round(seconds, 3),
    )
