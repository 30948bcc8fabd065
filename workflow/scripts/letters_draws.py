"""Snakemake glue: the benchmark's seeded Countdown draws, one per line (results/letters/draws.txt)."""

from wordle64.glue import rule_logging
from wordle64.letters.stage import run_draws

with rule_logging(snakemake.log[0]):
    run_draws(snakemake.params.draws, snakemake.params.seed, snakemake.output[0])
