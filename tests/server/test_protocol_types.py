"""The front end's JSDoc types of the protocol (``web/js/protocol-types.js``) are made from the
protocol's JSON Schema by ``scripts/protocol_types.py``: stale types fail here."""

from __future__ import annotations

import doctest
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("protocol_types", ROOT / "scripts" / "protocol_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["protocol_types"] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


def test_the_checked_in_types_are_made_from_the_schema() -> None:
    schema = json.loads(SCRIPT.SCHEMA.read_text(encoding="utf-8"))
    assert SCRIPT.OUTPUT.read_text(encoding="utf-8") == SCRIPT.render(schema), (
        "protocol-types.js is stale: run python scripts/protocol_types.py")


def test_every_definition_of_the_schema_is_a_typedef() -> None:
    schema = json.loads(SCRIPT.SCHEMA.read_text(encoding="utf-8"))
    text = SCRIPT.OUTPUT.read_text(encoding="utf-8")
    for name in schema["$defs"]:
        assert f"}} {name}\n" in text


def test_the_types_of_pydantic_shapes() -> None:
    """A discriminated union, a nullable field, a default (optional), a record."""
    schema = {"$defs": {
        "Pong": {"type": "object", "title": "Pong",
                 "properties": {"type": {"const": "pong", "type": "string"}}, "required": ["type"]},
        "Welcome": {"type": "object", "title": "Welcome", "description": "Hello */ back.",
                    "properties": {"route": {"anyOf": [{"type": "string"}, {"type": "null"}],
                                             "default": None, "description": "Where."},
                                   "seats": {"type": "array", "items": {"type": "integer"}},
                                   "options": {"type": "object", "additionalProperties": True}},
                    "required": ["seats", "options"]},
        "Frame": {"oneOf": [{"$ref": "#/$defs/Welcome"}, {"$ref": "#/$defs/Pong"}],
                  "discriminator": {"propertyName": "type"}}}}
    text = SCRIPT.render(schema)
    assert " * @typedef {(Welcome | Pong)} Frame\n" in text
    assert " * @property {'pong'} type\n" in text
    assert " * @property {(string | null)} [route] Where.\n" in text
    assert " * @property {Array<number>} seats\n" in text
    assert " * @property {Record<string, unknown>} options\n" in text
    assert " * Hello * / back.\n" in text
    assert text.startswith("// @ts-check\n") and text.endswith("export {};\n")


def test_the_doctests_of_the_script() -> None:
    assert doctest.testmod(SCRIPT).failed == 0
