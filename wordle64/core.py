"""Python references of the 6502 core routines: the spec the machine code must match.

- rng: **xorshift32** (Marsaglia 2003, "Xorshift RNGs", shift triple 13, 17, 5 — his
  `xor32`), 32-bit state, period 2^32 - 1. The C64 seeds it from the jiffy clock:
  ``state = SEED_MIX ^ jiffy`` (the clock stays below 2^24, so the state is never 0).
- pick: a uniform answer number in [0, n) without modulo bias: draw the low 16 bits of the next
  state AND the smallest all-ones mask >= n - 1, retry while the value is >= n (rejection).
- date: proleptic Gregorian, years 1..9999; the day number equals ``date.toordinal()``.
- daily: ``((day % n) * DAILY_MULTIPLIER) % n`` picks the day's answer number among the n answers
  in alphabetical order. DAILY_MULTIPLIER = 40,499 is a prime larger than any possible answer
  count, so the map is a permutation of the answers: each answer comes once every n days, and
  consecutive days are DAILY_MULTIPLIER mod n apart in the alphabetical list, so the next word
  is unrelated-looking.
"""

from __future__ import annotations

from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.textlines import read_words

XORSHIFT_SHIFTS = (13, 17, 5)
MASK32 = 0xFFFF_FFFF
SEED_MIX = 0x2545_F491
DAILY_MULTIPLIER = 40_499
MAX_ANSWERS = 32_767          # the 6502 daily arithmetic keeps 2 * remainder in 16 bits
MIN_YEAR, MAX_YEAR = 1, 9999

_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def xorshift32(state: int) -> int:
    """One step of Marsaglia's xorshift32 (13, 17, 5)."""
    a, b, c = XORSHIFT_SHIFTS
    state ^= (state << a) & MASK32
    state ^= state >> b
    state ^= (state << c) & MASK32
    return state


def seed_from_jiffy(jiffy: int) -> int:
    """The state rng_seed_jiffy makes from the 24-bit jiffy clock ($A0 high .. $A2 low)."""
    if not 0 <= jiffy < 1 << 24:
        raise ValueError(f"jiffy clock value {jiffy} is not 24-bit")
    return SEED_MIX ^ jiffy


def pick_mask(count: int) -> int:
    """Smallest 2^k - 1 that is >= count - 1."""
    mask = 0
    while mask < count - 1:
        mask = mask * 2 + 1
    return mask


def pick(state: int, count: int) -> tuple[int, int]:
    """(answer number in [0, count), new state): rejection sampling, no modulo bias."""
    if not 1 <= count <= 0xFFFF:
        raise ValueError(f"cannot pick among {count} answers")
    mask = pick_mask(count)
    while True:
        state = xorshift32(state)
        value = state & 0xFFFF & mask
        if value < count:
            return value, state


def is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def is_valid_date(year: int, month: int, day: int) -> bool:
    """Whether the date exists in the proleptic Gregorian calendar, years 1..9999."""
    if not (MIN_YEAR <= year <= MAX_YEAR and 1 <= month <= 12 and day >= 1):
        return False
    return day <= _DAYS_IN_MONTH[month - 1] + (1 if month == 2 and is_leap(year) else 0)


def day_number(year: int, month: int, day: int) -> int:
    """Days since 0000-12-31 (1 = 0001-01-01), as the 6502 computes it; = date.toordinal()."""
    if not is_valid_date(year, month, day):
        raise Wordle64Error(f"{year:04d}-{month:02d}-{day:02d} is not a date of years 1-9999")
    y = year - 1
    before_month = sum(_DAYS_IN_MONTH[:month - 1]) + (1 if month > 2 and is_leap(year) else 0)
    return 365 * y + y // 4 - y // 100 + y // 400 + before_month + day


def daily_index(day: int, count: int) -> int:
    """The answer number (alphabetical order) of day number `day` among `count` answers."""
    if not 1 <= count <= MAX_ANSWERS:
        raise ValueError(f"daily word needs 1..{MAX_ANSWERS} answers, not {count}")
    return (day % count) * DAILY_MULTIPLIER % count


def parse_date(text: str) -> tuple[int, int, int]:
    """YYYY-MM-DD (year 1..9999, with or without leading zeros) -> (year, month, day)."""
    parts = text.strip().split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise Wordle64Error(f"{text!r} is not a date: use YYYY-MM-DD")
    year, month, day = (int(p) for p in parts)
    if not is_valid_date(year, month, day):
        raise Wordle64Error(f"{text!r} is not a date of the Gregorian calendar, years 1-9999")
    return year, month, day


def read_answers(path: str | Path) -> list[str]:
    """The answers file (one word per line, sorted), checked: five letters a-z, sorted, unique."""
    words: list[str] = []
    for number, word in read_words(path):
        if not word.islower():
            raise Wordle64Error(f"{path}:{number}: {word!r} is not five letters a-z (lower case)")
        if words and word <= words[-1]:
            raise Wordle64Error(f"{path}:{number}: {word!r} is out of order or repeated")
        words.append(word)
    if not words:
        raise Wordle64Error(f"{path}: no answers")
    return words


def daily_word(year: int, month: int, day: int, answers: list[str]) -> str:
    """The word the C64 shows as the daily answer of a date."""
    return answers[daily_index(day_number(year, month, day), len(answers))]


def letters(word: str) -> bytes:
    """A word as the 6502 buffers hold it: letters 0..25."""
    return bytes(ord(c) - ord("a") for c in word)


def word_of(letter_values: bytes) -> str:
    return "".join(chr(v + ord("a")) for v in letter_values)


# ---- command line --------------------------------------------------------------------------
def add_commands(subparsers) -> None:
    daily = subparsers.add_parser(
        "daily", help="print the daily word the C64 game shows for a date",
        description="Print the daily answer for a date (YYYY-MM-DD, years 1-9999): the same "
                    "word the C64 shows for that date.")
    daily.add_argument("date", help="the date, YYYY-MM-DD (e.g. 2026-11-30)")
    daily.add_argument("--answers", default="results/words/answers.txt",
                       help="answers file, one word a line, sorted (default: %(default)s)")
    daily.set_defaults(func=_daily_command)


def _daily_command(args) -> int:
    year, month, day = parse_date(args.date)
    answers = read_answers(args.answers)
    print(daily_word(year, month, day, answers).upper())
    return 0
