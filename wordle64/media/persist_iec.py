"""Statistics kept on a real (emulated IEC) disk: the whole machine and the emulated 1541.

The game is LOADed from a copy of the staged .d64 through the Open ROMs KERNAL and the serial
bus (``LOAD"WORDLE64",8``), RUN; a random game is won and the daily of ``DAY`` is won, and the
game itself SAVEs "@0:W64STATS" after each (KERNAL SAVE of its RAM buffer, bit by bit over
CIA2). Then a reset — a new machine and a new drive on the same .d64 file, nothing else kept —
LOAD and RUN again: the menu says the statistics were loaded, the statistics screen is the same
and the daily date shows its played board. Damaged files written into copies of that disk (bad
sum, short, broken chain) are refused with a fresh start and the note; the game plays on.

The damaged-file runs put the PRG in RAM directly (``Machine.load_prg``, $BA = 8) to keep the wall
time modest; the statistics file itself still comes through the IEC drive (KERNAL LOAD).
"""

from __future__ import annotations

import datetime
import logging
import shutil
import tempfile
import time
from pathlib import Path

from wordle64 import core
from wordle64.c64.d64 import D64
from wordle64.c64.emu import PAL_HZ
from wordle64.c64.machine import FRAME_CYCLES
from wordle64.c64.ready import command
from wordle64.io import write_json
from wordle64.media.disk import DriveModel, check_passed
from wordle64.game.persist import HISTORY_AT, HISTORY_MAX, SUM_BYTES, file_bytes, statistics_file
from wordle64.game.rules import MESSAGE_ROW, PANEL_COL
from wordle64.media.disk_faults import break_chain

log = logging.getLogger(__name__)

FILE = b"W64STATS"
DAY = (2026, 12, 1)
NOTE_ROW = 23
STARTUP_DONE = "ANSWERS AMONG"      # the menu's footer, drawn once the dictionary is in
NEW, KEPT = "NO STATISTICS ON DISK: NEW START", "STATISTICS LOADED FROM DISK"
DAMAGED = "STATISTICS FILE DAMAGED: NEW START"
KERNAL_WORDS = ("SAVING", "LOADING", "SEARCHING", "ERROR")
SETTLE = 60 * FRAME_CYCLES          # a guess revealed (5 x 0.1 s) and its tune
SAVE_MAX_CYCLES = 20_000_000        # a finished game -> the drive has written W64STATS


class Session:
    """One power-on: a machine with the drive on ``d64_path``, the game RUN to its menu."""

    def __init__(self, new_machine, d64_path: Path, model: DriveModel, labels: dict[str, int],
                 *, file_name: str = "", prg: bytes | None = None,
                 load_max_cycles: int = 80_000_000, startup_max_cycles: int = 10_000_000):
        self.machine, self.labels = new_machine(), labels
        self.drive = model.drive(d64_path)
        self.drive.attach(self.machine.board)
        self.machine.boot()
        self.load_cycles = None
        if prg is None:
            self.load_cycles = command(self.machine, f'load"{file_name}",8', load_max_cycles)
        else:
            self.machine.load_prg(prg)
            self.machine.poke(0xBA, b"\x08")     # as if it had been loaded from device 8
        self.machine.press("run")
        self.machine.key_down("\n")
        self.machine.run(FRAME_CYCLES * 2)
        self.machine.key_up("\n")
        # the menu shows before the unpack (issue 17); the footer's count and the statistics
        # note on row 23 (the progress caption until then) once start-up is done
        self.startup_cycles = self.machine.run_until(
            lambda m: m.shows("RANDOM") and m.shows(STARTUP_DONE) and bool(self.note()),
            startup_max_cycles, "the menu")
        self.machine.run(FRAME_CYCLES * 5)

    def note(self) -> str:
        return self.machine.lines()[NOTE_ROW].strip()

    def type(self, keys: str, settle: int = SETTLE) -> None:
        self.machine.press(keys)
        self.machine.run(settle)

    def wait_saved(self, max_cycles: int = SAVE_MAX_CYCLES) -> int:
        """Run until the drive has written one more file; return the cycles it took."""
        before = sum(line.startswith("wrote") for line in self.drive.log)
        cycles = self.machine.run_until(
            lambda m: sum(line.startswith("wrote") for line in self.drive.log) > before,
            max_cycles, "W64STATS written by the drive")
        self.machine.run(SETTLE)
        return cycles

    def answer(self) -> str:
        return "".join(chr(97 + b) for b in self.machine.ram(self.labels["answer_buf"], 5))

    def saved_state(self) -> tuple[bytes, bytes]:
        """The statistics block and the daily records, as persist.s keeps them."""
        stats = self.labels["stats_played"]
        daily, end = self.labels["daily_data"], self.labels["daily_data_end"]
        return (self.machine.ram(stats, self.labels["stats_day"] + 3 - stats),
                self.machine.ram(daily, end - daily))

    def stats_screen(self) -> list[str]:
        self.type("5")
        lines = self.machine.lines()
        self.type("x")                            # any key: back to the menu
        return lines


