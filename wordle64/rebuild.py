"""Rebuild benchmark: what a tweak reruns, measured on a copy of the built project.

Each change of :data:`CHANGES` is made in a copy of the project (its workflow, config, results,
resources, logs and Snakemake's metadata, file times kept), Snakemake is run on the copy for the
change's target, and the jobs it ran and its wall time are recorded; the change is then undone
and the copy brought back (those runs are recorded too). The real project is only read.
docs/rebuild.md explains the mechanisms the figures show.
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordle64.errors import Wordle64Error

# What the copy needs: the workflow and the built state (.snakemake holds the metadata).
COPIED = ["Snakefile", "config", "workflow", "results", "resources", "logs", ".snakemake"]
# Not copied from .snakemake: the running Snakemake's locks and incomplete-job markers, old run
# logs and the scripts of running jobs.
SKIPPED_STATE = {"locks", "incomplete", "log", "scripts", "auxiliary", "conda"}
TARGET_RULES = {"all", "quick"}  # rules that run nothing: not counted as jobs
JOB_LINE = re.compile(r"^(?:local)?(?:rule|checkpoint) (\w+):\s*$", re.MULTILINE)
QUICK_D64 = "results/staging/media/wordle64.d64"
# Compared between the project and the copy once every change is undone: the same bytes.
ARTIFACTS = ["results/staging/build/wordle64.prg", QUICK_D64, "results/build/wordle64.prg",
             "results/media/wordle64.d64", "results/media/wordle64.tap",
             "results/words/answers.txt", "results/dict/blob.bin"]


@dataclass(frozen=True)
class Change:
    """One tweak: a config override (Snakemake --config) and/or a line put before a file's
    first line; what Snakemake is asked to make; the most jobs / seconds it may take."""

    name: str
    what: str
    target: str = "all"
    config: tuple[str, ...] = ()
    prepend: tuple[str, str] | None = None  # (file, line)
    max_jobs: int | None = None
    max_seconds: float | None = None


def changes(mirror_dir: str) -> list[Change]:
    """The changes of issue 30, in the order they are measured (the real one last)."""
    return [
        Change("flat_band_threshold", "answers.min_frequency 150 -> 50 (inside the flat band)",
               config=("answers={min_frequency: 50}",), max_jobs=3),
        Change("plot_range", "answers.plot_max_threshold 2000 -> 3000",
               config=("answers={plot_max_threshold: 3000}",), max_jobs=3),
        Change("url_only", "sources.words.url moved, same sha256",
               config=("sources={words: {url: 'https://mirror.invalid/wordle-list/words'}}",),
               max_jobs=3),
        Change("mirror_dir", "mirror_dir written as another path to the same mirror",
               config=(f"mirror_dir={mirror_dir}",)),
        Change("sound_comment", "a comment line added to workflow/asm/sound.s",
               prepend=("workflow/asm/sound.s", "; a comment the rebuild benchmark adds\n")),
        Change("real_threshold_quick", "answers.min_frequency 150 -> 300, target quick",
               target="quick", config=("answers={min_frequency: 300}",), max_seconds=90.0),
    ]


@dataclass
class Run:
    """One Snakemake run on the copy."""

    target: str
    config: tuple[str, ...]
    returncode: int
    wall_seconds: float
    cpu_seconds: float
    rules: dict[str, int] = field(default_factory=dict)
    load_before: float = 0.0

    @property
    def jobs(self) -> int:
        return sum(self.rules.values())

    def as_dict(self) -> dict:
        return {"target": self.target, "config": list(self.config), "jobs": self.jobs,
                "rules": self.rules, "wall_seconds": round(self.wall_seconds, 1),
                "cpu_seconds": round(self.cpu_seconds, 1), "load_before": round(self.load_before, 2), "returncode": self.returncode}


def jobs_run(output: str) -> dict[str, int]:
    """Rule -> jobs started, from Snakemake's console output (target rules not counted)."""
    counts = Counter(name for name in JOB_LINE.findall(output) if name not in TARGET_RULES)
    return dict(sorted(counts.items()))


def relative_roots(config_text: str) -> set[str]:
    """First folders of the '../<folder>/...' paths the config names (the mirror, the ROMs):
    the copy needs them beside it too."""
    return set(re.findall(r"\.\./([^/\s'\"]+)", config_text))


