"""Snakemake glue: gather the check chunks; any disagreement fails the rule."""

from wordle64.glue import rule_logging
from wordle64.letters import run_gather_checks

with rule_logging(snakemake.log[0]):
    run_gather_checks(snakemake.input.chunks, snakemake.output.summary)
