"""Snakemake glue: a greedy strategy's first guess (results/solver/openers/<strategy>.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, write_opener

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_opener(game, snakemake.wildcards.solver_strategy, snakemake.output[0])
