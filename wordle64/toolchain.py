"""The cc65 toolchain (ca65, ld65) run as subprocesses, with their output kept for the log."""

from __future__ import annotations

import subprocess

from wordle64.errors import Wordle64Error


def run_tool(command: list[str], what: str, log=None) -> None:
    """Run ca65/ld65; the full output goes to `log`, the first lines into a Wordle64Error."""
    if log:
        print(" ".join(command), file=log)
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise Wordle64Error(f"{command[0]} not found: install the Debian package cc65") from None
    output = (done.stderr + done.stdout).strip()
    if log and output:
        print(output, file=log)
    if done.returncode != 0:
        lines = output.splitlines() or [f"exit status {done.returncode}"]
        first = " ".join(line.strip() for line in lines[:3])
        more = f" (+{len(lines) - 3} more lines in the log)" if len(lines) > 3 else ""
        raise Wordle64Error(f"{what} failed: {first}{more}")
