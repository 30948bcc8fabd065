"""The game under emulation: the real PRG played by script, fuzzed, and seen as screenshots.

`Game` wraps the py65 harness (`wordle64.c64.emu.Machine`): it boots the PRG at ``main`` (the
dictionary unpacks on the way), then runs until the game waits for a key — the KERNAL GETIN
trap with no key queued — so a test or the terminal player feeds keys one by one and reads the
screen in between. Every instruction is checked on the way: no BRK or undocumented opcode, the
program counter inside the program (or a trapped KERNAL entry), the stack pointer above a floor.

`board_problems` states the board invariants (what the screen and the 6502's state must agree
on, against the Python scoring reference); `scripted_games` plays the scenarios of the issue
(won, lost, not in word list, impossible date then a valid one, hard-mode refusal, colour-blind
palette, statistics) and writes screenshots; `fuzz` presses random keys (every byte GETIN can
return, RUN/STOP, RESTORE as an NMI) and checks the invariants after each.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from py65.devices.mpu6502 import MPU

from wordle64 import core
from wordle64.c64 import emu
from wordle64.errors import Wordle64Error
from wordle64.pack import read_words_tsv
from wordle64.score import score
from wordle64.c64.screen import Screen, read_screen, save_png

# ---- keys -------------------------------------------------------------------------------------
KEY_RETURN = 0x0D
KEY_DELETE = 0x14
KEY_STOP = 0x03
RESTORE = -1                 # not a GETIN code: the RESTORE key raises an NMI
NAMED_KEYS = {"RETURN": KEY_RETURN, "DEL": KEY_DELETE, "STOP": KEY_STOP, "RESTORE": RESTORE,
              "F1": 0x85, "HOME": 0x13, "CLR": 0x93, "DOWN": 0x11, "UP": 0x91, "LEFT": 0x9D,
              "RIGHT": 0x1D, "SPACE": 0x20}

LETTERS = 5
ROWS = 6
GETIN = emu.KERNAL["GETIN"]
NMI_VECTOR = 0x0318
STACK_FLOOR = 0xC0           # the game never needs more than 63 bytes of stack
BOOT_CYCLES = 60_000_000     # start-up budget: unpack and menu
KEY_CYCLES = 1_000_000       # one key's budget: the heaviest (a scored guess) needs far less
JIFFIES_PER_KEY = 23         # the jiffy clock advances between scripted keys (~0.4 s)

# screen geometry (workflow/asm/game.inc)
BOARD_COL, BOARD_ROW, PANEL_COL, KEYS_ROW = 1, 1, 21, 7
KEYBOARD = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
KEYBOARD_OFFSET = (0, 1, 3)
MARK_BG = {0: 3, 1: 2, 2: 1}            # mark -> ECM background selector
KEY_STATE_BG = (0, 0, 2, 1)             # key_state -> ECM background (absent keys: dim letter)
KEY_STATE_COLOUR = (15, 11, 0, 1)       # key_state -> letter colour
GLYPH_BOX_TL = 27
# guesses the scripted games try first (any not in the list, or the answer, are skipped), so
# the screenshots show words a player would type; then the answers in sorted order
SHOWCASE_GUESSES = ("crane", "pilot", "shady", "mound", "bulky", "fight", "gecko", "jumbo",
                    "spelt", "wordy", "tacit", "vapor")
SCREENSHOTS = ("charset", "unpacking", "menu", "game_won", "game_lost", "not_in_word_list",
               "date_refused", "hard_mode", "colour_blind", "statistics")


def parse_keys(script: str) -> list[int]:
    """Keys from a script: characters as typed (letters, digits, '-', space) and {NAME} keys.

    "CRANE{RETURN}" -> C R A N E RETURN; "{DEL}{STOP}{RESTORE}"; "{$85}" a raw PETSCII code.
    """
    keys: list[int] = []
    position = 0
    while position < len(script):
        char = script[position]
        if char == "{":
            end = script.find("}", position)
            if end < 0:
                raise Wordle64Error(f"key script {script!r}: '{{' at {position} is not closed")
            name = script[position + 1:end].upper()
            if name.startswith("$"):
                keys.append(int(name[1:], 16) & 0xFF)
            elif name in NAMED_KEYS:
                keys.append(NAMED_KEYS[name])
            else:
                raise Wordle64Error(f"key script {script!r}: unknown key {{{name}}}")
            position = end + 1
            continue
        if char.isalpha() and char.isascii():
            keys.append(ord(char.upper()))
        elif char == "\n":
            keys.append(KEY_RETURN)
        elif 0x20 <= ord(char) < 0x60:
            keys.append(ord(char))
        else:
            raise Wordle64Error(f"key script {script!r}: cannot type {char!r}")
        position += 1
    return keys


# ---- the machine ------------------------------------------------------------------------------
def _undocumented() -> bytes:
    mpu = MPU()
    return bytes(1 if mpu.disassemble[op][0] == "???" else 0 for op in range(256))


_BAD_OPCODE = bytearray(_undocumented())
_BAD_OPCODE[0x00] = 1                                          # BRK


class Game:
    """The PRG on the harness, driven key by key."""

    def __init__(self, machine: emu.Machine) -> None:
        self.machine = machine
        self.labels = machine.labels
        end = self.labels.get("__CHARSET_LOAD__", self.labels.get("__BLOB_LOAD__"))
        if end is None:
            raise Wordle64Error("label file lacks __CHARSET_LOAD__ and __BLOB_LOAD__")
        self.program = range(machine.load_address, end)
        allowed = bytearray(0x10000)
        allowed[self.program.start:self.program.stop] = b"\x01" * len(self.program)
        for address in machine.traps:
            allowed[address] = 1
        allowed[GETIN] = 1
        self._allowed = allowed
        self.jiffy = 0
        self.keys_pressed = 0
        self.restores = 0
        self.min_sp = 0xFF
        self.max_key_cycles = 0
        self.min_key_cycles = 0
        self.total_key_cycles = 0

    # ---- set-up ----
    @classmethod
    def boot(cls, prg: bytes, labels: dict[str, int], jiffy: int = 0,
             stop_at_progress: int | None = None) -> Game:
        """Load the PRG, start at `main` (as SYS 2061 does) and run until it waits for a key.

        With `stop_at_progress`, stop instead when the unpacker reports that much progress
        (0..255) — to photograph the progress bar.
        """
        machine = emu.Machine(prg, labels)
        game = cls(machine)
        game.set_jiffy(jiffy)
        mpu = machine.mpu
        mpu.sp = 0xF6                       # BASIC's RUN and SYS have used a little stack
        mpu.p = MPU.UNUSED | MPU.BREAK
        mpu.pc = machine.addr("main")
        mpu.processorCycles = 0
        stop_pc = labels.get("progress_bar") if stop_at_progress is not None else None
        game._run(BOOT_CYCLES, "start-up", stop_pc=stop_pc, stop_a=stop_at_progress or 0)
        return game

    @classmethod
    def from_files(cls, prg_path: str | Path, labels_path: str | Path, **kwargs) -> Game:
        for path in (prg_path, labels_path):
            if not Path(path).exists():
                raise Wordle64Error(f"{path}: not found; build it first "
                                    "(snakemake --cores all results/build/wordle64.prg)")
        labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
        return cls.boot(Path(prg_path).read_bytes(), labels, **kwargs)

    def snapshot(self) -> tuple:
        mpu = self.machine.mpu
        return (bytes(self.machine.memory), mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p,
                mpu.processorCycles, self.jiffy)

    def restore(self, snapshot: tuple) -> None:
        memory, pc, a, x, y, sp, p, cycles, jiffy = snapshot
        self.machine.memory[:] = memory
        mpu = self.machine.mpu
        mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.processorCycles = pc, a, x, y, sp, p, cycles
        self.jiffy = jiffy
        self.machine.keys.clear()

    def set_jiffy(self, jiffy: int) -> None:
        self.jiffy = jiffy & 0xFFFFFF
        memory = self.machine.memory
        memory[0xA0], memory[0xA1], memory[0xA2] = (self.jiffy >> 16, self.jiffy >> 8 & 0xFF,
                                                   self.jiffy & 0xFF)

    # ---- running ----
    def _run(self, budget: int, what: str, stop_pc: int | None = None, stop_a: int = 0) -> None:
        """Run until GETIN finds no key queued (or `stop_pc` is reached with A >= stop_a)."""
        machine, mpu = self.machine, self.machine.mpu
        memory, allowed, bad, traps, keys = (machine.memory, self._allowed, _BAD_OPCODE,
                                             machine.traps, machine.keys)
        step = mpu.step
        limit = mpu.processorCycles + budget
        min_sp = self.min_sp
        try:
            while True:
                pc = mpu.pc
                if pc == GETIN:
                    if not keys:
                        return
                    mpu.a = keys.popleft()
                    mpu.p = (mpu.p & ~(MPU.ZERO | MPU.NEGATIVE | MPU.CARRY)) | (
                        MPU.ZERO if mpu.a == 0 else 0) | (mpu.a & MPU.NEGATIVE)
                    mpu.pc = (mpu.stPopWord() + 1) & 0xFFFF
                    mpu.processorCycles += 6
                    continue
                if pc == stop_pc and mpu.a >= stop_a:
                    return
                if not allowed[pc]:
                    self._fail(what, "left the program", pc)
                if pc >= emu.KERNAL_START:
                    traps[pc](machine)
                    mpu.pc = (mpu.stPopWord() + 1) & 0xFFFF
                    mpu.processorCycles += 6
                    continue
                if bad[memory[pc]]:
                    self._fail(what, f"hit {'BRK' if memory[pc] == 0 else 'an undocumented opcode'}"
                               f" ${memory[pc]:02X}", pc)
                step()
                if mpu.sp < min_sp:
                    min_sp = mpu.sp
                    if min_sp < STACK_FLOOR:
                        self._fail(what, f"overflowed the stack (SP ${min_sp:02X})", mpu.pc)
                if mpu.processorCycles > limit:
                    self._fail(what, f"ran past {budget:,} cycles without waiting for a key",
                               mpu.pc)
        finally:
            self.min_sp = min_sp

    def _fail(self, what: str, problem: str, pc: int) -> None:
        mpu = self.machine.mpu
        raise emu.EmulationError(
            f"{what}: the game {problem} at ${pc:04X} ({self.machine.label_at(pc)}); "
            f"A={mpu.a:02X} X={mpu.x:02X} Y={mpu.y:02X} SP={mpu.sp:02X} P={mpu.p:02X}\n"
            f"{self.machine.disassemble(pc)}")

    def press(self, *keys: int) -> int:
        """Press keys one at a time, running to the next wait after each; returns the cycles."""
        mpu = self.machine.mpu
        start = mpu.processorCycles
        for key in keys:
            before = mpu.processorCycles
            self.set_jiffy(self.jiffy + JIFFIES_PER_KEY)
            if key == RESTORE:
                self.nmi()
            else:
                self.machine.keys.append(key)
            self._run(KEY_CYCLES, f"key ${key & 0xFF:02X} (#{self.keys_pressed})")
            self.keys_pressed += 1
            spent = mpu.processorCycles - before
            self.max_key_cycles = max(self.max_key_cycles, spent)
            self.min_key_cycles = spent if self.keys_pressed == 1 else min(self.min_key_cycles,
                                                                            spent)
            self.total_key_cycles += spent
        return mpu.processorCycles - start

    def type(self, script: str) -> int:
        return self.press(*parse_keys(script))

    def nmi(self) -> None:
        """RESTORE: the KERNAL's NMI entry does SEI and jumps through ($0318)."""
        mpu, memory = self.machine.mpu, self.machine.memory
        mpu.stPushWord(mpu.pc)
        mpu.stPush(mpu.p & ~MPU.BREAK)
        mpu.p |= MPU.INTERRUPT
        mpu.pc = memory[NMI_VECTOR] | memory[NMI_VECTOR + 1] << 8
        mpu.processorCycles += 7
        self.restores += 1

    # ---- reading ----
    @property
    def memory(self) -> bytearray:
        return self.machine.memory

    @property
    def cycles(self) -> int:
        return self.machine.mpu.processorCycles

    def screen(self) -> Screen:
        return read_screen(self.machine.memory)

    def read(self, label: str | int, length: int = 1) -> bytes:
        return self.machine.read(label, length)

    def byte(self, label: str) -> int:
        return self.machine.memory[self.machine.addr(label)]

    def word(self, label: str) -> int:
        return self.machine.read_word(label)

    def answer(self) -> str:
        return core.word_of(self.read("answer_buf", LETTERS))

    def board(self) -> Board:
        return Board(
            guesses=self.read("board_guesses", ROWS * LETTERS),
            marks=self.read("board_marks", ROWS * LETTERS),
            row=self.byte("board_row"), col=self.byte("board_col"),
            key_state=self.read("key_state", 26), answer=self.read("answer_buf", LETTERS))

    def stats(self) -> dict[str, object]:
        return {"played": self.word("stats_played"), "wins": self.word("stats_wins"),
                "streak": self.word("stats_streak"), "best": self.word("stats_best"),
                "distribution": [self.word("stats_dist") if i == 0 else
                                 self.machine.read_word(self.machine.addr("stats_dist") + 2 * i)
                                 for i in range(ROWS)]}


