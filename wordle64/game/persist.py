"""Statistics kept on disk, proven at the level of the KERNAL's file calls (persist.json).

The real PRG runs under py65 with `wordle64.game.devices.Drive` on device 8: play games, boot
again with the same drive (a reset: memory gone, the disk kept) and the statistics and the daily
dates played are back; damaged files are refused with a fresh start and a note; loaded from
tape, or with no drive, the game says statistics are not kept and carries on.
"""

from __future__ import annotations

import datetime
import random
import time
from pathlib import Path

from wordle64.c64 import emu
from wordle64.game.devices import Drive
from wordle64.game.rules import ROWS
from wordle64.game.session import Game
from wordle64.game.shared import (ScenarioResult, WordLists, daily_answer, daily_message,
                                  date_keys, finish_dailies, guesses_against, play_rows,
                                  random_game)

FILE = "W64STATS"
# The file as SAVEd (docs/game.md): load address, "W64S" and version, statistics, daily
# records, the history's two counts, settings, the history's entries, sum.
HEADER_BYTES, STATS_BYTES, DAILY_BYTES, COUNT_BYTES, SETTINGS_BYTES, SUM_BYTES = (
    2 + 5, 28, 361, 4, 11, 2)
COUNTS_AT = HEADER_BYTES + STATS_BYTES + DAILY_BYTES
HISTORY_AT = COUNTS_AT + COUNT_BYTES + SETTINGS_BYTES        # the first entry
FILE_FIXED_BYTES = HISTORY_AT + SUM_BYTES                     # no daily finished
HISTORY_ENTRY_BYTES = 3      # a finished daily's date and result (history.s)
HISTORY_MAX = 1000
SETTINGS_DEFAULT = bytes([0, 0, 1]) + b"\xff" * 8     # hard, colour-blind OFF, sound ON, no date


def ring_entries(finished: list[tuple[datetime.date, bool]]) -> tuple[bytes, int]:
    """The history's entries and next offset after `finished` (date, won) dailies, oldest
    first, as history.s keeps them: a ring of HISTORY_MAX, each the day number (LE) with bit 7
    of its high byte set and bit 6 for a win."""
    slots: list[bytes] = []
    for number, (day, won) in enumerate(finished):
        ordinal = day.toordinal()
        entry = bytes([ordinal & 0xFF, ordinal >> 8 & 0xFF,
                       ordinal >> 16 | (0xC0 if won else 0x80)])
        if number < HISTORY_MAX:
            slots.append(entry)
        else:
            slots[number % HISTORY_MAX] = entry
    return b"".join(slots), HISTORY_ENTRY_BYTES * (len(finished) % HISTORY_MAX)


def statistics_file(finished: list[tuple[datetime.date, bool]]) -> bytes:
    """A W64STATS of version 3 as SAVEd (load address first): nothing counted, no daily record,
    the default settings, the history of `finished`."""
    entries, next_offset = ring_entries(finished)
    body = (bytes(STATS_BYTES + DAILY_BYTES) + len(entries).to_bytes(2, "little")
            + next_offset.to_bytes(2, "little") + SETTINGS_DEFAULT + entries)
    return (b"\x00\xe0W64S\x03" + body
            + (sum(body) & 0xFFFF).to_bytes(2, "little"))


def file_bytes(finished_dailies: int) -> int:
    """W64STATS's length as SAVEd once `finished_dailies` dates were finished."""
    return FILE_FIXED_BYTES + HISTORY_ENTRY_BYTES * min(finished_dailies, HISTORY_MAX)


DAY1, DAY2 = datetime.date(2026, 12, 1), datetime.date(2026, 12, 2)
MANY_FROM, MANY = datetime.date(2001, 1, 1), HISTORY_MAX + 2   # more dailies than are kept


def _keys(day: datetime.date) -> str:
    return f"2{date_keys(day)}{{RETURN}}"


def _saved_state(game: Game) -> tuple[dict, bytes]:
    start, end = game.labels["daily_data"], game.labels["daily_data_end"]
    return game.stats(), bytes(game.memory[start:end])


def _note(game: Game) -> str:
    return game.screen().text_lines()[23].strip()


def _play(game: Game, words: WordLists, result: ScenarioResult) -> None:
    """A random win, a random loss, the daily of DAY1 won, the daily of DAY2 left on row 3."""
    answer = random_game(game, 0x004000)
    play_rows(result, game, words, guesses_against(answer, words, 1) + [answer])
    game.type("{RETURN}")
    play_rows(result, game, words, guesses_against(game.answer(), words, ROWS))
    game.type("{STOP}" + _keys(DAY1))
    play_rows(result, game, words, [daily_answer(words, DAY1)])
    game.type("{STOP}" + _keys(DAY2))
    answer = game.answer()
    play_rows(result, game, words, guesses_against(answer, words, 2))
    game.type("{STOP}")


