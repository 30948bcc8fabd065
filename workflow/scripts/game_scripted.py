"""Snakemake glue: play the scripted games on the PRG; games.json and the screenshots."""

from pathlib import Path

from wordle64.game.scenarios import run_scripted
from wordle64.glue import rule_logging
from wordle64.io import write_json

with rule_logging(snakemake.log[0]) as log:
    screens = {Path(path).stem: path for path in snakemake.output.screens}
    result = run_scripted(snakemake.input.prg, snakemake.input.labels, snakemake.input.words,
                          screens, snakemake.params.scale, log.info)
    write_json(snakemake.output.games, result)
    log.info("games: passed=%s, %d checks, failed: %s", result["passed"], result["cases"],
             result["problems"])
