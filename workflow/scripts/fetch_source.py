"""Snakemake glue: fetch one source (download, verify, mirror fallback, atomic write)."""

from wordle64.fetch import Source, fetch
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]):
    fetch(
        Source.from_config(snakemake.params.name, snakemake.params.source),
        snakemake.output[0],
        mirror_dir=snakemake.params.mirror_dir,
        timeout=snakemake.params.timeout,
        retries=snakemake.params.retries,
        deadline=snakemake.params.deadline,
        max_bytes=snakemake.params.max_bytes,
        store_dir=snakemake.params.store_dir,
    )
