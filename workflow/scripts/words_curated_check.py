"""Snakemake glue: compare the answers with public curated answer lists (evaluation only)."""

from wordle64.glue import rule_logging
from wordle64.io import write_json
from wordle64.words.curated import curated_check, curated_lists
from wordle64.words.stage import read_word_table

with rule_logging(snakemake.log[0]) as log:
    settings = snakemake.params.curated_check
    result = curated_check(read_word_table(snakemake.input.outcomes), curated_lists(settings),
                           int(settings.get("examples", 25)))
    for name, found in result["lists"].items():
        log.info("%s: precision %.3f recall %.3f (%d answers, %d curated)", name,
                 found["precision"], found["recall"], found["answers"], found["curated"])
    write_json(snakemake.output.check, result)
