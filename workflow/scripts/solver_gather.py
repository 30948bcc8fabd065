"""Snakemake glue: gather the chunks into the evaluation table, summary, trees and plot."""

from wordle64.glue import rule_logging
from wordle64.solver.stage import gather

with rule_logging(snakemake.log[0]):
    gather(snakemake.params.strategies, snakemake.input.chunks, snakemake.input.openers,
           snakemake.input.table, snakemake.params.hardest, snakemake.output,
           bound_path=snakemake.input.bound, in_three_path=snakemake.input.in_three)
