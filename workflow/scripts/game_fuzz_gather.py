"""Snakemake glue: gather the fuzz chunks into results/validate/fuzz.json."""

import json

from wordle64.game.fuzz import gather_fuzz
from wordle64.glue import rule_logging
from wordle64.io import write_json

with rule_logging(snakemake.log[0]) as log:
    chunks = [json.loads(open(path).read()) for path in snakemake.input.chunks]
    result = gather_fuzz(chunks, snakemake.params.key_count)
    write_json(snakemake.output[0], result)
    log.info("fuzz: passed=%s, %d keys, problems: %s", result["passed"], result["cases"],
             result["problems"])
