"""Snakemake glue: results/media/wordle64.t64, read back with the t64 package."""

from wordle64.glue import rule_logging
from wordle64.media.images import make_t64

with rule_logging(snakemake.log[0]):
    make_t64(snakemake.input.prg, snakemake.output[0], tape_name=snakemake.params.tape_name,
             file_name=snakemake.params.file_name)
