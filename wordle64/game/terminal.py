"""`wordle64 play`: the real PRG under py65 in a terminal."""

from __future__ import annotations

import time
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.game.keys import QUIT_KEYS, daily_keys, parse_keys, terminal_key
from wordle64.game.player_disk import PlayerDisk, player_disk_path
from wordle64.game.session import Game

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
    parser.add_argument("--disk", metavar="D64",
                        help="the player's own disk, kept between runs (default: "
                             "$XDG_DATA_HOME/wordle64/wordle64.d64, XDG_DATA_HOME defaulting to "
                             "~/.local/share): the game SAVEs its statistics there")
    parser.set_defaults(func=_play_command)


def _play_command(args) -> int:
    import sys

    from wordle64.c64.screen import ansi

    start = daily_keys(args.daily) if args.daily else []
    scripted = parse_keys(args.keys) if args.keys is not None else None
    if scripted is None and not sys.stdin.isatty():
        raise Wordle64Error("wordle64 play needs a terminal (or --keys SCRIPT)")
    prg = Path(args.prg)
    if not prg.exists():
        raise Wordle64Error(f"{prg}: not found; build it first "
                            "(snakemake --cores all results/build/wordle64.prg)")
    disk = PlayerDisk.open(args.disk or player_disk_path(), prg.read_bytes())
    print(f"statistics kept on {disk.path}", file=sys.stderr)
    print("booting the PRG under py65 (the dictionary unpacks)...", file=sys.stderr)
    game = Game.from_files(args.prg, args.labels, jiffy=int(time.time() * 60) & 0xFFFFFF,
                           drive=disk.drive)
    game.rerun_on_quit = True               # Q: RUN again, the statistics read from the disk
    try:
        game.press(*start)
        if scripted is not None:
            game.press(*scripted)
            screen = game.screen()
            print(screen.text() if args.plain else ansi(screen))
            return 0
        return _interactive(game, ansi, disk)
    finally:
        disk.sync()


def _interactive(game: Game, ansi, disk: PlayerDisk) -> int:
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
                disk.sync()                     # a SAVE reaches the .d64 at once
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[?25h\r\n")
        out.flush()
