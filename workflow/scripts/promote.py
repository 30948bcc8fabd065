"""Snakemake glue: copy the staged files (input.staged) to their final paths (the outputs)."""

from wordle64.glue import rule_logging
from wordle64.promote import promote

with rule_logging(snakemake.log[0]) as log:
    promote(snakemake.input.staged, snakemake.output)
    for path in snakemake.output:
        log.info("promoted %s", path)
