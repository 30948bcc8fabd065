"""Keys as the game sees them: GETIN codes, key scripts ("CRANE{RETURN}") and the terminal's keys."""

from __future__ import annotations

from wordle64 import core
from wordle64.errors import Wordle64Error
from wordle64.textlines import quote

KEY_RETURN = 0x0D
KEY_DELETE = 0x14
KEY_STOP = 0x03
RESTORE = -1                 # not a GETIN code: the RESTORE key raises an NMI
NAMED_KEYS = {"RETURN": KEY_RETURN, "DEL": KEY_DELETE, "STOP": KEY_STOP, "RESTORE": RESTORE,
              "F1": 0x85, "HOME": 0x13, "CLR": 0x93, "DOWN": 0x11, "UP": 0x91, "LEFT": 0x9D,
              "RIGHT": 0x1D, "SPACE": 0x20}


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
                raise Wordle64Error(f"key script {quote(script)}: '{{' at {position} is not "
                                    "closed")
            name = script[position + 1:end].upper()
            if name.startswith("$"):
                keys.append(int(name[1:], 16) & 0xFF)
            elif name in NAMED_KEYS:
                keys.append(NAMED_KEYS[name])
            else:
                raise Wordle64Error(f"key script {quote(script)}: unknown key "
                                    f"{quote('{' + name + '}', 20)}")
            position = end + 1
            continue
        if char.isalpha() and char.isascii():
            keys.append(ord(char.upper()))
        elif char == "\n":
            keys.append(KEY_RETURN)
        elif 0x20 <= ord(char) < 0x60:
            keys.append(ord(char))
        else:
            raise Wordle64Error(f"key script {quote(script)}: cannot type {char!r}")
        position += 1
    return keys


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
