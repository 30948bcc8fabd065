"""Snakemake glue: statistics kept on disk, reset and loaded again under py65 -> persist.json."""

from wordle64.game.persist import run_persist
from wordle64.glue import rule_logging
from wordle64.io import write_json

with rule_logging(snakemake.log[0]) as log:
    result = run_persist(snakemake.input.prg, snakemake.input.labels, snakemake.input.words)
    write_json(snakemake.output[0], result)
    log.info("persist: passed=%s, %d checks, failed: %s", result["passed"], result["cases"],
             result["problems"])
