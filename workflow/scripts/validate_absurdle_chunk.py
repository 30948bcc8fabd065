"""Snakemake glue: one chunk of the C64's Absurdle mode against wordle64.solver.absurdle."""

from wordle64.game.absurdle import validate_chunk_stage
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    options = {key: snakemake.params[key]
               for key in ("cases", "openers", "worst", "max_guesses", "seed", "chunks")}
    options["chunk"] = int(snakemake.wildcards.absurdle_chunk)
    report = validate_chunk_stage(snakemake.input, snakemake.output[0], options, log)
    log.info("absurdle chunk %s: passed=%s, %s sequences, worst guess %s cycles",
             options["chunk"], report["passed"], report["cases"], report["cycles"]["max"])
