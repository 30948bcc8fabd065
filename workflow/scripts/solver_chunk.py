"""Snakemake glue: one strategy played on one chunk of the answers."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, search_settings, write_chunk

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_chunk(game, snakemake.wildcards.solver_strategy, snakemake.input.opener,
                int(snakemake.wildcards.solver_chunk), snakemake.params.chunks,
                search_settings(snakemake.params.search), snakemake.output[0])
