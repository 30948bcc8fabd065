"""The core 6502 routines (lookup, score, rng/pick, date/daily, answer index) under py65.

The PRG is assembled here from the real modules of workflow/asm (the game's own modules and the
unpacker are replaced by stubs: these tests load the RAM table directly, the unpack has its own
tests and validation). The dictionary is the real guess list from ../shared/data, with answer
flags from a fixed rule, packed by a table builder written out here from the design note.
Samples only: the exhaustive runs are the validation rules (workflow/rules/validate.smk).
"""

from __future__ import annotations

import datetime
import random
import shutil
from pathlib import Path

import pytest
from asm_core import link_core

from wordle64 import core
from wordle64.c64.emu import STACK_PAGE, Machine, changed_outside
from wordle64.score import score

pytestmark = pytest.mark.skipif(shutil.which("ca65") is None, reason="cc65 is not installed")



def pack_table(words: list[tuple[str, bool]]) -> tuple[bytes, bytes]:
    """table.bin and index.bin as the design note defines them (written independently here)."""
    groups: list[list[int]] = [[] for _ in range(676)]
    for word, answer in sorted(words):
        l0, l1, l2, l3, l4 = (ord(c) - 97 for c in word)
        groups[l0 * 26 + l1].append(l2 << 11 | l3 << 6 | l4 << 1 | int(answer))
    table = bytearray(len(g) % 256 for g in groups)
    index = bytearray()
    total = 0
    for group in groups:
        index += total.to_bytes(2, "little")
        total += len(group)
        for entry in group:
            table += entry.to_bytes(2, "little")
    index += total.to_bytes(2, "little")
    return bytes(table), bytes(index)


def is_answer(word: str) -> bool:
    """A fixed, arbitrary answer rule for the tests (about one word in three)."""
    return sum(map(ord, word)) % 3 == 0


@pytest.fixture(scope="module")
def words(shared_data) -> list[tuple[str, bool]]:
    text = (shared_data / "wordle-list" / "words").read_text()
    return sorted((w, is_answer(w)) for w in text.split())


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> tuple[Path, Path]:
    return link_core(tmp_path_factory.mktemp("asm"), bytes(range(256)) * 4)


def answer_and_lookup_indexes(words: list[tuple[str, bool]], table_at: int
                              ) -> tuple[bytes, bytes]:
    """The answer index (answers before prefix p) and the lookup index (where group p's entries
    start, minus 256) as the design note defines them (the unpacker writes both)."""
    group_words, group_answers = [0] * 676, [0] * 676
    for word, answer in words:
        group = (ord(word[0]) - 97) * 26 + ord(word[1]) - 97
        group_words[group] += 1
        group_answers[group] += answer
    answers, starts = bytearray(), bytearray()
    for p in range(677):
        answers += sum(group_answers[:p]).to_bytes(2, "little")
        starts += (table_at + 676 + 2 * sum(group_words[:p]) - 256).to_bytes(2, "little")
    return bytes(answers), bytes(starts)


def ready(program, words) -> Machine:
    """The dictionary loaded as the unpacker leaves it (table, its three indexes, the counts,
    dict_complete = 1), written out here: the unpack has its own tests and validation."""
    machine = Machine.from_files(*program)
    table, index = pack_table(words)
    answer_index, lookup_index = answer_and_lookup_indexes(words, machine.labels["dict_table"])
    machine.write("dict_table", table)
    machine.write("dict_index", index)
    machine.write("dict_answer_index", answer_index)
    machine.write("dict_lookup_index", lookup_index)
    machine.write_word("dict_word_count", len(words))
    machine.write_word("dict_answer_count", sum(a for _, a in words))
    machine.write("dict_complete", [1])
    return machine


@pytest.fixture(scope="module")
def machine(program, words) -> Machine:
    return ready(program, words)


def zero_page_of(machine: Machine, *names: str) -> list[range]:
    """Ranges of a module's zero-page variables, from the labels (each name, its size)."""
    return [range(machine.labels[n], machine.labels[n] + size) for n, size in names]


