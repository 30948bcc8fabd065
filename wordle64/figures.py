"""Report stage: the figures the docs name, read from the result files of one build.

The docs never carry a measured figure typed by hand (it would go stale with the next change of
code or lists). A page names a figure, e.g. ``pack.blob_bytes``; ``FIGURES`` (in
``wordle64.figure_list``) says where each one is read from (a result file and a key in it) and
what it is; rule ``docs_figures`` writes ``results/reports/figures.md`` with every value of the
build, one section per page. Each page carries a table of the figures it may name (no values),
generated between ``<!-- figures:PAGE -->`` and ``<!-- /figures -->`` by ``python -m
wordle64.figure_list --docs``; ``tests/test_figures.py`` keeps those tables, the names the pages use
and the registry in step, and keeps hand-typed measured figures out of the pages.

A key is a path into the result: ``a.b`` for nested objects, ``[i]`` for a list index and
``[field=value&field=value]`` for the row of a list (or of a TSV file, read as a list of rows)
whose fields have those values, e.g. ``checks[check=lookup].cycles.max``.
"""

from __future__ import annotations

import csv
import fnmatch
import json
import re
from dataclasses import dataclass
from pathlib import Path

from wordle64.core import daily_word, parse_date, read_answers
from wordle64.errors import Wordle64Error
from wordle64.io import write_text


@dataclass(frozen=True)
class Figure:
    """One measured figure: ``name`` is ``<page>.<figure>``, read from ``source`` at ``key``."""

    name: str
    source: str
    key: str
    what: str
    unit: str = ""          # after the value: "B", "cycles", "s PAL"; "address" shows $XXXX
    digits: int | None = None   # decimals of a float (None: as stored)
    optional: bool = False  # the result file is not built by `snakemake` alone (rule all)

    @property
    def page(self) -> str:
        return self.name.split(".", 1)[0]


@dataclass(frozen=True)
class Value:
    figure: Figure
    text: str


# ---- reading --------------------------------------------------------------------------------

_SELECTOR = re.compile(r"([^.\[\]]*)((?:\[[^\]]*\])*)")


def _split_key(key: str) -> list[str]:
    """``a.b[x=1].c`` -> ``["a", "b", "[x=1]", "c"]`` (dots inside brackets do not split)."""
    parts, depth, current = [], 0, ""
    for char in key:
        if char == "." and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += {"[": 1, "]": -1}.get(char, 0)
        current += char
    parts.append(current)
    steps = []
    for part in parts:
        match = _SELECTOR.fullmatch(part)
        if match is None or (not match.group(1) and not match.group(2)):
            raise Wordle64Error(f"figure key {key!r}: cannot read {part!r}")
        if match.group(1):
            steps.append(match.group(1))
        steps += re.findall(r"\[[^\]]*\]", match.group(2))
    return steps


def _matches(row: object, condition: str) -> bool:
    if not isinstance(row, dict):
        return False
    for pair in condition.split("&"):
        field, _, wanted = pair.partition("=")
        if str(row.get(field)) != wanted:
            return False
    return True


def lookup(data: object, key: str) -> object:
    """The value at ``key`` in ``data``; KeyError naming the first step that is missing."""
    for step in _split_key(key):
        if step.startswith("["):
            inner = step[1:-1]
            if inner.lstrip("-").isdigit():
                if not isinstance(data, list) or not -len(data) <= int(inner) < len(data):
                    raise KeyError(step)
                data = data[int(inner)]
                continue
            rows = [row for row in data if _matches(row, inner)] if isinstance(data, list) else []
            if len(rows) != 1:
                raise KeyError(f"{step} ({len(rows)} rows match)")
            data = rows[0]
        else:
            if not isinstance(data, dict) or step not in data:
                raise KeyError(step)
            data = data[step]
    return data


