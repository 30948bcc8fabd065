"""Configuration helpers shared by the Snakefile and the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_CONVERTERS = {
    "integer": int,
    "number": float,
    "boolean": lambda text: {"true": True, "false": False}[text.strip().lower()],
    "null": lambda text: {"null": None, "~": None, "none": None}[text.strip().lower()],
}


def load_schema(path: Path) -> dict:
    return yaml.safe_load(Path(path).read_text())


def coerce_to_schema(value: Any, schema: dict) -> Any:
    """`value` with strings turned into the integers, numbers and booleans the schema asks for.

    ``snakemake --config answers='{min_frequency: 300}'`` parses nested values as strings
    (YAML's BaseLoader); this restores their types so the schema can check them. A string that
    does not convert is left alone for the schema to reject with its own message.
    """
    types = schema.get("type")
    if isinstance(value, str) and types is not None:
        allowed = [types] if isinstance(types, str) else list(types)
        if "string" not in allowed:
            for kind in allowed:
                try:
                    return _CONVERTERS[kind](value)
                except (ValueError, KeyError):
                    continue
        return value
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for key, item in value.items():
            sub = properties.get(key, extra if isinstance(extra, dict) else None)
            if sub is not None:
                value[key] = coerce_to_schema(item, sub)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        value[:] = [coerce_to_schema(item, schema["items"]) for item in value]
    return value
