"""Staging and promotion: a failed check never replaces a good artifact.

Snakemake deletes a job's outputs before it runs and again when it fails, so a rule whose check
fails would take the last good file with it. Stages whose artifacts a player or a later stage
relies on therefore write to ``results/staging/<stage>/``; a *gate* rule reads the checks'
result files and fails, with the first failing check named, unless every one passed; only then
does a *promote* rule copy the staged files to their final place. A failure anywhere upstream
of the promote rule leaves the promoted files exactly as they were.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_json


def check_passed(path: str | Path) -> dict:
    """The JSON of a check's result file; raises one line unless its ``passed`` is true."""
    try:
        result = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise Wordle64Error(f"{path}: cannot read the check's result ({error})") from None
    if not isinstance(result, dict) or "passed" not in result:
        raise Wordle64Error(f"{path}: no 'passed' field: not a check's result")
    if result["passed"] is not True:
        reason = result.get("reason") or result.get("problems") or "see the file"
        raise Wordle64Error(f"{path}: check failed ({str(reason)[:200]}); the last good "
                            "artifacts stay where they are")
    return result


def named_checks(result: dict) -> set[str]:
    """The names of the checks a summary result lists (its ``checks`` entries' ``check``)."""
    entries = result.get("checks")
    if not isinstance(entries, list):
        return set()
    return {entry["check"] for entry in entries if isinstance(entry, dict) and "check" in entry}


def gate(checks: Iterable[str | Path], out: str | Path,
         required: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """Write `out` (the names of the checks that passed) when every check passed and each
    summary in `required` (path -> check names) names every one of its checks; else raise,
    naming what is missing. A configuration that leaves checks out (``validate.checks: []``)
    cannot release."""
    paths = [str(path) for path in checks]
    results = dict(zip(paths, (check_passed(path) for path in paths)))
    for path, names in (required or {}).items():
        named = named_checks(results[path]) if path in results else set()
        missing = [name for name in names if name not in named]
        if missing:
            raise Wordle64Error(
                f"{path}: {len(missing)} of the {len(names)} checks a release needs did not "
                f"run ({', '.join(missing)}; validate.checks leaves them out); nothing is "
                "promoted, the last good artifacts stay where they are")
    write_json(out, {"passed": True, "checks": paths})
    return paths


def promote(staged: Sequence[str | Path], final: Sequence[str | Path]) -> None:
    """Copy each staged file to its final path (each copy atomic)."""
    if len(staged) != len(final):
        raise ValueError(f"{len(staged)} staged files for {len(final)} final paths")
    for source, target in zip(staged, final):
        write_bytes(target, Path(source).read_bytes())