# ---- layout ----------------------------------------------------------------------------------
def test_basic_stub_is_sys_2061(program):
    prg = program[0].read_bytes()
    assert prg[:2] == b"\x01\x08"
    assert prg[2 + 4:2 + 10] == b"\x9e2061\x00"
    labels = Machine.from_files(*program).labels
    depack, main = labels["depack"], labels["main"]
    assert prg[2 + 12:2 + 18] == bytes([0x20, depack & 0xFF, depack >> 8,  # 2061: JSR depack
                                        0x4C, main & 0xFF, main >> 8])     # JMP main


def test_indexes_go_below_the_charset_and_the_table_after_it(machine):
    # this PRG is small: both indexes fit between its end and the charset's run address
    assert machine.labels["dict_index"] == machine.labels["__BLOB_LOAD__"]
    assert machine.labels["dict_answer_index"] == machine.labels["dict_index"] + 1354
    assert machine.labels["dict_lookup_index"] == machine.labels["dict_answer_index"] + 1354
    charset_end = machine.labels["__CHARSET_RUN__"] + machine.labels["__CHARSET_SIZE__"]
    assert machine.labels["dict_table"] == charset_end


# ---- answer index ------------------------------------------------------------------------------
def test_answer_index_counts_words_and_answers(machine, words):
    assert machine.read_word("dict_word_count") == len(words) == 14855
    assert machine.read_word("dict_answer_count") == sum(a for _, a in words)
    index = machine.read("dict_answer_index", 1354)
    cumulative = [int.from_bytes(index[i:i + 2], "little") for i in range(0, 1354, 2)]
    expected, total = [], 0
    for prefix in range(676):
        expected.append(total)
        total += sum(1 for w, a in words if a and (ord(w[0]) - 97) * 26 + ord(w[1]) - 97 == prefix)
    assert cumulative == expected + [total]


def test_answer_word_fetches_answers_in_alphabetical_order(machine, words):
    answers = [w for w, a in words if a]
    for number in [0, 1, len(answers) - 1, *random.Random(1).sample(range(len(answers)), 40)]:
        machine.call("dict_answer_word", a=number & 0xFF, x=number >> 8, max_cycles=100_000)
        assert core.word_of(machine.read("answer_buf", 5)) == answers[number]


# ---- lookup ----------------------------------------------------------------------------------
def lookup(machine: Machine, word: str):
    machine.write("word_buf", core.letters(word))
    return machine.call("dict_lookup", max_cycles=20_000)


def test_lookup_finds_sampled_words_with_their_answer_flag(machine, words):
    for word, answer in random.Random(2).sample(words, 400):
        result = lookup(machine, word)
        assert result.carry, word
        assert result.a == int(answer), word


def test_lookup_rejects_non_words(machine, words):
    known = {w for w, _ in words}
    rng = random.Random(3)
    checked = 0
    for word, _ in rng.sample(words, 200):
        for position in (0, 2, 4):
            for letter in "aqxz":
                changed = word[:position] + letter + word[position + 1:]
                if changed not in known:
                    result = lookup(machine, changed)
                    assert not result.carry and result.a == 0, changed
                    checked += 1
    for edge in ("aaaaa", "zzzzz", "mazzz", "maaaa", "qqqqq"):
        assert lookup(machine, edge).carry == (edge in known)
    assert checked > 500


def test_lookup_index_holds_each_group_start_minus_256(machine, words):
    index = machine.read("dict_index", 1354)
    starts = machine.read("dict_lookup_index", 1354)
    entries = machine.labels["dict_table"] + 676
    for prefix in range(677):
        count = int.from_bytes(index[2 * prefix:2 * prefix + 2], "little")
        start = int.from_bytes(starts[2 * prefix:2 * prefix + 2], "little")
        assert start == entries + 2 * count - 256, prefix