def _check_round_trip(result: ScenarioResult, prg: bytes, labels: dict, words: WordLists,
                      drive: Drive) -> None:
    game = Game.boot(prg, labels, drive=drive)
    result.check("an empty disk: a new start, said on the menu",
                 _note(game) == "NO STATISTICS ON DISK: NEW START", _note(game))
    game.type("46")                         # colour-blind ON, sound OFF: kept too (issue 29)
    _play(game, words, result)
    result.check("after the first SAVE the menu says so (issue 29 item 10)",
                 _note(game) == "STATISTICS SAVED ON DISK", _note(game))
    saved = _saved_state(game)
    result.check(f"the file is SAVEd ({file_bytes(1)} bytes: load address, magic, 28 + 361 + 4 "
                 "+ 11 bytes, one finished daily, sum)",
                 len(drive.files.get(FILE, b"")) == file_bytes(1), len(drive.files.get(FILE, b"")))
    result.check("3 games counted before the reset", saved[0]["played"] == 3, saved[0])
    game = Game.boot(prg, labels, drive=drive)                 # reset, load and run again
    result.check("after the reset: loaded, said on the menu",
                 _note(game) == "STATISTICS LOADED FROM DISK", _note(game))
    result.check("after the reset: the same statistics", _saved_state(game)[0] == saved[0],
                 f"{_saved_state(game)[0]} vs {saved[0]}")
    result.check("after the reset: the same daily records", _saved_state(game)[1] == saved[1])
    result.check("after the reset: the settings as set (colour-blind ON, sound OFF)",
                 (game.byte("opt_colour_blind"), game.byte("opt_sound"), game.memory[0xD022])
                 == (1, 0, 3), (game.byte("opt_colour_blind"), game.byte("opt_sound")))
    game.type("5")
    result.check("the statistics screen says they are kept on disk",
                 game.screen().find("KEPT ON DISK") is not None, game.screen().text())
    game.type("X" + _keys(DAY1))
    board = game.board()
    result.check("the daily played before the reset shows its board and result",
                 board.row == 1 and game.screen().find("GENIUS!") is not None,
                 game.screen().text())
    game.type("{STOP}" + _keys(DAY2))
    result.check("the daily left before the reset resumes on row 3", game.board().row == 2,
                 game.board().row)


def _corruptions(good: bytes) -> dict[str, tuple[bytes, str]]:
    flipped = bytearray(good)
    flipped[100] ^= 0x01
    noise = bytes(random.Random(15).randrange(256) for _ in range(len(good)))
    damaged, new = "STATISTICS FILE DAMAGED: NEW START", "NO STATISTICS ON DISK: NEW START"
    return {"one bit flipped": (bytes(flipped), damaged), "one byte short": (good[:-1], damaged),
            "one byte long": (good + b"\x00", damaged), "sum only": (good[-2:], new),
            "empty": (b"", new), "random bytes": (noise, new),
            "another version": (good[:6] + bytes([good[6] + 1]) + good[7:], new),
            "load address only": (good[:2], new)}


def _version_2(good: bytes) -> bytes:
    """`good` (no daily finished) as the game before the history wrote it: version 2, without
    the history's two counts (both 0: the sum is the same)."""
    assert good[COUNTS_AT:COUNTS_AT + COUNT_BYTES] == bytes(COUNT_BYTES), \
        "the round trip's file has no daily finished"
    return good[:6] + b"\x02" + good[7:COUNTS_AT] + good[COUNTS_AT + COUNT_BYTES:]


def _check_version_2(result: ScenarioResult, prg: bytes, labels: dict, words: WordLists) -> None:
    """A file of version 2 is read: its statistics and settings kept, the history empty."""
    drive = Drive()
    game = Game.boot(prg, labels, drive=drive)
    game.type("4")                          # colour-blind ON: the settings block moves
    play_rows(result, game, words, [random_game(game, 0x004000)])
    game.type("{STOP}")
    stats = game.stats()
    old = _version_2(drive.files[FILE])
    game = Game.boot(prg, labels, drive=Drive({FILE: old}))
    result.check("a version-2 file (before the history): loaded, the same statistics and "
                 "settings", _note(game) == "STATISTICS LOADED FROM DISK" and game.stats() == stats
                 and game.byte("opt_colour_blind") == 1,
                 f"{_note(game)!r} {game.stats()} {game.byte('opt_colour_blind')}")


