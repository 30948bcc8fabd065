"""Snakemake glue: assemble and link the C64 program, check that the dictionary fits."""

from pathlib import Path

from wordle64.build import build
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    with open(snakemake.log[0], "a") as tool_log:
        asm_dir = Path(snakemake.input.config).parent  # the sources sit beside the config
        layout = build(asm_dir, snakemake.input.config, snakemake.input.blob,
                       snakemake.input.table, snakemake.output.prg, snakemake.output.labels,
                       snakemake.output.map, snakemake.output.layout,
                       codec=snakemake.params.codec, margin=snakemake.params.margin,
                       log=tool_log)
    log.info("layout: %s", layout)
