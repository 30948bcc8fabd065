"""Snakemake glue: the admissible lower bound on the total (results/solver/bound.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, write_bound

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_bound(game, list(snakemake.input.batches), snakemake.params.openers,
                snakemake.output[0], snakemake.params.target, snakemake.input.search)
