"""Snakemake glue: the results/validate/<check>.json files -> summary.json and .tsv."""

from wordle64.glue import rule_logging
from wordle64.validate import summary_stage

with rule_logging(snakemake.log[0]) as log:
    summary_stage(snakemake.input.checks, snakemake.input.layout, snakemake.output.summary,
                  snakemake.output.table, log)