def test_lookup_worst_group_stays_within_400_cycles(machine, words):
    largest = max(range(676), key=lambda p: sum(1 for w, _ in words
                                                if (ord(w[0]) - 97) * 26 + ord(w[1]) - 97 == p))
    prefix = chr(97 + largest // 26) + chr(97 + largest % 26)
    group = [w for w, _ in words if w.startswith(prefix)]
    assert prefix == "ma" and len(group) == 271
    cycles = [lookup(machine, w).cycles for w in group]
    cycles += [lookup(machine, prefix + tail).cycles for tail in ("aaa", "zzz", "mmm", "ntm")]
    assert max(cycles) <= 400


def test_lookup_touches_only_its_zero_page_and_the_stack(machine):
    machine.write("word_buf", core.letters("crane"))
    before = bytes(machine.memory)
    machine.call("dict_lookup")
    allowed = [STACK_PAGE, *zero_page_of(machine, ("start", 2), ("base", 2), ("row", 2),
                                         ("key_hi", 1), ("key_lo1", 1), ("blocks", 1))]
    assert changed_outside(before, bytes(machine.memory), allowed) == []


def test_lookup_handles_any_group_size(program):
    """1,000 words under one prefix (count byte wraps), a lone word, and every prefix once."""
    rng = random.Random(4)
    crowd = sorted({"ma" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3))
                    for _ in range(1400)})[:1000]
    every_prefix = [a + b + "xyz" for a in "abcdefghijklmnopqrstuvwxyz"
                    for b in "abcdefghijklmnopqrstuvwxyz" if a + b != "ma"]
    words = [(w, i % 2 == 0) for i, w in enumerate(crowd)] + [(w, True) for w in every_prefix]
    machine = ready(program, words)
    assert machine.read_word("dict_word_count") == len(words)
    for word, answer in rng.sample(words, 150) + [(crowd[0], True), (crowd[-1], False)]:
        result = lookup(machine, word)
        assert result.carry and result.a == int(answer), word
    # past 383 entries, one probe per 128 more
    assert max(lookup(machine, w).cycles for w in crowd[::50]) <= 700
    for missing in ("mazzz" if "mazzz" not in crowd else "mazzy", "zzxyy", "aaxyy"):
        assert not lookup(machine, missing).carry
    lone = ready(program, [("quack", True)])
    assert lookup(lone, "quack").carry and not lookup(lone, "quacl").carry


# ---- score -----------------------------------------------------------------------------------
def score_on_6502(machine: Machine, guess: str, answer: str) -> tuple[int, ...]:
    machine.write("guess_buf", core.letters(guess))
    machine.write("answer_buf", core.letters(answer))
    machine.call("score_guess", max_cycles=5_000)
    return tuple(machine.read("marks_buf", 5))


@pytest.mark.parametrize(("guess", "answer", "marks"), [
    ("eerie", "there", (1, 0, 1, 0, 2)),       # one e right, one e elsewhere, the third absent
    ("abbey", "kebab", (1, 1, 2, 1, 0)),
    ("llama", "hello", (1, 1, 0, 0, 0)),
    ("hello", "llama", (0, 0, 1, 1, 0)),
    ("speed", "abide", (0, 0, 1, 0, 1)),       # one e in the answer: only the first e claims it
    ("crane", "crane", (2, 2, 2, 2, 2)),
    ("fjord", "quest", (0, 0, 0, 0, 0)),
])
def test_score_repeated_letters_by_hand(machine, guess, answer, marks):
    assert score_on_6502(machine, guess, answer) == marks


def test_score_matches_the_reference_on_samples(machine, words):
    rng = random.Random(5)
    pool = [w for w, _ in words]
    pairs = [(rng.choice(pool), rng.choice(pool)) for _ in range(400)]
    pairs += [("".join(rng.choice("ab") for _ in range(5)), "".join(rng.choice("ab")
                                                                   for _ in range(5)))
              for _ in range(200)]
    for guess, answer in pairs:
        assert score_on_6502(machine, guess, answer) == score(guess, answer), (guess, answer)