def copy_project(project: Path, work: Path) -> Path:
    """A copy of `project` in `work`/<name> (file times kept), with links beside it to the
    folders the config reaches through '../'; returns the copy's path."""
    copy = work / project.name
    copy.mkdir(parents=True)
    for name in COPIED:
        source = project / name
        if source.is_dir():
            ignore = (shutil.ignore_patterns(*SKIPPED_STATE) if name == ".snakemake"
                      else None)
            shutil.copytree(source, copy / name, symlinks=True, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, copy / name)
    for root in relative_roots((project / "config" / "config.yaml").read_text()):
        if (project.parent / root).exists() and not (work / root).exists():
            (work / root).symlink_to((project.parent / root).resolve())
    return copy


def sha256_of(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def children_cpu_seconds() -> float:
    """User and system time of the finished child processes (and theirs) so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def snakemake(copy: Path, target: str, config: Sequence[str], cores: int,
              timeout: float, log) -> Run:
    """Run Snakemake on the copy for `target`; the run's output goes to `log`. Its CPU time
    (Snakemake and every job) does not depend on what else the machine runs, its wall time
    does."""
    command = [sys.executable, "-m", "snakemake", "--cores", str(cores), "--nocolor", target]
    if config:
        command += ["--config", *config]
    load = os.getloadavg()[0]
    start, cpu = time.monotonic(), children_cpu_seconds()
    done = subprocess.run(command, cwd=copy, capture_output=True, text=True, timeout=timeout)
    wall, cpu = time.monotonic() - start, children_cpu_seconds() - cpu
    output = done.stdout + done.stderr
    print(f"$ {' '.join(command)}\n{output}", file=log, flush=True)
    if done.returncode != 0:
        raise Wordle64Error(f"snakemake {target} {' '.join(config)} failed on the copy "
                            f"(exit {done.returncode}): {output.strip().splitlines()[-1:]}")
    return Run(target, tuple(config), done.returncode, wall, cpu, jobs_run(output), load)


def measure(project: Path, work: Path, change_list: Iterable[Change], cores: int = 2,
            timeout: float = 3600, log=sys.stderr) -> dict:
    """Copy the project into `work`, settle it, then make, measure and undo each change."""
    copy = copy_project(project, work)
    settle = snakemake(copy, "all", (), cores, timeout, log)
    results = []
    for change in change_list:
        edited = copy / change.prepend[0] if change.prepend else None
        original = edited.read_bytes() if edited else None
        d64_before = sha256_of(copy / QUICK_D64)
        if edited:
            edited.write_bytes(change.prepend[1].encode() + original)
        run = snakemake(copy, change.target, change.config, cores, timeout, log)
        d64_after = sha256_of(copy / QUICK_D64)
        if edited:
            edited.write_bytes(original)
        undo = snakemake(copy, change.target, (), cores, timeout, log)
        if change.target != "all":
            undo_all = snakemake(copy, "all", (), cores, timeout, log)
        entry = {"change": change.name, "what": change.what, **run.as_dict(),
                 "d64_changed": d64_before != d64_after,
                 "max_jobs": change.max_jobs, "max_seconds": change.max_seconds,
                 "met": ((change.max_jobs is None or run.jobs <= change.max_jobs)
                         and (change.max_seconds is None
                              or run.wall_seconds <= change.max_seconds)),
                 "cpu_within_max_seconds": (None if change.max_seconds is None
                                            else run.cpu_seconds <= change.max_seconds),
                 "undo": undo.as_dict()}
        if change.target != "all":
            entry["undo_all"] = undo_all.as_dict()
        results.append(entry)
        print(f"{change.name}: {run.jobs} jobs, {run.wall_seconds:.1f} s", file=log, flush=True)
    differ = [name for name in ARTIFACTS
              if sha256_of(project / name) != sha256_of(copy / name)]
    return {"cores": cores, "cpus": os.cpu_count(), "settle": settle.as_dict(),
            "changes": results, "artifacts_compared": ARTIFACTS,
            "artifacts_differ_after_undo": differ,
            "note": "wall_seconds on a shared machine (load_before: its 1-minute load average "
                    "when the run started); cpu_seconds: Snakemake's and its jobs' CPU time, "
                    "which the load does not change"}
