"""Fetch stage: download a pinned source, verify its sha256, fall back to a local mirror.

Sources are stored by content. The pipeline's copy of a source lives at
``resources/<name>/<sha256>/<file>``, so a new checksum is a new path and never touches the file
that was good; and every verified source is also kept in the content store
``resources/store/<sha256>``, which no rule owns (Snakemake deletes a job's outputs before it
runs it, and again when it fails). A fetch takes the store's copy first when it has one that still
verifies, so a forced re-fetch with no network and a damaged mirror still finds the good bytes.

Nothing is written unless the bytes match the expected checksum, and files land atomically
(a temporary file in the destination folder, then ``os.replace``), so a failed fetch never
leaves a partial file or replaces a good one.

A download is bounded three ways: ``timeout`` for each read, a ``deadline`` for the whole
transfer (a server that trickles one byte a second is dropped when it passes), and a size cap
(the source's ``size`` when the config gives it, else ``fetch.max_bytes``): the body is streamed
and dropped as soon as it would pass the cap, so memory never holds more than the cap. A download
that fails any bound, or whose bytes fail the sha256, falls back to the mirror.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import requests
import urllib3

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Source:
    """One pinned input file, as configured under ``sources:``."""

    name: str
    url: str
    sha256: str
    mirror: str  # path inside the mirror directory
    file: str  # file name under resources/
    size: int | None = None  # expected bytes, when the config gives them: the download's cap

    @classmethod
    def from_config(cls, name: str, entry: dict) -> "Source":
        return cls(name=name, url=entry["url"], sha256=entry["sha256"].lower(),
                   mirror=entry["mirror"], file=entry["file"], size=entry.get("size"))


@dataclass(frozen=True)
class Limits:
    """Bounds of one download: seconds per read, seconds for the whole transfer, bytes."""

    timeout: float = 20
    deadline: float = 60
    max_bytes: int = 64 * 2**20

    def cap(self, source: Source) -> int:
        """The most bytes `source` may have: its expected size when known, else max_bytes."""
        return source.size if source.size is not None else self.max_bytes


@dataclass(frozen=True)
class Fetched:
    """What a fetch produced: where the bytes came from and their checksum."""

    source: str
    origin: str  # the URL or the mirror path actually used
    sha256: str
    size: int


class DownloadError(Wordle64Error):
    """The network copy could not be had (connection, HTTP status, short body)."""


class ChecksumError(Wordle64Error):
    """Bytes were obtained but do not match the pinned sha256."""


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


CHUNK_BYTES = 65536


def read_capped(path: Path, cap: int) -> bytes:
    """A local file's bytes; DownloadError when it has more than `cap` bytes (OSError when it
    cannot be read)."""
    size = path.stat().st_size
    if size > cap:
        raise DownloadError(f"{path}: {size:,} bytes, more than the cap of {cap:,}")
    return path.read_bytes()


def stream_body(response, url: str, cap: int, deadline: float, started: float) -> bytes:
    """The body of `response`, read in pieces as they arrive; DownloadError past `cap` bytes or
    past `deadline` seconds since `started` (time.monotonic)."""
    claimed = response.headers.get("Content-Length", "")
    if claimed.isdigit() and int(claimed) > cap:
        raise DownloadError(f"{url}: Content-Length {int(claimed):,} bytes is more than the cap "
                            f"of {cap:,}")
    body = bytearray()
    raw = response.raw
    while True:
        # read1 returns what has arrived (at most CHUNK_BYTES), so a trickling server still
        # comes back here every `timeout` at most and the deadline is checked
        piece = raw.read1(CHUNK_BYTES, decode_content=True)
        if not piece:
            return bytes(body)
        body += piece
        if len(body) > cap:
            raise DownloadError(f"{url}: body passed the cap of {cap:,} bytes; dropped")
        if time.monotonic() - started > deadline:
            raise DownloadError(f"{url}: not done after the deadline of {deadline:g} s "
                                f"({len(body):,} bytes had arrived); dropped")


def download(url: str, limits: Limits, retries: int, cap: int | None = None,
             pause: float = 0.5) -> bytes:
    """Body of `url` (http, https or file), retried `retries` times within `limits` (`cap`
    overrides limits.max_bytes); raises DownloadError."""
    cap = limits.max_bytes if cap is None else cap
    parsed = urlparse(url)
    if parsed.scheme == "file":
        path = Path(unquote(parsed.path))
        try:
            return read_capped(path, cap)
        except OSError as error:
            raise DownloadError(f"{url}: {error.strerror}") from None
    last_problem = "no attempt made"
    for attempt in range(1, retries + 1):
        started = time.monotonic()
        try:
            with requests.get(url, timeout=limits.timeout, stream=True) as response:
                if response.status_code != 200:
                    last_problem = f"HTTP {response.status_code}"
                else:
                    # urllib3 checks the body against Content-Length as it arrives (before any
                    # gzip decoding) and raises for a short body; the sha256 check catches the rest.
                    return stream_body(response, url, cap, limits.deadline, started)
        except DownloadError as error:
            last_problem = str(error).removeprefix(f"{url}: ")
        except (requests.RequestException, urllib3.exceptions.HTTPError) as error:
            last_problem = f"{type(error).__name__}: {str(error)[:160]}"
        log.warning("%s: attempt %d/%d failed: %s", url, attempt, retries, last_problem)
        if attempt < retries:
            time.sleep(pause * attempt)
    raise DownloadError(f"{url}: {last_problem}")


def verify(source: Source, data: bytes, origin: str) -> str:
    actual = sha256_hex(data)
    if actual != source.sha256:
        raise ChecksumError(
            f"source {source.name}: sha256 mismatch for {origin}: "
            f"expected {source.sha256}, got {actual}"
        )
    return actual


def from_mirror(source: Source, mirror_dir: Path, cap: int, network_problem: Exception) -> bytes:
    """The mirror's bytes of `source` (after `network_problem`, for the message)."""
    mirror_path = Path(mirror_dir) / source.mirror
    log.warning("source %s: download failed (%s); using mirror %s",
                source.name, network_problem, mirror_path)
    try:
        return read_capped(mirror_path, cap)
    except OSError as error:
        kind = ChecksumError if isinstance(network_problem, ChecksumError) else DownloadError
        raise kind(
            f"source {source.name}: download failed ({network_problem}) and mirror file "
            f"{mirror_path} cannot be read ({error.strerror})"
        ) from None


