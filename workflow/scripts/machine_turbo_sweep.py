"""Snakemake glue: one chunk of the turbo tape's fault sweep on the machine model."""

from wordle64.glue import rule_logging
from wordle64.media.turbosweep import run_sweep_chunk

with rule_logging(snakemake.log[0]):
    run_sweep_chunk(
        snakemake.input.prg,
        snakemake.output[0],
        roms=snakemake.params.roms,
        asm_dir=snakemake.params.asm_dir,
        file_name=snakemake.params.file_name,
        chunk=int(snakemake.wildcards.chunk),
        chunks=snakemake.params.chunks,
        random_flips=snakemake.params.random_flips,
        seed=snakemake.params.seed,
        max_cycles=snakemake.params.tape_max_cycles,
    )
