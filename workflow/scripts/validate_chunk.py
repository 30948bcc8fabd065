"""Snakemake glue: one chunk of one validation check (6502 under py65 vs the references)."""

from wordle64.glue import rule_logging
from wordle64.validate import run_chunk, write_json

with rule_logging(snakemake.log[0]) as log:
    result = run_chunk(snakemake.wildcards.core_check, int(snakemake.wildcards.chunk),
                       snakemake.params.chunks, snakemake.input.prg, snakemake.input.labels,
                       snakemake.input.words, snakemake.input.table, snakemake.input.index,
                       getattr(snakemake.input, "seed_blob", None), snakemake.params.options,
                       seed_unpacker=(snakemake.input.seed_prg, snakemake.input.seed_labels)
                       if hasattr(snakemake.input, "seed_prg") else None)
    write_json(snakemake.output[0], result)
    log.info("%s chunk %s: %s cases, %s failed", result["check"], result["chunk"],
             result["cases"], result["failed"])
