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
