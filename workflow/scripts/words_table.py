"""Snakemake glue: build results/words/* from the fetched sources and the hand-edit files."""

from wordle64.glue import rule_logging
from wordle64.words import words_rule

with rule_logging(snakemake.log[0]) as log:
    stats = words_rule(snakemake.input, snakemake.output, snakemake.params.answers,
                       snakemake.params.on_bad_line)
    log.info("words stage: %s", stats)
