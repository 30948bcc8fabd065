"""Snakemake glue: the C64's Absurdle mode against wordle64.solver.absurdle (absurdle.json)."""

from wordle64.game.absurdle import validate_stage
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]) as log:
    options = {key: snakemake.params[key]
               for key in ("cases", "openers", "worst", "max_guesses", "seed")}
    report = validate_stage(snakemake.input, snakemake.output[0], options, log)
    log.info("absurdle: passed=%s worst guess %s s PAL", report["passed"],
             report["seconds_pal_max"])