@dataclass(frozen=True)
class Board:
    """The 6502's game state, raw."""

    guesses: bytes
    marks: bytes
    row: int
    col: int
    key_state: bytes
    answer: bytes

    def word(self, row: int) -> str:
        return core.word_of(self.guesses[row * LETTERS:(row + 1) * LETTERS])

    def row_marks(self, row: int) -> tuple[int, ...]:
        return tuple(self.marks[row * LETTERS:(row + 1) * LETTERS])


# ---- invariants ------------------------------------------------------------------------------
def key_position(letter: int) -> tuple[int, int]:
    """(column, row) of a letter's key on the on-screen keyboard."""
    char = chr(ord("A") + letter)
    for line, (keys, offset) in enumerate(zip(KEYBOARD, KEYBOARD_OFFSET)):
        if char in keys:
            return PANEL_COL + offset + 2 * keys.index(char), KEYS_ROW + 2 * line
    raise ValueError(letter)


def expected_key_states(board: Board) -> list[int]:
    """Each letter's best-known state after the submitted rows: 0 unknown, 1 + best mark."""
    states = [0] * 26
    for row in range(min(board.row, ROWS)):
        for letter, mark in zip(board.guesses[row * LETTERS:(row + 1) * LETTERS],
                                board.row_marks(row)):
            if letter < 26:
                states[letter] = max(states[letter], mark + 1)
    return states