def _check(checks: list[dict], name: str, passed: bool, detail="") -> None:
    checks.append({"check": name, "passed": bool(passed), "detail": str(detail)[:400]})


def _daily_keys() -> str:
    year, month, day = DAY
    return f"2{year:04d}{month:02d}{day:02d}\n"


def _play_and_save(session: Session, daily_word: str, checks: list[dict]) -> dict:
    """A random game won, then the daily of DAY won; each SAVEs through the drive."""
    session.type("r")
    answer = session.answer()
    session.machine.press(answer + "\n")
    random_save = session.wait_saved()
    after_save = session.machine.lines()
    _check(checks, "no KERNAL message (SAVING, LOADING, SEARCHING) on the game's screen",
           not any(word in line for line in after_save for word in KERNAL_WORDS),
           "\n".join(after_save))
    session.type("{runstop}")
    session.type(_daily_keys())
    session.machine.press(daily_word + "\n")
    daily_save = session.wait_saved()
    session.type("{runstop}")
    _check(checks, "before the reset: back on the menu, not in BASIC",
           session.machine.shows("RANDOM") and not session.machine.shows("READY."),
           session.machine.dump())
    return {"random_answer": answer, "daily_word": daily_word,
            "save_cycles": [random_save, daily_save],
            "save_seconds_pal": [round(c / PAL_HZ, 2) for c in (random_save, daily_save)],
            "screen_after_save": after_save}


