"""Snakemake glue: LOAD"WORDLE64",8 from the emulated 1541, RUN, menu, a checked guess."""

from wordle64.glue import rule_logging
from wordle64.c64.machine import GameScript
from wordle64.media.disk import DriveModel, run_load_disk

with rule_logging(snakemake.log[0]):
    run_load_disk(
        snakemake.input.prg,
        snakemake.input.labels,
        snakemake.input.answers,
        snakemake.input.guesses,
        snakemake.input.d64,
        snakemake.output[0],
        roms=snakemake.params.roms,
        file_name=snakemake.params.file_name,
        model=DriveModel.from_params(snakemake.params),
        load_max_cycles=snakemake.params.load_max_cycles,
        script=GameScript.from_params(snakemake.params),
    )
