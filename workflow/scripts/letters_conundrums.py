"""Snakemake glue: conundrums (unique nine-letter anagrams shown as two or three words)."""

from wordle64.glue import rule_logging
from wordle64.letters import run_conundrums

with rule_logging(snakemake.log[0]):
    run_conundrums(snakemake.input.fc, snakemake.input.frequency, snakemake.params.min_part,
                   snakemake.output.table)