def round_trip(new_machine, d64_path: Path, model: DriveModel, labels: dict[str, int],
               answers: list[str], file_name: str, load_max_cycles: int) -> dict:
    """Play and SAVE, reset, LOAD again: the same statistics and the daily's board."""
    checks: list[dict] = []
    first = Session(new_machine, d64_path, model, labels, file_name=file_name,
                    load_max_cycles=load_max_cycles)
    _check(checks, "a disk without W64STATS: a new start, said on the menu", first.note() == NEW,
           first.note())
    played = _play_and_save(first, core.daily_word(*DAY, answers), checks)
    before, screen_before = first.saved_state(), first.stats_screen()
    on_disk = D64.open(d64_path)
    entry = on_disk.find(FILE)
    data = on_disk.read_chain(*entry.first) if entry else b""
    _check(checks, f"W64STATS on the .d64: {file_bytes(1)} bytes (load address, magic, data, "
           "one finished daily, sum)", len(data) == file_bytes(1) and data[2:6] == b"W64S",
           len(data))
    _check(checks, "2 games won before the reset", before[0][:4] == b"\x02\x00\x02\x00",
           before[0].hex())
    scratches = sum(line.startswith(f"command {b'S0:' + FILE!r}") for line in first.drive.log)
    _check(checks, "each SAVE follows a scratch of the old file on the command channel",
           scratches >= 2, first.drive.log[-8:])
    first_file = on_disk.entries()[0].name
    _check(checks, "after the SAVE the DOS's last file is the game: LOAD\"*\" starts it again",
           first.drive.last_file == first_file, (first.drive.last_file, first_file))
    second = Session(new_machine, d64_path, model, labels, file_name=file_name,
                     load_max_cycles=load_max_cycles)        # the reset: only the .d64 kept
    _check(checks, "after the reset: loaded from disk, said on the menu", second.note() == KEPT,
           second.note())
    menu = second.machine.lines()
    _check(checks, "no KERNAL message on the menu after the statistics LOAD",
           not any(word in line for line in menu for word in KERNAL_WORDS), "\n".join(menu))
    after = second.saved_state()
    _check(checks, "after the reset: the same statistics in RAM", after[0] == before[0],
           f"{after[0].hex()} vs {before[0].hex()}")
    _check(checks, "after the reset: the same daily records in RAM", after[1] == before[1])
    screen_after = second.stats_screen()
    _check(checks, "after the reset: the statistics screen is the same",
           screen_after == screen_before, "\n".join(screen_after))
    _check(checks, "the statistics screen says they are kept on disk",
           any("KEPT ON DISK" in line for line in screen_after), "\n".join(screen_after))
    second.type(_daily_keys())
    board = "\n".join(second.machine.lines())
    _check(checks, "the daily played before the reset shows its board and result",
           "GENIUS!" in board and played["daily_word"].upper() in board.replace(" ", ""), board)
    return {"case": "play, SAVE, reset, LOAD: the same statistics and daily board",
            "drive": "IEC (emulated 1541)", "passed": all(c["passed"] for c in checks),
            "checks": checks, **played, "file_bytes": len(data),
            "load_cycles": [first.load_cycles, second.load_cycles],
            "load_seconds_pal": [round(c / PAL_HZ, 2) for c in (first.load_cycles,
                                                                second.load_cycles)],
            "startup_cycles": [first.startup_cycles, second.startup_cycles],
            "statistics_screen": screen_after, "daily_screen": board.split("\n"),
            "drive_log": second.drive.log + first.drive.log[-4:]}


def _damage(image: D64, how: str) -> None:
    entry = image.find(FILE)
    good = bytearray(image.read_chain(*entry.first))
    if how == "bad sum":
        good[100] ^= 0x01
    if how == "short file":
        good = good[:-1]
    if how in ("bad sum", "short file"):
        image.scratch(FILE)
        image.write_file(FILE, bytes(good))
    else:
        break_chain(image, FILE, at=0)           # the first block links to track 36


def damaged_files(new_machine, d64_path: Path, work: Path, model: DriveModel,
                  labels: dict[str, int], prg: bytes) -> list[dict]:
    """Each damage on a copy of the disk: refused with the note, a fresh start, the game plays."""
    cases = []
    for how in ("bad sum", "short file", "broken chain"):
        copy = work / f"{how.replace(' ', '-')}.d64"
        shutil.copyfile(d64_path, copy)
        image = D64.open(copy)
        _damage(image, how)
        image.save(copy)
        session = Session(new_machine, copy, model, labels, prg=prg)
        stats, daily = session.saved_state()
        note, status = session.note(), session.drive.status_text()
        session.type("r")
        session.machine.press(session.answer() + "\n")        # the next game writes a good file
        session.wait_saved()
        entry = D64.open(copy).find(FILE)
        rewritten = len(D64.open(copy).read_chain(*entry.first)) if entry else 0
        playing = session.saved_state()[0][:2] == b"\x01\x00" and rewritten == file_bytes(0)
        cases.append({"case": f"{how}: refused, a fresh start with the note; the next game "
                              "SAVEs a good file",
                      "drive": "IEC (emulated 1541)", "game": "poked (file through IEC)",
                      "passed": note == DAMAGED and not any(stats) and not any(daily)
                      and playing, "note": note, "next_game_saved_bytes": rewritten, "played": stats[:2].hex(),
                      "status_after_load": status,
                      "drive_log": session.drive.log[-3:]})
    return cases


FULL_FROM = datetime.date(2001, 1, 1)   # the full history's first date (all won)
FULL_MAX_CYCLES = 80_000_000            # its LOAD (start-up) or its SAVE, each


