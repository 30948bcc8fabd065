"""The `wordle64` command line.

Each stage module that offers commands exposes ``add_commands(subparsers)``; it registers its
sub-commands with ``set_defaults(func=...)`` where ``func(args) -> int`` returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from wordle64 import __version__
from wordle64.errors import Wordle64Error


# Modules that contribute sub-commands, in the order they appear in --help.
COMMAND_MODULES: tuple[str, ...] = (
    "wordle64.words",
    "wordle64.pack",
    "wordle64.media.images",
    "wordle64.letters",
    "wordle64.core",
    "wordle64.game.terminal",
    "wordle64.solver.cli",
    "wordle64.vice.web",
)


# Commands that name their module here start without importing the others (pandas, numpy, the
# emulator): `wordle64 letters GLXAEIRNT` answers in a fraction of the full start-up.
QUICK_COMMANDS: dict[str, str] = {
    "letters": "wordle64.letters",
    "letters-bench": "wordle64.letters",
    "conundrum": "wordle64.letters",
    "web": "wordle64.vice.web",
}


def build_parser(modules: tuple[str, ...] = COMMAND_MODULES) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordle64",
        description="Word-game tools around the wordle64 C64 build (run from the project root).",
    )
    parser.add_argument("--version", action="version", version=f"wordle64 {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_name in modules:
        importlib.import_module(module_name).add_commands(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    quick = QUICK_COMMANDS.get(argv[0]) if argv else None
    args = build_parser((quick,) if quick else COMMAND_MODULES).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except Wordle64Error as error:
        print(f"wordle64: error: {error}", file=sys.stderr)
        return getattr(error, "exit_code", 2)
    except BrokenPipeError:  # output piped into `head` and the like
        return 0
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"wordle64: error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except MemoryError:  # the last net: sizes that cannot fit are refused before this
        print("wordle64: error: out of memory (the input is too large for this machine)",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wordle64: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
