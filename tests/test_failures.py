"""A failed run names each failed job's rule and the error line of its log on the console."""

from __future__ import annotations

import io
import logging

import pytest

from wordle64.errors import Wordle64Error
from wordle64.failures import FailedJob, error_line, failed_jobs, report
from wordle64.glue import rule_logging

RUN_LOG = """\
[Thu Dec  3 08:22:36 2026]
localrule words_select:
    log: logs/words/words.log
    jobid: 2
Error in rule words_select:
    message: None
    jobid: 2
    input: resources/words/x/words.txt
    output: results/staging/words/words.tsv
    log: logs/words/words.log (check log file(s) for error details)
[Thu Dec  3 08:22:37 2026]
Error in rule validate_chunk:
    message: None
    jobid: 7
    log: logs/v/0.log, logs/v/x.log (check log file(s) for error details)
Shutting down, this might take some time.
Exiting because a job execution failed. Look above for error messages
"""


def test_failed_jobs_are_read_from_the_run_log():
    assert failed_jobs(RUN_LOG) == [
        FailedJob("words_select", ("logs/words/words.log",)),
        FailedJob("validate_chunk", ("logs/v/0.log", "logs/v/x.log")),
    ]


def test_the_error_line_is_the_one_rule_logging_wrote(tmp_path, capsys):
    log = tmp_path / "words.log"
    with pytest.raises(SystemExit):
        with rule_logging(str(log)):
            logging.getLogger("wordle64.words").warning("odd line skipped")
            raise Wordle64Error("config/answers-deny.txt:3: 'homos' has a digit")
    assert error_line(log.read_text()) == "config/answers-deny.txt:3: 'homos' has a digit"
    err = capsys.readouterr().err.splitlines()
    assert err == ["wordle64: warning: odd line skipped",
                   "wordle64: error: config/answers-deny.txt:3: 'homos' has a digit"]


def test_an_unexpected_exception_is_logged_before_the_job_ends(tmp_path):
    log = tmp_path / "job.log"
    with pytest.raises(KeyError):
        with rule_logging(str(log)):
            raise KeyError("min_frequency")
    assert error_line(log.read_text()) == "KeyError: 'min_frequency'"


def test_report_prints_each_failed_rule_with_its_reason(tmp_path):
    (tmp_path / "logs/words").mkdir(parents=True)
    (tmp_path / "logs/words/words.log").write_text(
        "2026-12-03 08:22:36,001 INFO wordle64: this job ends with its Snakemake run\n"
        "2026-12-03 08:22:36,500 ERROR wordle64: config/answers-deny.txt:3: bad line\n")
    run_log = tmp_path / "run.log"
    run_log.write_text(RUN_LOG)
    out = io.StringIO()
    assert report([str(run_log)], root=tmp_path, out=out) == 2
    assert out.getvalue().splitlines() == [
        "wordle64: 2 failed jobs:",
        "  words_select: config/answers-deny.txt:3: bad line (logs/words/words.log)",
        "  validate_chunk: no error line in its log; see logs/v/0.log, "
        "logs/v/x.log and the output above",
    ]
