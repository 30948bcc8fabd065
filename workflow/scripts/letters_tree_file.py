"""Snakemake glue: the tree file beside words.fc (the built tree, read by `wordle64 letters`)."""

from wordle64.glue import rule_logging
from wordle64.letters.stage import run_tree_file

with rule_logging(snakemake.log[0]):
    run_tree_file(snakemake.input.fc, snakemake.output[0])
