#!/usr/bin/env python3
"""The protocol's JSON Schema as JSDoc typedefs for the web app's front end.

The server's messages and events are described once, as JSON Schema (``docs/protocol.schema.json``,
the shape pydantic writes: ``$defs``, ``$ref``, ``oneOf``/``anyOf``, ``discriminator``, ``const``,
``enum``, ``required``); the front end reads its frames through ``@typedef``s made from it, so
that ``tsc`` checks the JavaScript against the same description the server is tested against.
Standard library only.

    python scripts/protocol_types.py            # write src/furuba/server/web/js/protocol-types.js
    python scripts/protocol_types.py --check    # exit 1 when that file is stale

>>> js_type({"type": "array", "items": {"$ref": "#/$defs/Seat"}})
'Array<Seat>'
>>> js_type({"anyOf": [{"type": "string"}, {"type": "null"}]})
'(string | null)'
>>> js_type({"enum": ["turn", "grace"]})
"('turn' | 'grace')"
>>> js_type({"type": "object", "additionalProperties": {"type": "integer"}})
'Record<string, number>'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "docs" / "protocol.schema.json"
OUTPUT = ROOT / "src" / "furuba" / "server" / "web" / "js" / "protocol-types.js"
HEADER = """\
// @ts-check
// The server's messages and events as JSDoc types, made from the protocol's JSON Schema
// (docs/protocol.schema.json) by scripts/protocol_types.py: do not edit, run it again.
// A module of types only: `import('./protocol-types.js').Welcome` names one.
"""
SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean",
           "null": "null"}
JSON_VALUE = "unknown"


def literal(value: object) -> str:
    """A JSON constant as a JavaScript literal type: ``'turn'``, ``3``, ``true``, ``null``."""
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return json.dumps(value)


def union(parts: list[str]) -> str:
    """Types joined with ``|``, each once, in brackets when there are several."""
    unique = list(dict.fromkeys(parts))
    return unique[0] if len(unique) == 1 else "(" + " | ".join(unique) + ")"


def ref_name(ref: str) -> str:
    """``#/$defs/Seat`` → ``Seat``."""
    return ref.rsplit("/", 1)[-1]


def js_type(schema: Mapping[str, Any] | bool) -> str:
    """The JSDoc type of a schema (inline: a nested object becomes a record type)."""
    if schema is True or schema == {} or not isinstance(schema, Mapping):
        return JSON_VALUE
    if "$ref" in schema:
        return ref_name(schema["$ref"])
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        return union([literal(value) for value in schema["enum"]])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return union([js_type(part) for part in schema[key]])
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return js_type(schema["allOf"][0])
    kind = schema.get("type")
    if isinstance(kind, list):
        return union([js_type({**schema, "type": one}) for one in kind])
    if kind == "array":
        prefix = schema.get("prefixItems")
        if prefix:
            return "[" + ", ".join(js_type(item) for item in prefix) + "]"
        return f"Array<{js_type(schema.get('items', True))}>"
    if kind == "object" or "properties" in schema:
        return object_type(schema)
    if kind in SCALARS:
        return SCALARS[kind]
    return JSON_VALUE


def object_type(schema: Mapping[str, Any]) -> str:
    """An inline object: ``{a: number, b?: string}``, or a record when it names no properties."""
    properties = schema.get("properties") or {}
    extra = schema.get("additionalProperties", True)
    if not properties:
        return f"Record<string, {js_type(extra)}>"
    required = set(schema.get("required", ()))
    fields = [f"{name}{'' if name in required else '?'}: {js_type(sub)}"
              for name, sub in properties.items()]
    return "{" + ", ".join(fields) + "}"


def comment(text: str) -> str:
    """Text made safe inside a ``/** */`` comment, on one line."""
    return " ".join(text.replace("*/", "* /").split())


def typedef(name: str, schema: Mapping[str, Any]) -> Iterator[str]:
    """The lines of one ``@typedef`` (its properties one a line, with their descriptions)."""
    yield "/**"
    if schema.get("description"):
        yield f" * {comment(schema['description'])}"
    properties = schema.get("properties")
    if schema.get("type") == "object" and properties:
        yield f" * @typedef {{object}} {name}"
        required = set(schema.get("required", ()))
        for field, sub in properties.items():
            label = field if field in required else f"[{field}]"
            about = comment(sub.get("description", "")) if isinstance(sub, Mapping) else ""
            yield f" * @property {{{js_type(sub)}}} {label}" + (f" {about}" if about else "")
    else:
        yield f" * @typedef {{{js_type(schema)}}} {name}"
    yield " */"


def pascal(title: str) -> str:
    """A title as a type's name: ``furuba web protocol`` → ``FurubaWebProtocol``."""
    return "".join(word[:1].upper() + word[1:] for word in title.replace("-", " ").split())


def definitions(schema: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The schema's named definitions, sorted by name; the root too when it has a title."""
    named: dict[str, Mapping[str, Any]] = dict(schema.get("$defs", {}))
    named.update(schema.get("definitions", {}))
    root = {key: value for key, value in schema.items()
            if key not in ("$defs", "definitions", "$schema", "$id")}
    if schema.get("title") and (root.get("properties") or root.get("oneOf") or root.get("anyOf")):
        named.setdefault(pascal(str(schema["title"])), root)
    return dict(sorted(named.items()))


def render(schema: Mapping[str, Any]) -> str:
    """The whole module: the header, each typedef, and an export that makes it a module."""
    blocks = ["\n".join(typedef(name, sub)) for name, sub in definitions(schema).items()]
    return HEADER + "\n" + "\n\n".join(blocks) + "\n\nexport {};\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("schema", nargs="?", type=Path, default=SCHEMA)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="fail when the output is stale")
    args = parser.parse_args(argv)
    text = render(json.loads(args.schema.read_text(encoding="utf-8")))
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output.name} is stale: run python scripts/protocol_types.py",
                  file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
