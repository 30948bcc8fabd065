"""Snakemake glue: the fast loader's boot file -> results/fastload/boot.prg (+ labels, map)."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.media.fastdisk import assemble

with rule_logging(snakemake.log[0]) as log:
    with open(snakemake.log[0], "a") as tool_log:
        data = assemble(Path(snakemake.input.sources[0]).parent,
                        Path(snakemake.input.common).parent, snakemake.output.prg,
                        snakemake.output.labels, snakemake.output.map, tool_log)
    log.info("boot file: %d bytes", len(data))
