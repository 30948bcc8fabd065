"""Resuming after a killed run: a stale lock is cleared, a live run's lock never is."""

from __future__ import annotations

import subprocess
import sys
import time

from wordle64.resume import clear_stale_locks, snakemake_running_in


def make_locks(workdir):
    locks = workdir / ".snakemake" / "locks"
    locks.mkdir(parents=True)
    for name in ("0.input.lock", "0.output.lock"):
        (locks / name).write_text("results/x\n")
    return locks


def test_a_lock_with_no_run_alive_is_removed(tmp_path):
    locks = make_locks(tmp_path)
    removed = clear_stale_locks(tmp_path)
    assert sorted(path.name for path in removed) == ["0.input.lock", "0.output.lock"]
    assert list(locks.iterdir()) == []


def test_the_lock_of_a_live_run_is_kept(tmp_path):
    locks = make_locks(tmp_path)
    # a process whose command line says snakemake, working in tmp_path
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "snakemake"],
                            cwd=tmp_path)
    try:
        for _ in range(50):
            if snakemake_running_in(tmp_path):
                break
            time.sleep(0.05)
        assert snakemake_running_in(tmp_path) == [live.pid]
        assert clear_stale_locks(tmp_path) == []
        assert len(list(locks.iterdir())) == 2
    finally:
        live.kill()
        live.wait()


def test_no_locks_nothing_to_do(tmp_path):
    assert clear_stale_locks(tmp_path) == []
