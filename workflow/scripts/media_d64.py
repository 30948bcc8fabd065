"""Snakemake glue: results/media/wordle64.d64 (d64 package), verified with d64py."""

from wordle64.glue import rule_logging
from wordle64.media.images import make_d64

with rule_logging(snakemake.log[0]):
    make_d64(snakemake.input.prg, snakemake.output[0], disk_name=snakemake.params.disk_name,
             disk_id=str(snakemake.params.disk_id), file_name=snakemake.params.file_name)
