"""Config: the schema's defaults and types, and --config strings restored to numbers."""

from __future__ import annotations

import jsonschema
import yaml

from wordle64.config import coerce_to_schema, load_schema


def test_default_config_is_valid_and_every_key_is_documented(repo_root):
    schema = load_schema(repo_root / "workflow/schemas/config.schema.yaml")
    config = yaml.safe_load((repo_root / "config/config.yaml").read_text())
    jsonschema.Draft202012Validator(schema).validate(config)
    readme = (repo_root / "config/README.md").read_text()

    def walk(node, path):
        for key, sub in node.get("properties", {}).items():
            assert "description" in sub, f"{path}{key} has no description"
            assert "default" in sub or key == "sources" or path.startswith("sources"), \
                f"{path}{key} has no default"
            assert f"`{path}{key}`" in readme, f"config/README.md does not explain {path}{key}"
            if sub.get("type") == "object":
                walk(sub, f"{path}{key}.")

    walk(schema, "")


def test_strings_from_the_command_line_become_numbers():
    schema = {"type": "object", "properties": {
        "answers": {"type": "object", "properties": {"min_frequency": {"type": "integer"},
                                                     "share": {"type": "number"},
                                                     "on": {"type": "boolean"}}}}}
    config = {"answers": {"min_frequency": "300", "share": "0.5", "on": "true"}}
    assert coerce_to_schema(config, schema) == {"answers": {"min_frequency": 300, "share": 0.5,
                                                            "on": True}}
    either = {"type": "object", "properties": {"openers": {"type": ["integer", "null"]}}}
    assert coerce_to_schema({"openers": "50"}, either) == {"openers": 50}
    assert coerce_to_schema({"openers": "null"}, either) == {"openers": None}
    bad = {"answers": {"min_frequency": "lots"}}
    assert coerce_to_schema(bad, schema) == {"answers": {"min_frequency": "lots"}}


# ---- strictness: unknown keys, unknown names, broken YAML ---------------------------------------
import pytest  # noqa: E402

from wordle64.config import ConfigError, check_config, closed, read_yaml  # noqa: E402


@pytest.fixture(scope="module")
def schema_and_config(repo_root):
    schema = load_schema(repo_root / "workflow/schemas/config.schema.yaml")
    return schema, yaml.safe_load((repo_root / "config/config.yaml").read_text())


def test_the_default_config_passes_the_strict_check(schema_and_config):
    check_config(*reversed(schema_and_config))


@pytest.mark.parametrize("change, message", [
    ({"bogus_key": 1}, "config: unknown key bogus_key; allowed: answers, "),
    ({"answers": {"min_frequncy": 300}},
     "unknown key answers.min_frequncy (did you mean answers.min_frequency?)"),
    ({"validate": {"checks": ["unpack", "nope"]}}, "validate.checks.1: 'nope' is not one of unpack"),
    ({"solver": {"strategies": ["entropy", "magic"]}}, "solver.strategies.1: 'magic' is not one of"),
    ({"dict": {"codec": "seed"}}, "dict.codec: 'seed' is not one of ctxhuff"),
])
def test_unknown_keys_and_names_are_refused_in_one_line(schema_and_config, change, message):
    schema, config = schema_and_config
    config = {**config, **{key: {**config.get(key, {}), **value} if isinstance(value, dict)
                           else value for key, value in change.items()}}
    with pytest.raises(ConfigError) as caught:
        check_config(config, schema)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_closing_the_schema_keeps_open_maps_open():
    schema = {"type": "object", "properties": {"a": {"type": "object", "properties": {}}},
              "x": {"type": "object", "additionalProperties": {"type": "integer"}}}
    strict = closed(schema)
    assert strict["additionalProperties"] is False
    assert strict["properties"]["a"]["additionalProperties"] is False
    assert strict["x"]["additionalProperties"] == {"type": "integer"}


def test_broken_yaml_names_its_line_and_column(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("answers:\n  min_frequency: [150\nletters: {}\n")
    with pytest.raises(ConfigError, match=r"config.yaml:3:\d+: not valid YAML"):
        read_yaml(path)
