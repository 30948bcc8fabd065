"""The fast disk on VICE (rule vice_fast_disk): our loader in a true 1541, 1541-II and 1571, on
device 8 and device 9, timed; the KERNAL fallback on a drive that runs no code; damaged copies
that must end in LOAD ERROR. The steps it shares with the other checks are in checks.py."""
from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from wordle64.c64.d64 import D64, block_offset
from wordle64.game.shared import WordLists, daily_answer, date_keys, guesses_against
from wordle64.media.disk_faults import break_chain
from wordle64.media.fastdisk import CODE_NAME, FAST_NAME, HOOK_BASE, LOADER_RUN
from wordle64.vice.checks import (LOAD_END, MENU_TEXT, NOTE_NEW, PAL_HZ, Dates, Limits, Record,
                                  Step, boot_model, follow, seconds, seen, shot, type_load)
from wordle64.vice.session import (SCREEN, SCREEN_CELLS, Settings, State, Vice, screen_codes_of,
                                   screen_text)

FAST_FILE = FAST_NAME.encode("ascii")
DRIVE_CODE_SIGNATURE = 64         # the drive code's first bytes: code, not its variables
FAST_FAULTS = {"checksum": "a bad checksum (error 23 in the image's error bytes)",
               "missing": "its sector missing (error 20, no header, in the error bytes)",
               "broken_chain": "a link off the disk (track 36)"}
LOAD_ERROR_TEXT = "?LOAD  ERROR"  # BASIC's own message (its two spaces), which boot.s raises
FAULT_BLOCK = 10                 # the fast file's block that is damaged (one of the game's)
ERROR_BYTES = {"checksum": 5,    # .d64 error byte 5: 23, READ ERROR (data block checksum)
               "missing": 2}     # .d64 error byte 2: 20, READ ERROR (header not found)


# VICE's drive idling: 0, no traps. Its default, "trap idle", skips the drive's clock ahead
# from the DOS's idle loop; after the fast loader, about one start in five then never saw the
# game's first disk access (its statistics) and hung there (docs/vice.md), with no traps none did.
IDLE_METHOD = "0"


@dataclass(frozen=True)
class Drive:
    """One drive the fast disk is proven on: its name, VICE's drive type, the bus device, and
    the LOAD typed (both of the boot file's forms get used); `run` names a run that is not just
    another drive (its checks' prefix, its time's key)."""

    name: str
    vice_type: str
    device: int = 8
    command: str = 'LOAD"WORDLE64",8'
    run: tuple[str, str] | None = None

    def settings(self) -> Settings:
        if self.device == 8:
            return Settings(resources={"Drive8Type": self.vice_type,
                                       "Drive8IdleMethod": IDLE_METHOD})
        return Settings(vice_args=(f"-drive{self.device}type", self.vice_type,
                                   f"-drive{self.device}idle", IDLE_METHOD,
                                   f"-{self.device}", "{image}"))

    @property
    def key(self) -> str:
        if self.run is not None:
            return self.run[1]
        return self.name.lower().replace("-", "") + ("" if self.device == 8 else
                                                     f"_device{self.device}")

    @property
    def autostarts(self) -> bool:
        """LOAD"...",8,1: the boot file loads at its own address and starts itself (no RUN)."""
        return self.command.endswith(",1")

    @property
    def where(self) -> str:
        return self.run[0] if self.run is not None else (f"a {self.name} as device "
                                                         f"{self.device}")


TIMED_DRIVE = Drive("1541", "1541", command='LOAD"*",8,1')
SCREEN_ON_DRIVE = Drive("1541", "1541", command='LOAD"WORDLE64 SCREEN",8',
                        run=("the screen-on copy", "screen_on"))
STREAMING_AT_SECONDS = 2        # after RUN: the loader sent, the game streaming in
OTHER_DRIVES = (Drive("1541-II", "1542"), Drive("1571", "1571"),
                Drive("1541", "1541", device=9, command='LOAD"*",9,1'))


