"""Rebuilding only what changes: the benchmark's helpers, and Snakemake's early cut-off as the
workflow uses it (checkpoints, and target rules that ask for their files after them)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from wordle64.rebuild import copy_project, jobs_run, relative_roots

OUTPUT = """\
[Thu Dec  3 09:00:00 2026]
localrule words_select:
    reason: Params have changed since last execution
[Thu Dec  3 09:00:04 2026]
localcheckpoint words:
DAG of jobs will be updated after completion.
Updating checkpoint dependencies.
rule words_threshold_plot:
localrule all:
"""


def test_jobs_run_counts_each_started_job_but_not_the_target_rules():
    assert jobs_run(OUTPUT) == {"words": 1, "words_select": 1, "words_threshold_plot": 1}
    assert jobs_run("Nothing to be done (all requested files are present and up to date).\n") == {}


def test_the_copy_keeps_file_times_and_leaves_out_the_running_state(tmp_path):
    project = tmp_path / "work" / "project"
    for name, text in (("Snakefile", "x"), ("config/config.yaml", "mirror_dir: ../shared/data\n"),
                       ("results/a.txt", "a"), (".snakemake/metadata/k", "m"),
                       (".snakemake/locks/0.input.lock", "l")):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    (tmp_path / "work" / "shared" / "data").mkdir(parents=True)
    old = 1_600_000_000
    os.utime(project / "results/a.txt", (old, old))
    copy = copy_project(project, tmp_path / "bench")
    assert (copy / "results/a.txt").stat().st_mtime == old
    assert (copy / ".snakemake/metadata/k").exists()
    assert not (copy / ".snakemake/locks").exists()
    assert (copy / "../shared/data").resolve() == (tmp_path / "work/shared/data").resolve()
    assert relative_roots("roms: ../shared/data/open-roms\nx: '../other/y'") == {"shared", "other"}


TOY = textwrap.dedent('''
    # The workflow's pattern in small: `stage` is a cut-off checkpoint, `all` asks for its files
    # once it is complete; `after` and `last` run only when stage's output really changed.
    def targets(wildcards):
        checkpoints.stage.get()
        return ["last.txt"]

    rule all:
        input: targets

    checkpoint stage:
        output: "stage.txt"
        params: value=config["value"]
        shell: "echo {params.value} | cut -c1 > {output}; echo stage >> ran.txt"

    rule after:
        input: "stage.txt"
        output: "after.txt"
        shell: "cat {input} > {output}; echo after >> ran.txt"

    rule last:
        input: "after.txt"
        output: "last.txt"
        shell: "cat {input} > {output}; echo last >> ran.txt"
''')


def test_a_byte_identical_checkpoint_output_stops_the_rerun_there(tmp_path):
    (tmp_path / "Snakefile").write_text(TOY)

    def run(value: str) -> list[str]:
        (tmp_path / "ran.txt").unlink(missing_ok=True)
        done = subprocess.run([sys.executable, "-m", "snakemake", "--cores", "1", "--config",
                               f"value={value}"], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        ran = tmp_path / "ran.txt"
        return ran.read_text().split() if ran.exists() else []

    assert run("10") == ["stage", "after", "last"]
    assert run("11") == ["stage"]                    # output "1" again: nothing after it runs
    assert run("20") == ["stage", "after", "last"]   # a real change goes all the way
    assert Path(tmp_path / "last.txt").read_text() == "2\n"
