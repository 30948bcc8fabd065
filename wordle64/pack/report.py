"""The compression report: the dictionary in plain, front-coded and packed form under general
compressors, beside the codecs and the information bound."""

from __future__ import annotations

import bz2
import logging
import lzma
import math
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import brotli

log = logging.getLogger(__name__)
from wordle64.io import write_figure
from wordle64.pack.table import LETTERS, WORD_LENGTH

# ---- compression report -----------------------------------------------------------------------

COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "none": lambda data: data,
    "zlib": lambda data: zlib.compress(data, 9),
    "bzip2": lambda data: bz2.compress(data, 9),
    "xz": lambda data: lzma.compress(data, preset=9 | lzma.PRESET_EXTREME),
    "brotli": lambda data: brotli.compress(data, quality=11),
}


def front_code(words: Iterable[str]) -> str:
    """A line per word: one digit for the prefix shared with the previous word, then the rest."""
    lines, previous = [], ""
    for word in words:
        shared = 0
        while shared < min(len(word), len(previous)) and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]}\n")
        previous = word
    return "".join(lines)


def log2_binomial(n: int, k: int) -> float:
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)


def information_bound_bytes(words: int, answers: int) -> float:
    """log2 C(26^5, N) + log2 C(N, A) bits, in bytes: any N-word set with A answers."""
    return (log2_binomial(LETTERS ** WORD_LENGTH, words) + log2_binomial(words, answers)) / 8


def compression_rows(words: Sequence[str], answers: Sequence[bool], table: bytes,
                     blobs: dict[str, bytes], dataset: str = "wordle") -> list[dict]:
    n = max(len(words), 1)

    def row(representation: str, compressor: str, size: float) -> dict:
        return {"dataset": dataset, "representation": representation,
                "compressor": compressor, "bytes": round(size),
                "bits_per_word": round(8 * size / n, 3)}

    representations = {
        "plain (words only)": "".join(f"{w}\n" for w in words).encode("ascii"),
        "front-coded (words only)": front_code(words).encode("ascii"),
        "packed table (words + answers)": table,
    }
    rows = [row(name, compressor, len(compress(data)))
            for name, data in representations.items()
            for compressor, compress in COMPRESSORS.items()]
    for codec, blob in blobs.items():
        rows.append(row(f"{codec} codec (words + answers)", "none", len(blob)))
    rows.append(row("information bound (words + answers)", "none",
                    information_bound_bytes(len(words), sum(answers))))
    rows.append(row("information bound (words only)", "none",
                    information_bound_bytes(len(words), 0)))
    return rows


def write_tsv(rows: Sequence[dict], path: Path) -> None:
    columns = list(rows[0])
    lines = ["\t".join(columns)] + ["\t".join(str(r[c]) for c in columns) for r in rows]
    Path(path).write_text("\n".join(lines) + "\n")


def plot_compression(rows: Sequence[dict], path: Path, codec: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(rows, key=lambda r: r["bytes"], reverse=True)
    labels = [r["representation"] if r["compressor"] == "none"
              else f"{r['representation']} + {r['compressor']}" for r in ordered]
    colours = ["tab:red" if r["representation"].startswith(codec + " codec")
               else "tab:grey" if r["representation"].startswith("information")
               else "tab:orange" if r["representation"].startswith("seed codec")
               else "tab:blue" for r in ordered]
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(ordered) + 1.2))
    ax.barh(range(len(ordered)), [r["bytes"] for r in ordered], color=colours)
    ax.set_yticks(range(len(ordered)), labels, fontsize=7)
    for i, r in enumerate(ordered):
        ax.text(r["bytes"], i, f" {r['bytes']:,}", va="center", fontsize=6)
    ax.set_xscale("log")
    ax.set_xlabel("bytes (log scale)")
    ax.set_title(f"The {len(rows) and rows[0]['dataset']} dictionary: representations "
                 f"and compressors (red: {codec}, the shipped codec)", fontsize=9)
    fig.tight_layout()
    write_figure(path, fig, dpi=110)
    plt.close(fig)

