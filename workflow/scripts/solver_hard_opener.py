"""Snakemake glue: a hard-mode strategy's first guess, its strategy's own."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import write_hard_opener

with rule_logging(snakemake.log[0]):
    write_hard_opener(snakemake.input[0], snakemake.wildcards.solver_base, snakemake.output[0])