def hard_mode_violation(previous: str, previous_marks: tuple[int, ...], guess: str) -> str | None:
    """Why `guess` breaks hard mode after `previous` was scored `previous_marks`, else None.

    The reference for the 6502's board_hard_check: right-place letters stay in place (checked
    first, left to right), then every revealed letter appears at least as often as revealed.
    """
    for position, (letter, mark) in enumerate(zip(previous, previous_marks)):
        if mark == 2 and guess[position] != letter:
            return f"LETTER {position + 1} MUST BE {letter.upper()}"
    for letter, mark in zip(previous, previous_marks):
        if mark == 0:
            continue
        need = sum(1 for l, m in zip(previous, previous_marks) if l == letter and m != 0)
        if guess.count(letter) < need:
            return f"MUST CONTAIN {letter.upper()}"
    return None


def is_game_screen(screen: Screen) -> bool:
    return screen.text_lines()[1][PANEL_COL:PANEL_COL + 8] == "WORDLE64"


def board_problems(board: Board, words: frozenset[str] | set[str],
                   screen: Screen | None = None) -> list[str]:
    """Everything that is wrong with the board state (and the screen, if it shows the game)."""
    problems: list[str] = []
    if not (0 <= board.row <= ROWS and 0 <= board.col <= LETTERS):
        return [f"board_row {board.row} / board_col {board.col} out of range"]
    if board.row == ROWS and board.col:
        problems.append(f"board_col {board.col} after the last row")
    if any(letter > 25 for letter in board.guesses + board.answer):
        problems.append("a letter outside 0..25 in the guesses or the answer")
        return problems
    if any(mark > 2 for mark in board.marks):
        problems.append("a mark outside 0..2")
    answer = core.word_of(board.answer)
    for row in range(board.row):
        word = board.word(row)
        if word not in words:
            problems.append(f"row {row + 1}: {word!r} was accepted but is not in the word list")
        if board.row_marks(row) != score(word, answer):
            problems.append(f"row {row + 1}: marks {board.row_marks(row)} for {word!r} against "
                            f"{answer!r}, expected {score(word, answer)}")
        if word == answer and row != board.row - 1:
            problems.append(f"row {row + 1} is the answer but the game went on")
    if list(board.key_state) != expected_key_states(board):
        problems.append(f"keyboard states {list(board.key_state)} != "
                        f"{expected_key_states(board)}")
    if screen is not None and is_game_screen(screen):
        problems += _screen_problems(board, screen)
    return problems


