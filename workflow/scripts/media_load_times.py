"""Snakemake glue: results/media/load-times.json (emulated tape loads, disk model, playable)."""

from wordle64.glue import rule_logging
from wordle64.media.images import DiskModel
from wordle64.media.tapeload import make_tape_load_times

with rule_logging(snakemake.log[0]):
    make_tape_load_times(
        snakemake.input.prg,
        snakemake.input.tape,
        snakemake.input.tape_kernal,
        snakemake.input.run,
        snakemake.output[0],
        disk=DiskModel(bytes_per_second=snakemake.params.disk_bytes_per_second,
                       overhead_seconds=snakemake.params.disk_overhead_seconds),
        tape_target_seconds=snakemake.params.tape_target_seconds,
    )
