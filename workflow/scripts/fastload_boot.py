"""Snakemake glue: the fast loader -> results/fastload/boot.prg (+ labels, map) and the drive's
image, results/fastload/drive.usr (all of its code as "&" records)."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.media.fastdisk import assemble

with rule_logging(snakemake.log[0]) as log:
    with open(snakemake.log[0], "a") as tool_log:
        loader = assemble(Path(snakemake.input.sources[0]).parent,
                          Path(snakemake.input.common).parent, snakemake.output.prg,
                          snakemake.output.labels, snakemake.output.map,
                          snakemake.output.drive, tool_log)
    log.info("boot file: %d bytes; drive code: %d bytes", len(loader.boot), len(loader.drive))
