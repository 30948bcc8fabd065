"""Snakemake glue: boot the PRG on the machine model (wordle64.c64.board), RUN it with a random game
and a guess typed ahead (wordle64.c64.wholerun)."""

from wordle64.glue import rule_logging
from wordle64.c64.machine import GameScript
from wordle64.c64.wholerun import run_machine_stage

with rule_logging(snakemake.log[0]):
    run_machine_stage(
        snakemake.input.prg,
        snakemake.input.labels,
        snakemake.input.answers,
        snakemake.output.run,
        snakemake.output.screens,
        snakemake.output.png,
        roms=snakemake.params.roms,
        guesses_path=snakemake.input.guesses,
        script=GameScript.from_params(snakemake.params),
    )
