"""Absurdle on the C64 (workflow/asm/absurdle.s) against wordle64.solver.absurdle, under py65.

`C64Absurdle` calls the real 6502 routines by label on the PRG with its dictionary unpacked:
``absurdle_reset`` and ``absurdle_guess`` (the adversary's feedback, the answers it keeps). The
validation plays seeded random guess sequences on the C64 and in Python and compares the
feedback and the remaining count at every step, replays the known win of ``wordle64 absurdle``
(results/solver/absurdle.txt) and times the openers that cost the most: a cost model of the
scorer's paths (:func:`opener_costs`) ranks every guess word as an opener, the top ones are run.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from wordle64.c64 import emu
from wordle64.errors import Wordle64Error
from wordle64.game.rules import PANEL_COL, ROWS
from wordle64.io import write_json
from wordle64.score import score
from wordle64.solver import absurdle
from wordle64.solver.core import SOLVED, encode
from wordle64.solver.play import Game as Lists

INIT_CYCLES = 20_000_000     # dict_init (the unpack) budget
GUESS_CYCLES = 4_000_000     # one absurdle_guess budget (the target is ~1.48 M: 1.5 s PAL)
TARGET_SECONDS = 1.5         # worst guess allowed, PAL
_TURN = re.compile(r"^\d+\. ([a-z]{5}) \S+ (\d+)$")


@dataclass(frozen=True)
class Step:
    code: int    # feedback code, sum of mark * 3^(4 - position)
    left: int    # answers the adversary keeps
    won: bool    # carry out of absurdle_guess
    cycles: int  # of absurdle_guess, JSR and RTS included


class C64Absurdle:
    """The PRG's Absurdle routines on the py65 harness (dictionary unpacked once)."""

    def __init__(self, prg: bytes, labels: dict[str, int]) -> None:
        self.machine = emu.Machine(prg, labels)
        self.machine.call("dict_init", max_cycles=INIT_CYCLES)
        self.answers = self.machine.read_word("dict_answer_count")

    @classmethod
    def from_files(cls, prg: str | Path, labels: str | Path) -> C64Absurdle:
        return cls(Path(prg).read_bytes(), emu.parse_labels(Path(labels).read_text(), str(labels)))

    def reset(self) -> int:
        """absurdle_reset; returns the answers left (all of them)."""
        self.machine.call("absurdle_reset")
        return self.machine.read_word("abs_left")

    def guess(self, word: str) -> Step:
        self.machine.write("guess_buf", [ord(c) - 97 for c in word])
        result = self.machine.call("absurdle_guess", max_cycles=GUESS_CYCLES)
        marks = list(self.machine.read("marks_buf", 5))
        code = self.machine.read("abs_code", 1)[0]
        if marks != list(_marks(code)):
            raise Wordle64Error(f"absurdle_guess {word!r}: marks_buf {marks} do not spell code "
                                f"{code}")
        return Step(code, self.machine.read_word("abs_left"), result.carry, result.cycles)

    def remaining(self) -> list[int]:
        """Answer numbers whose bit is set in the bitmap (answer 0 = bit 7 of the first byte)."""
        start = self.machine.read_word("abs_bitmap")
        bits = np.unpackbits(np.frombuffer(self.machine.read(start, self.answers // 8 + 1),
                                           dtype=np.uint8))
        if bits[self.answers:].any():
            raise Wordle64Error("the Absurdle bitmap has bits set past the last answer")
        return np.flatnonzero(bits[:self.answers]).tolist()

    def snapshot(self) -> bytes:
        return bytes(self.machine.memory)

    def restore(self, snapshot: bytes) -> None:
        self.machine.memory[:] = snapshot


def is_absurdle_screen(screen) -> bool:
    """The Absurdle mode's screen (its title in the panel)."""
    return screen.text_lines()[1][PANEL_COL:PANEL_COL + 8] == "ABSURDLE"


def remaining_words(game, answers: Sequence[str]) -> list[str]:
    """The answers the adversary still allows, from the bitmap of a running PRG (`game` is a
    wordle64.game.session.Game)."""
    start = int.from_bytes(game.read("abs_bitmap", 2), "little")
    bits = np.unpackbits(np.frombuffer(game.read(start, len(answers) // 8 + 1), dtype=np.uint8))
    return [answers[i] for i in np.flatnonzero(bits[:len(answers)])]


def absurdle_problems(game, words: frozenset[str] | set[str], answers: Sequence[str]) -> list[str]:
    """What is wrong with a running Absurdle game: the count of answers left must be the
    bitmap's, at least one, and every answer left must give each row on the board its marks."""
    board = game.board()
    if not (0 <= board.row <= ROWS and 0 <= board.col <= 5):
        return [f"absurdle: board_row {board.row} / board_col {board.col} out of range"]
    left = remaining_words(game, answers)
    problems = []
    if len(left) != int.from_bytes(game.read("abs_left", 2), "little") or not left:
        problems.append(f"absurdle: {len(left)} answers in the bitmap, abs_left says "
                        f"{int.from_bytes(game.read('abs_left', 2), 'little')}")
    for row in range(board.row):
        word = board.word(row)
        if word not in words:
            problems.append(f"absurdle row {row + 1}: {word!r} is not in the word list")
            continue
        wrong = [answer for answer in left if score(word, answer) != board.row_marks(row)]
        if wrong:
            problems.append(f"absurdle row {row + 1}: {word!r} marked {board.row_marks(row)}, "
                            f"yet {wrong[0]!r} (left) would get {score(word, wrong[0])}")
    return problems


def adversary(word: str, left: Sequence[str]) -> tuple[tuple[int, ...], list[str]]:
    """The adversary's marks for `word` and the answers it keeps, by wordle64.score.score and
    the tie rule of wordle64.solver.absurdle (for the scripted games; no feedback matrix)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for answer in left:
        groups.setdefault(score(word, answer), []).append(answer)
    marks = max(groups, key=lambda m: (len(groups[m]), -absurdle.TIE_RANK[_code(m)]))
    return marks, groups[marks]


def _code(marks: tuple[int, ...]) -> int:
    return sum(mark * 3 ** (4 - i) for i, mark in enumerate(marks))


def _marks(code: int) -> tuple[int, ...]:
    return tuple((code // 3 ** (4 - i)) % 3 for i in range(5))


def opener_costs(guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
    """Per guess, the cycles its first guess costs beyond the part every opener pays, from the
    scorer's paths in absurdle.s: +1 per right-place letter, +7 per elsewhere check that finds
    an unmatched copy, +15 more when it marks one (the per-answer work is otherwise fixed)."""
    return _opener_costs(np.ascontiguousarray(encode(list(guesses))),
                         np.ascontiguousarray(encode(list(answers))))


@njit(cache=True, nogil=True)
def _opener_costs(guesses, answers):  # pragma: no cover - compiled
    """opener_costs on (n, 5) letter arrays: per answer, the right-place letters, then each
    guess letter's elsewhere check against the answer's copies not right and not yet marked."""
    costs = np.zeros(guesses.shape[0], np.int64)
    taken = np.zeros(26, np.int64)
    for index in range(guesses.shape[0]):
        guess = guesses[index]
        cost = 0
        for row in range(answers.shape[0]):
            answer = answers[row]
            for i in range(5):
                cost += answer[i] == guess[i]
            taken[:] = 0
            for i in range(5):
                letter = guess[i]
                copies = 0
                for j in range(5):
                    if answer[j] == letter and answer[j] != guess[j]:
                        copies += 1
                if copies - taken[letter] > 0:
                    cost += 7
                    if answer[i] != guess[i]:
                        cost += 15
                        taken[letter] += 1
        costs[index] = cost
    return costs


def read_known_win(path: str | Path) -> list[tuple[str, int]]:
    """(guess, answers left) of each turn of results/solver/absurdle.txt."""
    turns = []
    for number, line in enumerate(Path(path).read_text().splitlines()[1:], start=2):
        match = _TURN.match(line.strip())
        if not match:
            raise Wordle64Error(f"{path}:{number}: not a turn line: {line!r}")
        turns.append((match.group(1), int(match.group(2))))
    if not turns:
        raise Wordle64Error(f"{path}:1: no turns")
    return turns


class Checker:
    """Plays guesses on the C64 and in Python side by side, collecting problems and cycles."""

    def __init__(self, c64: C64Absurdle, lists: Lists) -> None:
        self.c64, self.lists = c64, lists
        self.index = {word: i for i, word in enumerate(lists.guesses)}
        self.problems: list[str] = []
        self.cycles: list[int] = []
        self.worst = ("", 0)

    def start(self) -> np.ndarray:
        left = self.c64.reset()
        if left != len(self.lists.answers):
            self.problems.append(f"absurdle_reset leaves {left} answers, expected "
                                 f"{len(self.lists.answers)}")
        return np.arange(len(self.lists.answers))

    def step(self, remaining: np.ndarray, word: str, where: str,
             check_bitmap: bool = False) -> tuple[np.ndarray, bool]:
        """One guess on both; returns Python's remaining answers and whether it was won."""
        code, kept = absurdle.respond(self.lists, remaining, self.index[word])
        got = self.c64.guess(word)
        self.cycles.append(got.cycles)
        if got.cycles > self.worst[1]:
            self.worst = (word if len(remaining) == len(self.lists.answers) else "", got.cycles)
        if (got.code, got.left, got.won) != (code, len(kept), code == SOLVED):
            self.problems.append(f"{where}: {word!r}: C64 code {got.code}, {got.left} left, won "
                                 f"{got.won}; Python code {code}, {len(kept)} left")
        elif check_bitmap and self.c64.remaining() != kept.tolist():
            self.problems.append(f"{where}: {word!r}: the bitmap is not Python's group")
        return kept, code == SOLVED


def play_sequences(checker: Checker, cases: int, openers: Sequence[str], seed: int,
                   max_guesses: int, log=print) -> tuple[int, int]:
    """`cases` seeded sequences: an opener from `openers` (each run once, then restored from a
    snapshot), then guesses that are a random remaining answer or a random word, half and half,
    until won or `max_guesses`. Returns the guesses played and the sequences won."""
    rng = random.Random(seed)
    lists = checker.lists
    after: dict[str, tuple[bytes, np.ndarray]] = {}
    played = won_sequences = 0
    for case in range(cases):
        opener = openers[case % len(openers)] if case < len(openers) else rng.choice(openers)
        if opener not in after:
            kept, _ = checker.step(checker.start(), opener, f"case {case} guess 1", True)
            after[opener] = (checker.c64.snapshot(), kept)
        else:
            snapshot, kept = after[opener]
            checker.c64.restore(snapshot)
        played += 1
        for turn in range(2, max_guesses + 1):
            if rng.random() < 0.5:
                word = lists.answers[int(rng.choice(kept.tolist()))]
            else:
                word = rng.choice(lists.guesses)
            kept, won = checker.step(kept, word, f"case {case} guess {turn}", turn == 2)
            played += 1
            if won:
                won_sequences += 1
                break
        if len(checker.problems) >= 20:
            break
        if case % 100 == 99:
            log(f"absurdle: {case + 1}/{cases} sequences, {played} guesses, "
                f"{len(checker.problems)} problems")
    return played, won_sequences


def validate_absurdle(prg: str | Path, labels: str | Path, guesses_path: str | Path,
                      answers_path: str | Path, matrix_path: str | Path,
                      known_win_path: str | Path, *, cases: int, openers: int, worst: int,
                      max_guesses: int, seed: int, chunk: int = 0, chunks: int = 1,
                      log=print) -> dict:
    """One chunk of results/validate/absurdle.json (see the module docstring): chunk `chunk` of
    `chunks` plays its share of the sequences from its share of the openers (every chunk the
    same opener pool, so together they cover it once); chunk 0 also replays the known win and
    times the costliest openers. :func:`gather_absurdle` joins the chunks."""
    started = time.perf_counter()
    lists = Lists.from_matrix(Path(guesses_path).read_text().split(),
                              Path(answers_path).read_text().split(), np.load(matrix_path))
    if list(lists.answers) != sorted(lists.answers):
        raise Wordle64Error(f"{answers_path}:1: answers are not in dictionary (sorted) order")
    checker = Checker(C64Absurdle.from_files(prg, labels), lists)
    problems = checker.problems
    if checker.c64.answers != len(lists.answers):
        problems.append(f"the PRG has {checker.c64.answers} answers, {answers_path} "
                        f"{len(lists.answers)}")
    costs = opener_costs(lists.guesses, lists.answers)
    costly = [lists.guesses[i] for i in np.argsort(-costs, kind="stable")[:worst]]
    rng = random.Random(seed)
    pool = list(dict.fromkeys(costly + rng.sample(list(lists.guesses), openers)))
    known, won, opener_cycles = read_known_win(known_win_path), False, {}
    if chunk == 0:
        won = _replay_known_win(checker, known)
        log(f"absurdle: costliest openers by the model: {costly}")
    mine = cases // chunks + (1 if chunk < cases % chunks else 0)
    played, won_sequences = play_sequences(checker, mine, pool[chunk::chunks] or pool,
                                           seed + 1 + chunk, max_guesses, log)
    if chunk == 0:
        for word in costly[:5]:
            checker.step(checker.start(), word, "costly opener")
            opener_cycles[word] = checker.cycles[-1]
    cycles = checker.cycles or [0]
    return {
        "check": "absurdle", "chunk": chunk, "passed": not problems, "cases": mine,
        "failed": len(problems), "steps": len(checker.cycles),
        "cycles": {"min": min(cycles), "mean": round(float(np.mean(cycles))),
                   "max": max(cycles)},
        "worst_guess": checker.worst[0], "guesses_played": played, "sequences_won": won_sequences,
        "openers": len(pool[chunk::chunks] or pool), "costliest_openers_cycles": opener_cycles,
        "known_win": [word for word, _ in known] if chunk == 0 else [], "known_win_won": won,
        "problems": problems[:20], "seconds": round(time.perf_counter() - started, 1),
    }


def _replay_known_win(checker: Checker, known: list[tuple[str, int]]) -> bool:
    """The transcript of `wordle64 absurdle` played on the C64; True when it wins there."""
    remaining, won = checker.start(), False
    for number, (word, left) in enumerate(known, start=1):
        remaining, won = checker.step(remaining, word, f"known win guess {number}", True)
        if len(remaining) != left:
            checker.problems.append(f"known win guess {number}: {word!r} leaves "
                                    f"{len(remaining)}, the transcript says {left}")
    if not won:
        checker.problems.append(f"the known win ({len(known)} guesses) was not won on the C64")
    return won


def gather_absurdle(chunks: list[dict], cases: int) -> dict:
    """results/validate/absurdle.json from the chunks: every sequence played, every step equal,
    the worst guess within TARGET_SECONDS PAL."""
    problems = [problem for chunk in chunks for problem in chunk["problems"]][:20]
    played = sum(chunk["cases"] for chunk in chunks)
    if played != cases:
        problems.append(f"{played} sequences played, {cases} configured")
    first = next((chunk for chunk in chunks if chunk["chunk"] == 0), None)
    if first is None or not first["known_win_won"]:
        problems.append("the known win was not won on the C64 (chunk 0)")
    worst = max(chunks, key=lambda chunk: chunk["cycles"]["max"])
    worst_cycles = worst["cycles"]["max"]
    seconds = worst_cycles / emu.PAL_HZ
    if seconds > TARGET_SECONDS:
        problems.append(f"the worst guess takes {seconds:.3f} s PAL (> {TARGET_SECONDS} s)")
    steps = sum(chunk["steps"] for chunk in chunks)
    return {
        "check": "absurdle", "passed": not problems and all(c["passed"] for c in chunks),
        "cases": played, "failed": sum(chunk["failed"] for chunk in chunks),
        "cycles": {"min": min(chunk["cycles"]["min"] for chunk in chunks),
                   "mean": round(sum(c["cycles"]["mean"] * c["steps"] for c in chunks) / steps),
                   "max": worst_cycles},
        "seconds_pal_max": round(seconds, 3),
        "seconds_ntsc_max": round(worst_cycles / emu.NTSC_HZ, 3),
        "worst_guess": worst["worst_guess"],
        "guesses_played": sum(chunk["guesses_played"] for chunk in chunks),
        "sequences_won": sum(chunk["sequences_won"] for chunk in chunks),
        "openers": sum(chunk["openers"] for chunk in chunks),
        "costliest_openers_cycles": first["costliest_openers_cycles"] if first else {},
        "known_win": first["known_win"] if first else [],
        "known_win_won": bool(first and first["known_win_won"]),
        "chunks": len(chunks), "problems": problems,
        "seconds": round(sum(chunk["seconds"] for chunk in chunks), 1),
    }


def validate_chunk_stage(inputs, output: str | Path, options: dict, log) -> dict:
    """Rule validate_absurdle_chunk: one chunk's JSON (gathered by validate_absurdle)."""
    report = validate_absurdle(inputs.prg, inputs.labels, inputs.guesses, inputs.answers,
                               inputs.matrix, inputs.known_win, log=log.info, **options)
    write_json(output, report)
    return report


def gather_stage(chunk_paths: Sequence[str | Path], output: str | Path, cases: int) -> dict:
    """Rule validate_absurdle: results/validate/absurdle.json (validate_summary fails when it
    did not pass)."""
    report = gather_absurdle([json.loads(Path(path).read_text()) for path in chunk_paths], cases)
    write_json(output, report)
    return report