def _check_damaged(result: ScenarioResult, prg: bytes, labels: dict, words: WordLists,
                   good: bytes) -> None:
    for what, (data, note) in _corruptions(good).items():
        drive = Drive({FILE: data})
        game = Game.boot(prg, labels, drive=drive)
        stats, daily = _saved_state(game)
        result.check(f"{what}: refused with a note, a fresh start",
                     _note(game) == note and stats["played"] == 0 and not any(daily),
                     f"{_note(game)!r} {stats}")
    drive = Drive({FILE: _corruptions(good)["one bit flipped"][0]})
    game = Game.boot(prg, labels, drive=drive)
    play_rows(result, game, words, [random_game(game, 0x004000)])
    again = Game.boot(prg, labels, drive=drive)
    result.check("after a damaged file the next game writes a good one",
                 _note(again) == "STATISTICS LOADED FROM DISK" and again.stats()["played"] == 1,
                 f"{_note(again)!r} {again.stats()}")


def _check_not_kept(result: ScenarioResult, prg: bytes, labels: dict, words: WordLists) -> None:
    for what, drive, device, note in (
            ("from tape", Drive(), 1, "FROM TAPE: STATISTICS ARE NOT KEPT"),
            ("no drive", Drive(device=9), 8, "NO DISK DRIVE: STATISTICS NOT KEPT")):
        game = Game.boot(prg, labels, drive=drive, device=device)
        result.check(f"{what}: the menu says statistics are not kept", _note(game) == note,
                     _note(game))
        play_rows(result, game, words, [random_game(game, 0x004000)])
        game.type("{STOP}5")
        result.check(f"{what}: a game plays; no file written; statistics of this session",
                     not drive.files and game.screen().find("THIS SESSION") is not None,
                     drive.files.keys())
        if device == 1:
            result.check("from tape: the drive is never called", not drive.calls, drive.calls)


def _check_history(result: ScenarioResult, prg: bytes, labels: dict, words: WordLists) -> None:
    """Issue 29 item 4 through the drive: HISTORY_MAX + 2 dailies finished, the file as long as
    the history allows, and after a reset the oldest kept dates still played, the two before
    them not."""
    drive = Drive()
    game = Game.boot(prg, labels, drive=drive)
    finish_dailies(game, words, MANY_FROM, MANY)
    data = drive.files.get(FILE, b"")
    result.check(f"{MANY:,} dailies finished: the file keeps the last {HISTORY_MAX:,} "
                 f"({file_bytes(MANY):,} bytes)", len(data) == file_bytes(MANY), len(data))
    finished = [(MANY_FROM + datetime.timedelta(days=n), n % 2 == 0) for n in range(MANY)]
    entries, next_offset = ring_entries(finished)
    result.check("the history in the file: each date and result where the ring puts it",
                 data[HISTORY_AT:HISTORY_AT + len(entries)] == entries
                 and int.from_bytes(data[COUNTS_AT + 2:COUNTS_AT + 4], "little")
                 == next_offset, data[COUNTS_AT:HISTORY_AT + 12].hex())
    game = Game.boot(prg, labels, drive=drive)
    played = game.stats()["played"]
    result.check(f"after the reset: {MANY:,} played, loaded from disk",
                 played == MANY and _note(game) == "STATISTICS LOADED FROM DISK",
                 f"{played} {_note(game)!r}")
    oldest = MANY_FROM + datetime.timedelta(days=MANY - HISTORY_MAX)   # even offset: won
    for day, want in ((oldest, (0, ["SOLVED BEFORE", ""])),
                      (oldest + datetime.timedelta(days=1),
                       (0, ["THE WORD WAS",
                            daily_answer(words, oldest + datetime.timedelta(days=1)).upper()])),
                      (oldest - datetime.timedelta(days=1), (0, ["", ""]))):
        shown = daily_message(game, day)
        result.check(f"after the reset: {day} shows {want[1][0] or 'a new game'}",
                     shown == want, shown)
    result.check("after the reset: nothing counted twice", game.stats()["played"] == played,
                 game.stats()["played"])


def persist_checks(prg: bytes, labels: dict[str, int], words: WordLists) -> dict:
    started = time.perf_counter()
    result = ScenarioResult("persist")
    drive = Drive()
    _check_round_trip(result, prg, labels, words, drive)
    _check_damaged(result, prg, labels, words, drive.files.get(FILE, b""))
    _check_not_kept(result, prg, labels, words)
    _check_history(result, prg, labels, words)
    _check_version_2(result, prg, labels, words)
    failed = [f"{c['check']}: {c['detail'][:300]}" for c in result.checks if not c["passed"]]
    return {"check": "persist", "passed": result.passed, "cases": len(result.checks),
            "failed": len(failed), "problems": failed, "checks": result.checks,
            "drive": "wordle64.game.devices.Drive (KERNAL file calls trapped in Python)",
            "file": FILE, "seconds": round(time.perf_counter() - started, 1)}


def run_persist(prg_path: str | Path, labels_path: str | Path, words_path: str | Path) -> dict:
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    return persist_checks(Path(prg_path).read_bytes(), labels, WordLists.from_tsv(words_path))
