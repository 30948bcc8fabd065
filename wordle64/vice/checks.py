"""The VICE checks: the built images loaded and played on VICE x64sc, against our machine model.

Each check boots VICE on one image, types as a player does and records what it saw with VICE's
own clock. Where a screen is compared, our model (`wordle64.game.session.Game`, the same PRG on
py65) is given the same keys, and VICE must show the model's screen RAM within a time limit.
"""
from __future__ import annotations

import datetime
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from wordle64.c64 import emu
from wordle64.errors import Wordle64Error
from wordle64.game.devices import Drive
from wordle64.game.rules import LETTERS, hard_mode_violation
from wordle64.game.session import Game
from wordle64.c64.screen import code_lines
from wordle64.game.shared import WordLists, daily_answer, date_keys, guesses_against, stat_on
from wordle64.media.images import read_d64, tap_bytes, tap_pulses
from wordle64.media.turbo import damaged_tapes
from wordle64.score import score
from wordle64.vice.session import (PAL_HZ, SCREEN, SCREEN_CELLS, Settings, State, Vice,
                                   screen_codes_of, screen_text)

NOTE_NEW = "NO STATISTICS ON DISK"
MENU_TEXT = "PRESS 1-8"        # the menu's last line: start-up is over
TAPE_ERROR_TEXT = "TAPE ERROR"    # the turbo loader's message (workflow/asm/tape/turbo.s)
LOAD_END = 0xAE                   # the KERNAL's pointer to the end of the last LOAD
STATS_FILE = "W64STATS"
SCREEN_RANGE = ((SCREEN, SCREEN + SCREEN_CELLS),)   # what wait_for reads for screen tests


@dataclass
class Record:
    """One check's outcome: named sub-checks, VICE clock times, screenshots written."""

    check: str
    image: str
    checks: list[dict] = field(default_factory=list)
    times: dict[str, float] = field(default_factory=dict)
    screenshots: list[str] = field(default_factory=list)
    wall_seconds: float = 0.0
    error: str = ""

    def add(self, what: str, ok: bool, detail: object = "") -> bool:
        self.checks.append({"check": what, "passed": bool(ok), "detail": str(detail)[:600]})
        return ok

    @property
    def passed(self) -> bool:
        return bool(self.checks) and not self.error and all(c["passed"] for c in self.checks)

    def as_dict(self) -> dict:
        return {**asdict(self), "passed": self.passed}


@dataclass(frozen=True)
class Step:
    """Keys typed on both machines; then VICE must show the model's screen."""

    keys: str
    what: str
    shot: str = ""


@dataclass(frozen=True)
class Dates:
    won: datetime.date
    lost: datetime.date
    hard: datetime.date


@dataclass(frozen=True)
class Limits:
    """Emulated seconds each wait may take before the check fails."""

    disk_load: float = 120.0
    start_up: float = 20.0
    key: float = 30.0
    save: float = 60.0
    tape_turbo: float = 150.0
    tape_kernal: float = 700.0


def seconds(cycles: int) -> float:
    return round(cycles / PAL_HZ, 3)


def model_screen(game: Game) -> bytes:
    return bytes(game.memory[SCREEN:SCREEN + SCREEN_CELLS])


def differing_rows(vice_codes: bytes, model_codes: bytes) -> str:
    vice_lines = screen_text(vice_codes).split("\n")
    model_lines = screen_text(model_codes).split("\n")
    return "\n".join(f"row {row}: VICE {v!r} / model {m!r}"
                     for row, (v, m) in enumerate(zip(vice_lines, model_lines)) if v != m)


def daily_steps(words: WordLists, dates: Dates) -> list[Step]:
    """A daily won in three, a daily lost, a hard-mode refusal and win, Absurdle's first guess."""
    steps: list[Step] = []
    won = daily_answer(words, dates.won)
    steps.append(Step("2" + date_keys(dates.won) + "{RETURN}", f"daily {dates.won} starts"))
    for guess in guesses_against(won, words, 2) + [won]:
        steps.append(Step(guess + "{RETURN}", f"daily {dates.won}: {guess.upper()} scored"))
    steps[-1] = Step(steps[-1].keys, f"daily {dates.won} won with {won.upper()}", "daily_won")
    steps.append(Step("{STOP}", "back to the menu after the win"))
    lost = daily_answer(words, dates.lost)
    steps.append(Step("2" + date_keys(dates.lost) + "{RETURN}", f"daily {dates.lost} starts"))
    for guess in guesses_against(lost, words, 6):
        steps.append(Step(guess + "{RETURN}", f"daily {dates.lost}: {guess.upper()} scored"))
    steps[-1] = Step(steps[-1].keys, f"daily {dates.lost} lost", "daily_lost")
    steps.append(Step("{STOP}", "back to the menu after the loss"))
    hard = daily_answer(words, dates.hard)
    first = guesses_against(hard, words, 1, want_green=True)[0]
    marks = score(first, hard)
    bad = next(w for w in sorted(words.answers)
               if w != hard and hard_mode_violation(first, marks, w))
    steps += [Step("3", "hard mode on"),
              Step("2" + date_keys(dates.hard) + "{RETURN}", f"hard daily {dates.hard} starts"),
              Step(first + "{RETURN}", f"hard mode: {first.upper()} scored"),
              Step(bad + "{RETURN}", f"hard mode: {bad.upper()} refused", "hard_refused"),
              Step("{DEL}" * LETTERS + hard + "{RETURN}", f"hard mode: won with {hard.upper()}"),
              Step("{STOP}", "back to the menu"), Step("3", "hard mode off")]
    opener = next(w for w in ("crane", "slate", "raise", *sorted(words.words))
                  if w in words.words)
    steps += [Step("7", "Absurdle starts"),
              Step(opener + "{RETURN}", f"Absurdle: {opener.upper()} scored", "absurdle")]
    return steps


