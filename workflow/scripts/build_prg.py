"""Snakemake glue: assemble and link the C64 program, check that the dictionary fits."""

from wordle64.build import build_stage
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    layout = build_stage(snakemake.params.asm_dir, snakemake.input.config, snakemake.input.blob,
                         snakemake.input.table, snakemake.output.prg, snakemake.output.labels,
                         snakemake.output.map, snakemake.output.layout,
                         codec=snakemake.params.codec, margin=snakemake.params.margin,
                         log_path=snakemake.log[0], words=snakemake.input.words)
    log.info("layout: %s", layout)
