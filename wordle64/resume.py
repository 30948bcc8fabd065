"""Resuming an interrupted build: clear the lock a killed Snakemake run left behind.

Snakemake locks the working directory while it runs and removes the lock when it ends; a run
killed with SIGKILL (or a machine that lost power) leaves the lock, and the next run refuses to
start until ``--unlock``. The lock is stale exactly when no Snakemake process works in this
directory any more, which /proc tells; then it is safe to remove. ``make`` does this before it
starts Snakemake with ``--rerun-incomplete`` (which redoes the jobs the killed run left half done).
While a run is alive, ``make`` stops here with a line saying so.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from wordle64.glue import command_line


def snakemake_running_in(workdir: Path, proc: Path = Path("/proc")) -> list[int]:
    """Process ids of Snakemake runs whose working directory is `workdir` (this one excluded)."""
    workdir = workdir.resolve()
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cwd = Path(os.readlink(entry / "cwd")).resolve()
        except OSError:
            continue
        if cwd == workdir and "snakemake" in command_line(int(entry.name), proc):
            found.append(int(entry.name))
    return found


def clear_stale_locks(workdir: Path, proc: Path = Path("/proc")) -> list[Path]:
    """Remove .snakemake/locks/* when no Snakemake run is alive in `workdir`; return them."""
    locks = sorted((workdir / ".snakemake" / "locks").glob("*.lock"))
    if not locks or snakemake_running_in(workdir, proc):
        return []
    for lock in locks:
        lock.unlink(missing_ok=True)
    return locks


def main(workdir: Path | None = None, proc: Path = Path("/proc")) -> int:
    """`make`'s first step: clear a stale lock; refuse (exit 1) while a run is alive here, so
    that Snakemake's advice to --unlock, which would let two runs write the same files, never
    comes up."""
    workdir = Path.cwd() if workdir is None else workdir
    live = snakemake_running_in(workdir, proc)
    if live:
        print(f"resume: a Snakemake run is still working in {workdir} (pid "
              f"{', '.join(map(str, live))}); wait for it to end, or stop it, then run make "
              "again (do not --unlock: two runs would write the same files)", file=sys.stderr)
        return 1
    removed = clear_stale_locks(workdir, proc)
    if removed:
        print(f"resume: removed {len(removed)} lock file(s) left by an interrupted run "
              "(no Snakemake run is alive here); unfinished jobs are redone", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
