"""Hostile-user cases (issue 31): each one gives one clear line or does the right thing, and
nothing good is lost. The slow server and the huge body are local HTTP servers on 127.0.0.1,
bounded in time (each test ends within a few seconds)."""

from __future__ import annotations

import hashlib
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
    with pytest.raises(Wordle64Error, match=r"2 of the 2 checks a release needs did not run "
                                            r"\(unpack, fuzz"):
        gate([summary], out, required=["unpack", "fuzz"])
    assert not out.exists()
    summary.write_text('{"passed": true, "checks": [{"check": "unpack", "passed": true}, '
                       '{"check": "fuzz", "passed": true}]}')
    assert gate([summary], out, required=["unpack", "fuzz"]) == [str(summary)]



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
