"""Snakemake glue: time arrangements() on seeded Countdown draws (results/bench/letters.json)."""

from wordle64.glue import rule_logging
from wordle64.letters import run_benchmark

with rule_logging(snakemake.log[0]):
    run_benchmark(snakemake.input.fc, snakemake.params.draws, snakemake.params.seed,
                  snakemake.output[0])
