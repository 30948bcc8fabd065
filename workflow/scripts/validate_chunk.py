"""Snakemake glue: one chunk of one validation check (6502 under py65 vs the references)."""

from wordle64.glue import rule_logging
from wordle64.validate import run_chunk_stage

with rule_logging(snakemake.log[0]) as log:
    result = run_chunk_stage(snakemake.wildcards.core_check, int(snakemake.wildcards.chunk),
                             snakemake.params.chunks, snakemake.output[0],
                             snakemake.params.options, **snakemake.input)
    log.info("%s chunk %s: %s cases, %s failed", result["check"], result["chunk"],
             result["cases"], result["failed"])
