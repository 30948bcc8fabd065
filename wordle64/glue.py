"""Helpers for the thin Snakemake scripts: log to the rule's log, fail with one line, and never
outlive the Snakemake run that started the job."""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from wordle64.errors import Wordle64Error

WATCH_SECONDS = 0.5  # how often a job checks that its Snakemake run is still alive


def parent_of(pid: int, proc: Path = Path("/proc")) -> int | None:
    """The parent process id of `pid` (Linux /proc), or None when it cannot be read."""
    try:
        stat = (proc / str(pid) / "stat").read_text()
    except OSError:
        return None
    return int(stat.rpartition(")")[2].split()[1])  # the name in (...) may hold spaces


def command_line(pid: int, proc: Path = Path("/proc")) -> str:
    try:
        return (proc / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def snakemake_ancestor(pid: int, proc: Path = Path("/proc")) -> int | None:
    """The nearest ancestor of `pid` whose command line runs Snakemake, or None."""
    current = parent_of(pid, proc)
    while current and current > 1:
        if "snakemake" in command_line(current, proc):
            return current
        current = parent_of(current, proc)
    return None


def exit_when_gone(ancestor: int, interval: float = WATCH_SECONDS) -> threading.Thread:
    """Watch `ancestor` from a daemon thread and end this process at once when it is gone, so a
    job whose Snakemake run was killed stops instead of writing outputs nobody will track."""
    def watch() -> None:
        while True:
            try:
                os.kill(ancestor, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass
            threading.Event().wait(interval)

    thread = threading.Thread(target=watch, name="snakemake-watch", daemon=True)
    thread.start()
    return thread


def warnings_to_stderr() -> logging.Handler:
    """A handler that puts warnings (not errors: rule_logging prints those) on stderr, where
    Snakemake shows a job's output, one line each; the rule's log keeps them too."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.addFilter(lambda record: record.levelno < logging.ERROR)
    handler.setFormatter(logging.Formatter("wordle64: warning: %(message)s"))
    return handler


@contextlib.contextmanager
def rule_logging(log_path: str) -> Iterator[logging.Logger]:
    """Log to the rule's log file, warnings to stderr as well; a Wordle64Error ends the job with
    one line on stderr, any other exception is logged before it ends the job. The job ends with
    its Snakemake run (see exit_when_gone)."""
    logging.basicConfig(filename=log_path, level=logging.INFO, force=True,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logger = logging.getLogger("wordle64")
    logging.getLogger().addHandler(warnings_to_stderr())
    ancestor = snakemake_ancestor(os.getpid())
    if ancestor is not None:
        exit_when_gone(ancestor)
        logger.info("this job ends with its Snakemake run (pid %d)", ancestor)
    try:
        yield logger
    except Wordle64Error as error:
        logger.error("%s", error)
        print(f"wordle64: error: {error}", file=sys.stderr)
        raise SystemExit(1) from None
    except OSError as error:  # a full disk, a missing file: the reason and the file, one line
        message = os_error_line(error)
        logger.error("%s", message)
        print(f"wordle64: error: {message}", file=sys.stderr)
        raise SystemExit(1) from None
    except Exception as error:
        logger.exception("%s: %s", type(error).__name__, error)
        raise


def os_error_line(error: OSError) -> str:
    """`file: reason (ENOSPC)` of an OSError, the file named when the error knows it."""
    code = errno.errorcode.get(error.errno or 0)
    where = f"{error.filename}: " if error.filename else ""
    reason = error.strerror or str(error)
    return f"{where}{reason}{f' ({code})' if code else ''}"
