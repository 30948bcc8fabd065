"""docs stage: the figures the pages name come from result files, never from the pages.

No build is needed: the renderer runs on small result files written here, and the committed
pages are checked against the registry (wordle64/figure_list.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from wordle64.errors import Wordle64Error
from wordle64.figure_list import FIGURES, figure_sources
from wordle64.figures import (
    Figure,
    check_readme_claims,
    collect,
    config_keys,
    hand_typed,
    lookup,
    named_figures,
    readme_claims,
    render_figures,
    unknown_names,
    update_blocks,
)

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_a_key_walks_objects_lists_and_rows_and_names_what_is_missing():
    data = {"checks": [{"check": "lookup", "cycles": {"max": 390}},
                       {"check": "score", "cycles": {"max": 557}}],
            "list": [5, 6]}
    assert lookup(data, "checks[check=score].cycles.max") == 557
    assert lookup(data, "list[1]") == 6
    rows = [{"representation": "plain (words only)", "compressor": "xz", "bytes": 17376},
            {"representation": "plain (words only)", "compressor": "zlib", "bytes": 37059}]
    assert lookup(rows, "[representation=plain (words only)&compressor=xz].bytes") == 17376
    with pytest.raises(KeyError, match="cycles"):
        lookup({"checks": []}, "cycles.max")
    with pytest.raises(KeyError, match="2 rows"):
        lookup(rows, "[representation=plain (words only)].bytes")


def test_the_renderer_reads_each_figure_from_its_result_file(tmp_path):
    (tmp_path / "results/words").mkdir(parents=True)
    (tmp_path / "results/words/stats.json").write_text(json.dumps(
        {"words": 14855, "answers": 2730, "filters": {"common": {"removed": 9620}}}))
    (tmp_path / "results/reports").mkdir(parents=True)
    (tmp_path / "results/reports/compression.tsv").write_text(
        "dataset\trepresentation\tcompressor\tbytes\tbits_per_word\n"
        "wordle\tplain (words only)\txz\t17376\t9.358\n"
        "wordle\tfront-coded (words only)\tbzip2\t15904\t8.565\n")
    (tmp_path / "results/machine").mkdir(parents=True)
    (tmp_path / "results/machine/run.json").write_text(json.dumps(
        {"passed": True, "skipped": "no C64 ROMs in ../shared/data/open-roms"}))
    (tmp_path / "results/build").mkdir(parents=True)
    (tmp_path / "results/build/layout.json").write_text(json.dumps(
        {"charset_run": 14336, "prg_bytes": 22357}))
    figures = [
        Figure("words.words", "results/words/stats.json", "words", "guessable words", "words"),
        Figure("answers.removed.common", "results/words/stats.json", "filters.common.removed",
               "dropped as not common", "words"),
        Figure("pack.xz", "results/reports/compression.tsv",
               "[representation=plain (words only)&compressor=xz].bits_per_word", "xz",
               "bits/word", 2),
        Figure("media.ready_s", "results/machine/run.json", "ready_seconds_pal", "ready",
               "s PAL", 2),
        Figure("build.charset_run", "results/build/layout.json", "charset_run", "charset",
               "address"),
        Figure("build.prg_bytes", "results/build/layout.json", "prg_bytes", "the PRG", "B"),
        Figure("cluster.seconds", "results/bench/cluster.json", "seconds", "sweep", "s",
               optional=True),
    ]
    texts = [value.text for value in collect(figures, tmp_path)]
    assert texts == ["14,855 words", "9,620 words", "9.36 bits/word",
                     "skipped: no C64 ROMs in ../shared/data/open-roms", "$3800", "22,357 B",
                     "not measured in this build"]
    page = render_figures(collect(figures, tmp_path))
    assert "## build" in page and "| `build.prg_bytes` | 22,357 B | the PRG |" in page


def test_a_missing_result_or_key_fails_in_one_line_naming_file_key_and_figure(tmp_path):
    (tmp_path / "results/dict").mkdir(parents=True)
    (tmp_path / "results/dict/stats.json").write_text(json.dumps({"words": 3}))
    wanted = Figure("pack.blob_bytes", "results/dict/stats.json", "blob_bytes", "blob", "B")
    with pytest.raises(Wordle64Error, match=r"results/dict/stats.json: no key 'blob_bytes' "
                                            r"\(figure pack.blob_bytes"):
        collect([wanted], tmp_path)
    absent = Figure("pack.x", "results/dict/nothing.json", "x", "x")
    with pytest.raises(Wordle64Error, match=r"results/dict/nothing.json: missing \(figure pack.x"):
        collect([absent], tmp_path)


def test_every_figure_is_read_from_a_file_a_rule_writes():
    rules = "".join(_text(path) for path in (ROOT / "workflow/rules").glob("*.smk"))
    cluster = _text(ROOT / "workflow/cluster/local_slurm.sh")
    patterns = [re.sub(r"\\{[^}]*\\}", "[^/]+", re.escape(path))   # "results/validate/{check}.json"
                for path in re.findall(r'"(results/[^"]+)"', rules)]
    for source in figure_sources():
        assert any(re.fullmatch(pattern, source) for pattern in patterns), \
            f"{source}: no rule writes it"
    for figure in FIGURES:
        if figure.optional:
            assert figure.source in cluster, figure.source
    names = [figure.name for figure in FIGURES]
    assert len(names) == len(set(names)), "a figure name twice"


def test_the_pages_name_only_figures_the_registry_has():
    config = yaml.safe_load(_text(ROOT / "config/config.yaml"))
    pages = {figure.page for figure in FIGURES}
    unknown = [(path.name, line, name) for path in PAGES
               for line, name in unknown_names(named_figures(_text(path), pages,
                                                             config_keys(config)), FIGURES)]
    assert unknown == []


def test_unknown_names_are_found():
    pages = {figure.page for figure in FIGURES}
    text = "The blob (`pack.blob_bytes`), `pack.blob_byte`, `words.tsv`, `answers.min_frequency`."
    named = named_figures(text, pages, {"answers.min_frequency"})
    assert [name for _, name in named] == ["pack.blob_bytes", "pack.blob_byte"]
    assert unknown_names(named, FIGURES) == [(1, "pack.blob_byte")]


def test_the_pages_figure_tables_are_generated_from_the_registry():
    stale = [path.name for path in PAGES if update_blocks(_text(path), FIGURES) != _text(path)]
    assert stale == [], "run: .venv/bin/python -m wordle64.figure_list --docs"
    assert any("<!-- figures:" in _text(path) for path in PAGES)


def test_no_page_carries_a_hand_typed_measured_figure():
    found = [(path.name, line, figure) for path in PAGES for line, figure in hand_typed(_text(path))]
    assert found == [], "name a figure of wordle64/figure_list.py instead"


def test_hand_typed_figures_are_found_outside_code():
    text = ("The PRG is 22,357 B and unpacks in 4.61 s PAL.\n"
            "`make` takes 7 min; the solver 1.2 s.\n"
            "```\n$ wordle64 daily\n12,345 cycles\n```\n"
            "A bad line stops the CPU for 40 cycles. <!-- spec -->\n"
            "Figure `pack.blob_bytes` of [figures](x.md#1-2).\n")
    assert [figure for _, figure in hand_typed(text)] == ["22,357 B", "4.61 s PAL", "7 min",
                                                         "1.2 s"]


def test_the_readme_example_daily_word_is_checked_against_the_answers():
    readme = _text(ROOT / "README.md")
    claims = readme_claims(readme)
    assert claims, "the README shows a daily word; the rule checks it"
    line, day, word = claims[0]
    check_readme_claims(readme, "README.md", [word.lower()])   # one answer: every day's word
    other = "abcde" if word.lower() != "abcde" else "fghij"
    with pytest.raises(Wordle64Error, match=rf"README.md: line {line}: says wordle64 daily "
                                            rf"{day} prints {word}, this build's answers give "
                                            rf"{other.upper()}"):
        check_readme_claims(readme, "README.md", [other])


def test_figures_md_names_each_page_that_has_figures(tmp_path):
    (tmp_path / "w.json").write_text(json.dumps({"words": 44680}))
    values = collect([Figure("letters.words", "w.json", "words", "words kept", "words")],
                     root=tmp_path)
    page = render_figures(values)
    assert re.search(r"## letters\n\nNamed in \[docs/letters.md\]", page)
    assert "| `letters.words` | 44,680 words | words kept | `w.json` `words` |" in page
