"""The board's invariants: what the 6502's state and the screen must agree on, against the Python
scoring reference (`board_problems`), the hard-mode reference and the on-screen keyboard."""

from __future__ import annotations

from dataclasses import dataclass

from wordle64 import core
from wordle64.score import HardRule, score
from wordle64.c64.screen import Screen

LETTERS = 5
ROWS = 6

# screen geometry (workflow/asm/game.inc)
BOARD_COL, BOARD_ROW, PANEL_COL, KEYS_ROW = 1, 1, 21, 7
MESSAGE_ROW = 14             # the panel's two message lines (board.s MSG_ROW)
KEYBOARD = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
KEYBOARD_OFFSET = (0, 1, 3)
MARK_BG = {0: 3, 1: 2, 2: 1}            # mark -> ECM background selector
KEY_STATE_BG = (0, 3, 2, 1)             # key_state -> ECM background (absent: the absent tiles')
KEY_STATE_COLOUR = (15, 1, 0, 0)        # key_state -> letter colour
GLYPH_BOX_TL = 27


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
    """Why `guess` breaks hard mode after `previous` was scored `previous_marks`, else None: the
    game's message for the first requirement of wordle64.score.HardRule it breaks.

    The reference for the 6502's board_hard_check: right-place letters stay in place (checked
    first, left to right), then every revealed letter appears at least as often as revealed.
    """
    rule = HardRule.after(previous, previous_marks)
    broken = rule.violation(guess)
    if broken is None:
        return None
    kind, index, need = broken
    if kind == "place":
        return f"LETTER {index + 1} MUST BE {previous[index].upper()}"
    letter = rule.counts[index][0].upper()
    return f"MUST CONTAIN {need} {letter}'S" if need > 1 else f"MUST CONTAIN {letter}"


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


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(v) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours, 1..21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def edge_pixels(charset: bytes, glyph: int) -> int:
    """Set pixels of a glyph on its cell's outer rows and columns (0: a margin all round)."""
    rows = charset[8 * glyph:8 * glyph + 8]
    inner = sum(bin(row & 0x81).count("1") for row in rows[1:7])
    return inner + bin(rows[0]).count("1") + bin(rows[7]).count("1")


@dataclass(frozen=True)
class TileLetter:
    """A letter on a coloured cell (a key, a legend tile, a tile's centre): where, its contrast
    with its own cell and its pixels on the cell's edge."""

    column: int
    row: int
    letter: str
    contrast: float
    edge_pixels: int


def tile_letters(screen: Screen, palette) -> list[TileLetter]:
    """Every letter (glyphs 1..26) on a cell whose background is not the screen's own."""
    found = []
    for row in range(25):
        for column in range(40):
            code, colour = screen.cell(column, row)
            glyph = screen.glyph(column, row)
            if not 1 <= glyph <= 26 or code >> 6 == 0:
                continue
            found.append(TileLetter(column, row, chr(64 + glyph),
                                    round(contrast(palette[colour],
                                                   palette[screen.background(column, row)]), 2),
                                    edge_pixels(screen.charset, glyph)))
    return found
