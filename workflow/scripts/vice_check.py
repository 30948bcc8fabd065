"""Snakemake glue: one VICE check (the rule's name says which) -> results/vice/<check>.json."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.vice.run import run_check

with rule_logging(snakemake.log[0]):
    run_check(snakemake.rule, Path(snakemake.input.core).parent, Path(snakemake.input.image),
              Path(snakemake.input.prg), Path(snakemake.input.labels),
              Path(snakemake.input.words), snakemake.params.settings,
              Path(snakemake.output.record), Path(snakemake.output.screens[0]).parent,
              snakemake.wildcards.get("kind", ""), snakemake.input.get("boot"),
              snakemake.input.get("boot_labels"))
