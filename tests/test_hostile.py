"""Hostile-user cases (issue 31): each one gives one clear line or does the right thing, and
nothing good is lost. The slow server and the huge body are local HTTP servers on 127.0.0.1,
bounded in time (each test ends within a few seconds)."""

from __future__ import annotations

import hashlib
import itertools
import random
import re
import http.server
import threading
import time
from pathlib import Path

import pytest

from wordle64.fetch import ChecksumError, Source, fetch

GOOD = b"cigar\nrebut\nsissy\n"
GOOD_SHA = hashlib.sha256(GOOD).hexdigest()


# ---- 1. downloads: a deadline for the whole transfer, a size cap, then the mirror ------------
class HostileHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        self.send_response(200)
        try:
            if self.path == "/trickle":  # a byte every 0.2 s: each read is quick, the whole is not
                self.send_header("Content-Length", "1000")
                self.end_headers()
                for _ in range(50):  # at most 10 s, so the server thread ends by itself
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.2)
            elif self.path == "/huge":  # no Content-Length: the body ends when the server closes
                self.end_headers()
                piece = b"y" * 65536
                for _ in range(16 * 1024):  # up to 1 GiB unless the client hangs up
                    self.wfile.write(piece)
            elif self.path == "/claims-huge":
                self.send_header("Content-Length", str(3 * 2**30))
                self.end_headers()
                self.wfile.write(b"z" * 65536)
            else:  # /evil: the right size, the wrong bytes
                self.send_header("Content-Length", str(len(GOOD)))
                self.end_headers()
                self.wfile.write(b"cigar\nrebut\nHACKD\n")
        except OSError:  # the client hung up, as it should
            pass

    def log_message(self, *args):
        pass


@pytest.fixture
def hostile_server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostileHandler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def mirrored(tmp_path: Path) -> Path:
    (tmp_path / "mirror" / "wordle-list").mkdir(parents=True)
    (tmp_path / "mirror" / "wordle-list" / "words").write_bytes(GOOD)
    return tmp_path / "mirror"


def words_source(url: str, size: int | None = None) -> Source:
    return Source(name="words", url=url, sha256=GOOD_SHA, mirror="wordle-list/words",
                  file="words.txt", size=size)


def test_a_trickling_server_is_dropped_at_the_deadline_and_the_mirror_serves(hostile_server,
                                                                             tmp_path):
    dest = tmp_path / "words.txt"
    started = time.monotonic()
    result = fetch(words_source(f"{hostile_server}/trickle"), dest, mirrored(tmp_path),
                   timeout=2, retries=1, deadline=1.0)
    assert time.monotonic() - started < 8  # bounded (the server alone would take 10 s or more)
    assert result.origin.endswith("wordle-list/words")
    assert dest.read_bytes() == GOOD


def test_a_huge_body_is_dropped_at_the_cap_and_the_mirror_serves(hostile_server, tmp_path):
    dest = tmp_path / "words.txt"
    result = fetch(words_source(f"{hostile_server}/huge"), dest, mirrored(tmp_path),
                   timeout=5, retries=1, max_bytes=2**20)
    assert result.origin.endswith("wordle-list/words")
    assert dest.read_bytes() == GOOD


def test_the_expected_size_caps_a_download_before_its_body(hostile_server, tmp_path):
    dest = tmp_path / "words.txt"
    result = fetch(words_source(f"{hostile_server}/claims-huge", size=len(GOOD)), dest,
                   mirrored(tmp_path), timeout=5, retries=1)
    assert result.origin.endswith("wordle-list/words")


def test_a_download_that_fails_the_checksum_falls_back_to_the_mirror(hostile_server, tmp_path):
    dest = tmp_path / "words.txt"
    result = fetch(words_source(f"{hostile_server}/evil"), dest, mirrored(tmp_path), timeout=5,
                   retries=1)
    assert result.origin.endswith("wordle-list/words")
    assert dest.read_bytes() == GOOD


