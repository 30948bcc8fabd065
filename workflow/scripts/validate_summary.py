"""Snakemake glue: the results/validate/<check>.json files -> summary.json and .tsv."""

import json

from wordle64.glue import rule_logging
from wordle64.validate import summarise, write_summary

with rule_logging(snakemake.log[0]) as log:
    results = [json.loads(open(path).read()) for path in snakemake.input.checks]
    layout = json.loads(open(snakemake.input.layout).read())
    summary = summarise(results, layout)
    write_summary(summary, snakemake.output.summary, snakemake.output.table, log)