def _number(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_source(path: Path) -> object:
    """A result file as data: JSON as it is, TSV as a list of rows (numbers converted)."""
    text = path.read_text()
    if path.suffix == ".tsv":
        return [{field: _number(value) for field, value in row.items()}
                for row in csv.DictReader(text.splitlines(), delimiter="\t")]
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise Wordle64Error(f"{path}: line {error.lineno}: not JSON ({error.msg})") from None


def format_value(value: object, figure: Figure) -> str:
    """The value as the page reads it: thousands separated, the unit after it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if figure.unit == "address" and isinstance(value, int):
        return f"${value:04X}"
    if isinstance(value, int):
        text = f"{value:,}"
    elif isinstance(value, float):
        text = f"{value:,.{figure.digits}f}" if figure.digits is not None else f"{value:,}"
    elif isinstance(value, str):
        text = value.upper() if figure.unit == "word" else value
    elif value is None:
        return "—"
    else:
        text = json.dumps(value)
    if figure.unit in ("", "word"):
        return text
    return f"{text}{figure.unit}" if figure.unit == "×" else f"{text} {figure.unit}"


def collect(figures: list[Figure], root: str | Path = ".") -> list[Value]:
    """Every figure's value from the result files under ``root``.

    A missing file or key fails in one line naming the file, the key and the figure; an
    optional figure whose file is absent, and any figure whose file says the run was skipped
    (no C64 ROMs), reads as such instead."""
    root = Path(root)
    cache: dict[str, object] = {}
    values = []
    for figure in figures:
        path = root / figure.source
        if figure.source not in cache:
            if not path.exists():
                if figure.optional:
                    values.append(Value(figure, "not measured in this build"))
                    continue
                raise Wordle64Error(f"{figure.source}: missing (figure {figure.name})")
            cache[figure.source] = read_source(path)
        data = cache[figure.source]
        if isinstance(data, dict) and data.get("skipped"):
            values.append(Value(figure, f"skipped: {data['skipped']}"))
            continue
        try:
            value = lookup(data, figure.key)
        except KeyError as error:
            raise Wordle64Error(f"{figure.source}: no key {figure.key!r} (figure {figure.name}: "
                                f"{error.args[0]} missing)") from None
        values.append(Value(figure, format_value(value, figure)))
    return values


# ---- the README's example outputs -----------------------------------------------------------

_DAILY_CLAIM = re.compile(r"wordle64 daily (\d{4}-\d{2}-\d{2})`? prints `?([A-Z]{5})")


def readme_claims(readme: str) -> list[tuple[int, str, str]]:
    """(line, date, word) of each "wordle64 daily DATE prints WORD" in the README."""
    return [(number, match.group(1), match.group(2))
            for number, line in enumerate(readme.splitlines(), start=1)
            for match in _DAILY_CLAIM.finditer(line)]


def check_readme_claims(readme: str, readme_name: str, answers: list[str]) -> None:
    """Fail when a daily word the README shows is not what these answers give."""
    for number, day, word in readme_claims(readme):
        actual = daily_word(*parse_date(day), answers).upper()
        if actual != word:
            raise Wordle64Error(f"{readme_name}: line {number}: says wordle64 daily {day} prints "
                                f"{word}, this build's answers give {actual}")


# ---- writing --------------------------------------------------------------------------------

def _source(figure: Figure) -> str:
    return f"`{figure.source}` `{figure.key}`"


def _pages(figures: list[Figure]) -> list[str]:
    return list(dict.fromkeys(figure.page for figure in figures))


def render_figures(values: list[Value], readme_claims_checked: int = 0) -> str:
    """results/reports/figures.md: one section per page, each figure with its value."""
    lines = ["# Figures of this build", "",
             "Written by rule `docs_figures` (`wordle64/figures.py`) from the result files of "
             "this build; every measured figure a page of `docs/` names is here. Do not edit: "
             "rerun `snakemake results/reports/figures.md`.", ""]
    if readme_claims_checked:
        lines += [f"The README's example outputs ({readme_claims_checked}) were checked against "
                  "this build's answers.", ""]
    for page in _pages([value.figure for value in values]):
        lines += [f"## {page}", "", f"Named in [docs/{page}.md](../../docs/{page}.md).", "",
                  "| figure | value | what | read from |", "|---|---|---|---|"]
        lines += [f"| `{v.figure.name}` | {v.text} | {v.figure.what} | {_source(v.figure)} |"
                  for v in values if v.figure.page == page]
        lines.append("")
    return "\n".join(lines)


def render_index(figures: list[Figure], page: str) -> str:
    """A page's table of the figures it may name (no values: those are in figures.md)."""
    rows = [figure for figure in figures if figure.page == page]
    lines = ["| figure | what | read from |", "|---|---|---|"]
    lines += [f"| `{f.name}` | {f.what} | {_source(f)} |" for f in rows]
    return "\n".join(lines)


_BLOCK = re.compile(r"(<!-- figures:([a-z]+) -->\n)(.*?)(<!-- /figures -->)", re.DOTALL)


def update_blocks(text: str, figures: list[Figure]) -> str:
    """``text`` with each ``<!-- figures:PAGE -->`` block replaced by PAGE's table."""
    return _BLOCK.sub(lambda m: m.group(1) + render_index(figures, m.group(2)) + "\n"
                      + m.group(4), text)


# ---- what a page names, and what it must not carry ------------------------------------------

_FILE_SUFFIXES = (".tsv", ".json", ".txt", ".smk", ".py", ".s", ".md", ".png", ".fc", ".tree",
                  ".bin", ".prg", ".lbl", ".map", ".tap", ".d64", ".t64", ".yaml", ".cfg",
                  ".inc", ".log", ".html", ".rst", ".npy", ".sh", ".lock")


def config_keys(config: dict, prefix: str = "") -> set[str]:
    """Every dotted key of a config (``answers.min_frequency``): code spans that are not
    figures although they look like one."""
    keys = set()
    for key, value in config.items():
        keys.add(prefix + key)
        if isinstance(value, dict):
            keys |= config_keys(value, f"{prefix}{key}.")
    return keys


def named_figures(text: str, pages: set[str],
                  exclude: set[str] = frozenset()) -> list[tuple[int, str]]:
    """(line, name) of each code span that names a figure (``page.name``) in a page's text,
    leaving out file names (``words.tsv``), the names in ``exclude`` (config keys) and the
    generated tables."""
    text = _BLOCK.sub("", text)
    names = []
    for number, line in enumerate(text.splitlines(), start=1):
        for span in re.findall(r"`([^`\s]+)`", line):
            page, dot, rest = span.partition(".")
            if (dot and page in pages and re.fullmatch(r"[a-z0-9_.*<>]+", rest)
                    and not span.endswith(_FILE_SUFFIXES) and span not in exclude):
                names.append((number, span))
    return names


def unknown_names(names: list[tuple[int, str]], figures: list[Figure]) -> list[tuple[int, str]]:
    """The names that match no figure (``*`` and ``<...>`` match any part of a name)."""
    known = [figure.name for figure in figures]
    return [(number, name) for number, name in names
            if not fnmatch.filter(known, re.sub(r"<[^>]*>", "*", name))]


# A measured quantity: a number (thousands separated or with decimals, or any number before a
# unit of size, time or speed), as typed in running text. Design constants (the 40-cycle bad
# line of the VIC model, a protocol's microseconds) are marked on their line with
# <!-- spec --> and pass.
_MEASURED = re.compile(
    r"(?<![\w$#.\-/])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+)\s?"
    r"(M cycles|cycles|s PAL|s NTSC|ms|min|seconds|s|B|bytes|KB|bits/word|B/s|%|×|x faster|"
    r"words|answers|jobs|tests)(?![\w/])")


def hand_typed(text: str) -> list[tuple[int, str]]:
    """(line, figure) of each measured figure typed into running text (not in code, not in a
    generated table, not on a line marked ``<!-- spec -->``)."""
    text = _BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    found, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or "<!-- spec -->" in line:
            continue
        prose = re.sub(r"`[^`]*`", "", line)
        prose = re.sub(r"\]\([^)]*\)", "]", prose)   # link targets
        found += [(number, m.group(0)) for m in _MEASURED.finditer(prose)]
    return found


# ---- the stage and the command line ---------------------------------------------------------

def write_figures(figures: list[Figure], out_path: str | Path, readme_path: str | Path,
                  answers_path: str | Path, root: str | Path = ".") -> list[Value]:
    """Rule docs_figures: check the README's example outputs, then write figures.md."""
    readme = Path(readme_path).read_text()
    check_readme_claims(readme, str(readme_path), read_answers(answers_path))
    values = collect(figures, root)
    write_text(out_path, render_figures(values, len(readme_claims(readme))))
    return values
