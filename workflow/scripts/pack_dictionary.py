"""Snakemake glue: results/words/words.tsv -> table, index, blobs, stats, compression report."""

from wordle64.glue import rule_logging
from wordle64.pack import run_pack_stage

with rule_logging(snakemake.log[0]):
    run_pack_stage(snakemake.input.words, snakemake.params.codec, snakemake.output)
