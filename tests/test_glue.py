"""The scripts' glue: a job ends with the Snakemake run that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

from wordle64.glue import command_line, parent_of


def test_parent_and_command_line_of_this_process():
    assert parent_of(os.getpid()) == os.getppid()
    assert "pytest" in command_line(os.getpid()) or "python" in command_line(os.getpid())
    assert parent_of(999_999_999) is None and command_line(999_999_999) == ""


def test_a_job_stops_writing_when_its_snakemake_run_is_killed(tmp_path):
    """A stand-in 'snakemake' parent starts a job that writes a line every 50 ms through
    rule_logging; after the parent is SIGKILLed, the job must stop writing."""
    out = tmp_path / "ticks.txt"
    job = textwrap.dedent(f"""
        import time
        from wordle64.glue import rule_logging
        with rule_logging({str(tmp_path / 'job.log')!r}):
            for tick in range(400):
                with open({str(out)!r}, "a") as f:
                    f.write(f"{{tick}}\\n")
                time.sleep(0.05)
    """)
    parent_code = textwrap.dedent(f"""
        import subprocess, sys, time
        subprocess.Popen([sys.executable, "-c", {job!r}])
        time.sleep(60)
    """)
    # argv[0] of the stand-in names it snakemake, as the real run's command line does
    parent = subprocess.Popen([sys.executable, "-c", parent_code, "snakemake-stand-in"])
    try:
        for _ in range(100):
            if out.exists() and len(out.read_text().split()) >= 3:
                break
            time.sleep(0.1)
        assert out.exists(), "the job never started"
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        time.sleep(1.5)
        count = len(out.read_text().split())
        time.sleep(1.5)
        assert len(out.read_text().split()) == count, "the job kept writing after its run died"
        assert count < 400
    finally:
        if parent.poll() is None:
            parent.kill()
