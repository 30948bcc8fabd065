"""Snakemake glue: fetch one source (download, verify, mirror fallback, atomic write)."""

from wordle64.fetch import Source, fetch
from wordle64.glue import rule_logging

with rule_logging(snakemake.log[0]):
    location = snakemake.params.location
    fetch(
        Source.from_config(snakemake.params.name, location["source"]),
        snakemake.output[0],
        mirror_dir=location["mirror_dir"],
        timeout=location["timeout"],
        retries=location["retries"],
        deadline=location["deadline"],
        max_bytes=location["max_bytes"],
        store_dir=snakemake.params.store_dir,
    )
