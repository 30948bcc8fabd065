"""Snakemake glue: the classic answer and guess lists (resources/classic/)."""

from wordle64.glue import rule_logging
from wordle64.solver.classic import fetch_lists

with rule_logging(snakemake.log[0]):
    fetch_lists(snakemake.output.answers, snakemake.output.guesses)
