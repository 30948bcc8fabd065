"""Snakemake glue: the VICE checks together, VICE's times beside the model's -> results/vice/summary.json."""

from wordle64.glue import rule_logging
from wordle64.vice.summary import write_summary

with rule_logging(snakemake.log[0]):
    write_summary(list(snakemake.input.checks), snakemake.input.load_times,
                  snakemake.input.tape, snakemake.input.tape_kernal, snakemake.output[0],
                  snakemake.params.agreement_percent)
