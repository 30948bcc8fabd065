"""Snakemake glue: gather the chunks of one validation check into results/validate/<check>.json."""

import json

from wordle64.glue import rule_logging
from wordle64.validate import gather, write_json

with rule_logging(snakemake.log[0]) as log:
    parts = [json.loads(open(path).read()) for path in snakemake.input.chunks]
    result = gather(snakemake.wildcards.core_check, parts, snakemake.params.targets)
    write_json(snakemake.output[0], result)
    log.info("%s: passed=%s %s", result["check"], result["passed"], result["problems"])
