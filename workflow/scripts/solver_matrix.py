"""Snakemake glue: the guess x answer feedback matrix (results/solver/feedback.npy)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import write_matrix

with rule_logging(snakemake.log[0]):
    write_matrix(snakemake.input.guesses, snakemake.input.answers, snakemake.output[0])
