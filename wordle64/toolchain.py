"""The cc65 toolchain (ca65, ld65) run as subprocesses, with their output kept for the log."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

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


def assemble_and_link(sources: Sequence[str | Path], config: str | Path, out_prg: str | Path, *,
                      options: Sequence[str] = (), labels: str | Path | None = None,
                      map_file: str | Path | None = None, log=None,
                      link_name: str = "ld65") -> None:
    """ca65 each source (with -g, so a label file names every label, and `options`), then ld65
    them with `config` into `out_prg` (and the label file and map when asked for)."""
    with tempfile.TemporaryDirectory(prefix="wordle64-asm-") as work:
        objects = []
        for source in sources:
            source = Path(source)
            obj = Path(work) / (source.stem + ".o")
            run_tool(["ca65", "-g", *options, "-o", str(obj), str(source)],
                     f"ca65 {source.name}", log)
            objects.append(str(obj))
        command = ["ld65", "-C", str(config), "-o", str(out_prg)]
        if labels is not None:
            command += ["-Ln", str(labels)]
        if map_file is not None:
            command += ["-m", str(map_file)]
        run_tool(command + objects, link_name, log)
