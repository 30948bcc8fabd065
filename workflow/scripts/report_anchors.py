"""Snakemake glue: the anchors table (ours beside the published figures)."""

from wordle64.report import collect_anchors, write_anchors
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]):
    write_anchors(collect_anchors(snakemake.input), snakemake.output.table,
                  snakemake.output.markdown)