def test_a_bad_download_and_no_mirror_is_one_line_naming_both(hostile_server, tmp_path):
    dest = tmp_path / "words.txt"
    with pytest.raises(ChecksumError) as error:
        fetch(words_source(f"{hostile_server}/evil"), dest, tmp_path / "nowhere", timeout=5,
              retries=1)
    assert "sha256 mismatch" in str(error.value) and "nowhere" in str(error.value)
    assert "\n" not in str(error.value) and not dest.exists()


# ---- 2. the release gate cannot be emptied ---------------------------------------------------
def test_the_release_gate_refuses_a_summary_without_the_checks_it_needs(tmp_path):
    from wordle64.errors import Wordle64Error
    from wordle64.promote import gate

    summary = tmp_path / "summary.json"
    summary.write_text('{"passed": true, "checks": []}')
    out = tmp_path / "release.json"
    required = {str(summary): ["unpack", "fuzz"]}
    with pytest.raises(Wordle64Error, match=r"summary.json: 2 of the 2 checks a release needs "
                                            r"did not run \(unpack, fuzz"):
        gate([summary], out, required=required)
    assert not out.exists()
    summary.write_text('{"passed": true, "checks": [{"check": "unpack", "passed": true}, '
                       '{"check": "fuzz", "passed": true}]}')
    assert gate([summary], out, required=required) == [str(summary)]



# ---- 3. every count, size and time has a bound that fits this machine -----------------------
ROOT = Path(__file__).resolve().parent.parent


def numeric_keys(node: dict, path: str = "") -> list[tuple[str, dict]]:
    """(dotted path, schema) of every number, integer and array in the config schema."""
    found = []
    kinds = node.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if {"integer", "number", "array"} & set(kinds) and "enum" not in node:
        found.append((path, node))
    for key, sub in node.get("properties", {}).items():
        found += numeric_keys(sub, f"{path}.{key}".lstrip("."))
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            found += numeric_keys(node[key], f"{path}[{key}]")
    return found


def test_every_count_size_and_time_in_the_schema_has_a_maximum_with_its_reason():
    import yaml

    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    unbounded, unexplained = [], []
    for path, node in numeric_keys(schema):
        bound = "maxItems" if node.get("type") == "array" else "maximum"
        if bound not in node:
            unbounded.append(path)
        elif "description" in node and "at most" not in node["description"].lower():
            unexplained.append(path)
    assert unbounded == [] and unexplained == []


@pytest.mark.parametrize("override", [
    {"validate": {"score_pairs": 10**12}}, {"game": {"fuzz_keys": 10**12}},
    {"fetch": {"timeout": 10**9}}, {"solver": {"absurdle": {"beam": 10**6}}}])