def _screen_problems(board: Board, screen: Screen) -> list[str]:
    problems = []
    for row in range(ROWS):
        for col in range(LETTERS):
            left, top = BOARD_COL + 4 * col, BOARD_ROW + 4 * row
            code, _ = screen.cell(left + 1, top + 1)
            letter = board.guesses[row * LETTERS + col]
            if row < board.row:
                want = (letter + 1) | MARK_BG[board.marks[row * LETTERS + col]] << 6
            elif row == board.row and col < board.col:
                want = letter + 1
            else:
                want = 32
            if code != want:
                problems.append(f"tile row {row + 1} column {col + 1}: screen code ${code:02X},"
                                f" expected ${want:02X}")
            corner = screen.cell(left, top)[0]
            filled = row < board.row
            if filled != (corner >> 6 != 0) or (not filled and corner != GLYPH_BOX_TL):
                problems.append(f"tile row {row + 1} column {col + 1}: frame ${corner:02X}")
    for letter in range(26):
        column, row = key_position(letter)
        code, colour = screen.cell(column, row)
        state = board.key_state[letter] & 3
        want = (letter + 1) | KEY_STATE_BG[state] << 6
        if (code, colour) != (want, KEY_STATE_COLOUR[state]):
            problems.append(f"key {chr(65 + letter)}: screen code ${code:02X} colour {colour},"
                            f" expected ${want:02X} colour {KEY_STATE_COLOUR[state]}")
    return problems


