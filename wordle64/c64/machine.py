"""Whole-machine runs: the PRG booted on the machine model (wordle64.c64.board: py65, PLA banking,
CIAs, datasette, KERNAL interrupts) with ROMs.

This module runs the real C64 start-up: the KERNAL and BASIC ROMs
(by default the free MEGA65 Open ROMs, LGPL-3) boot to ``READY.``, the PRG is put in RAM as LOAD
would, ``RUN`` is typed, and keys are pressed in the CIA1 keyboard *matrix* (held for two frames,
then released), so the KERNAL's own interrupt-driven scan puts them in the keyboard buffer, exactly
as on the real machine. Screen and colour RAM are read straight from the emulated RAM.

ROM files are never copied into the repository; a folder holds them under the Commodore names
(basic.901226-01.bin, kernal.901227-03.bin, characters.901225-01.bin) or the Open ROMs names.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.core import read_answers
from wordle64.c64.emu import FRAME_CYCLES, PAL_HZ, parse_labels
from wordle64.errors import Wordle64Error
from wordle64.c64.board import Board
from wordle64.c64.datasette import Datasette
from wordle64.c64.keyboard import key_cells, strokes
from wordle64.c64.prg import parse_prg

ROMS_ENV = "C64_ROMS"
# Commodore file name -> the Open ROMs file used when the Commodore name is absent.
ROM_FILES: dict[str, str] = {
    "basic.901226-01.bin": "basic_generic.rom",
    "kernal.901227-03.bin": "kernal_generic.rom",
    "characters.901225-01.bin": "chargen_openroms.rom",
}
SCREEN = 0x0400
COLOUR_RAM = 0xD800
SCREEN_CELLS = 1000
KEY_HOLD_CYCLES = 2 * FRAME_CYCLES
KEY_GAP_CYCLES = 2 * FRAME_CYCLES
MENU_POLL_CYCLES = 1_000   # how often the run looks for the menu's text (~1 ms PAL)
READ_KEY_LABEL = "wait_key"   # the game's one routine that reads a key (input.s)
GAME_LABEL = "play_game"   # one game of Wordle (main.s): its first key read = the board
SUBMIT_LABEL = "board_submit_row"  # play_game: a guess looked up and scored, being revealed


class MachineError(Wordle64Error):
    """The whole-machine run did not reach what it waited for (the message has the screen)."""


def locate_roms(configured: str | Path | None, environ: dict[str, str] | None = None
                ) -> Path | None:
    """The ROM folder: $C64_ROMS if set, else the configured folder; None if neither has ROMs."""
    environ = os.environ if environ is None else environ
    for candidate in (environ.get(ROMS_ENV), configured):
        if candidate and _has_roms(Path(candidate)):
            return Path(candidate)
    return None


def missing_roms(configured: str | Path | None) -> str:
    """Why a whole-machine rule found no ROMs (its ``skipped`` record says it)."""
    return (f"no C64 ROMs in ${ROMS_ENV} or {configured!r} (expected "
            f"{', '.join(ROM_FILES)} or the Open ROMs {', '.join(ROM_FILES.values())})")


def _rom_sources(folder: Path) -> dict[str, Path]:
    """Commodore ROM name -> the file of ``folder`` that holds it (its own name, else the Open
    ROMs alias); the ROMs the folder lacks are left out."""
    sources = {}
    for name, alias in ROM_FILES.items():
        for candidate in (folder / name, folder / alias):
            if candidate.is_file():
                sources[name] = candidate
                break
    return sources


def _has_roms(folder: Path) -> bool:
    return len(_rom_sources(folder)) == len(ROM_FILES)


def rom_inputs(configured: str | Path | None, environ: dict[str, str] | None = None
               ) -> list[str]:
    """The ROM files a whole-machine run would read (locate_roms), none without ROMs: the
    media_machine rule's inputs, so ROMs that appear later rerun a skipped run."""
    rom_dir = locate_roms(configured, environ)
    if rom_dir is None:
        return []
    return [str(path) for path in _rom_sources(rom_dir).values()]


