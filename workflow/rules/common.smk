# Shared Python for the rules: config validation first, then named input functions.
from pathlib import Path

from snakemake.utils import validate

from wordle64.config import coerce_to_schema, load_schema

SCHEMA = Path(workflow.basedir) / "workflow" / "schemas" / "config.schema.yaml"

# --config answers='{min_frequency: 300}' arrives as strings: restore the types, then check.
coerce_to_schema(config, load_schema(SCHEMA))
validate(config, schema=str(SCHEMA))


# ---- fetch ------------------------------------------------------------------------------------
def source_path(name):
    """resources/<file> of a configured source."""
    return f"resources/{config['sources'][name]['file']}"


def source_entry(name):
    return config["sources"][name]


# ---- letters ----------------------------------------------------------------------------------
def letters_check_chunk_files(wildcards):
    """The chunk results of the brute-force arrangements check, one per letters.check_chunks."""
    return [
        f"results/letters/check/chunk{chunk}.json"
        for chunk in range(config["letters"]["check_chunks"])
    ]
