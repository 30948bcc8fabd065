"""Snakemake glue: the default search on the classic lists (results/solver/classic.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.classic import check_search
from wordle64.solver.stage import search_settings

with rule_logging(snakemake.log[0]):
    check_search(snakemake.input.answers, snakemake.input.guesses,
                 search_settings(snakemake.params.search), snakemake.params.per_figure,
                 snakemake.output[0])
