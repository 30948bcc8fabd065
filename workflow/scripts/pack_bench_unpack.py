"""Snakemake glue: run the 6502 unpackers under py65 on the word list, write their cycles."""

from wordle64.glue import rule_logging
from wordle64.pack import bench_unpack_stage

with rule_logging(snakemake.log[0]) as log:
    result = bench_unpack_stage(snakemake.input.words, snakemake.input.prg,
                                snakemake.input.labels, snakemake.output[0])
    log.info("unpack benchmark: %s", result)
