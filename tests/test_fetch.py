"""fetch: real downloads from a local HTTP server, checksum checks, mirror fallback."""

from __future__ import annotations

import gzip
import hashlib
import http.server
import threading
from pathlib import Path

import pytest

from wordle64.errors import Wordle64Error
from wordle64.fetch import ChecksumError, DownloadError, Source, fetch

GOOD = b"cigar\nrebut\nsissy\n"
GOOD_SHA = hashlib.sha256(GOOD).hexdigest()


class Handler(http.server.BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, bytes, int | None]] = {}

    def do_GET(self):  # noqa: N802 (http.server's name)
        status, body, claimed_length = self.routes.get(self.path, (404, b"not found", None))
        self.send_response(status)
        if self.path == "/gzipped":
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(claimed_length if claimed_length else len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    Handler.routes = {
        "/good": (200, GOOD, None),
        "/evil": (200, b"cigar\nrebut\nHACKED\n", None),
        "/gzipped": (200, gzip.compress(GOOD), None),  # as GitHub's raw host serves text
        "/short": (200, GOOD[:7], len(GOOD)),  # closes the connection before the promised length
    }
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def source(url: str, sha: str = GOOD_SHA) -> Source:
    return Source(name="words", url=url, sha256=sha, mirror="wordle-list/words", file="words.txt")


def fetch_fast(src: Source, dest: Path, mirror: Path):
    return fetch(src, dest, mirror_dir=mirror, timeout=5, retries=2)


def test_good_download_lands_verified(server, tmp_path):
    dest = tmp_path / "resources" / "words.txt"
    result = fetch_fast(source(f"{server}/good"), dest, tmp_path / "no-mirror")
    assert dest.read_bytes() == GOOD
    assert result.origin == f"{server}/good"
    assert result.sha256 == GOOD_SHA
    assert [p.name for p in dest.parent.iterdir()] == ["words.txt"]  # no temporary left behind


def test_gzip_encoded_download_is_decoded_and_verified(server, tmp_path):
    dest = tmp_path / "words.txt"
    result = fetch_fast(source(f"{server}/gzipped"), dest, tmp_path / "no-mirror")
    assert dest.read_bytes() == GOOD
    assert result.origin == f"{server}/gzipped"


def test_checksum_mismatch_writes_nothing_and_keeps_old_file(server, tmp_path):
    dest = tmp_path / "words.txt"
    dest.write_bytes(b"the good old file\n")
    with pytest.raises(ChecksumError) as error:
        fetch_fast(source(f"{server}/evil"), dest, tmp_path / "no-mirror")
    message = str(error.value)
    assert "words" in message and GOOD_SHA in message
    assert hashlib.sha256(b"cigar\nrebut\nHACKED\n").hexdigest() in message
    assert "\n" not in message
    assert dest.read_bytes() == b"the good old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.txt"]


def make_mirror(root: Path, data: bytes = GOOD) -> Path:
    (root / "wordle-list").mkdir(parents=True)
    (root / "wordle-list" / "words").write_bytes(data)
    return root


@pytest.mark.parametrize("path", ["/missing", "/short"])
def test_404_or_truncated_body_falls_back_to_mirror(server, tmp_path, path):
    mirror = make_mirror(tmp_path / "mirror")
    dest = tmp_path / "words.txt"
    result = fetch_fast(source(f"{server}{path}"), dest, mirror)
    assert dest.read_bytes() == GOOD
    assert result.origin == str(mirror / "wordle-list" / "words")


def test_server_down_uses_mirror(tmp_path):
    mirror = make_mirror(tmp_path / "mirror")
    dest = tmp_path / "words.txt"
    # Port 9 on loopback: nothing listens there, the connection is refused at once.
    result = fetch_fast(source("http://127.0.0.1:9/words"), dest, mirror)
    assert dest.read_bytes() == GOOD
    assert result.origin.endswith("wordle-list/words")


def test_mirror_with_wrong_checksum_is_refused(tmp_path):
    mirror = make_mirror(tmp_path / "mirror", data=b"tampered\n")
    dest = tmp_path / "words.txt"
    with pytest.raises(ChecksumError, match="mirror|wordle-list/words"):
        fetch_fast(source("http://127.0.0.1:9/words"), dest, mirror)
    assert not dest.exists()


def test_server_down_and_mirror_missing_is_a_clear_error(tmp_path):
    dest = tmp_path / "words.txt"
    with pytest.raises(DownloadError) as error:
        fetch_fast(source("http://127.0.0.1:9/words"), dest, tmp_path / "nowhere")
    message = str(error.value)
    assert isinstance(error.value, Wordle64Error)
    assert "words" in message and "nowhere" in message and "\n" not in message
    assert not dest.exists()


def test_file_url_reads_a_local_file(tmp_path):
    local = tmp_path / "list.txt"
    local.write_bytes(GOOD)
    dest = tmp_path / "out" / "words.txt"
    fetch_fast(source(local.as_uri()), dest, tmp_path / "nowhere")
    assert dest.read_bytes() == GOOD


# ---- the content store: nothing good is lost ----------------------------------------------------
def test_verified_bytes_are_kept_in_the_store_and_linked(server, tmp_path):
    store = tmp_path / "store"
    dest = tmp_path / "words" / GOOD_SHA / "words.txt"
    fetch(source(f"{server}/good"), dest, tmp_path / "no-mirror", timeout=5, retries=1,
          store_dir=store)
    assert (store / GOOD_SHA).read_bytes() == GOOD == dest.read_bytes()
    assert dest.stat().st_ino == (store / GOOD_SHA).stat().st_ino  # one copy on disk


def test_store_copy_is_used_when_offline_and_the_mirror_is_damaged(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    (store / GOOD_SHA).write_bytes(GOOD)
    mirror = make_mirror(tmp_path / "mirror", data=b"tampered\n")
    dest = tmp_path / "words.txt"
    result = fetch(source("http://127.0.0.1:9/words"), dest, mirror, timeout=5, retries=1,
                   store_dir=store)
    assert dest.read_bytes() == GOOD
    assert result.origin == str(store / GOOD_SHA)


def test_a_damaged_store_copy_is_not_trusted(server, tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    (store / GOOD_SHA).write_bytes(b"bit rot\n")
    dest = tmp_path / "words.txt"
    result = fetch(source(f"{server}/good"), dest, tmp_path / "no-mirror", timeout=5, retries=1,
                   store_dir=store)
    assert result.origin == f"{server}/good" and dest.read_bytes() == GOOD
    assert (store / GOOD_SHA).read_bytes() == GOOD  # repaired with the verified download
