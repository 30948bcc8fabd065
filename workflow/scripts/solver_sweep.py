"""Snakemake glue: the sweep's batches gathered into results/solver/openers.tsv."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import gather_sweep

with rule_logging(snakemake.log[0]):
    gather_sweep(list(snakemake.input), snakemake.output[0])