def boot_model(prg: bytes, labels: dict[str, int], device: int = 8) -> Game:
    return Game.boot(prg, labels, drive=Drive(), device=device)


def follow(vice: Vice, model: Game, steps: list[Step], record: Record, limits: Limits,
           shots: Path | None) -> None:
    """Type each step on both; VICE must reach the model's screen RAM. Stops at a mismatch."""
    for step in steps:
        model.type(step.keys)
        wanted = model_screen(model)
        vice.type(step.keys)
        try:
            vice.wait_for(lambda s: s.ram[0] == wanted, limits.key, step.what,
                          ranges=SCREEN_RANGE)
            ok = True
        except Exception:       # noqa: BLE001 - a mismatch is this check's finding
            ok = False
        detail = "" if ok else differing_rows(vice.screen_codes(), wanted)
        if not record.add(f"{step.what}: VICE's screen RAM equals the model's", ok, detail):
            return
        if step.shot and shots is not None:
            shot(vice, shots, step.shot, record)


def shot(vice: Vice, folder: Path, name: str, record: Record) -> None:
    path = folder / f"{name}.png"
    vice.screenshot(path)
    record.screenshots.append(str(path))


def ready_count(codes: bytes) -> int:
    return codes.count(screen_codes_of("READY."))


def type_load(vice: Vice, command: str, timeout: float) -> tuple[int, int]:
    """Type a LOAD command at READY. and wait for the next READY.; returns the clocks of the
    RETURN going down and of that READY."""
    before = ready_count(vice.screen_codes())
    down = vice.type(command + "{RETURN}")
    state = vice.wait_for(lambda s: ready_count(s.ram[0]) > before, timeout,
                          f"{command} to finish", ranges=SCREEN_RANGE)
    return down, state.clock


def load_typed(vice: Vice, command: str, limits: Limits, record: Record,
               prg_bytes: int) -> int:
    """type_load, timed, and the KERNAL's end of load checked against the game's length;
    returns the RETURN's clock."""
    down, ready = type_load(vice, command, limits.disk_load)
    end = vice.ram(LOAD_END, LOAD_END + 2)
    end_address = end[0] | end[1] << 8
    record.times["load_seconds"] = seconds(ready - down)
    record.add(f"{command} loads the game (ends at ${0x0801 + prg_bytes - 2:04X})",
               end_address == 0x0801 + prg_bytes - 2, f"${end_address:04X}")
    return down


def run_to_menu(vice: Vice, limits: Limits, record: Record, end_text: str = MENU_TEXT) -> int:
    """RUN; returns the clock when `end_text` shows (the menu's note about the statistics: the
    last thing start-up prints, once the drive has answered)."""
    down = vice.type("RUN{RETURN}")
    state = vice.wait_text(end_text, limits.start_up)
    record.times["startup_seconds"] = seconds(state.clock - down)
    return state.clock


def disk_games(core: Path, d64: Path, prg: Path, labels: dict[str, int], words: WordLists,
               dates: Dates, limits: Limits, shots: Path | None) -> Record:
    """LOAD"WORDLE64",8 and RUN on a true 1541, then the scripted games beside the model."""
    record = Record("disk_games", str(d64))
    started = time.monotonic()
    prg_bytes = prg.read_bytes()
    with Vice.start(core, d64, Settings()) as vice:
        vice.wait_text("READY.", 10)
        down = load_typed(vice, 'LOAD"WORDLE64",8', limits, record, len(prg_bytes))
        menu = run_to_menu(vice, limits, record, NOTE_NEW)
        record.times["load_to_menu_seconds"] = seconds(menu - down)
        if shots is not None:
            vice.wait_for(lambda s: True, 1, "a frame")
            shot(vice, shots, "menu", record)
        model = boot_model(prg_bytes, labels)
        follow(vice, model, daily_steps(words, dates), record, limits, shots)
    with Vice.start(core, d64, Settings(autostart=True)) as vice:
        reached = seen(vice, NOTE_NEW, limits.disk_load + limits.start_up)
        if reached:
            record.times["autostart_reset_to_menu_seconds"] = seconds(vice.clock)
        record.add("VICE's own autostart of the .d64 (LOAD\"*\",8,1 and RUN typed by VICE) "
                   "reaches the menu", reached, screen_text(vice.screen_codes()))
    record.wall_seconds = round(time.monotonic() - started, 1)
    return record


