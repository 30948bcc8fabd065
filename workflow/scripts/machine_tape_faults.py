"""Snakemake glue: the standard tape's fault cases (speed, jitter, flipped bits) on the machine
model."""

from wordle64.glue import rule_logging
from wordle64.media.tapefaults import run_faults_stage

with rule_logging(snakemake.log[0]):
    run_faults_stage(
        snakemake.input.prg,
        snakemake.output[0],
        roms=snakemake.params.roms,
        file_name=snakemake.params.file_name,
        fault_bytes=snakemake.params.fault_bytes,
        speed=snakemake.params.fault_speed,
        jitter=snakemake.params.fault_jitter,
        max_cycles=snakemake.params.tape_max_cycles,
    )
