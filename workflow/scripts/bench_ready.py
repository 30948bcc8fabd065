"""Snakemake glue: RUN-to-ready over many answers and guesses on the machine model
(wordle64.c64.readyspread)."""

from wordle64.glue import rule_logging
from wordle64.c64.machine import GameScript
from wordle64.c64.readyspread import bench_ready_stage

with rule_logging(snakemake.log[0]):
    bench_ready_stage(
        snakemake.input.prg,
        snakemake.input.labels,
        snakemake.input.answers,
        snakemake.input.guesses,
        snakemake.output[0],
        roms=snakemake.params.roms,
        script=GameScript.from_params(snakemake.params),
        runs=snakemake.params.runs,
        seed=snakemake.params.runs_seed,
        target_seconds=snakemake.params.target_seconds,
    )
