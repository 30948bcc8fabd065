"""Snakemake glue: results/bench/rebuild.json, each tweak measured on a copy of the project."""

import tempfile
from pathlib import Path

from wordle64.glue import rule_logging
from wordle64.io import write_json
from wordle64.rebuild import changes, measure

with rule_logging(snakemake.log.main) as log, open(snakemake.log.runs, "w") as runs:
    mirror = str(Path(snakemake.params.mirror_dir).resolve())
    with tempfile.TemporaryDirectory(prefix="wordle64-rebuild-") as work:
        result = measure(Path.cwd(), Path(work), changes(mirror), cores=snakemake.params.cores,
                         log=runs)
    for entry in result["changes"]:
        log.info("%s: %d jobs, %.1f s", entry["change"], entry["jobs"], entry["wall_seconds"])
    write_json(snakemake.output[0], result)