def full_history(new_machine, d64_path: Path, work: Path, model: DriveModel,
                 labels: dict[str, int], prg: bytes) -> dict:
    """A file with the whole history (wordle64.game.persist.statistics_file): LOADed through
    the drive, a date of it shown as played, and SAVEd again by the next game: its LOAD and
    SAVE times, the longest the file makes."""
    copy = work / "full-history.d64"
    shutil.copyfile(d64_path, copy)
    days = [FULL_FROM + datetime.timedelta(days=n) for n in range(HISTORY_MAX)]
    data = statistics_file([(day, True) for day in days])
    image = D64.open(copy)
    if image.find(FILE):
        image.scratch(FILE)
    image.write_file(FILE, data)
    image.save(copy)
    session = Session(new_machine, copy, model, labels, prg=prg,
                      startup_max_cycles=FULL_MAX_CYCLES)
    note = session.note()
    session.type(f"2{days[0]:%Y%m%d}\n")
    shown = session.machine.lines()[MESSAGE_ROW][PANEL_COL:].strip()
    session.type("{runstop}")
    session.type("r")
    session.machine.press(session.answer() + "\n")
    save_cycles = session.wait_saved(FULL_MAX_CYCLES)
    entry = D64.open(copy).find(FILE)
    rewritten = D64.open(copy).read_chain(*entry.first) if entry else b""
    return {"case": f"a full history ({HISTORY_MAX:,} dates): LOADed, its oldest date shown as "
                    "solved, SAVEd again by the next game with the same history",
            "drive": "IEC (emulated 1541)", "game": "poked (file through IEC)",
            "passed": note == KEPT and shown == "SOLVED BEFORE"
            and len(rewritten) == len(data) == file_bytes(HISTORY_MAX)
            and rewritten[HISTORY_AT:-SUM_BYTES] == data[HISTORY_AT:-SUM_BYTES],
            "note": note, "shown": shown, "file_bytes": len(data),
            "saved_bytes": len(rewritten), "startup_cycles": session.startup_cycles,
            "startup_seconds_pal": round(session.startup_cycles / PAL_HZ, 2),
            "save_cycles": save_cycles, "save_seconds_pal": round(save_cycles / PAL_HZ, 2),
            "drive_log": session.drive.log[-3:]}


def run_persist_iec(prg_path: str, labels_path: str, answers_path: str, d64_path: str,
                    python_json: str | None, out_json: str, *, roms: str | None, file_name: str,
                    model: DriveModel, load_max_cycles: int) -> dict:
    """The game_persist_iec rule: the Python-drive cases of persist.json (if given) plus the
    IEC cases, into results/machine/persist.json."""
    import json

    from wordle64.c64.machine import Machine, locate_roms, read_labels
    from wordle64.core import read_answers
    from wordle64.media.disk import _skipped

    started = time.monotonic()
    result = json.loads(Path(python_json).read_text()) if python_json else {"passed": True}
    if _skipped(out_json, roms) is not None:
        return result
    rom_dir = locate_roms(roms)
    prg, labels = Path(prg_path).read_bytes(), read_labels(labels_path)
    answers = list(read_answers(answers_path))
    with tempfile.TemporaryDirectory(prefix="wordle64-persist-") as work:
        disk = Path(work) / "wordle64.d64"
        shutil.copyfile(d64_path, disk)
        cases = [round_trip(lambda: Machine(rom_dir), disk, model, labels, answers, file_name,
                            load_max_cycles)]
        cases += damaged_files(lambda: Machine(rom_dir), disk, Path(work), model, labels, prg)
        cases.append(full_history(lambda: Machine(rom_dir), disk, Path(work), model, labels,
                                  prg))
    iec_passed = all(case["passed"] for case in cases)
    result.update({"iec_cases": cases, "iec_passed": iec_passed,
                   "passed": bool(result.get("passed")) and iec_passed,
                   "iec_wall_seconds": round(time.monotonic() - started, 1)})
    write_json(out_json, result)
    for case in cases:
        log.info("%s: %s", case["case"], "passed" if case["passed"] else "FAILED")
    check_passed({"passed": result["passed"], "cases": cases}, out_json)
    return result
