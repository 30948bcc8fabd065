"""Snakemake glue: link the validation-only PRG of the dictionary decoders (ctxhuff + seed)."""

from pathlib import Path

from wordle64.build import build_decoders
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    with open(snakemake.log[0], "a") as tool_log:
        size = build_decoders(Path(snakemake.input.seed).parents[1], snakemake.output.prg,
                              snakemake.output.labels, log=tool_log)
    log.info("decoders PRG: %d bytes", size)
