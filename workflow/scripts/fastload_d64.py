"""Snakemake glue: the fast disk -> results/fastload/wordle64-fast.d64."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.media.fastdisk import write_fast_d64

with rule_logging(snakemake.log[0]) as log:
    files = write_fast_d64(Path(snakemake.input.boot).read_bytes(),
                           Path(snakemake.input.game).read_bytes(), snakemake.output[0],
                           drive=Path(snakemake.input.drive).read_bytes(),
                           part2=Path(snakemake.input.part2).read_bytes(),
                           screen_boot=Path(snakemake.input.screen_boot).read_bytes(),
                           disk_name=snakemake.params.disk_name,
                           disk_id=str(snakemake.params.disk_id),
                           boot_name=snakemake.params.boot_name,
                           block_ms=snakemake.params.block_ms)
    log.info("files: %s", files)
