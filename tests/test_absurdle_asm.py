"""The Absurdle mode's 6502 (workflow/asm/absurdle.s) called by label on the real PRG under py65:
reset, the adversary's answer and the answers it keeps, the tie rule, the known 4-guess win.
Samples only: the 1,000 sequences are rule validate_absurdle (results/validate/absurdle.json)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wordle64.build import check_absurdle_fit
from wordle64.c64.emu import STACK_PAGE, changed_outside
from wordle64.errors import Wordle64Error
from wordle64.game.absurdle import C64Absurdle, _code, adversary, opener_costs
from wordle64.game.scenarios import WordLists
from wordle64.solver.absurdle import TIE_RANK
from wordle64.validate import summarise


pytestmark = pytest.mark.skipif(shutil.which("ca65") is None, reason="cc65 is not installed")


@pytest.fixture(scope="module")
def built(game_files) -> tuple[Path, Path, WordLists]:
    prg, labels, words = game_files
    return prg, labels, WordLists.from_tsv(words)


@pytest.fixture(scope="module")
def unpacked(built) -> tuple[C64Absurdle, bytes]:
    c64 = C64Absurdle.from_files(built[0], built[1])
    return c64, c64.snapshot()


@pytest.fixture
def c64(unpacked) -> C64Absurdle:
    machine, snapshot = unpacked
    machine.restore(snapshot)
    return machine


@pytest.fixture(scope="module")
def answers(built) -> list[str]:
    return sorted(built[2].answers)


def test_reset_allows_every_answer(c64, answers):
    assert c64.reset() == len(answers)
    assert c64.remaining() == list(range(len(answers)))
    assert c64.machine.read_word("abs_guesses") == 0


@pytest.mark.parametrize("guesses", [
    ["aiery", "canst", "dolma", "offal"],      # the known win of wordle64 absurdle
    ["eerie", "sissy", "mamma"],               # repeated letters, in guess and answers
    ["xylyl", "fuzzy", "qajaq", "jazzy"],      # rare letters: a large "nothing" group
])
def test_each_answer_and_kept_group_is_the_python_adversarys(c64, built, answers, guesses):
    words = built[2].words
    c64.reset()
    left = answers
    for turn, word in enumerate([w for w in guesses if w in words], start=1):
        marks, left = adversary(word, left)
        step = c64.guess(word)
        assert (step.code, step.left) == (_code(marks), len(left)), (turn, word)
        assert [answers[i] for i in c64.remaining()] == left
        assert step.won == (marks == (2,) * 5)
        assert c64.machine.read_word("abs_guesses") == turn
        assert step.cycles <= 1.5 * 985_248


def test_the_known_win_is_won_in_four(c64, built):
    win = {"aiery", "canst", "dolma", "offal"}
    if len(built[2].answers) != 2405 or not win <= built[2].words:
        pytest.skip("the default lists are not in use")
    c64.reset()
    steps = [c64.guess(word) for word in ("aiery", "canst", "dolma", "offal")]
    assert [s.left for s in steps] == [185, 12, 1, 1]  # replayed with score() on the answers
    assert [s.won for s in steps] == [False, False, False, True]
    assert list(c64.machine.read("marks_buf", 5)) == [2] * 5


def _choose(c64: C64Absurdle, counts: dict[int, int]) -> tuple[int, int]:
    lo, hi = bytearray(243), bytearray(243)
    for code, count in counts.items():
        lo[code], hi[code] = count & 0xFF, count >> 8
    c64.machine.write("abs_count_lo", lo)
    c64.machine.write("abs_count_hi", hi)
    c64.machine.call("choose_group")
    return c64.machine.read("abs_code", 1)[0], c64.machine.read_word("abs_left")


@pytest.mark.parametrize("counts", [
    {0: 3, 242: 3, 1: 3},              # ties: no marks at all wins
    {2: 5, 1: 5, 9: 5},                # one right vs one elsewhere (twice): elsewhere, lowest code
    {80: 7, 162: 7, 241: 2},           # 80 = 02222 (four right) vs 162 = 20000 (one right)
    {5: 300, 4: 299, 0: 299},          # the largest group wins whatever its marks (16-bit)
    {242: 1},                          # one answer left and guessed: solved
    {100: 256, 200: 256, 3: 255},      # counts across the byte boundary
])
def test_choose_group_follows_the_solvers_tie_rule(c64, counts):
    best = max(counts, key=lambda code: (counts[code], -TIE_RANK[code]))
    assert _choose(c64, counts) == (best, counts[best])


def test_opener_cost_model_ranks_repeated_common_letters_higher():
    answers = ["eerie", "tease", "other", "crane", "mound"]
    costs = opener_costs(["eerie", "xylyl"], answers)
    assert costs[0] > costs[1] >= 0


def test_opener_cost_model_on_hand_worked_cases():
    # against ABCDE: AB right, +1 each; BA both elsewhere, 7 + 15 each; BB: the second B is
    # right and the first finds no copy that is not right; EEXYZ: one E to mark, the second
    # E finds the one copy taken (nothing added)
    assert opener_costs(["abxyz", "baxyz", "bbxyz", "eexyz"], ["abcde"]).tolist() == \
        [2, 44, 1, 22]


def test_build_refuses_a_table_that_leaves_no_room_for_absurdle():
    table = bytes(676) + bytes([1, 0]) * 1000      # 1,000 answers
    labels = {"dict_table": 0x4000, "__ABSRAM_START__": 0x4000 + len(table) + 1000}
    with pytest.raises(Wordle64Error, match="does not fit by 126 bytes"):
        check_absurdle_fit(labels, table)
    labels["__ABSRAM_START__"] += 200
    assert check_absurdle_fit(labels, table) == 74


def test_a_guess_writes_only_what_its_contract_names(c64, answers):
    labels = c64.machine.labels
    c64.reset()
    before = c64.snapshot()
    c64.guess("crane")
    bitmap = c64.machine.read_word("abs_bitmap")
    allowed = [
        range(labels["abs_ans"], labels["abs_ans"] + 17),             # its zero page
        range(labels["abs_bitmap"], labels["progress_step"] + 1),     # its variables
        range(labels["walk_prefix"], labels["patch_scorer"]),         # the patched scorer
        range(labels["marks_buf"], labels["marks_buf"] + 5),
        range(labels["__ABSRAM_START__"], labels["__ABSRAM_START__"] + 0x200),
        range(bitmap, bitmap + len(answers) // 8 + 1 + len(answers)),  # bitmap and codes
        STACK_PAGE,
        range(labels["guess_buf"], labels["guess_buf"] + 5),          # the test's own write
    ]
    assert changed_outside(before, c64.snapshot(), allowed) == []


def test_the_summary_keeps_the_absurdle_figures():
    check = {"check": "absurdle", "passed": True, "cases": 1000, "failed": 0,
             "cycles": {"min": 1, "mean": 2, "max": 3}, "problems": [], "seconds_pal_max": 1.3}
    summary = summarise([check])
    assert summary["passed"] and summary["checks"][0]["seconds_pal_max"] == 1.3


def test_the_chunks_are_gathered_into_one_check():
    from wordle64.game.absurdle import gather_absurdle

    def chunk(number, cases, cycles, won=False, problems=()):
        return {"chunk": number, "passed": not problems, "cases": cases, "failed": len(problems),
                "steps": 10, "cycles": {"min": cycles[0], "mean": cycles[1], "max": cycles[2]},
                "worst_guess": f"w{number}", "guesses_played": 3 * cases, "sequences_won": 1,
                "openers": 2, "costliest_openers_cycles": {"retia": 9} if number == 0 else {},
                "known_win": ["alone"] if number == 0 else [], "known_win_won": won,
                "problems": list(problems), "seconds": 1.0}

    report = gather_absurdle([chunk(0, 3, (10, 100, 900), won=True), chunk(1, 2, (5, 200, 1_000))],
                             cases=5)
    assert report["passed"] and report["cases"] == 5 and report["chunks"] == 2
    assert report["cycles"] == {"min": 5, "mean": 150, "max": 1_000}
    assert report["worst_guess"] == "w1" and report["costliest_openers_cycles"] == {"retia": 9}
    short = gather_absurdle([chunk(0, 3, (10, 100, 900), won=True)], cases=5)
    assert not short["passed"] and "3 sequences played, 5 configured" in short["problems"]
    slow = gather_absurdle([chunk(0, 5, (10, 100, 1_500_000), won=True)], cases=5)
    assert not slow["passed"] and "1.522 s PAL (> 1.5 s)" in slow["problems"][0]
    lost = gather_absurdle([chunk(0, 5, (10, 100, 900))], cases=5)
    assert not lost["passed"]
