"""Snakemake glue: one chunk of the arrangements-against-brute-force check."""

from wordle64.glue import rule_logging
from wordle64.letters import run_check_chunk

with rule_logging(snakemake.log[0]):
    run_check_chunk(snakemake.input.fc, snakemake.params.draws, snakemake.params.seed,
                    snakemake.params.chunks, int(snakemake.wildcards.letters_chunk),
                    snakemake.output[0])