def charset_sheet(screen: Screen) -> Screen:
    """A screen that shows the 64 glyphs of the charset `screen` uses, 16 to a line."""
    codes = bytearray([32] * 1000)
    for glyph in range(64):
        codes[(3 + 2 * (glyph // 16)) * 40 + 4 + 2 * (glyph % 16)] = glyph
    return Screen(codes=bytes(codes), colours=bytes([1] * 1000), ecm=screen.ecm,
                  border=0, backgrounds=(0, 0, 0, 0), charset=screen.charset)


# ---- scripted games ---------------------------------------------------------------------------
@dataclass
class ScenarioResult:
    name: str
    checks: list[dict] = field(default_factory=list)
    keys: int = 0

    def check(self, what: str, ok: bool, detail: object = "") -> bool:
        self.checks.append({"check": what, "passed": bool(ok), "detail": str(detail)})
        return bool(ok)

    @property
    def passed(self) -> bool:
        return all(c["passed"] for c in self.checks)


@dataclass(frozen=True)
class WordLists:
    words: frozenset[str]
    answers: tuple[str, ...]

    @classmethod
    def from_tsv(cls, path: str | Path) -> WordLists:
        """results/words/words.tsv, read and checked by wordle64.pack.read_words_tsv."""
        words, flags = read_words_tsv(Path(path))
        return cls(frozenset(words), tuple(w for w, a in zip(words, flags) if a))


def _guesses_against(answer: str, words: WordLists, count: int, want_green: bool = False,
                     avoid: set[str] | None = None) -> list[str]:
    """`count` valid guesses that are not the answer, chosen deterministically (sorted order);
    with want_green, each shares at least one right-place letter with the answer."""
    chosen = []
    for word in [*SHOWCASE_GUESSES, *sorted(words.answers)]:
        if word not in words.words or word in chosen:
            continue
        if word == answer or (avoid and word in avoid):
            continue
        marks = score(word, answer)
        if want_green and 2 not in marks:
            continue
        if not want_green and sum(marks) == 0:
            continue
        chosen.append(word)
        if len(chosen) == count:
            break
    return chosen


def _screen_has(result: ScenarioResult, game: Game, text: str) -> bool:
    return result.check(f"screen shows {text!r}", game.screen().find(text) is not None,
                        game.screen().text())


def _board_ok(result: ScenarioResult, game: Game, words: WordLists, what: str) -> bool:
    problems = board_problems(game.board(), words.words, game.screen())
    return result.check(f"board invariants {what}", not problems, "; ".join(problems))


def _play_rows(result: ScenarioResult, game: Game, words: WordLists, guesses: list[str]) -> None:
    for word in guesses:
        game.type(word + "{RETURN}")
        _board_ok(result, game, words, f"after {word.upper()}")


def scripted_games(prg: bytes, labels: dict[str, int], words: WordLists,
                   screens: dict[str, str | Path] | None = None, scale: int = 2,
                   log=print) -> dict:
    """Play every scenario of the issue on the real PRG; screenshots of SCREENSHOTS go to the
    paths `screens` gives by name."""
    started = time.perf_counter()
    shots: dict[str, Screen] = {}
    results: list[ScenarioResult] = []

    def shoot(name: str, game: Game) -> None:
        shots[name] = game.screen()

    log("booting (the dictionary unpacks under py65)")
    half = Game.boot(prg, labels, stop_at_progress=128)
    shoot("unpacking", half)
    game = Game.boot(prg, labels)
    boot_cycles = game.cycles
    menu = game.snapshot()
    shots["charset"] = charset_sheet(game.screen())

    # the menu
    result = ScenarioResult("menu")
    screen = game.screen()
    for item in ("RANDOM WORD", "DAILY WORD", "HARD MODE", "COLOUR-BLIND", "STATISTICS"):
        _screen_has(result, game, item)
    result.check("the menu shows the dictionary size",
                 screen.find(f"{len(words.words)} WORDS") is not None, screen.text())
    result.check("the menu shows the number of answers",
                 screen.find(f"{len(words.answers)} ANSWERS") is not None, screen.text())
    shoot("menu", game)
    for key in ("{F1}", "{CLR}", "X", "{RETURN}", "{DEL}", "{RESTORE}", "{STOP}"):
        game.type(key)
    result.check("keys the menu does not use change nothing",
                 game.screen().codes == screen.codes, game.screen().text())
    results.append(result)

    # a won game: two guesses that reveal something, then the answer
    result = ScenarioResult("won")
    game.restore(menu)
    game.set_jiffy(0x012345)
    game.type("1")
    answer = game.answer()
    result.check("a random game picks an answer", answer in words.answers, answer)
    seed = core.seed_from_jiffy(game.jiffy)
    expected, _ = core.pick(seed, len(words.answers))
    result.check("the random answer is the Python reference's pick for the jiffy clock",
                 answer == words.answers[expected], f"{answer} vs {words.answers[expected]}")
    guesses = _guesses_against(answer, words, 2) + [answer]
    _play_rows(result, game, words, guesses)
    _screen_has(result, game, "IMPRESSIVE!")
    _screen_has(result, game, "RETURN  PLAY AGAIN")
    result.check("statistics count the win", game.stats()["wins"] == 1 and
                 game.stats()["distribution"][2] == 1, game.stats())
    shoot("game_won", game)
    game.type("{RETURN}")
    result.check("RETURN after a game starts a new one (empty board)",
                 game.board().row == 0 and is_game_screen(game.screen()), game.screen().text())
    results.append(result)

    # a lost game: six wrong guesses
    result = ScenarioResult("lost")
    game.restore(menu)
    game.set_jiffy(0x00BEEF)
    game.type("1")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, ROWS))
    _screen_has(result, game, "THE WORD WAS")
    _screen_has(result, game, answer.upper())
    result.check("statistics count the loss", game.stats()["played"] == 1 and
                 game.stats()["wins"] == 0, game.stats())
    shoot("game_lost", game)
    game.type("{STOP}")
    _screen_has(result, game, "RANDOM WORD")
    results.append(result)

    # not enough letters, not in word list, then the row is still editable
    result = ScenarioResult("not_in_word_list")
    game.restore(menu)
    game.type("1")
    answer = game.answer()
    game.type("AB{RETURN}")
    _screen_has(result, game, "NOT ENOUGH LETTERS")
    game.type("{DEL}{DEL}")
    nonword = next(w for w in ("zzzzz", "qxqxq", "aaaaa") if w not in words.words)
    game.type(nonword + "{RETURN}")
    _screen_has(result, game, "NOT IN WORD LIST")
    board = game.board()
    result.check("an unknown word leaves the row editable",
                 board.row == 0 and board.col == LETTERS, (board.row, board.col))
    _board_ok(result, game, words, "with an unknown word typed")
    shoot("not_in_word_list", game)
    guess = _guesses_against(answer, words, 1)[0]
    game.type("{DEL}" * LETTERS + guess + "{RETURN}")
    result.check("after DEL x5 a listed word is accepted", game.board().row == 1,
                 game.board().row)
    _board_ok(result, game, words, "after correcting the row")
    results.append(result)

    # daily word: an impossible date is refused, corrected, the game uses the reference word
    result = ScenarioResult("daily_date")
    game.restore(menu)
    game.type("2")
    _screen_has(result, game, "YYYY-MM-DD")
    game.type("20230229{RETURN}")
    _screen_has(result, game, "NO SUCH DATE")
    shoot("date_refused", game)
    game.type("{DEL}{DEL}28{RETURN}")
    _screen_has(result, game, "DAILY 2023-02-28")
    want = core.daily_word(2023, 2, 28, list(words.answers))
    result.check("the daily answer is the Python reference's", game.answer() == want,
                 f"{game.answer()} vs {want}")
    for typed, ok in (("00000101", False), ("99991231", True), ("20241301", False),
                      ("20240229", True), ("2024", False)):
        game.restore(menu)
        game.type("2" + typed + "{RETURN}")
        accepted = is_game_screen(game.screen())
        result.check(f"date {typed} {'accepted' if ok else 'refused'}", accepted == ok,
                     game.screen().text())
        if ok:
            year, month, day = int(typed[:4]), int(typed[4:6]), int(typed[6:])
            want = core.daily_word(year, month, day, list(words.answers))
            result.check(f"daily answer of {typed}", game.answer() == want,
                         f"{game.answer()} vs {want}")
    game.restore(menu)
    game.type("2123{STOP}")
    result.check("RUN/STOP leaves the date entry", game.screen().find("PRESS 1-5") is not None,
                 game.screen().text())
    results.append(result)

    # hard mode: a guess that drops a right-place letter is refused with the reason
    result = ScenarioResult("hard_mode")
    game.restore(menu)
    game.type("3")
    _screen_has(result, game, "ON")
    game.set_jiffy(0x000777)
    game.type("1")
    _screen_has(result, game, "HARD MODE")
    answer = game.answer()
    first = _guesses_against(answer, words, 1, want_green=True)[0]
    _play_rows(result, game, words, [first])
    marks = score(first, answer)
    bad = next(w for w in sorted(words.answers)
               if hard_mode_violation(first, marks, w) and w != answer)
    reason = hard_mode_violation(first, marks, bad)
    game.type(bad + "{RETURN}")
    _screen_has(result, game, "HARD MODE:")
    _screen_has(result, game, reason or "?")
    result.check("the refused guess is not submitted", game.board().row == 1, game.board().row)
    shoot("hard_mode", game)
    game.type("{DEL}" * LETTERS + answer + "{RETURN}")
    _screen_has(result, game, "MAGNIFICENT!")
    _board_ok(result, game, words, "after the win")
    results.append(result)

    # colour-blind palette: orange and cyan, different hues and brightness
    result = ScenarioResult("colour_blind")
    game.restore(menu)
    game.type("4")
    memory = game.memory
    result.check("colour-blind: right place orange, elsewhere cyan",
                 (memory[0xD022], memory[0xD023]) == (8, 3), (memory[0xD022], memory[0xD023]))
    game.set_jiffy(0x000042)
    game.type("1")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, 3, want_green=True))
    shoot("colour_blind", game)
    game.type("{STOP}4")
    result.check("toggled back: green and yellow", (memory[0xD022], memory[0xD023]) == (5, 7),
                 (memory[0xD022], memory[0xD023]))
    results.append(result)

    # statistics after a win in 2 and a loss
    result = ScenarioResult("statistics")
    game.restore(menu)
    game.set_jiffy(0x001000)
    game.type("1")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, 1) + [answer])
    game.type("{RETURN}")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, ROWS))
    game.type("{RETURN}")
    answer = game.answer()
    _play_rows(result, game, words, _guesses_against(answer, words, 3) + [answer])
    game.type("{STOP}5")
    lines = game.screen().text_lines()
    expect = {"PLAYED": "3", "WIN %": "66", "CURRENT STREAK": "1", "BEST STREAK": "1"}
    for label, value in expect.items():
        row = next((r for r, line in enumerate(lines) if line[8:].startswith(label)), None)
        shown = lines[row][26:].strip() if row is not None else None
        result.check(f"statistics: {label} {value}", shown == value, shown)
    result.check("distribution: one win in 2, one in 4",
                 lines[18].split()[-1] == "1" and lines[20].split()[-1] == "1"
                 and lines[17].split()[-1] == "0", "\n".join(lines[17:23]))
    shoot("statistics", game)
    game.type("X")
    _screen_has(result, game, "PRESS 1-5")
    results.append(result)

    for name, path in (screens or {}).items():
        if name not in shots:
            raise Wordle64Error(f"no screenshot named {name!r}; there are {sorted(shots)}")
        save_png(shots[name], path, scale=scale)
    return {
        "passed": all(r.passed for r in results),
        "scenarios": [{"name": r.name, "passed": r.passed, "checks": r.checks}
                      for r in results],
        "checks": sum(len(r.checks) for r in results),
        "failed_checks": [f"{r.name}: {c['check']}: {c['detail'][:300]}"
                          for r in results for c in r.checks if not c["passed"]],
        "boot_cycles": boot_cycles,
        "screenshots": sorted(shots),
        "seconds": round(time.perf_counter() - started, 1),
    }


