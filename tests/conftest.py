"""Fixtures shared by every test module."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The read-only mirror of the source lists (../shared/data beside the repository)."""
    if not (SHARED_DATA / "wordle-list" / "words").exists():
        pytest.skip(f"mirror {SHARED_DATA} not found (expected ../shared/data beside the repo)")
    return SHARED_DATA


def build_with_snakemake(*targets: str) -> None:
    """Make pipeline targets in the repository (as `make` would), for tests of real artifacts.

    A clean clone has no results/ yet; Snakemake builds just what the targets need and does
    nothing when they are up to date.
    """
    import fcntl
    import subprocess
    import sys

    command = [sys.executable, "-m", "snakemake", "--cores", "2", *targets, "--quiet", "all"]
    lock_path = REPO / ".snakemake-tests.lock"
    with open(lock_path, "w") as lock:  # pytest-xdist workers take turns
        fcntl.flock(lock, fcntl.LOCK_EX)
        run = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=1200)
    if run.returncode != 0:
        raise RuntimeError(f"snakemake {' '.join(targets)} failed:\n{run.stderr[-4000:]}")


@pytest.fixture(scope="session")
def words_results(shared_data) -> Path:
    """results/words/ of the default configuration, built if needed."""
    build_with_snakemake("results/words/words.tsv", "results/words/answers.txt",
                         "results/words/guesses.txt")
    return REPO / "results" / "words"


@pytest.fixture(scope="session")
def real_list(shared_data) -> tuple[list[str], list[bool]]:
    """The default words and answer flags, built from the mirror as the words stage builds them."""
    from wordle64 import pack
    from wordle64.words import build_word_table, parse_frequency, parse_guess_list, parse_profanity

    words, _ = parse_guess_list((shared_data / "wordle-list" / "words").read_text())
    frequency = parse_frequency((shared_data / "FrequencyWords" / "en_50k.txt").read_text())
    profane = parse_profanity((shared_data / "profane-words" / "words.json").read_text())
    table = build_word_table(words, frequency, profane, 150)
    return pack.normalise(list(table["word"]), list(table["answer"]))


@pytest.fixture(autouse=True)
def _matrix_cache(tmp_path_factory, monkeypatch):
    """Feedback matrices the solver commands cache go to the session's temporary folder, not
    ~/.cache/wordle64 (a test that needs its own sets WORDLE64_CACHE itself)."""
    monkeypatch.setenv("WORDLE64_CACHE", str(tmp_path_factory.getbasetemp() / "matrix-cache"))
