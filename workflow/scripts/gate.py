"""Snakemake glue: pass only when every check's result file says passed and every check a
release needs ran."""

from wordle64.glue import rule_logging
from wordle64.promote import gate

with rule_logging(snakemake.log[0]) as log:
    for path in gate(snakemake.input, snakemake.output[0], snakemake.params.required):
        log.info("passed: %s", path)
