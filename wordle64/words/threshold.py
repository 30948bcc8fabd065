"""results/words/threshold.{tsv,png}: answers against the subtitle threshold, with and without
the other filters (the SCOWL second opinion among them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from wordle64.io import write_figure, write_text
from wordle64.words.filters import AnswerRule, answers_by_threshold


def threshold_curve(table: pd.DataFrame, max_threshold: int, points: int = 200,
                    rule: AnswerRule | None = None) -> pd.DataFrame:
    """Answer counts for thresholds from 1 to `max_threshold` (log-spaced, integers, unique):
    `answers` by subtitle count alone (not profane), and `all_filters` by the whole rule when
    `table` has the filters' columns."""
    thresholds = np.unique(np.geomspace(1, max_threshold, points).round().astype("int64"))
    clean = np.sort(table.loc[~table["profane"], "frequency"].to_numpy())
    curve = pd.DataFrame({"threshold": thresholds,
                          "answers": len(clean) - np.searchsorted(clean, thresholds, side="left")})
    if rule is not None and "removed_by" in table.columns:
        curve["all_filters"] = answers_by_threshold(table, thresholds, rule)
    return curve


def plot_threshold(curve: pd.DataFrame, min_frequency: int, answers: int, path: Path,
                   floor: int = 0) -> None:
    """Answers against threshold; `floor` is the smallest count the frequency list has."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    ax.plot(curve["threshold"], curve["answers"], color="#3b7d3b",
            label="subtitle count alone (not profane)")
    if "all_filters" in curve.columns:
        ax.plot(curve["threshold"], curve["all_filters"], color="#2a5da8",
                label="all filters (SCOWL second opinion, proper nouns, inflections, hand edits)")
    ax.axvline(min_frequency, color="#c9b458", linestyle="--")
    ax.annotate(f"threshold {min_frequency}: {answers:,} answers", (min_frequency, answers),
                xytext=(8, -16), textcoords="offset points")
    if floor > 1:
        ax.axvspan(1, floor, color="#bbbbbb", alpha=0.3,
                   label=f"below the frequency list's smallest count ({floor})")
    ax.legend(loc="lower left", fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("minimum OpenSubtitles frequency (log scale)")
    ax.set_ylabel("answers")
    ax.set_title("Answer list size against the frequency threshold")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    write_figure(path, fig)
    plt.close(fig)


def write_threshold_outputs(table: pd.DataFrame, min_frequency: int, max_threshold: int,
                            curve_path: Path, plot_path: Path,
                            rule: AnswerRule | None = None) -> None:
    """results/words/threshold.{tsv,png}: answers against threshold, the list's floor marked."""
    curve = threshold_curve(table, max_threshold, rule=rule)
    write_text(curve_path, curve.to_csv(sep="\t", index=False))
    counted = table.loc[table["frequency"] > 0, "frequency"]
    plot_threshold(curve, min_frequency, int(table["answer"].sum()), plot_path,
                   floor=int(counted.min()) if len(counted) else 0)
