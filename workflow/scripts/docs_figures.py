"""Snakemake glue: results/reports/figures.md from the build's result files."""

from wordle64.figure_list import FIGURES
from wordle64.figures import write_figures
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]):
    write_figures(FIGURES, snakemake.output[0], snakemake.input.readme, snakemake.input.answers)
