"""Snakemake glue: sizes of the plain and front-coded dictionary, raw and compressed."""

from wordle64.glue import rule_logging
from wordle64.letters import run_compression

with rule_logging(snakemake.log[0]):
    run_compression(snakemake.input.fc, snakemake.params.dataset, snakemake.output.table)