def drive_code_file(d64: Path) -> bytes:
    """The drive code that streams the game: the disk's code file, which the "&" file's
    bootstrap reads into the drive's RAM."""
    image = D64.open(d64)
    return b"".join(chunk for *_block, chunk in
                    image.chain(*image.find(CODE_NAME.encode("ascii")).first))


def damage_fast_disk(d64: Path, fault: str, out: Path) -> None:
    """A copy of the fast disk with one of the game's blocks in the fast file damaged
    (FAST_FAULTS)."""
    image = D64.open(d64)
    entry = image.find(FAST_FILE)
    blocks = [(t, sec) for t, sec, _ in image.chain(*entry.first)]
    if fault == "broken_chain":
        break_chain(image, FAST_FILE, at=FAULT_BLOCK)
        image.save(out)
        return
    errors = bytearray([1]) * (len(image.data) // 256)      # 1: no error, per sector
    errors[block_offset(*blocks[FAULT_BLOCK]) // 256] = ERROR_BYTES[fault]
    out.write_bytes(bytes(image.data) + bytes(errors))


STOCK_CHROUT = bytes([0xCA, 0xF1])  # CHROUT's vector (at HOOK_BASE, the boot file's hook when
                                    # it loads there) in the stock KERNAL, as RESTOR puts it back
LOAD_ADDRESS_AT = 0x07FF        # boot.s's store pointer before the first block (its load address
                                # goes to the two bytes before $0801)


@dataclass
class Stream:
    """The fast loader's store pointer in the C64's RAM, sampled while the game streams in: when
    the game's first block lands (the loader's second part, before it, goes to LOADER_RUN's
    side), and when the last byte does. The pointer follows the loader's route
    (stream.inc): the stream goes to its copy above INIT, the blob after it to its place, which
    the last byte ends at `end` (the game's __INIT_LOAD__); it stays there (the game leaves the
    loader's zero page alone)."""

    pointer: int            # address of the loader's store pointer (boot.s `dest`)
    end: int                # where it stands after the game's last byte
    first: int | None = None
    last: int | None = None
    start: int | None = None    # its value before the first block

    def follow(self, vice: Vice, until: int | None, limits: Limits) -> State:
        """Sample until the clock `until`, or (None) until the menu's note shows."""
        wanted = screen_codes_of(NOTE_NEW)
        ranges = ((self.pointer, self.pointer + 2), (SCREEN, SCREEN + SCREEN_CELLS))

        def sample(state: State) -> bool:
            value = state.ram[0][0] | state.ram[0][1] << 8
            if self.start is None:
                self.start = value
            elif (self.first is None and value != self.start
                  and LOAD_ADDRESS_AT < value < LOADER_RUN):     # (the loader's part 2: above)
                self.first = state.clock
            elif self.first is not None and self.last is None and value == self.end:
                self.last = state.clock
            return state.clock >= until if until is not None else wanted in state.ram[1]
        return vice.wait_for(sample, limits.disk_load, "the fast loader's game", ranges=ranges,
                             poll=0.001)

    def times(self, run: int, prg_bytes: int) -> dict[str, float | None]:
        """RUN to the first block, the blocks' time, and milliseconds per block (None: not seen)."""
        if self.first is None or self.last is None:
            return {"run_to_first_block_seconds": None, "blocks_seconds": None,
                    "ms_per_block": None}
        blocks = -(-prg_bytes // 254)
        return {"run_to_first_block_seconds": seconds(self.first - run),
                "blocks_seconds": seconds(self.last - self.first),
                "ms_per_block": round(1000 * (self.last - self.first) / PAL_HZ / (blocks - 1), 1)}


@dataclass(frozen=True)
class GameRun:
    """What a run of the fast disk needs to know of the game."""

    prg: bytes
    labels: dict[str, int]
    keys: list[Step]            # a daily started and a guess scored


def daily_guess(words: WordLists, dates: Dates) -> list[Step]:
    guess = guesses_against(daily_answer(words, dates.won), words, 1)[0]
    return [Step("2" + date_keys(dates.won) + "{RETURN}", "daily starts"),
            Step(guess + "{RETURN}", f"{guess.upper()} scored", "fast_guess")]


def start_loader(vice: Vice, drive: Drive, boot_bytes: int, timeout: float) -> tuple[int, int]:
    """Type the drive's LOAD; with ,1 the boot file starts itself once it is in (the KERNAL's
    end-of-load pointer reaches its end), else RUN is typed at READY. Returns the clocks of the
    LOAD's RETURN going down and of the loader's start (the load's end, or RUN's RETURN)."""
    if not drive.autostarts:
        down, _ready = type_load(vice, drive.command, timeout)
        return down, vice.type("RUN{RETURN}")
    end = HOOK_BASE + boot_bytes - 2
    down = vice.type(drive.command + "{RETURN}")
    state = vice.wait_for(lambda s: s.ram[0][0] | s.ram[0][1] << 8 == end, timeout,
                          f"{drive.command} to load the boot file to ${end:04X}",
                          ranges=((LOAD_END, LOAD_END + 2),), poll=0.001)
    return down, state.clock


def timed_run(core: Path, d64: Path, boot: bytes, boot_labels: dict[str, int], game: GameRun,
              limits: Limits, record: Record, shots: Path | None) -> None:
    """The 1541, timed: LOAD"*",8,1 loads the boot file, which starts itself, sends the loader
    into the drive, and the game streams in (the store pointer sampled); the menu, then a
    daily's guess."""
    drive_code = drive_code_file(d64)
    with Vice.start(core, d64, TIMED_DRIVE.settings()) as vice:
        vice.wait_text("READY.", 10)
        down, run = start_loader(vice, TIMED_DRIVE, len(boot), limits.disk_load)
        record.times["boot_load_seconds"] = seconds(run - down)
        stream = Stream(boot_labels["dest"], game.labels["__INIT_LOAD__"])
        stream.follow(vice, run + 2 * PAL_HZ, limits)   # the loader sent, the first blocks coming
        chrout = vice.ram(HOOK_BASE, HOOK_BASE + 2)
        record.add(f"{TIMED_DRIVE.command} loads the boot file to ${HOOK_BASE:04X}-"
                   f"${HOOK_BASE + len(boot) - 3:04X}, where it starts itself (and puts the "
                   "KERNAL's CHROUT vector back)", chrout == STOCK_CHROUT, chrout.hex())
        record.add("while the game streams in, the 1541's RAM holds the loader's drive code "
                   "(read by the \"&\" file's bootstrap)", drive_code[:DRIVE_CODE_SIGNATURE] in
                   vice.snapshot_module("DRIVECPU0"))
        menu = stream.follow(vice, None, limits)
        record.times["run_to_menu_seconds"] = seconds(menu.clock - run)
        record.times.update(stream.times(run, len(game.prg)))
        record.times["load_to_menu_seconds"] = seconds(menu.clock - down)
        if shots is not None:
            shot(vice, shots, "fast_menu", record)
        follow(vice, boot_model(game.prg, game.labels), game.keys, record, limits, shots)


def other_drive(core: Path, d64: Path, drive: Drive, game: GameRun, limits: Limits,
                record: Record, boot_bytes: int, streaming=None) -> None:
    """Another drive, or device 9: the LOAD typed, RUN (unless ,1 started it), the menu (timed
    from the LOAD), and the same daily guess beside a model booted from that device.
    `streaming(vice, run)` checks what it likes while the game streams in."""
    with Vice.start(core, d64, drive.settings()) as vice:
        vice.wait_text("READY.", 10)
        down, run = start_loader(vice, drive, boot_bytes, limits.disk_load)
        if streaming is not None:
            streaming(vice, run)
        menu = seen(vice, NOTE_NEW, limits.disk_load)
        started = "started by itself" if drive.autostarts else "RUN"
        if not record.add(f"{drive.where}: {drive.command}, {started}, the fast loader's menu",
                          menu is not None, vice.where()):
            return
        record.times[f"load_to_menu_seconds_{drive.key}"] = seconds(menu.clock - down)
        steps = [Step(step.keys, f"{drive.where}: {step.what}") for step in game.keys]
        follow(vice, boot_model(game.prg, game.labels, device=drive.device), steps, record,
               limits, None)


def screen_colours(path: Path) -> int:
    """Colours inside the border of a VICE screenshot (the middle half of it each way): 1 when
    the VIC blanks the screen (all border colour), more with text on it."""
    from PIL import Image
    with Image.open(path) as image:
        width, height = image.size
        middle = image.convert("RGB").crop((width // 4, height // 4, 3 * width // 4,
                                            3 * height // 4))
        return len(middle.getcolors(maxcolors=1 << 16) or [])


def screen_shows(record: Record, shots: Path | None):
    """A `streaming` check for other_drive: STREAMING_AT_SECONDS after RUN, a screenshot has
    text on it (the screen-on copy keeps the screen on while the game streams in)."""
    def check(vice: Vice, run: int) -> None:
        vice.wait_cycles(run + STREAMING_AT_SECONDS * PAL_HZ - vice.clock)
        with tempfile.TemporaryDirectory(prefix="wordle64-vice-") as scratch:
            path = (shots or Path(scratch)) / "fast_screen_on.png"
            vice.screenshot(path)
            if shots is not None:
                record.screenshots.append(str(path))
            colours = screen_colours(path)
        record.add(f"{SCREEN_ON_DRIVE.where} ({SCREEN_ON_DRIVE.command}): the screen shows "
                   "while the game streams in", colours > 1, f"{colours} colours inside the "
                   "border")
    return check


def fallback_and_faults(core: Path, d64: Path, limits: Limits, record: Record) -> None:
    """VICE's virtual drive, which runs no drive code: the KERNAL loads the game, with a note.
    Then copies with a damaged block: LOAD ERROR, never a game."""
    fallback = Settings(true_drive=False, extra={"vice_virtual_device_traps": "enabled"})
    with Vice.start(core, d64, fallback) as vice:
        vice.wait_text("READY.", 10)
        vice.type('LOAD"*",8,1{RETURN}')                # the boot file starts itself
        record.add("a drive that runs no code (VICE's virtual drive): the KERNAL loads the "
                   "game instead, and says so", seen(vice, "NO FAST LOADER", limits.start_up)
                   and seen(vice, NOTE_NEW, limits.disk_load), screen_text(vice.screen_codes()))
    with tempfile.TemporaryDirectory(prefix="wordle64-vice-") as scratch:
        for fault in FAST_FAULTS:
            damaged = Path(scratch) / f"{fault}.d64"
            damage_fast_disk(d64, fault, damaged)
            with Vice.start(core, damaged, TIMED_DRIVE.settings()) as vice:
                vice.wait_text("READY.", 10)
                vice.type(TIMED_DRIVE.command + "{RETURN}")     # the boot file starts itself
                record.add(f"a game block with {FAST_FAULTS[fault]}: BASIC's ?LOAD ERROR, "
                           "no hang, no game", seen(vice, LOAD_ERROR_TEXT, limits.disk_load)
                           and seen(vice, "READY.", limits.start_up)
                           and screen_codes_of(MENU_TEXT) not in vice.screen_codes(),
                           screen_text(vice.screen_codes()))


def fast_disk(core: Path, d64: Path, boot: Path, boot_labels: dict[str, int], prg: Path,
              labels: dict[str, int], words: WordLists, dates: Dates, limits: Limits,
              shots: Path | None) -> Record:
    """The fast disk on VICE's true drives: timed on the 1541, then the 1541-II, the 1571 and
    device 9 to the menu and a guess; the KERNAL fallback; the damaged copies."""
    record = Record("fast_disk", str(d64))
    started = time.monotonic()
    game = GameRun(prg.read_bytes(), labels, daily_guess(words, dates))
    boot_bytes = boot.read_bytes()
    timed_run(core, d64, boot_bytes, boot_labels, game, limits, record, shots)
    for drive in OTHER_DRIVES:
        other_drive(core, d64, drive, game, limits, record, len(boot_bytes))
    other_drive(core, d64, SCREEN_ON_DRIVE, game, limits, record, len(boot_bytes),
                screen_shows(record, shots))
    fallback_and_faults(core, d64, limits, record)
    record.wall_seconds = round(time.monotonic() - started, 1)
    return record
