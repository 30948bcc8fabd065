"""Why a run failed, on the console: each failed job's rule and the error line of its log.

Snakemake ends a failed run with "Error in rule X: message: None ... check log file(s)"; the
job's own one-line error went to stderr while other jobs ran and may have scrolled away. The
Snakefile's ``onerror`` handler calls :func:`report` with Snakemake's run log: it finds each
failed job there and prints its rule, the error line of its log (as ``rule_logging`` writes
it) and the log's path, last on the console.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

ERROR_IN_RULE = re.compile(r"^Error in rule (\w+):\s*$")
LOG_LINE = re.compile(r"^\s+log: (.+?)(?: \(check log file\(s\) for error details\))?\s*$")
LOGGED_ERROR = re.compile(r"^\S+ \S+ ERROR \S+: (.*)$")  # rule_logging's format


@dataclass(frozen=True)
class FailedJob:
    """A job Snakemake reported as failed: its rule and its log files."""

    rule: str
    logs: tuple[str, ...]


def failed_jobs(run_log: str) -> list[FailedJob]:
    """The failed jobs of a Snakemake run log, in order, each once."""
    jobs: list[FailedJob] = []
    rule = None
    for line in run_log.splitlines():
        started = ERROR_IN_RULE.match(line)
        if started:
            rule = started.group(1)
            jobs.append(FailedJob(rule, ()))
            continue
        if rule is None:
            continue
        logs = LOG_LINE.match(line)
        if logs:
            jobs[-1] = FailedJob(rule, tuple(p.strip() for p in logs.group(1).split(",")))
        elif not line.startswith((" ", "\t")):
            rule = None
    unique: list[FailedJob] = []
    for job in jobs:
        if job not in unique:
            unique.append(job)
    return unique


def error_line(log_text: str) -> str | None:
    """The last error a rule's log holds: rule_logging's ERROR line (its first line when it
    spans several, as a traceback does), else None."""
    found = None
    for line in log_text.splitlines():
        logged = LOGGED_ERROR.match(line)
        if logged:
            found = logged.group(1)
    return found


def reason_of(job: FailedJob, root: Path) -> str:
    """One line: the rule, the error its log names (or a pointer to the log) and the log."""
    for log in job.logs:
        path = root / log
        try:
            line = error_line(path.read_text(errors="replace"))
        except OSError:
            continue
        if line:
            return f"{job.rule}: {line} ({log})"
    where = ", ".join(job.logs) or "no log"
    return f"{job.rule}: no error line in its log; see {where} and the output above"


def report(run_logs: Iterable[str], root: Path = Path("."), out: TextIO = sys.stderr) -> int:
    """Print why each failed job of the given Snakemake run logs failed; returns their count."""
    jobs: list[FailedJob] = []
    for run_log in run_logs:
        try:
            jobs += [j for j in failed_jobs(Path(run_log).read_text(errors="replace"))
                     if j not in jobs]
        except OSError:
            continue
    if jobs:
        print(f"wordle64: {len(jobs)} failed job{'s' if len(jobs) > 1 else ''}:", file=out)
        for job in jobs:
            print(f"  {reason_of(job, root)}", file=out)
    return len(jobs)