def seen(vice: Vice, text: str, timeout: float) -> State | None:
    """The state in which `text` shows on the screen, if it does within `timeout` emulated
    seconds (None: it did not)."""
    try:
        return vice.wait_text(text, timeout)
    except Wordle64Error:
        return None


def disk_statistics(core: Path, d64: Path, prg: Path, labels: dict[str, int], words: WordLists,
                    dates: Dates, limits: Limits, shots: Path | None) -> Record:
    """LOAD"*",8,1; a daily won and SAVEd on Commodore DOS; Q; LOAD"*",8,1 again must load the
    game (not the statistics), RUN reads them back; the written .d64 read by d64py."""
    record = Record("disk_statistics", str(d64))
    started = time.monotonic()
    prg_bytes = prg.read_bytes()
    answer = daily_answer(words, dates.won)
    keys = "2" + date_keys(dates.won) + "{RETURN}" + answer + "{RETURN}"
    model = boot_model(prg_bytes, labels)
    model.type(keys + "{STOP}")
    with Vice.start(core, d64, Settings()) as vice:
        vice.wait_text("READY.", 10)
        down = load_typed(vice, 'LOAD"*",8,1', limits, record, len(prg_bytes))
        menu = run_to_menu(vice, limits, record)
        record.times["load_to_menu_seconds"] = seconds(menu - down)
        record.add("a disk without statistics: the menu says so",
                   seen(vice, NOTE_NEW, limits.start_up))
        vice.type(keys)
        vice.wait_text("GENIUS!", limits.key)
        vice.type("{STOP}")
        record.add("the daily won, SAVEd on VICE's 1541: the menu says STATISTICS SAVED",
                   seen(vice, "STATISTICS SAVED ON DISK", limits.save))
        if shots is not None:
            shot(vice, shots, "menu_saved", record)
        vice.type("Q")
        vice.wait_text("READY.", limits.key)
        load_typed(vice, 'LOAD"*",8,1', limits, record, len(prg_bytes))
        record.times.pop("load_seconds")
        record.times.pop("startup_seconds")
        run_to_menu(vice, limits, record)
        record.add("after Q, LOAD\"*\",8,1 and RUN: the game reads its statistics",
                   seen(vice, "STATISTICS LOADED FROM DISK", limits.start_up),
                   screen_text(vice.screen_codes()))
        vice.type("5")
        vice.wait_text("PLAYED", limits.key)
        codes = vice.screen_codes()
        record.add("the statistics screen: PLAYED 1, WIN % 100",
                   stat_on(code_lines(codes), "PLAYED") == "1"
                   and stat_on(code_lines(codes), "WIN %") == "100",
                   screen_text(codes))
        if shots is not None:
            shot(vice, shots, "statistics", record)
        written = vice.file(vice.image_path)
    with tempfile.TemporaryDirectory(prefix="wordle64-vice-") as scratch:
        path = Path(scratch) / "written.d64"
        path.write_bytes(written)
        contents = read_d64(path)
    names = [f.name for f in contents.files]
    record.add("d64py reads VICE's disk: WORDLE64 then W64STATS", names == ["WORDLE64",
                                                                            STATS_FILE], names)
    ours = model.drive.files.get(STATS_FILE, b"")
    theirs = contents.data.get(STATS_FILE, b"")
    record.add("W64STATS written by Commodore DOS is byte for byte the model's",
               theirs == ours and theirs[2:6] == b"W64S", f"{theirs[:16].hex()} vs "
                                                          f"{ours[:16].hex()}")
    record.wall_seconds = round(time.monotonic() - started, 1)
    return record


