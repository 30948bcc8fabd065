"""Snakemake glue: beat the Absurdle adversary; write the game transcript."""

from wordle64.glue import rule_logging
from wordle64.solver.absurdle import write_transcript
from wordle64.solver.stage import load_game

with rule_logging(snakemake.log[0]):
    game = load_game(snakemake.input.guesses, snakemake.input.answers, snakemake.input.matrix)
    write_transcript(game, snakemake.params.beam, snakemake.params.last_beam,
                     snakemake.params.openers, snakemake.output[0])
