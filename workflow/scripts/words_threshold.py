"""Snakemake glue: answer count against threshold, as a table and a plot."""

from wordle64.glue import rule_logging
from wordle64.words import answer_rule, read_word_table, write_threshold_outputs

with rule_logging(snakemake.log[0]):
    settings = snakemake.params.answers
    write_threshold_outputs(read_word_table(snakemake.input.filters), settings["min_frequency"],
                            settings["plot_max_threshold"], snakemake.output.curve,
                            snakemake.output.plot, rule=answer_rule(settings))