def test_score_touches_only_marks_its_zero_page_and_the_stack(machine):
    machine.write("guess_buf", core.letters("geese"))
    machine.write("answer_buf", core.letters("eerie"))
    before = bytes(machine.memory)
    machine.call("score_guess")
    marks = machine.labels["marks_buf"]
    allowed = [STACK_PAGE, range(marks, marks + 5), *zero_page_of(machine, ("unmatched", 5))]
    assert changed_outside(before, bytes(machine.memory), allowed) == []


# ---- rng and pick ----------------------------------------------------------------------------
def state_of(machine: Machine) -> int:
    return int.from_bytes(machine.read("rng_state", 4), "little")


def test_rng_seeds_from_the_jiffy_clock_and_steps_like_python(machine):
    machine.write(0xA0, [0x12, 0x34, 0x56])          # $A0 is the high byte
    machine.call("rng_seed_jiffy")
    state = 0x2545F491 ^ 0x123456
    assert state_of(machine) == state
    for _ in range(300):
        result = machine.call("rng_next")
        state = core.xorshift32(state)
        assert state_of(machine) == state
        assert result.a == state & 0xFF


def test_rng_first_value_is_marsaglias(machine):
    machine.write("rng_state", (2463534242).to_bytes(4, "little"))
    machine.call("rng_next")
    assert state_of(machine) == 723471715


def test_pick_returns_pythons_answer(machine, words):
    answers = [w for w, a in words if a]
    state = 0xDEADBEEF
    machine.write("rng_state", state.to_bytes(4, "little"))
    for _ in range(15):
        number, state = core.pick(state, len(answers))
        result = machine.call("pick_random_answer", max_cycles=200_000)
        assert (result.a | result.x << 8) == number
        assert core.word_of(machine.read("answer_buf", 5)) == answers[number]
        assert state_of(machine) == state


# ---- date and daily ----------------------------------------------------------------------------
def set_date(machine: Machine, year: int, month: int, day: int) -> None:
    machine.write_word("date_year", year)
    machine.write("date_month", [month])
    machine.write("date_day", [day])


def test_date_to_day_equals_toordinal(machine):
    rng = random.Random(6)
    days = [datetime.date(1, 1, 1), datetime.date(9999, 12, 31), datetime.date(2000, 2, 29),
            datetime.date(1900, 2, 28), datetime.date(1900, 3, 1), datetime.date(2026, 11, 30)]
    days += [datetime.date.fromordinal(rng.randint(1, 3_652_059)) for _ in range(150)]
    for day in days:
        set_date(machine, day.year, day.month, day.day)
        result = machine.call("date_to_day", max_cycles=10_000)
        assert result.carry, day
        assert int.from_bytes(machine.read("day_number", 3), "little") == day.toordinal(), day


@pytest.mark.parametrize("date", [(1900, 2, 29), (2023, 2, 29), (2100, 2, 29), (2026, 4, 31),
                                  (0, 1, 1), (10000, 1, 1), (65535, 1, 1), (2026, 0, 1),
                                  (2026, 13, 1), (2026, 1, 0), (2026, 1, 32), (2026, 255, 255)])
def test_date_to_day_rejects_impossible_dates(machine, date):
    set_date(machine, *date)
    machine.write("day_number", [0x11, 0x22, 0x33])
    result = machine.call("date_to_day", max_cycles=10_000)
    assert not result.carry
    assert machine.read("day_number", 3) == bytes([0x11, 0x22, 0x33])


def test_daily_answer_matches_the_cli_reference(machine, words):
    answers = [w for w, a in words if a]
    for year, month, day in [(2026, 11, 30), (2026, 12, 1), (1, 1, 1), (9999, 12, 31),
                             (2000, 2, 29), (1984, 7, 4)]:
        set_date(machine, year, month, day)
        machine.call("date_to_day")
        machine.call("daily_answer", max_cycles=200_000)
        assert core.word_of(machine.read("answer_buf", 5)) == \
            core.daily_word(year, month, day, answers)
