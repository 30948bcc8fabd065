"""Snakemake glue: the search's first guess, the sweep's best (openers/search.json)."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import write_search_opener

with rule_logging(snakemake.log[0]):
    write_search_opener(snakemake.input[0], snakemake.output[0])