def tape(core: Path, tap: Path, kind: str, prg: Path, labels: dict[str, int],
         words: WordLists, dates: Dates, timeout: float, limits: Limits,
         shots: Path | None) -> Record:
    """VICE's autostart (LOAD, PLAY; RUN at READY. on the standard tape, whose file does not
    start itself) of a .tap to the menu, then a daily won, beside the model."""
    record = Record(f"tape_{kind}", str(tap))
    started = time.monotonic()
    prg_bytes = prg.read_bytes()
    with Vice.start(core, tap, Settings(autostart=True)) as vice:
        typed = vice.wait_text("LOAD", 30)
        found = vice.wait_text("FOUND", timeout)
        loading = vice.wait_text("LOADING", timeout)
        if kind == "turbo":     # the boot file starts the loader: no READY., no RUN
            menu = vice.wait_text(MENU_TEXT, timeout)
            record.times["found_to_menu_seconds"] = seconds(menu.clock - found.clock)
            vice.type("{CBM}")  # VICE's autostart holds C= (past FOUND's pause) until the
            #                     READY. that never comes: let go of it, as a player's hand
        else:
            before = ready_count(vice.screen_codes())
            ready = vice.wait_for(lambda s: ready_count(s.ram[0]) > before, timeout,
                                  "READY. after the tape's first file",
                                  ranges=SCREEN_RANGE)
            menu = vice.wait_text(MENU_TEXT, timeout)
            record.times.update({
                "load_typed_to_ready_seconds": seconds(ready.clock - typed.clock),
                "ready_to_menu_seconds": seconds(menu.clock - ready.clock)})
        record.times.update({
            "reset_to_menu_seconds": seconds(menu.clock),
            "load_typed_to_menu_seconds": seconds(menu.clock - typed.clock),
            "load_typed_to_found_seconds": seconds(found.clock - typed.clock),
            "found_to_loading_seconds": seconds(loading.clock - found.clock)})
        record.add("the menu says statistics are not kept on tape",
                   seen(vice, "FROM TAPE", limits.start_up), screen_text(vice.screen_codes()))
        if shots is not None:
            vice.wait_for(lambda s: True, 1, "a frame")
            shot(vice, shots, f"tape_{kind}_menu", record)
        model = boot_model(prg_bytes, labels, device=1)
        answer = daily_answer(words, dates.won)
        steps = [Step("2" + date_keys(dates.won) + "{RETURN}", f"daily {dates.won} starts"),
                 Step(answer + "{RETURN}", f"daily {dates.won} won with {answer.upper()}",
                      f"tape_{kind}_won")]
        follow(vice, model, steps, record, limits, shots)
    record.wall_seconds = round(time.monotonic() - started, 1)
    return record


def tape_faults(core: Path, tap: Path, limits: Limits, shots: Path | None) -> Record:
    """The turbo tape damaged (wordle64.media.turbo.damaged_tapes), each copy autostarted on
    VICE's datasette and Commodore KERNAL: a bad bit or a tape that ends early shows TAPE ERROR
    and never the menu; a tape 10 % fast or slow with ±48 cycles of jitter plays to the menu."""
    record = Record("tape_faults", str(tap))
    started = time.monotonic()
    pulses = tap_pulses(tap.read_bytes(), str(tap))
    with tempfile.TemporaryDirectory(prefix="wordle64-tape-") as work:
        for name, (what, damaged, loads) in damaged_tapes(pulses).items():
            path = Path(work) / f"{name}.tap"
            path.write_bytes(tap_bytes(damaged))
            with Vice.start(core, path, Settings(autostart=True)) as vice:
                typed = vice.wait_text("LOAD", 30).clock
                wanted = (MENU_TEXT if loads else "ERROR" if name == "boot_file_bit"
                          else TAPE_ERROR_TEXT)   # a bad boot file: the KERNAL's ?LOAD ERROR
                #                                   (it stops storing) or our TAPE ERROR
                ok = seen(vice, wanted, limits.tape_turbo)
                record.times[f"{name}_seconds"] = seconds(vice.clock - typed)
                codes = vice.screen_codes()
                if not loads:
                    since = vice.clock                          # two more seconds: nothing starts
                    vice.wait_for(lambda s: s.clock - since > 2 * PAL_HZ, 5, "two seconds")
                    codes = vice.screen_codes()
                    ok = ok and screen_codes_of(MENU_TEXT) not in codes
                    if name == "flipped_bit" and shots is not None:
                        shot(vice, shots, "tape_error", record)
                verdict = "plays to the menu" if loads else "TAPE ERROR, the game not started"
                record.add(f"{what}: {verdict}", ok, screen_text(codes))
    record.wall_seconds = round(time.monotonic() - started, 1)
    return record


def guarded(check, *args, **kwargs) -> Record:
    """Run one check; an exception is recorded as its failure, not a crash of the rule."""
    try:
        return check(*args, **kwargs)
    except Exception as error:      # noqa: BLE001 - reported in the record, then raised by gate
        record = Record(check.__name__ if check is not tape else f"tape_{args[2]}", str(args[1]))
        record.error = f"{type(error).__name__}: {error}"
        return record


def load_labels(path: Path) -> dict[str, int]:
    return emu.parse_labels(path.read_text(), str(path))
