"""Snakemake glue: run the 6502 unpackers under py65 on the word list, write their cycles."""

import json
from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.pack import bench_unpack, read_words_tsv

with rule_logging(snakemake.log[0]) as log:
    words, answers = read_words_tsv(snakemake.input.words)
    result = bench_unpack(words, answers, snakemake.input.prg, snakemake.input.labels)
    Path(snakemake.output[0]).write_text(json.dumps(result, indent=2) + "\n")
    log.info("unpack benchmark: %s", result)
