"""Snakemake glue: gather the chunks of one validation check into results/validate/<check>.json."""

from wordle64.glue import rule_logging
from wordle64.validate import gather_stage

with rule_logging(snakemake.log[0]) as log:
    result = gather_stage(snakemake.wildcards.core_check, snakemake.input.chunks,
                          snakemake.params.targets, snakemake.output[0])
    log.info("%s: passed=%s %s", result["check"], result["passed"], result["problems"])
