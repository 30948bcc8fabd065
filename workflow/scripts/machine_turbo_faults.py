"""Snakemake glue: the turbo tape's fault cases and its sweep's counts on the machine model."""

from wordle64.glue import rule_logging
from wordle64.media.turbosweep import run_turbo_faults_stage

with rule_logging(snakemake.log[0]):
    run_turbo_faults_stage(
        snakemake.input.prg,
        list(snakemake.input.sweep),
        snakemake.output[0],
        roms=snakemake.params.roms,
        asm_dir=snakemake.params.asm_dir,
        file_name=snakemake.params.file_name,
        speed=snakemake.params.fault_speed,
        jitter=snakemake.params.fault_jitter,
        max_cycles=snakemake.params.tape_max_cycles,
    )
