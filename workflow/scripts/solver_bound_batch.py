"""Snakemake glue: one batch of the openers' two-level bounds (results/solver/bound/)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, write_bound_batch

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_bound_batch(game, snakemake.params.openers, int(snakemake.wildcards.solver_batch),
                      snakemake.params.batches, snakemake.output[0], snakemake.params.target)
