"""Snakemake glue: the Absurdle chunks gathered into results/validate/absurdle.json."""

from wordle64.game.absurdle import gather_stage
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    report = gather_stage(snakemake.input, snakemake.output[0], snakemake.params.cases)
    log.info("absurdle: passed=%s, %s sequences, worst guess %s s PAL", report["passed"],
             report["cases"], report["seconds_pal_max"])
