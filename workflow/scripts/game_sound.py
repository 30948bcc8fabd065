"""Snakemake glue: SID writes and the reveal animation recorded under py65 -> sound.json."""

from wordle64.game.sound import run_sound
from wordle64.glue import rule_logging
from wordle64.io import write_json

with rule_logging(snakemake.log[0]) as log:
    result = run_sound(snakemake.input.prg, snakemake.input.labels, snakemake.input.words)
    write_json(snakemake.output[0], result)
    log.info("sound: passed=%s, %d checks, failed: %s", result["passed"], result["cases"],
             result["problems"])
