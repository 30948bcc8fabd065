"""Snakemake glue: time the feedback matrix and one greedy evaluation (results/bench/solver.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import benchmark

with rule_logging(snakemake.log[0]) as log:
    log.info("solver benchmark: %s", benchmark(snakemake.input.guesses, snakemake.input.answers,
                                               snakemake.params.strategy, snakemake.output[0]))
