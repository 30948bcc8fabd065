"""Snakemake glue: LOAD a .tap through the KERNAL on the machine model, RUN, menu, a checked guess."""

from wordle64.glue import rule_logging
from wordle64.c64.machine import GameScript
from wordle64.media.tapeload import run_tape_stage

with rule_logging(snakemake.log[0]):
    run_tape_stage(
        snakemake.input.tap,
        snakemake.input.prg,
        snakemake.input.labels,
        snakemake.input.answers,
        snakemake.input.guesses,
        snakemake.output.run,
        snakemake.output.screens,
        roms=snakemake.params.roms,
        file_name=snakemake.params.file_name,
        script=GameScript.from_params(snakemake.params),
        max_cycles=snakemake.params.tape_max_cycles,
        turbo=snakemake.params.turbo,
    )
