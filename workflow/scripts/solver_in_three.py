"""Snakemake glue: the best chance to win in three (results/solver/in-three.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, write_in_three

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_in_three(game, snakemake.params.openers, snakemake.output[0])
