"""Fixtures shared by every test module."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
OPEN_ROMS = Path(os.environ.get("C64_ROMS") or SHARED_DATA / "open-roms")

# ld65 config of the tests' toy programs: a PRG loaded at $0801 (a load address, then CODE)
TOY_CONFIG = """
MEMORY {
    LOADADDR: start = $07FF, size = 2, file = %O;
    RAM: start = $0801, size = $9000, file = %O;
}
SEGMENTS {
    LOADADDR: load = LOADADDR, type = ro;
    CODE: load = RAM, type = rw;
}
"""


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The read-only mirror of the source lists (../shared/data beside the repository)."""
    if not (SHARED_DATA / "wordle-list" / "words").exists():
        pytest.skip(f"mirror {SHARED_DATA} not found (expected ../shared/data beside the repo)")
    return SHARED_DATA


def roms_or_skip() -> Path:
    """The Open ROMs folder ($C64_ROMS, else ../shared/data/open-roms); skips the test when the
    KERNAL is not there."""
    if not (OPEN_ROMS / "kernal_generic.rom").is_file():
        pytest.skip(f"Open ROMs not found at {OPEN_ROMS} (set C64_ROMS)")
    return OPEN_ROMS


def assemble_toy(folder: Path, source: str) -> tuple[bytes, Path]:
    """A toy program's ca65 `source` linked with TOY_CONFIG in `folder`: the PRG's bytes and its
    label file; skips the test when cc65 is not installed."""
    if not (shutil.which("ca65") and shutil.which("ld65")):
        pytest.skip("cc65 (ca65, ld65) is not installed")
    (folder / "toy.s").write_text(source)
    (folder / "toy.cfg").write_text(TOY_CONFIG)
    subprocess.run(["ca65", "-g", "toy.s", "-o", "toy.o"], cwd=folder, check=True)
    subprocess.run(["ld65", "-C", "toy.cfg", "-Ln", "toy.lbl", "-o", "toy.prg", "toy.o"],
                   cwd=folder, check=True)
    return (folder / "toy.prg").read_bytes(), folder / "toy.lbl"


def build_with_snakemake(*targets: str) -> None:
    """Make pipeline targets in the repository (as `make` would), for tests of real artifacts.

    A clean clone has no results/ yet; Snakemake builds just what the targets need and does
    nothing when they are up to date.
    """
    import fcntl
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
def game_files(shared_data) -> tuple[Path, Path, Path]:
    """The game's PRG, its labels and words.tsv of the default configuration, built if needed."""
    build_with_snakemake("results/staging/build/wordle64.prg",
                         "results/staging/build/wordle64.lbl", "results/words/words.tsv")
    build = REPO / "results" / "staging" / "build"
    return build / "wordle64.prg", build / "wordle64.lbl", REPO / "results" / "words" / "words.tsv"


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
