"""Snakemake glue: the emulated 1541's fault cases through the KERNAL (results/machine/disk-faults.json)."""

from wordle64.glue import rule_logging
from wordle64.media.disk import DriveModel, run_disk_faults

with rule_logging(snakemake.log[0]):
    run_disk_faults(
        snakemake.input.d64,
        snakemake.output[0],
        roms=snakemake.params.roms,
        file_name=snakemake.params.file_name,
        model=DriveModel.from_params(snakemake.params),
        max_cycles=snakemake.params.max_cycles,
    )