# ---- fuzzing ---------------------------------------------------------------------------------
def _fuzz_key(rng: random.Random) -> int:
    """One random key: weighted towards what moves the game along, yet every GETIN byte."""
    roll = rng.random()
    if roll < 0.40:
        return 0x41 + rng.randrange(26)
    if roll < 0.50:
        return KEY_RETURN
    if roll < 0.57:
        return KEY_DELETE
    if roll < 0.69:
        return 0x30 + rng.randrange(10)
    if roll < 0.70:
        return KEY_STOP
    if roll < 0.705:
        return RESTORE
    return rng.randrange(1, 256)


def fuzz(prg: bytes, labels: dict[str, int], words: WordLists, keys: int, seed: int,
         log=print) -> dict:
    """Press `keys` random keys (and typed words) from the menu on; check after every key."""
    rng = random.Random(seed)
    game = Game.boot(prg, labels, jiffy=seed & 0xFFFFFF)
    word_list = sorted(words.words)
    pressed = 0
    problems: list[str] = []
    screens = {"menu": 0, "game": 0, "other": 0}
    game_seen = False
    started = time.perf_counter()
    next_log = 0
    while pressed < keys and len(problems) < 20:
        roll = rng.random()
        if roll < 0.08:                     # a listed word into a cleared row
            burst = parse_keys("{DEL}" * LETTERS + rng.choice(word_list) + "{RETURN}")
        elif roll < 0.10 and game_seen:     # the answer: games get won, too
            burst = parse_keys("{DEL}" * LETTERS + game.answer() + "{RETURN}")
        else:
            burst = [_fuzz_key(rng)]
        for key in burst[:keys - pressed]:
            try:
                game.press(key)
            except emu.EmulationError as error:
                problems.append(f"key {pressed}: {error}")
                return _fuzz_report(game, seed, pressed, problems, screens, started)
            pressed += 1
            screen = game.screen()
            kind = ("game" if is_game_screen(screen) else
                    "menu" if screen.find("PRESS 1-5") or screen.find("DATE:") else "other")
            screens[kind] += 1
            game_seen = game_seen or kind == "game"
            if not game_seen:
                continue                    # no game yet: the board holds no answer
            for problem in board_problems(game.board(), words.words, screen):
                problems.append(f"key {pressed} (${key & 0xFF:02X}): {problem}")
        if pressed >= next_log:
            log(f"fuzz seed {seed}: {pressed:,}/{keys:,} keys, {len(problems)} problems")
            next_log += max(keys // 10, 1)
    return _fuzz_report(game, seed, pressed, problems, screens, started)


def _fuzz_report(game: Game, seed: int, pressed: int, problems: list[str],
                 screens: dict[str, int], started: float) -> dict:
    stats = game.stats()
    return {
        "seed": seed,
        "keys": pressed,
        "restores": game.restores,
        "passed": not problems,
        "problems": problems[:20],
        "keys_on_screen": screens,
        "games_finished": stats["played"],
        "games_won": stats["wins"],
        "min_stack_pointer": game.min_sp,
        "cycles_per_key": {"min": game.min_key_cycles, "max": game.max_key_cycles,
                           "total": game.total_key_cycles},
        "seconds": round(time.perf_counter() - started, 1),
    }


def gather_fuzz(chunks: list[dict], min_keys: int = 0) -> dict:
    """fuzz.json from the chunk reports (the summary's keys: check, passed, cases, cycles)."""
    keys = sum(c["keys"] for c in chunks)
    problems = [p for c in chunks for p in c["problems"]][:50]
    if keys < min_keys:
        problems.append(f"only {keys:,} keys pressed, {min_keys:,} configured")
    total = sum(c["cycles_per_key"]["total"] for c in chunks)
    return {
        "check": "fuzz",
        "passed": not problems and all(c["passed"] for c in chunks),
        "cases": keys,
        "failed": sum(len(c["problems"]) for c in chunks),
        "cycles": {"min": min(c["cycles_per_key"]["min"] for c in chunks),
                   "mean": round(total / keys) if keys else 0,
                   "max": max(c["cycles_per_key"]["max"] for c in chunks)},
        "problems": problems,
        "restores": sum(c["restores"] for c in chunks),
        "keys_on_screen": {kind: sum(c["keys_on_screen"][kind] for c in chunks)
                           for kind in chunks[0]["keys_on_screen"]} if chunks else {},
        "games_finished": sum(c["games_finished"] for c in chunks),
        "games_won": sum(c["games_won"] for c in chunks),
        "min_stack_pointer": min(c["min_stack_pointer"] for c in chunks),
        "chunks": chunks,
    }


def run_scripted(prg_path: str | Path, labels_path: str | Path, words_path: str | Path,
                 screens: dict[str, str | Path], scale: int = 2, log=print) -> dict:
    """games.json: the scripted scenarios on the built PRG; screenshots to `screens` (by name)."""
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    words = WordLists.from_tsv(words_path)
    result = scripted_games(Path(prg_path).read_bytes(), labels, words, screens, scale=scale,
                            log=log)
    return {"check": "games", "passed": result["passed"], "cases": result["checks"],
            "failed": len(result["failed_checks"]), "problems": result["failed_checks"],
            **{key: value for key, value in result.items() if key != "failed_checks"}}


def run_fuzz_chunk(prg_path: str | Path, labels_path: str | Path, words_path: str | Path,
                   keys: int, seed: int, log=print) -> dict:
    labels = emu.parse_labels(Path(labels_path).read_text(), str(labels_path))
    return fuzz(Path(prg_path).read_bytes(), labels, WordLists.from_tsv(words_path), keys, seed,
                log=log)


# ---- the terminal player ----------------------------------------------------------------------
TERMINAL_KEYS = {"\r": KEY_RETURN, "\n": KEY_RETURN, "\x7f": KEY_DELETE, "\x08": KEY_DELETE,
                 "\x1b": KEY_STOP, "\t": RESTORE, "\x1b[A": 0x91, "\x1b[B": 0x11,
                 "\x1b[C": 0x1D, "\x1b[D": 0x9D, "\x1b[H": 0x13, "\x1bOP": 0x85}
QUIT_KEYS = ("\x03", "\x04")          # Ctrl-C, Ctrl-D


def terminal_key(text: str) -> int | None:
    """The C64 key for what the terminal sent (a character or an escape sequence), or None."""
    if text in TERMINAL_KEYS:
        return TERMINAL_KEYS[text]
    if len(text) == 1 and text.isascii():
        if text.isalpha():
            return ord(text.upper())
        if 0x20 <= ord(text) < 0x60:
            return ord(text)
    return None


def daily_keys(date_text: str) -> list[int]:
    """Menu keys that start the daily game of YYYY-MM-DD (checked like `wordle64 daily`)."""
    year, month, day = core.parse_date(date_text)
    return parse_keys(f"2{year:04d}{month:02d}{day:02d}{{RETURN}}")


def add_commands(subparsers) -> None:
    parser = subparsers.add_parser(
        "play", help="play the real PRG under py65 in this terminal",
        description="Boot results/build/wordle64.prg under py65 (the same binary as on the disk "
                    "and tape images) and play it here: letters, digits, Return, Backspace = DEL,"
                    " Esc = RUN/STOP, Tab = RESTORE, Ctrl-C quits.")
    parser.add_argument("--daily", metavar="YYYY-MM-DD", help="start the daily word of this date")
    parser.add_argument("--prg", default="results/build/wordle64.prg", help="the PRG to run")
    parser.add_argument("--labels", default="results/build/wordle64.lbl",
                        help="its ld65 label file")
    parser.add_argument("--keys", metavar="SCRIPT",
                        help="type these keys instead of reading the terminal, then print the "
                             "screen (e.g. '1CRANE{RETURN}')")
    parser.add_argument("--plain", action="store_true", help="print the screen without colours")
    parser.set_defaults(func=_play_command)


def _play_command(args) -> int:
    import sys

    from wordle64.c64.screen import ansi

    start = daily_keys(args.daily) if args.daily else []
    scripted = parse_keys(args.keys) if args.keys is not None else None
    if scripted is None and not sys.stdin.isatty():
        raise Wordle64Error("wordle64 play needs a terminal (or --keys SCRIPT)")
    print("booting the PRG under py65 (the dictionary unpacks)...", file=sys.stderr)
    game = Game.from_files(args.prg, args.labels, jiffy=int(time.time() * 60) & 0xFFFFFF)
    game.press(*start)
    if scripted is not None:
        game.press(*scripted)
        screen = game.screen()
        print(screen.text() if args.plain else ansi(screen))
        return 0
    return _interactive(game, ansi)


def _interactive(game: Game, ansi) -> int:
    import os
    import select
    import sys
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    try:
        tty.setraw(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            screen = ansi(game.screen()).replace("\n", "\r\n")
            out.write("\x1b[H" + screen + "\r\n\x1b[0m letters/digits type, Return, Backspace = "
                      "DEL, Esc = RUN/STOP, Tab = RESTORE, Ctrl-C quits\x1b[K")
            out.flush()
            text = os.read(fd, 1).decode("latin-1")
            if text in QUIT_KEYS:
                return 0
            if text == "\x1b":                          # an escape sequence follows quickly
                while select.select([fd], [], [], 0.03)[0]:
                    text += os.read(fd, 1).decode("latin-1")
            key = terminal_key(text)
            if key is not None:
                game.set_jiffy(int(time.time() * 60))
                game.press(key)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[?25h\r\n")
        out.flush()
