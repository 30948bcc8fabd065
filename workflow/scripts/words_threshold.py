"""Snakemake glue: answer count against threshold, as a table and a plot."""

from wordle64.glue import rule_logging
from wordle64.words import read_word_table, write_threshold_outputs

with rule_logging(snakemake.log[0]):
    write_threshold_outputs(read_word_table(snakemake.input.table), snakemake.params.min_frequency,
                            snakemake.params.max_threshold, snakemake.output.curve,
                            snakemake.output.plot)
