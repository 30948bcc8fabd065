"""Snakemake glue: the openers the sweep searches (results/solver/sweep/shortlist.txt)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, write_shortlist

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_shortlist(game, snakemake.params.per_figure, snakemake.output[0])
