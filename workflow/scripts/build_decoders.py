"""Snakemake glue: link the validation-only PRG of the dictionary decoders (ctxhuff + seed)."""

from wordle64.build import build_decoders_stage
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    size = build_decoders_stage(snakemake.params.asm_dir, snakemake.output.prg,
                                snakemake.output.labels, log_path=snakemake.log[0])
    log.info("decoders PRG: %d bytes", size)
