"""The workflow itself: a run in a temporary copy, and what a threshold change reruns."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SNAKEMAKE = [sys.executable, "-m", "snakemake"]
WORDS_TARGETS = ["results/words/stats.json", "results/words/threshold.png"]
VALIDATE_CHECKS = ["unpack", "lookup", "score", "hard", "rng", "date", "daily", "lazy", "games",
                   "fuzz", "sound", "absurdle"]


def planned_jobs(output: str) -> dict[str, int]:
    """Rule -> job count from the 'Job stats' table of a Snakemake plan."""
    table = output.split("Job stats:", 1)[1]
    rows = re.findall(r"^(\w+)\s+(\d+)$", table, flags=re.MULTILINE)
    return {rule: int(count) for rule, count in rows if rule != "total"}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory, repo_root, shared_data) -> Path:
    work = tmp_path_factory.mktemp("pipeline")
    for name in ("Snakefile", "config", "workflow"):
        source = repo_root / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, work / name)
    return work


@pytest.fixture()
def words_built(workdir, shared_data) -> Path:
    """The work directory with the words stage built (by an earlier test of this worker, or
    now: pytest-xdist may send the tests of this module to different workers)."""
    if not (workdir / "results/words/words.tsv").exists():
        run = snakemake(workdir, shared_data, *WORDS_TARGETS)
        assert run.returncode == 0, run.stderr[-3000:]
    return workdir


def snakemake(work: Path, shared_data: Path, *args: str,
              config: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    command = [*SNAKEMAKE, "--cores", "2", "--directory", str(work), "-s", str(work / "Snakefile"),
               *args, "--config", f"mirror_dir={shared_data}", *config]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def test_words_stage_runs_offline_from_the_mirror(workdir, shared_data):
    run = snakemake(workdir, shared_data, *WORDS_TARGETS)
    assert run.returncode == 0, run.stderr[-3000:]
    stats = json.loads((workdir / "results/words/stats.json").read_text())
    # 2,405 answers: checked against a separate implementation of the rule from the raw sources
    assert (stats["words"], stats["answers"], stats["profane_removed"]) == (14855, 2405, 91)
    answers = (workdir / "results/words/answers.txt").read_text().split()
    assert len(answers) == 2405 and answers == sorted(answers)
    assert (workdir / "results/words/threshold.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for name in ("words", "frequency", "profanity"):
        assert (workdir / f"logs/fetch/{name}.log").exists()


def test_threshold_change_reruns_only_downstream_rules(words_built, shared_data):
    workdir = words_built
    nothing = snakemake(workdir, shared_data, "--dry-run", *WORDS_TARGETS)
    assert nothing.returncode == 0, nothing.stderr[-3000:]
    assert "Nothing to be done" in nothing.stdout + nothing.stderr
    changed = snakemake(workdir, shared_data, "--dry-run", *WORDS_TARGETS,
                        config=("answers={min_frequency: 300}",))
    assert changed.returncode == 0, changed.stderr[-3000:]
    assert planned_jobs(changed.stdout + changed.stderr) == {
        "words_select": 1, "words": 1, "words_threshold_plot": 1}


def test_a_plot_setting_reruns_only_the_plot(words_built, shared_data):
    run = snakemake(words_built, shared_data, "--dry-run", *WORDS_TARGETS,
                    config=("answers={plot_max_threshold: 3000}",))
    assert run.returncode == 0, run.stderr[-3000:]
    assert planned_jobs(run.stdout + run.stderr) == {"words_threshold_plot": 1}


def test_a_moved_source_is_not_a_new_source(words_built, shared_data):
    """A new URL or mirror folder with the same sha256 reruns nothing (the fetch rules' location
    is a param derived from their content-addressed output)."""
    moved = ("sources={words: {url: 'https://mirror.invalid/wordle-list/words'}}",
             f"mirror_dir={shared_data}/../{shared_data.name}")
    run = snakemake(words_built, shared_data, "--dry-run", *WORDS_TARGETS, config=moved)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Nothing to be done" in run.stdout + run.stderr


def test_a_threshold_that_leaves_no_answers_keeps_the_last_good_lists(words_built, shared_data):
    workdir = words_built
    before = {name: (workdir / "results/words" / name).read_bytes()
              for name in ("words.tsv", "answers.txt", "stats.json")}
    run = snakemake(workdir, shared_data, *WORDS_TARGETS,
                    config=("answers={min_frequency: 999999999, filters: "
                            "{scowl_commonness: false, second_opinion: false, "
                            "hand_edits: false}}",))
    assert run.returncode != 0
    log = (workdir / "logs/words/words.log").read_text()
    assert "answers.min_frequency = 999999999 leaves no answers" in log
    for name, data in before.items():
        assert (workdir / "results/words" / name).read_bytes() == data, name


def test_a_threshold_that_is_not_a_number_is_refused(workdir, shared_data):
    run = snakemake(workdir, shared_data, "--dry-run", *WORDS_TARGETS,
                    config=("answers={min_frequency: lots}",))
    assert run.returncode != 0
    assert "min_frequency" in run.stdout + run.stderr


def test_unknown_config_keys_are_refused_before_anything_runs(workdir, shared_data):
    run = snakemake(workdir, shared_data, "--dry-run", *WORDS_TARGETS,
                    config=("answers={min_frequncy: 300}",))
    assert run.returncode != 0
    assert ("config: unknown key answers.min_frequncy (did you mean answers.min_frequency?)"
            in run.stdout + run.stderr)


def test_a_forced_fetch_offline_with_a_damaged_mirror_keeps_the_good_source(
        tmp_path, repo_root, shared_data):
    import hashlib

    import yaml

    work = tmp_path / "work"
    work.mkdir()
    for name in ("Snakefile", "config", "workflow"):
        source = repo_root / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, work / name)
    words = yaml.safe_load((repo_root / "config/config.yaml").read_text())["sources"]["words"]
    target = f"resources/words/{words['sha256']}/{words['file']}"
    offline = ("sources={words: {url: 'http://127.0.0.1:9/words', sha256: "
               f"{words['sha256']}, mirror: wordle-list/words, file: {words['file']}}}}}",)
    first = snakemake(work, shared_data, target, config=offline)
    assert first.returncode == 0, first.stderr[-3000:]

    damaged = tmp_path / "mirror"
    (damaged / "wordle-list").mkdir(parents=True)
    (damaged / "wordle-list" / "words").write_text("not the list\n")
    again = snakemake(work, damaged, target, "--forcerun", "fetch_words", config=offline)
    assert again.returncode == 0, again.stderr[-3000:]
    kept = (work / target).read_bytes()
    assert hashlib.sha256(kept).hexdigest() == words["sha256"]
    assert "resources/store/" in (work / "logs/fetch/words.log").read_text()


def _stage_release(work: Path, summary_passed: bool) -> dict[str, bytes]:
    """Good files in results/build/ and results/media/, new ones staged, the checks' results."""
    good = {}
    for folder, names in (("build", ("wordle64.prg", "wordle64.lbl", "wordle64.map",
                                     "layout.json")),
                          # (load-times.json is released by vice_load_times, after VICE's
                          # checks, not by promote_media)
                          ("media", ("wordle64.d64", "wordle64.tap", "wordle64-kernal.tap",
                                     "wordle64.t64"))):
        for name in names:
            for place, content in ((f"results/{folder}/{name}", b"good " + name.encode()),
                                   (f"results/staging/{folder}/{name}", b"new " + name.encode())):
                (work / place).parent.mkdir(parents=True, exist_ok=True)
                (work / place).write_bytes(content)
            good[f"results/{folder}/{name}"] = b"good " + name.encode()
    machine = ("run", "load-tape", "load-tape-kernal", "tape-faults", "turbo-faults",
               "persist", "load-disk", "disk-faults")
    for place, passed in (("results/validate/summary.json", summary_passed),
                          *((f"results/machine/{name}.json", True) for name in machine)):
        (work / place).parent.mkdir(parents=True, exist_ok=True)
        (work / place).write_text(json.dumps({"passed": passed, "problems": ["lookup: MANEW"]}))
    summary = work / "results/validate/summary.json"  # names every check, as release_gate needs
    summary.write_text(json.dumps({**json.loads(summary.read_text()), "checks": [
        {"check": name, "passed": True} for name in VALIDATE_CHECKS]}))
    return good


def test_a_failed_check_keeps_the_last_good_game_and_images(tmp_path, repo_root, shared_data):
    work = tmp_path / "work"
    work.mkdir()
    for name in ("Snakefile", "config", "workflow"):
        source = repo_root / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, work / name)
    release = ["results/build/wordle64.prg", "results/media/wordle64.tap", "--allowed-rules",
               "release_gate", "promote_build", "promote_media"]
    good = _stage_release(work, summary_passed=False)
    run = snakemake(work, shared_data, *release)
    assert run.returncode != 0
    assert "check failed (['lookup: MANEW'])" in (work / "logs/release/gate.log").read_text()
    for place, content in good.items():
        assert (work / place).read_bytes() == content, place
    _stage_release(work, summary_passed=True)
    run = snakemake(work, shared_data, *release)
    assert run.returncode == 0, run.stderr[-2000:]
    for place in good:
        staged = work / place.replace("results/", "results/staging/", 1)
        assert (work / place).read_bytes() == staged.read_bytes(), place