def read_labels(path: str | Path) -> dict[str, int]:
    """Labels of an ld65 ``-Ln`` file (``al 000801 .name``), read by wordle64.c64.emu.parse_labels
    (a name in two scopes keeps its first address, as for the py65 runs)."""
    return parse_labels(Path(path).read_text(), str(path))


def screen_text(codes: bytes, width: int = 40, mask: int = 0x7F) -> list[str]:
    """Screen codes as text lines (upper-case set; reverse video or ECM bits masked off)."""
    chars = []
    for code in codes:
        code &= mask
        if code == 0:
            chars.append("@")
        elif code <= 26:
            chars.append(chr(code + 64))
        elif 32 <= code < 64:
            chars.append(chr(code))
        else:
            chars.append("\u00b7")
    text = "".join(chars)
    return [text[i:i + width] for i in range(0, len(text), width)]


class Machine:
    """A PAL C64 (wordle64.c64.board on py65) with ROMs loaded, stopped at the reset vector."""

    def __init__(self, rom_dir: str | Path):
        sources = _rom_sources(Path(rom_dir))
        if len(sources) != len(ROM_FILES):
            raise Wordle64Error(f"{rom_dir}: the BASIC, KERNAL and character ROMs are not all "
                                f"there (expected {', '.join(ROM_FILES.values())})")
        roms = [sources[name].read_bytes() for name in ROM_FILES]
        self.board = Board(*roms)
        self.bus = self.board.bus

    @property
    def cycles(self) -> int:
        return self.board.cycles

    def clone(self) -> Machine:
        """An independent copy of the machine in its present state (a snapshot to run on)."""
        twin = copy.copy(self)
        twin.board = self.board.clone()
        twin.bus = twin.board.bus
        return twin

    @property
    def pc(self) -> int:
        return self.board.mpu.pc

    @property
    def datasette(self) -> Datasette:
        return self.bus.datasette

    def run(self, cycles: int) -> None:
        """Run the whole machine for ``cycles`` CPU cycles (interrupts and CIAs live)."""
        self.board.run(cycles)

    def run_until(self, done: Callable[[Machine], bool], max_cycles: int, what: str,
                  poll: int = FRAME_CYCLES) -> int:
        """Run until ``done(self)``, checked once a frame; return the cycles it took."""
        start = self.cycles
        while not done(self):
            if self.cycles - start >= max_cycles:
                raise MachineError(f"no {what} after {max_cycles:,} cycles "
                                   f"({max_cycles / PAL_HZ:.1f} s PAL), PC ${self.pc:04X}\n"
                                   + self.dump())
            self.run(poll)
        return self.cycles - start

    def boot(self, max_cycles: int = 4_000_000) -> int:
        """Reset to ``READY.``; return the cycles it took."""
        return self.run_until(lambda m: m.shows("READY."), max_cycles, "READY. prompt")

    # ---- memory ---------------------------------------------------------------------------
    def ram(self, address: int, length: int = 1) -> bytes:
        return bytes(self.bus.ram[address:address + length])

    def poke(self, address: int, data: bytes) -> None:
        """Write RAM as the CPU would (ROM-shadowed RAM too; I/O is not reached)."""
        bus = self.bus
        for offset, value in enumerate(data):
            address_ = address + offset
            bus.ram[address_] = value
            if bus.kind[address_ >> 8] == 0:
                bus.view[address_] = value

    def load_prg(self, data: bytes) -> tuple[int, int]:
        """Put a PRG in RAM as LOAD"NAME",8,1 leaves it; return (start, end) addresses."""
        prg = parse_prg(data)
        self.poke(prg.load_address, prg.payload)
        end = prg.end_address.to_bytes(2, "little")
        self.poke(0xAE, end)  # LOAD's end address
        if prg.load_address == 0x0801:  # what BASIC does after a program load
            for pointer in (0x2D, 0x2F, 0x31):  # VARTAB, ARYTAB, STREND
                self.poke(pointer, end)
        self.poke(0x90, b"\x00")  # STATUS: no error
        return prg.load_address, prg.end_address

    # ---- screen ---------------------------------------------------------------------------
    def io(self, address: int) -> int:
        """A VIC or CIA2 port register as the CPU reads it (no side effects for the VIC)."""
        if 0xD000 <= address < 0xD400:
            return self.bus.vic_register(address & 0x3F)
        if address == 0xDD00:
            return self.bus.cia2.port_out(0)
        return self.bus.io_read(address)

    def screen_base(self) -> int:
        """Where the VIC fetches screen codes: its bank ($DD00) plus $D018's screen bits."""
        bank = (3 - (self.io(0xDD00) & 0x03)) * 0x4000
        return bank + (self.io(0xD018) >> 4) * 0x400

    def ecm(self) -> bool:
        """Extended background colour mode: code bits 6-7 pick the background ($D021-$D024)."""
        return bool(self.io(0xD011) & 0x40)

    def screen_codes(self) -> bytes:
        return self.ram(self.screen_base(), SCREEN_CELLS)

    def glyph_mask(self) -> int:
        return 0x3F if self.ecm() else 0x7F

    def colour_ram(self) -> bytes:
        return bytes(self.bus.colour[:SCREEN_CELLS])

    def cell_colours(self) -> list[tuple[int, int]]:
        """(background, foreground) of every cell, as the VIC draws it."""
        foreground = [value & 0x0F for value in self.colour_ram()]
        backgrounds = [self.io(0xD021 + i) & 0x0F for i in range(4)]
        if not self.ecm():
            return [(backgrounds[0], colour) for colour in foreground]
        return [(backgrounds[code >> 6], colour)
                for code, colour in zip(self.screen_codes(), foreground)]

    def memory_image(self) -> bytes:
        """64 KB: RAM, with the VIC registers and colour RAM at $D000 (for wordle64.c64.screen).

        Where the VIC reads the character ROM (bank 0 or 2, charset at $1000-$1FFF) the copy
        gets the ROM glyphs in RAM elsewhere and $D018 pointing there, so it renders the same.
        """
        image = bytearray(self.bus.ram)
        for address in (0xD011, 0xD016, 0xD018, *range(0xD020, 0xD025)):  # no read side effects
            image[address] = self.io(address)
        image[COLOUR_RAM:COLOUR_RAM + SCREEN_CELLS] = self.colour_ram()
        bank = (3 - (self.io(0xDD00) & 0x03)) * 0x4000
        charset = ((image[0xD018] >> 1) & 0x07) * 0x800
        rom = self.bus.chargen
        if bank in (0x0000, 0x8000) and 0x1000 <= charset < 0x2000 and rom:
            screen = (image[0xD018] >> 4) * 0x400
            spare = 0x2000 if screen >= 0x3000 else 0x3000
            image[spare:spare + 0x800] = rom[charset - 0x1000:charset - 0x1000 + 0x800]
            image[0xD018] = (image[0xD018] & 0xF1) | (spare // 0x800) << 1
        return bytes(image)

    def lines(self) -> list[str]:
        return screen_text(self.screen_codes(), mask=self.glyph_mask())

    def shows(self, text: str) -> bool:
        return any(text.upper() in line for line in self.lines())

    def dump(self) -> str:
        return "\n".join(f"|{line}|" for line in self.lines())

    # ---- keyboard -------------------------------------------------------------------------
    def press(self, keys: str, hold: int = KEY_HOLD_CYCLES, gap: int = KEY_GAP_CYCLES) -> None:
        """Press each key of ``keys`` in the CIA1 matrix, one after another.

        Letters, digits, space and punctuation as themselves, ``\\n`` for RETURN and
        ``{tokens}`` ({del}, {f1}, {runstop}, ...: wordle64.c64.keyboard). Each key is held,
        then released.
        """
        for cells in strokes(keys):
            self.bus.keyboard.down.update(cells)
            self.run(hold)
            self.bus.keyboard.down.difference_update(cells)
            self.run(gap)

    def key_down(self, key: str) -> None:
        """Hold one key in the matrix until key_up."""
        self.bus.keyboard.down.update(key_cells(key))

    def key_up(self, key: str) -> None:
        self.bus.keyboard.down.difference_update(key_cells(key))


# ---- the wordle64 whole-machine check ------------------------------------------------------

@dataclass(frozen=True)
class GameScript:
    """What the whole-machine run types, and what it waits for."""

    menu_text: str = "RANDOM"
    random_key: str = "R"
    seed: int = 4660               # the jiffy clock when the random key goes down
    boot_max_cycles: int = 4_000_000
    startup_max_cycles: int = 10_000_000
    settle_cycles: int = 56 * FRAME_CYCLES   # a guess: 5 tiles x 0.1 s, then a 0.4 s tune
    typed_guess: str | None = None  # the type-ahead run's guess; None: the lists' last word

    @classmethod
    def from_params(cls, params) -> GameScript:
        """The script from a rule's params (menu_text, random_key, seed and the cycle budgets:
        the machine.* config keys every whole-machine rule passes; typed_guess, passed by
        media_machine only, empty or absent for the default)."""
        return cls(menu_text=params.menu_text, random_key=params.random_key, seed=params.seed,
                   boot_max_cycles=params.boot_max_cycles,
                   startup_max_cycles=params.startup_max_cycles,
                   typed_guess=getattr(params, "typed_guess", None) or None)


@dataclass
class RunReport:
    boot_cycles: int = 0
    menu_cycles: int | None = None     # RUN -> the menu's text on screen
    startup_cycles: int | None = None  # RUN -> the menu reads its first key (start-up done)
    board_cycles: int | None = None    # RUN -> the board first waits for a key (play_game)
    ready_cycles: int | None = None    # RUN -> the typed-ahead guess looked up and scored
    typed_cycles: int | None = None    # RUN -> the last typed-ahead key (RETURN) released
    run_cycle: int = 0             # the machine cycle RUN's RETURN went down
    answer: str | None = None
    guess: str = ""
    expected_marks: list[int] = field(default_factory=list)
    found_at: list[tuple[int, int]] = field(default_factory=list)
    tile_colours: list[tuple[int, int]] = field(default_factory=list)  # (background, letter)
    screens: dict[str, list[str]] = field(default_factory=dict)
    images: dict[str, bytes] = field(default_factory=dict)  # 64 KB memory images
    key_injection: str = "CIA1 keyboard matrix (KERNAL IRQ scan)"


def find_word(codes: bytes, word: str, width: int = 40, mask: int = 0x7F
              ) -> list[list[tuple[int, int]]]:
    """Every placement of ``word`` on a screen: same row, evenly spaced (stride 1-4)."""
    targets = [ord(ch) - 96 for ch in word.lower()]
    rows = len(codes) // width
    found = []
    for row in range(rows):
        line = [code & mask for code in codes[row * width:(row + 1) * width]]
        for stride in range(1, 5):
            for col in range(width - stride * (len(targets) - 1)):
                if all(line[col + i * stride] == t for i, t in enumerate(targets)):
                    found.append([(row, col + i * stride) for i in range(len(targets))])
    return found


def marks_match_colours(marks: list[int], colours: list) -> bool:
    """Same mark <-> same colour (the palette is the game's; only consistency is checked)."""
    return all((marks[i] == marks[j]) == (colours[i] == colours[j])
               for i in range(len(marks)) for j in range(len(marks)))


def choose_guess(words: list[str], answer: str) -> str:
    """The first word of ``words`` (the build's lists) whose marks against ``answer`` show the
    most distinct colours, so an uncoloured row cannot pass; the answer only if nothing else."""
    from wordle64.score import score

    others = [word for word in words if word != answer] or [answer]
    return max(others, key=lambda word: len(set(score(word, answer))))


def read_answer(machine: Machine, labels: dict[str, int], answers: set[str] | None) -> str:
    """The answer the game drew (answer_buf), checked to be five letters from `answers`."""
    if "answer_buf" not in labels:
        raise Wordle64Error("the label file has no answer_buf")
    letters = machine.ram(labels["answer_buf"], 5)
    if any(letter > 25 for letter in letters):
        raise MachineError(f"answer_buf holds {list(letters)}, not five letters 0..25\n"
                           + machine.dump())
    answer = "".join(chr(97 + letter) for letter in letters)
    if answers is not None and answer not in answers:
        raise MachineError(f"the random answer {answer!r} is not in the answer list")
    return answer


def play_loaded_game(machine: Machine, labels: dict[str, int], script: GameScript,
                     answers: set[str] | None = None, words: list[str] | None = None,
                     report: RunReport | None = None, type_run: bool = True) -> RunReport:
    """The game is in RAM at READY.: type RUN (unless ``type_run`` is false: the game starts
    by itself, and the figures count from now), wait for the menu, press the random key at once
    with the jiffy clock set to ``script.seed`` (typed ahead: the game reads it once its
    start-up is done), type a guess from ``words`` and check its colours.

    Three start-up figures, cycles from RUN's RETURN going down (RunReport): ``menu_cycles``
    (``script.menu_text`` on screen), ``startup_cycles`` (the game's key routine READ_KEY_LABEL
    first runs: the menu reads keys) and ``board_cycles`` (READ_KEY_LABEL first runs inside
    GAME_LABEL: the board waits for the first letter of a guess). A PRG without those labels
    (the tests' toy) gets startup = menu and no board figure. The media_machine rule's run,
    which types the guess ahead and times it, is wordle64.c64.wholerun.
    """
    from wordle64.score import score

    report = report or RunReport()
    if type_run:
        machine.press("run")
    return_down = report.run_cycle = machine.cycles
    if type_run:
        machine.key_down("\n")

    def menu_shown(m: Machine) -> bool:
        if type_run and m.cycles - return_down >= KEY_HOLD_CYCLES:
            m.key_up("\n")
        return m.shows(script.menu_text)

    # RUN's RETURN going down -> the menu's text on screen, IRQs live (looked for every ~1 ms).
    report.menu_cycles = machine.run_until(menu_shown, script.startup_max_cycles,
                                           f"menu ({script.menu_text!r} on screen)",
                                           poll=MENU_POLL_CYCLES)
    if type_run:
        machine.key_up("\n")
    _start_random_game(machine, labels, script, report)
    report.answer = read_answer(machine, labels, answers)
    candidates = list(words or sorted(answers or ()))
    if not candidates:
        raise Wordle64Error("no word list to take a guess from")
    report.guess = choose_guess(candidates, report.answer)
    report.expected_marks = list(score(report.guess, report.answer))
    machine.press(report.guess + "\n")
    machine.run(script.settle_cycles)
    report.screens["guess"] = machine.lines()
    report.images["guess"] = machine.memory_image()
    check_guess_row(machine, report)
    return report


class Milestones:
    """Addresses the CPU must reach in order (Board.stop_at, one armed at a time): the cycle
    and the screen (lines, memory image) at each."""

    def __init__(self, machine: Machine, pcs: list[int]) -> None:
        self.machine, self.pcs = machine, pcs
        self.hits: list[int] = []
        self.shots: list[tuple[list[str], bytes]] = []
        self.armed = bool(pcs)
        if pcs:
            machine.board.stop_at(pcs[0])

    @property
    def done(self) -> bool:
        return len(self.hits) == len(self.pcs)

    def check(self) -> bool:
        """Record a stop that happened (arming the next address); True when all are hit."""
        board = self.machine.board
        if self.armed and board.stopped_at is not None:
            self.hits.append(board.stopped_at)
            self.shots.append((self.machine.lines(), self.machine.memory_image()))
            self.armed = not self.done
            if self.armed:
                board.stop_at(self.pcs[len(self.hits)])
        return self.done

    def run(self, cycles: int) -> None:
        """Run exactly ``cycles``, recording the addresses passed on the way."""
        end = self.machine.cycles + cycles
        while self.machine.cycles < end:
            self.machine.run(end - self.machine.cycles)
            self.check()

    def finish(self, max_cycles: int, what: str) -> None:
        self.machine.run_until(lambda m: self.check(), max_cycles, what)


def _start_random_game(machine: Machine, labels: dict[str, int], script: GameScript,
                       report: RunReport) -> None:
    """From the menu's first appearance: the random key typed ahead with the jiffy clock at
    ``script.seed``, then the start-up and board figures (play_loaded_game); the menu's and
    the board's screens in ``report``."""
    key_pc, game_pc = labels.get(READ_KEY_LABEL), labels.get(GAME_LABEL)
    pcs = [] if key_pc is None or game_pc is None else [key_pc, game_pc, key_pc]
    milestones = Milestones(machine, pcs)
    milestones.run(KEY_GAP_CYCLES)
    machine.poke(0xA0, (script.seed & 0xFFFFFF).to_bytes(3, "big"))  # the jiffy clock
    machine.key_down(script.random_key)
    milestones.run(KEY_HOLD_CYCLES)
    machine.key_up(script.random_key)
    milestones.run(KEY_GAP_CYCLES)
    if not pcs:
        report.startup_cycles = report.menu_cycles
        report.screens["menu"] = machine.lines()
        report.images["menu"] = machine.memory_image()
        machine.run(script.settle_cycles)
        report.screens["game"] = machine.lines()
        return
    milestones.finish(script.startup_max_cycles,
                      f"start-up done and a game after {script.random_key!r}")
    started, _, board = (hit - report.run_cycle for hit in milestones.hits)
    report.startup_cycles, report.board_cycles = started, board
    report.screens["menu"], report.images["menu"] = milestones.shots[0]
    report.screens["game"] = milestones.shots[2][0]


def check_guess_row(machine: Machine, report: RunReport) -> None:
    """The guess is on screen, its tiles coloured as its marks (fills found_at, tile_colours)."""
    if machine.shows("READY."):
        raise MachineError("the game returned to BASIC\n" + machine.dump())
    placements = find_word(machine.screen_codes(), report.guess, mask=machine.glyph_mask())
    colours = machine.cell_colours()
    for cells in placements:
        tile = [colours[row * 40 + col] for row, col in cells]
        if marks_match_colours(report.expected_marks, tile):
            report.found_at, report.tile_colours = cells, tile
            return
    raise MachineError(f"the guess {report.guess!r} is not on screen with colours that "
                       f"match marks {report.expected_marks} (answer {report.answer!r}; "
                       f"placements {placements})\n" + machine.dump())


def read_words(answers_path: str | Path, guesses_path: str | Path | None = None) -> list[str]:
    """The build's words a run may type: the answers, then the other accepted guesses."""
    words = read_answers(answers_path)
    if guesses_path:
        seen = set(words)
        words += [word for word in read_answers(guesses_path) if word not in seen]
    return words


def save_screens_png(images: list[bytes], path: str | Path, scale: int = 2) -> None:
    """Screens side by side, drawn from memory images with the game's renderer (its charset)."""
    from PIL import Image

    from wordle64.c64.screen import read_screen, render

    shots = [render(read_screen(image), scale=scale) for image in images]
    sheet = Image.new("RGB", (sum(s.width for s in shots), max(s.height for s in shots)))
    left = 0
    for shot in shots:
        sheet.paste(shot, (left, 0))
        left += shot.width
    path = Path(path)
    tmp = path.with_suffix(".tmp.png")
    sheet.save(tmp)
    tmp.replace(path)
