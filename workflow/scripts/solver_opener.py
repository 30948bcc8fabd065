"""Snakemake glue: the first guess of one strategy (results/solver/openers/<strategy>.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import load_game, search_openers, search_settings, write_opener

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_opener(game, snakemake.wildcards.solver_strategy,
                 search_settings(snakemake.params.search), search_openers(snakemake.params.search),
                 snakemake.output[0])
