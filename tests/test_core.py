"""Python references of the core routines (wordle64.core) and the `wordle64 daily` command."""

from __future__ import annotations

import collections
import datetime

import pytest

from wordle64 import core
from wordle64.cli import main
from wordle64.errors import Wordle64Error


def test_xorshift32_matches_marsaglias_published_first_value():
    # Marsaglia (2003), "Xorshift RNGs", xor32 with y = 2463534242 returns 723471715 first.
    assert core.xorshift32(2463534242) == 723471715


def test_xorshift32_by_hand_from_state_one():
    # 1 ^ 1 << 13 = 0x2001; >> 17 adds nothing; 0x2001 ^ 0x2001 << 5 = 0x2001 ^ 0x40020
    assert core.xorshift32(1) == 0x42021


def test_seed_from_jiffy_is_never_zero_and_mixes_the_clock():
    assert core.seed_from_jiffy(0) == 0x2545F491
    assert core.seed_from_jiffy(0x123456) == 0x2545F491 ^ 0x123456
    assert core.seed_from_jiffy(0xFFFFFF) != 0
    with pytest.raises(ValueError):
        core.seed_from_jiffy(1 << 24)


@pytest.mark.parametrize(("count", "mask"), [(1, 0), (2, 1), (3, 3), (4096, 4095), (4097, 8191),
                                             (4126, 8191), (14855, 16383)])
def test_pick_mask_is_the_smallest_covering_all_ones_mask(count, mask):
    assert core.pick_mask(count) == mask


def test_pick_rejects_instead_of_folding():
    # From state 1 the first draw is 0x42021 & 0xFFFF & 3 = 1 (< 3): accepted as is.
    assert core.pick(1, 3) == (1, 0x42021)
    # With count 1 every draw is accepted as 0.
    assert core.pick(12345, 1)[0] == 0


def test_pick_is_uniform_over_a_non_power_of_two():
    state, counts = 99, collections.Counter()
    for _ in range(30_000):
        number, state = core.pick(state, 6)
        counts[number] += 1
    assert set(counts) == set(range(6))
    assert all(4_500 < c < 5_500 for c in counts.values())   # 5,000 expected, ~70 sd


@pytest.mark.parametrize("day", [datetime.date(1, 1, 1), datetime.date(1600, 2, 29),
                                 datetime.date(1900, 3, 1), datetime.date(2000, 12, 31),
                                 datetime.date(2026, 11, 30), datetime.date(9999, 12, 31)])
def test_day_number_equals_toordinal(day):
    assert core.day_number(day.year, day.month, day.day) == day.toordinal()


def test_known_day_numbers():
    assert core.day_number(1, 1, 1) == 1
    assert core.day_number(1, 12, 31) == 365
    assert core.day_number(2, 1, 1) == 366


@pytest.mark.parametrize(("year", "month", "day", "valid"), [
    (2000, 2, 29, True), (1900, 2, 29, False), (2024, 2, 29, True), (2023, 2, 29, False),
    (1600, 2, 29, True), (2100, 2, 29, False), (2026, 4, 31, False), (2026, 12, 31, True),
    (0, 1, 1, False), (10000, 1, 1, False), (2026, 0, 1, False), (2026, 13, 1, False),
    (2026, 1, 0, False), (9999, 12, 31, True), (1, 1, 1, True)])
def test_is_valid_date(year, month, day, valid):
    assert core.is_valid_date(year, month, day) is valid


def test_daily_index_visits_every_answer_once_per_cycle():
    for count in (1, 2, 7, 4126, 14855):
        numbers = {core.daily_index(day, count) for day in range(1000, 1000 + count)}
        assert numbers == set(range(count))


def test_daily_index_by_hand():
    # day 739950 (2026-11-30), 10 answers: 739950 % 10 = 0 -> 0; day 739951: 1 * 40499 % 10 = 9
    assert core.daily_index(739950, 10) == 0
    assert core.daily_index(739951, 10) == 9
    assert core.daily_index(739952, 10) == 8


def test_consecutive_days_are_far_apart_in_the_list():
    count = 4126
    gaps = {(core.daily_index(d + 1, count) - core.daily_index(d, count)) % count
            for d in range(739000, 739100)}
    assert gaps == {40499 % count}                 # 3,365 places: never a neighbour
    assert 40499 % count == 3365


def test_daily_command_prints_the_word(tmp_path, capsys):
    answers = tmp_path / "answers.txt"
    answers.write_text("".join(f"{w}\n" for w in
                               ["apple", "berry", "cider", "dates", "eagle", "fjord", "grape",
                                "house", "igloo", "joker"]))
    assert main(["daily", "2026-12-01", "--answers", str(answers)]) == 0
    assert capsys.readouterr().out == "JOKER\n"     # index 9, see test_daily_index_by_hand
    assert main(["daily", "2026-11-30", "--answers", str(answers)]) == 0
    assert capsys.readouterr().out == "APPLE\n"


@pytest.mark.parametrize("text", ["2026-02-30", "10000-01-01", "0000-01-01", "2026/11/30",
                                  "yesterday", "2026-13-01"])
def test_daily_command_rejects_bad_dates(tmp_path, capsys, text):
    answers = tmp_path / "answers.txt"
    answers.write_text("apple\n")
    assert main(["daily", text, "--answers", str(answers)]) == 2
    assert "wordle64: error:" in capsys.readouterr().err


def test_read_answers_names_file_and_line(tmp_path):
    path = tmp_path / "answers.txt"
    path.write_text("apple\nBERRY\n")
    with pytest.raises(Wordle64Error, match=r"answers.txt:2: 'BERRY' is not five letters"):
        core.read_answers(path)
    path.write_text("berry\napple\n")
    with pytest.raises(Wordle64Error, match=r"answers.txt:2: 'apple' is out of order"):
        core.read_answers(path)
