"""Snakemake glue: ternary search tree nodes and depth, median-first against sorted insertion."""

from wordle64.glue import rule_logging
from wordle64.letters import run_tree

with rule_logging(snakemake.log[0]):
    run_tree(snakemake.input.fc, snakemake.output.table)
