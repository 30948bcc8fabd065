"""Snakemake glue: measure alternative context models of the dictionary's trie walk."""

import json
from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.pack import read_words_tsv
from wordle64.pack_study import study

with rule_logging(snakemake.log[0]) as log:
    words, answers = read_words_tsv(snakemake.input.words)
    result = study(words, answers)
    Path(snakemake.output[0]).write_text(json.dumps(result, indent=2) + "\n")
    log.info("codec study: %s", result)
