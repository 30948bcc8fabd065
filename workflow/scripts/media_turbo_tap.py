"""Snakemake glue: results/media/wordle64.tap, the turbo tape (boot file + loader + turbo blocks)."""

from wordle64.glue import rule_logging
from wordle64.media.turbo import make_turbo_tap

with rule_logging(snakemake.log[0]):
    make_turbo_tap(snakemake.input.prg, snakemake.params.asm_dir, snakemake.output[0],
                   file_name=snakemake.params.file_name)
