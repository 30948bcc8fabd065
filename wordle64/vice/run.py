"""One VICE check as a pipeline job: settings from the config, the record written, a failure
raised with its first failed sub-check (the whole record goes to the job's log)."""
from __future__ import annotations

import datetime
import functools
import json
import logging
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.game.shared import WordLists
from wordle64.io import write_json
from wordle64.vice import checks, fast_checks

log = logging.getLogger(__name__)


def dates_of(settings: dict) -> checks.Dates:
    return checks.Dates(*(datetime.date.fromisoformat(str(settings[key]))
                          for key in ("won_date", "lost_date", "hard_date")))


def limits_of(settings: dict) -> checks.Limits:
    return checks.Limits(disk_load=settings["disk_load_seconds"],
                         start_up=settings["startup_seconds"], key=settings["key_seconds"],
                         save=settings["key_seconds"],
                         tape_turbo=settings["tape_turbo_seconds"],
                         tape_kernal=settings["tape_kernal_seconds"])


def run_check(rule: str, core: Path, image: Path, prg: Path, labels_path: Path, words_path: Path,
              settings: dict, out: Path, shots: Path, kind: str = "",
              boot: str | None = None, boot_labels: str | None = None) -> dict:
    attempt = functools.partial(_one_check, rule, core, image, prg, labels_path, words_path,
                                settings, shots, kind, boot, boot_labels)
    run = attempt()
    result = run.as_dict()
    if not run.passed:          # once more: a check that fails twice is a failure; one that
        first = result          # passes the second time is reported as retried
        log.warning("%s failed once (%s); running it again", run.check,
                    run.error or next(c["check"] for c in run.checks if not c["passed"]))
        run = attempt()
        result = {**run.as_dict(), "attempts": 2, "first_attempt": {
            "error": first["error"], "failed": [c for c in first["checks"] if not c["passed"]]}}
    else:
        result["attempts"] = 1
    log.info("%s", json.dumps(result, indent=1))
    write_json(out, result)
    if not run.passed:
        failed = next((c["check"] for c in run.checks if not c["passed"]), run.error)
        raise Wordle64Error(f"{out}: VICE check {run.check} failed twice: {failed}")
    return result


def _one_check(rule: str, core: Path, image: Path, prg: Path, labels_path: Path,
               words_path: Path, settings: dict, shots: Path, kind: str,
               boot: str | None, boot_labels: str | None) -> checks.Record:
    labels = checks.load_labels(labels_path)
    words = WordLists.from_tsv(words_path)
    dates, limits = dates_of(settings), limits_of(settings)
    common = (prg, labels, words, dates)
    if rule == "vice_disk_games":
        record = checks.guarded(checks.disk_games, core, image, *common, limits, shots)
    elif rule == "vice_disk_statistics":
        record = checks.guarded(checks.disk_statistics, core, image, *common, limits, shots)
    elif rule == "vice_fast_disk":
        record = checks.guarded(fast_checks.fast_disk, core, image, Path(boot),
                                checks.load_labels(Path(boot_labels)), *common, limits, shots)
    elif rule == "vice_tape_faults":
        record = checks.guarded(checks.tape_faults, core, image, limits, shots)
    elif rule == "vice_tape":
        timeout = limits.tape_turbo if kind == "turbo" else limits.tape_kernal
        record = checks.guarded(checks.tape, core, image, kind, *common, timeout, limits, shots)
    else:
        raise Wordle64Error(f"no VICE check for rule {rule}")
    return record