def obtain(source: Source, mirror_dir: Path, limits: Limits, retries: int) -> tuple[bytes, str]:
    """Verified bytes of `source` and their origin: the URL, or the mirror when the download
    fails (a bound passed, or bytes that fail the sha256)."""
    cap = limits.cap(source)
    try:
        data = download(source.url, limits, retries, cap)
        verify(source, data, source.url)
        return data, source.url
    except (DownloadError, ChecksumError) as network_problem:
        mirror_path = str(Path(mirror_dir) / source.mirror)
        data = from_mirror(source, mirror_dir, cap, network_problem)
        verify(source, data, mirror_path)
        return data, mirror_path


def from_store(source: Source, store_dir: Path | None) -> bytes | None:
    """The stored bytes of `source` if the store has them and they still verify, else None."""
    if store_dir is None:
        return None
    path = Path(store_dir) / source.sha256
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if sha256_hex(data) != source.sha256:
        log.warning("source %s: stored copy %s is damaged; fetching again", source.name, path)
        return None
    return data


def stored_digest(path: Path) -> str | None:
    try:
        return sha256_hex(path.read_bytes())
    except OSError:
        return None


def keep(data: bytes, digest: str, store_dir: Path | None, destination: Path) -> None:
    """Put verified bytes in the store (once) and at `destination` (a hard link where possible)."""
    destination = Path(destination)
    if store_dir is None:
        write_bytes(destination, data)
        return
    stored = Path(store_dir) / digest
    if stored_digest(stored) != digest:  # missing or damaged: (re)write the good bytes
        write_bytes(stored, data)
    destination.parent.mkdir(parents=True, exist_ok=True)
    temporary = destination.with_name(f".{destination.name}.link")
    temporary.unlink(missing_ok=True)
    try:
        os.link(stored, temporary)
        os.replace(temporary, destination)
    except OSError:  # a file system without hard links: a plain copy
        temporary.unlink(missing_ok=True)
        write_bytes(destination, data)


def fetch(source: Source, destination: Path, mirror_dir: Path, timeout: float = 20,
          retries: int = 3, store_dir: Path | None = None, deadline: float = Limits.deadline,
          max_bytes: int = Limits.max_bytes) -> Fetched:
    """Store-copy, download or mirror-copy `source` into `destination`, verified; returns what
    happened. With `store_dir`, verified bytes are kept there by sha256 and taken from there
    first (see the module's docstring). A download is bounded by `timeout` per read, `deadline`
    for the whole transfer and `max_bytes` (or the source's size)."""
    stored = from_store(source, store_dir)
    if stored is not None:
        data, origin = stored, str(Path(store_dir) / source.sha256)
    else:
        data, origin = obtain(source, mirror_dir, Limits(timeout, deadline, max_bytes), retries)
    digest = verify(source, data, origin)
    keep(data, digest, store_dir, destination)
    log.info("source %s: %d bytes from %s, sha256 %s", source.name, len(data), origin, digest)
    return Fetched(source=source.name, origin=origin, sha256=digest, size=len(data))
