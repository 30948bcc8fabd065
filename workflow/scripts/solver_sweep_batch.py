"""Snakemake glue: the full search under one batch of the sweep's openers."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, search_settings, write_sweep_batch

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    if snakemake.params.hard:
        game = game.in_hard_mode()
    write_sweep_batch(game, snakemake.input.shortlist, int(snakemake.wildcards.solver_batch),
                      snakemake.params.batches, search_settings(snakemake.params.search),
                      snakemake.output[0])
