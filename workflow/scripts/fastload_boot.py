"""Snakemake glue: the fast loader -> results/fastload/boot.prg (+ labels, map), the loader's
second part, results/fastload/boot_part2.bin, the drive's image, results/fastload/drive.usr (all
of its code as "&" records), and the boot file that keeps the screen on,
results/fastload/boot_screen.prg (+ labels, map)."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.media.fastdisk import assemble

with rule_logging(snakemake.log[0]) as log:
    with open(snakemake.log[0], "a") as tool_log:
        loader = assemble(Path(snakemake.input.sources[0]).parent,
                          Path(snakemake.input.common).parent, snakemake.output.prg,
                          snakemake.output.labels, snakemake.output.map,
                          snakemake.output.drive, tool_log,
                          out_part2=snakemake.output.part2)
        screen = assemble(Path(snakemake.input.sources[0]).parent,
                          Path(snakemake.input.common).parent, snakemake.output.screen_prg,
                          snakemake.output.screen_labels, snakemake.output.screen_map,
                          None, tool_log, screen_on=True)
    log.info("boot file: %d bytes (screen on: %d); second part: %d bytes; drive code: %d bytes",
             len(loader.boot), len(screen.boot), len(loader.part2), len(loader.drive))
