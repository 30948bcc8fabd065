"""Snakemake glue: results/media/wordle64.tap (KERNAL pulses), decoded back with tapfile."""

from wordle64.glue import rule_logging
from wordle64.media.images import make_tap

with rule_logging(snakemake.log[0]):
    make_tap(snakemake.input.prg, snakemake.output[0], file_name=snakemake.params.file_name)