def test_a_count_past_its_bound_is_refused_in_one_line(override):
    import yaml

    from wordle64.config import ConfigError, check_config, load_schema

    config = yaml.safe_load((ROOT / "config/config.yaml").read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    with pytest.raises(ConfigError, match="is greater than the maximum") as error:
        check_config(config, load_schema(ROOT / "workflow/schemas/config.schema.yaml"))
    assert "\n" not in str(error.value)


# ---- 4. a full disk fails loudly, naming ENOSPC and the file; the good file stays -----------
def no_space(*args, **kwargs):
    raise OSError(28, "No space left on device")


def test_a_full_disk_names_enospc_and_the_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    from wordle64 import io as atomic
    from wordle64.errors import Wordle64Error

    target = tmp_path / "feedback.npy"
    target.write_bytes(b"the good old matrix")
    monkeypatch.setattr(atomic.os, "fsync", no_space)  # the disk fills as the bytes land
    with pytest.raises(Wordle64Error) as error:
        atomic.write_npy(target, __import__("numpy").zeros(3))
    assert str(error.value).startswith(f"{target}: cannot write (No space left on device, ENOSPC)")
    assert target.read_bytes() == b"the good old matrix"
    assert [p.name for p in tmp_path.iterdir()] == ["feedback.npy"]


def test_a_write_to_dev_full_in_a_job_ends_with_one_line_naming_it(tmp_path, capsys):
    from wordle64.glue import rule_logging

    log = tmp_path / "job.log"
    with pytest.raises(SystemExit), rule_logging(str(log)) as logger:
        logger.info("feedback matrix: 14855/14855 guesses")
        with open("/dev/full", "wb", buffering=0) as full:
            full.write(b"x")
    last = log.read_text().splitlines()[-1]
    assert "ERROR" in last and "No space left on device (ENOSPC)" in last
    assert capsys.readouterr().err.strip().endswith("(ENOSPC)")


# ---- 5, 6, 8, 10: the command line answers in one short line, never a traceback -------------
WORDS = ["batch", "catch", "crane", "hatch", "latch", "slate"]


def run_cli(capsys, *argv: str) -> tuple[int, str]:
    """Exit code and stderr of `wordle64 ARGV`; argparse's own exit counts as its code."""
    from wordle64.cli import main

    try:
        code = main(list(argv))
    except SystemExit as leave:
        code = leave.code
    return code, capsys.readouterr().err


def one_line(err: str, limit: int = 300) -> str:
    line = err.strip().splitlines()[-1] if err.strip() else ""
    assert "Traceback" not in err and len(err) < limit, err[:400]
    return line


@pytest.fixture
def lists(tmp_path):
    (tmp_path / "w.txt").write_text("".join(f"{w}\n" for w in WORDS))
    return ["--answers", str(tmp_path / "w.txt"), "--guesses", str(tmp_path / "w.txt")]


@pytest.mark.parametrize("argv, problem", [
    (["guess", "-x", "é"], "absent 'é' must be letters a-z"),
    (["guess", "-p", "é????"], "elsewhere mask 'é????' must be five characters of a-z or ?"),
    (["filter", "-c", "ÿ????"], "right mask 'ÿ????' must be five characters of a-z or ?"),
    (["filter", "crane=xxxxx"], "unknown mark 'x' (g right place, y elsewhere, . absent)"),
])
def test_odd_masks_and_marks_are_one_line(capsys, lists, argv, problem):
    code, err = run_cli(capsys, *argv, *lists)
    assert code == 2 and problem in one_line(err)


@pytest.fixture
def random_bytes(tmp_path):
    path = tmp_path / "F"
    path.write_bytes(random.Random(31).randbytes(100_000))
    return path


@pytest.mark.parametrize("argv", [
    ["conundrum", "--table", "{F}"], ["daily", "2026-01-01", "--answers", "{F}"],
    ["pack", "--words", "{F}"], ["letters", "GLXAEIRNT", "--words", "{F}"],
    ["guess", "--answers", "{F}", "--guesses", "{F}"]])
def test_binary_files_are_one_line_naming_the_file(capsys, random_bytes, argv):
    code, err = run_cli(capsys, *(part.format(F=random_bytes) for part in argv))
    assert code == 2 and one_line(err).startswith(f"wordle64: error: {random_bytes}")


def test_lists_too_big_for_memory_are_refused_before_allocating(capsys, tmp_path, monkeypatch):
    from wordle64.solver import core

    words = ["".join(letters) for letters in itertools.islice(
        itertools.product("abcdefghij", repeat=5), 3000)]
    big = tmp_path / "big.txt"
    big.write_text("".join(f"{w}\n" for w in words))
    monkeypatch.setattr(core, "memory_bytes", lambda: 2**24, raising=False)  # a 16 MiB machine
    monkeypatch.setenv("WORDLE64_CACHE", str(tmp_path / "cache"))
    for command in ("guess", "evaluate", "absurdle"):
        code, err = run_cli(capsys, command, "--answers", str(big), "--guesses", str(big))
        assert code == 2 and re.search(r"3,000 guesses x 3,000 answers needs 1[78]\.\d MiB, more "
                                       r"than half of this machine's 16\.0 MiB", one_line(err))


def test_a_huge_single_line_is_quoted_short(capsys, tmp_path):
    flood = tmp_path / "F"
    flood.write_text("a" * 3_000_000 + "\n")
    for argv in (["daily", "2026-01-01", "--answers", str(flood)],
                 ["letters", "GLXAEIRNT", "--words", str(flood)],
                 ["filter", "--answers", str(flood), "--guesses", str(flood)]):
        code, err = run_cli(capsys, *argv)
        assert code == 2 and one_line(err).startswith(f"wordle64: error: {flood}:1: ")
        assert "3,000,000 characters" in err


def test_long_words_and_key_scripts_are_quoted_short():
    from wordle64.errors import Wordle64Error
    from wordle64.game.keys import parse_keys
    from wordle64.words.explain import explain

    with pytest.raises(Wordle64Error) as error:
        explain("q" * 100_000, None, {})
    assert len(str(error.value)) < 120 and "100,000 characters" in str(error.value)
    for script in ("{NOSUCHKEY}" * 100, "é" * 100):
        with pytest.raises(Wordle64Error) as error:
            parse_keys(script)
        assert len(str(error.value)) < 200


# ---- 7. a bad byte is reported on its own line ----------------------------------------------
@pytest.mark.parametrize("bad_line", [3, 14_856])
def test_a_latin1_byte_is_reported_on_its_line(tmp_path, bad_line):
    from wordle64.errors import Wordle64Error
    from wordle64.words.sources import read_guess_list

    words = ["".join(t) for t in itertools.islice(itertools.product("abcdefghijklmnopqrstuvwxyz",
                                                                    repeat=5), bad_line + 5)]
    lines = [w.encode() for w in words]
    lines[bad_line - 1] = "caf\xe9s".encode("latin-1")
    path = tmp_path / "words.txt"
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(Wordle64Error) as error:
        read_guess_list(path)
    assert str(error.value).startswith(f"{path}:{bad_line}: not UTF-8 text (byte 0xE9 at column 4")


# ---- 8. nothing accepted silently ------------------------------------------------------------
@pytest.mark.parametrize("text, problem", [
    (" slate\n", ":2: ' slate' has white space around the word"),
    ("slate\t\n", ":2: 'slate\\t' has white space around the word")])
def test_white_space_around_a_word_is_refused_not_stripped(capsys, tmp_path, text, problem):
    path = tmp_path / "w.txt"
    path.write_text("crane\n" + text)
    code, err = run_cli(capsys, "filter", "--answers", str(path), "--guesses", str(path))
    assert code == 2 and problem in one_line(err)


def test_an_emptied_profanity_list_is_refused(tmp_path):
    from wordle64.errors import Wordle64Error
    from wordle64.words import run_words_stage

    (tmp_path / "w.txt").write_text("crane\nslate\n")
    (tmp_path / "f.txt").write_text("crane 500\nslate 900\n")
    (tmp_path / "p.json").write_text("[]")
    with pytest.raises(Wordle64Error, match="p.json: no single-word entries in the profanity"):
        run_words_stage(tmp_path / "w.txt", tmp_path / "f.txt", tmp_path / "p.json",
                        min_frequency=150, on_bad_line="fail")


def test_empty_letters_lists_and_draws_are_refused(capsys, tmp_path):
    empty, words = tmp_path / "empty.txt", tmp_path / "words.txt"
    empty.write_text("")
    words.write_text("ant\ntan\n")
    code, err = run_cli(capsys, "letters", "GLXAEIRNT", "--words", str(empty))
    assert code == 2 and one_line(err) == f"wordle64: error: {empty}: no words (an empty list " \
                                          "answers nothing)"
    code, err = run_cli(capsys, "letters-bench", "--draws", str(empty), "--words", str(words))
    assert code == 2 and f"{empty}: no lines" in one_line(err)


def test_a_prg_loading_in_the_zero_page_is_refused(capsys, tmp_path):
    prg = tmp_path / "zero.prg"
    prg.write_bytes(b"\x00\x00\xa9\x00\x60")
    code, err = run_cli(capsys, "images", str(prg), "-o", str(tmp_path / "out"))
    assert code == 2 and "loads at $0000, into the zero page" in one_line(err)
    assert not (tmp_path / "out").exists()


def test_an_ftp_url_fails_the_schema():
    import yaml

    from wordle64.config import ConfigError, check_config, load_schema

    config = yaml.safe_load((ROOT / "config/config.yaml").read_text())
    config["sources"]["words"]["url"] = "ftp://example.org/words"
    with pytest.raises(ConfigError, match="sources.words.url: 'ftp://example.org/words' does "
                                          "not match"):
        check_config(config, load_schema(ROOT / "workflow/schemas/config.schema.yaml"))


# ---- 10. the smaller ones --------------------------------------------------------------------
def test_unpack_names_the_file_and_says_truncated(capsys, tmp_path):
    from wordle64.pack import encode

    words = ["".join(t) for t in itertools.islice(itertools.product("abcde", repeat=5), 500)]
    blob = encode("ctxhuff", words, [i % 3 == 0 for i in range(len(words))])
    short, empty = tmp_path / "short.bin", tmp_path / "empty.bin"
    short.write_bytes(blob[:len(blob) // 2])
    empty.write_bytes(b"")
    code, err = run_cli(capsys, "unpack", str(short))
    assert code == 2 and re.fullmatch(
        rf"wordle64: error: {re.escape(str(short))}: ctxhuff blob of [\d,]+ bytes is shorter "
        r"than the [\d,]+-byte stream its header declares: truncated", one_line(err))
    code, err = run_cli(capsys, "unpack", str(empty))
    assert code == 2 and one_line(err) == f"wordle64: error: {empty}: empty file, not a " \
                                          "ctxhuff blob"


def test_a_missing_file_outside_results_gets_no_build_hint(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("ant\ntan\n")
    code, err = run_cli(capsys, "letters-bench", "--draws", "/nonexistent", "--words", str(words))
    assert code == 2 and one_line(err) == "wordle64: error: /nonexistent: file not found"


def test_c64_seconds_has_a_bound(capsys, tmp_path):
    code, err = run_cli(capsys, "c64", str(tmp_path / "x.prg"), "--seconds", "1e9")
    assert code == 2 and "argument --seconds: '1e9' is more than 3600" in err


# ---- 9. `make` after a deleted intermediate brings it back, and stays a no-op otherwise ------
def snakemake_in(work: Path, *args: str) -> str:
    """Snakemake's output in `work` (it must succeed), as text."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "snakemake", *args, "--directory", str(work), "-s",
               str(work / "Snakefile")]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout + run.stderr


def dry_run(work: Path) -> str:
    """The plan of the Makefile's Snakemake command in `work`."""
    return snakemake_in(work, "--cores", "2", "--rerun-incomplete", "-n")


@pytest.mark.slow
def test_make_brings_back_a_deleted_intermediate_and_is_a_no_op_otherwise(tmp_path):
    import shutil

    work = tmp_path / "work"
    work.mkdir()
    for name in ("Snakefile", "config", "workflow", "README.md"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, work / name)
    # The cut-off checkpoints (words, pack, build) let Snakemake plan what follows them only once
    # their files exist: make every planned file, record it as built, and plan again.
    outputs: list[str] = []
    for _ in range(5):
        summary = snakemake_in(work, "--summary", "--cores", "1")
        planned = [line.split("\t")[0] for line in summary.splitlines()
                   if line.startswith(("results/", "resources/"))]
        if set(planned) <= set(outputs):
            break
        outputs = sorted(set(outputs) | set(planned))
        for output in planned:  # every file present; --touch records them as built, in order
            (work / output).parent.mkdir(parents=True, exist_ok=True)
            if not (work / output).exists():
                (work / output).write_text("built\n")
        snakemake_in(work, "--touch", "--cores", "1")
    assert "results/words/answers.txt" in outputs and "results/dict/table.bin" in outputs
    assert "Nothing to be done" in dry_run(work)
    # A dry run plans up to the first checkpoint that must run: one deletion at a time.
    answers = work / "results/words/answers.txt"
    kept = tmp_path / "answers.txt"
    shutil.copy2(answers, kept)
    answers.unlink()
    assert "Missing output files: results/words/answers.txt" in dry_run(work)
    shutil.copy2(kept, answers)
    assert "Nothing to be done" in dry_run(work)
    (work / "results/dict/table.bin").unlink()
    assert "Missing output files: results/dict/table.bin" in dry_run(work)


def test_a_missing_pipeline_output_says_build_it_first(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, err = run_cli(capsys, "daily", "2026-01-01")
    assert code == 2 and one_line(err) == ("wordle64: error: results/words/answers.txt: file not "
                                           "found; build it first with `make`")


def test_make_while_a_run_is_live_stops_without_advising_unlock(tmp_path, capsys):
    import subprocess
    import sys

    from wordle64.resume import main as resume, snakemake_running_in

    locks = tmp_path / ".snakemake" / "locks"
    locks.mkdir(parents=True)
    (locks / "0.output.lock").write_text("results/x\n")
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "snakemake"],
                            cwd=tmp_path)
    try:
        for _ in range(100):  # until /proc shows it working there
            if snakemake_running_in(tmp_path):
                break
            time.sleep(0.05)
        assert resume(tmp_path) == 1
        err = capsys.readouterr().err
        assert f"a Snakemake run is still working in {tmp_path} (pid {live.pid})" in err
        assert "do not --unlock" in err and (locks / "0.output.lock").exists()
    finally:
        live.kill()
        live.wait()
    assert resume(tmp_path) == 0 and not (locks / "0.output.lock").exists()


def test_a_config_file_with_a_tab_is_named_with_its_line(tmp_path, capsys):
    from wordle64.config import main as check_config_files

    path = tmp_path / "mine.yaml"
    path.write_text("fetch:\n\ttimeout: 3\n")
    assert check_config_files([str(path)]) == 1
    assert capsys.readouterr().err == (f"wordle64: error: {path}:2:1: not valid YAML (found "
                                       "character '\\t' that cannot start any token)\n")


def test_make_checks_a_config_file_of_ones_own_before_snakemake_reads_it(tmp_path, repo_root):
    """`make CONFIGFILE=F` runs the check that names the line before Snakemake, which names none,
    and the check's failure stops make there."""
    import shlex
    import subprocess

    path = tmp_path / "mine.yaml"
    path.write_text("fetch:\n\ttimeout: 3\n")
    planned = subprocess.run(["make", "-n", "quick", f"CONFIGFILE={path}"], cwd=repo_root,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    check = next(i for i, line in enumerate(planned) if "wordle64.config" in line)
    run = next(i for i, line in enumerate(planned) if line.startswith(".venv/bin/snakemake"))
    assert check < run and f'--configfile "{path}"' in planned[run]
    done = subprocess.run(shlex.split(planned[check]), cwd=repo_root, capture_output=True,
                          text=True)
    assert done.returncode == 1
    assert done.stderr == (f"wordle64: error: {path}:2:1: not valid YAML (found character "
                           "'\\t' that cannot start any token)\n")


def test_running_out_of_memory_is_one_line_not_a_traceback(capsys, monkeypatch):
    from wordle64 import core

    def exhausted(path):
        raise MemoryError

    monkeypatch.setattr(core, "read_answers", exhausted)
    code, err = run_cli(capsys, "daily", "2026-01-01")
    assert code == 2 and one_line(err) == ("wordle64: error: out of memory (the input is too "
                                           "large for this machine)")
