"""Snakemake glue: statistics SAVEd by the game through the emulated 1541 survive a reset
(plus the Python-drive cases) -> results/machine/persist.json."""

from wordle64.glue import rule_logging
from wordle64.media.disk import DriveModel
from wordle64.media.persist_iec import run_persist_iec

with rule_logging(snakemake.log[0]):
    run_persist_iec(
        snakemake.input.prg,
        snakemake.input.labels,
        snakemake.input.answers,
        snakemake.input.d64,
        snakemake.input.python,
        snakemake.output[0],
        roms=snakemake.params.roms,
        file_name=snakemake.params.file_name,
        model=DriveModel.from_params(snakemake.params),
        load_max_cycles=snakemake.params.load_max_cycles,
    )
