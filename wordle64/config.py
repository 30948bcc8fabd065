"""Configuration helpers shared by the Snakefile and the CLI."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from wordle64.errors import Wordle64Error

_CONVERTERS = {
    "integer": int,
    "number": float,
    "boolean": lambda text: {"true": True, "false": False}[text.strip().lower()],
    "null": lambda text: {"null": None, "~": None, "none": None}[text.strip().lower()],
}


def load_schema(path: Path) -> dict:
    return read_yaml(path)


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


class ConfigError(Wordle64Error):
    """The configuration cannot be used (the message names the key or the file's line)."""


def read_yaml(path: str | Path) -> Any:
    """A YAML file's content; a syntax error is one line with the file, line and column."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"{path}: cannot read ({error.strerror})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise ConfigError(f"{where}: not valid YAML ({problem})") from None


def closed(schema: Any) -> Any:
    """`schema` with every object that lists its properties closed to other keys
    (``additionalProperties: false`` where the schema says nothing else)."""
    if isinstance(schema, dict):
        schema = {key: closed(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            schema["additionalProperties"] = False
    elif isinstance(schema, list):
        schema = [closed(item) for item in schema]
    return schema


def _key_path(path: Iterable[Any]) -> str:
    return ".".join(str(part) for part in path) or "(top level)"


def _describe(error: jsonschema.ValidationError) -> str:
    where = _key_path(error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        prefix = f"{where}." if error.absolute_path else ""
        close = {key: difflib.get_close_matches(key, allowed, n=1) for key in unknown}
        hints = "; ".join(f"did you mean {prefix}{match[0]}?" for match in close.values() if match)
        return (f"unknown key {', '.join(prefix + key for key in unknown)}"
                f"{' (' + hints + ')' if hints else ''}; allowed: {', '.join(allowed)}")
    if error.validator == "enum":
        return (f"{where}: {error.instance!r} is not one of "
                f"{', '.join(map(str, error.validator_value))}")
    return f"{where}: {error.message}"


def check_config(config: dict, schema: dict) -> None:
    """Refuse a configuration the schema does not allow, unknown keys included, with one line."""
    validator = jsonschema.Draft202012Validator(closed(schema))
    errors = sorted(validator.iter_errors(config), key=lambda e: (len(e.absolute_path), e.path))
    if errors:
        first = jsonschema.exceptions.best_match(errors)
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise ConfigError(f"config: {_describe(first)}{more}")


def main(paths: list[str] | None = None) -> int:
    """`python -m wordle64.config FILE...`: each YAML file parses, or one line with its line and
    column (Snakemake reads a --configfile before the Snakefile runs and names no line)."""
    import sys

    failed = 0
    for path in sys.argv[1:] if paths is None else paths:
        try:
            read_yaml(path)
        except ConfigError as error:
            print(f"wordle64: error: {error}", file=sys.stderr)
            failed = 1
    return failed


def read_yaml_or_fail(path: str | Path) -> None:
    """Check that a config file parses, for the Snakefile: the error is Snakemake's WorkflowError
    (imported here, so the package itself does not need Snakemake to load)."""
    from snakemake.exceptions import WorkflowError

    try:
        read_yaml(path)
    except ConfigError as error:
        raise WorkflowError(str(error)) from None


if __name__ == "__main__":
    raise SystemExit(main())
