"""One JSON Schema for the whole web protocol, built from its models: the client messages
(:data:`~furuba.server.messages.ClientMessage`), the frames the server sends on the table socket
(:data:`~furuba.server.messages.ServerFrame`) and the events of the event streams
(:data:`~furuba.server.protocol.streams.StreamEvent`).

The schema is kept in ``docs/protocol.schema.json`` (a test fails when it is stale); write it
again after changing a model::

    python -m furuba.server.protocol.schema docs/protocol.schema.json

Its three parts are ``$defs``: ``#/$defs/ClientMessage``, ``#/$defs/ServerFrame`` and
``#/$defs/StreamEvent``; the whole schema accepts any of them. Client messages are described as
the server reads them, the others as the server writes them (a field left out when it has
nothing to say is not ``required``).

>>> schema = protocol_schema()
>>> types = frame_types(schema)
>>> types["ServerFrame"]
['error', 'event', 'hint', 'pong', 'snapshot', 'welcome']
>>> types["event"]
['action', 'answer', 'chat', 'hidden', 'rematch', 'start', 'table', 'undo']
>>> sum(len(names) for names in types.values())
28
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal

from pydantic import TypeAdapter

from furuba.server.messages import ClientMessage, ServerFrame
from furuba.server.protocol.streams import StreamEvent

DIALECT = "https://json-schema.org/draft/2020-12/schema"
PARTS: tuple[tuple[str, Literal["validation", "serialization"], Any], ...] = (
    ("ClientMessage", "validation", ClientMessage),
    ("ServerFrame", "serialization", ServerFrame),
    ("StreamEvent", "serialization", StreamEvent),
)
"""Each part of the protocol: its name in ``$defs``, which way it goes through the models (read
by the server, or written), and its union of messages."""


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of every message of the protocol, one ``$defs`` entry per part."""
    found, defs = TypeAdapter.json_schemas(
        [(name, mode, TypeAdapter(union)) for name, mode, union in PARTS],
        ref_template="#/$defs/{model}")
    parts = {name: found[(name, mode)] for name, mode, _ in PARTS}
    models: dict[str, Any] = defs.get("$defs", {})
    for model in models.values():
        _constants_required(model)
    return {"$schema": DIALECT, "title": "furuba web protocol",
            "description": "Client messages, table socket frames and event stream events "
                           "(docs/WEB-API.md).",
            "anyOf": [{"$ref": f"#/$defs/{name}"} for name in parts],
            "$defs": {**parts, **dict(sorted(models.items()))}}


def _constants_required(model: dict[str, Any]) -> None:
    """A constant (a message's ``type``, an event's ``kind``) is always sent: say so, though
    the model gives it a default."""
    props = model.get("properties", {})
    constants = [name for name, prop in props.items() if "const" in prop]
    if constants:
        required = model.setdefault("required", [])
        required[:0] = [name for name in constants if name not in required]


def frame_types(schema: dict[str, Any]) -> dict[str, list[str]]:
    """Each part's message types, sorted; ``event`` also: the kinds of table event."""
    defs = schema["$defs"]

    def kinds(union: dict[str, Any]) -> list[str]:
        key = union["discriminator"]["propertyName"]
        return sorted(str(defs[ref.rsplit("/", 1)[1]]["properties"][key]["const"])
                      for ref in union["discriminator"]["mapping"].values())

    out = {name: kinds(defs[name]) for name, _mode, _union in PARTS}
    out["event"] = kinds(defs["Event"]["properties"]["event"])
    return out


def render() -> str:
    """The schema as the checked-in file has it."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the schema to the file named (or to standard output)."""
    text = render()
    if argv:
        with open(argv[0], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
