"""Snakemake glue: measure alternative context models of the dictionary's trie walk."""

from wordle64.glue import rule_logging
from wordle64.pack.study import study_stage

with rule_logging(snakemake.log[0]) as log:
    result = study_stage(snakemake.input.words, snakemake.output[0])
    log.info("codec study: %s", result)
