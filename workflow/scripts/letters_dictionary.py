"""Snakemake glue: the Countdown dictionary (words.txt, words.fc, dictionary.json) from SCOWL."""

from wordle64.glue import rule_logging
from wordle64.letters import run_dictionary

with rule_logging(snakemake.log[0]):
    run_dictionary(snakemake.input.source, snakemake.output, snakemake.params.on_bad_line)
