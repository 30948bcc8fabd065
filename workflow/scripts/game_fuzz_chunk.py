"""Snakemake glue: one chunk of random keystrokes into the PRG, invariants checked per key."""

from wordle64.game.fuzz import run_fuzz_chunk
from wordle64.glue import rule_logging
from wordle64.io import write_json

with rule_logging(snakemake.log[0]) as log:
    result = run_fuzz_chunk(snakemake.input.prg, snakemake.input.labels, snakemake.input.words,
                            snakemake.params.key_count, snakemake.params.seed, log.info,
                            background=snakemake.params.background)
    write_json(snakemake.output[0], result)
    log.info("fuzz chunk: passed=%s problems=%s", result["passed"], result["problems"])
