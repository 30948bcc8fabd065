"""Snakemake glue: the released load times with VICE's disk times -> results/media/load-times.json."""

from wordle64.glue import rule_logging
from wordle64.vice.summary import write_load_times

with rule_logging(snakemake.log[0]):
    write_load_times(snakemake.input.staged, snakemake.input.fast, snakemake.input.games,
                     snakemake.output[0], snakemake.params.fast_target)
