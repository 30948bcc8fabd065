"""Snakemake glue: build results/words/* from the three fetched sources."""

from wordle64.glue import rule_logging
from wordle64.words import run_words_stage, write_words_outputs

with rule_logging(snakemake.log[0]) as log:
    table, stats, _ = run_words_stage(
        snakemake.input.words,
        snakemake.input.frequency,
        snakemake.input.profanity,
        min_frequency=snakemake.params.min_frequency,
        on_bad_line=snakemake.params.on_bad_line,
    )
    write_words_outputs(table, stats, snakemake.output)
    log.info("words stage: %s", stats)
