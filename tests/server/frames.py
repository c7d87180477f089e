"""Every frame a test client receives is checked against the protocol's models — the table
socket's frames (``ServerFrame``) and the event streams' events (``StreamEvent``) — the models
``docs/protocol.schema.json`` is built from (``test_protocol_schema.py`` keeps it up to date), so
that every server test that reads a frame also checks the protocol.

Validation is strict (no coercion) and a model that forbids unknown fields (every table event,
every stream event) refuses one the schema does not name.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter, ValidationError

from furuba.server.messages import ServerFrame
from furuba.server.protocol.streams import StreamEvent

_FRAME: TypeAdapter[ServerFrame] = TypeAdapter(ServerFrame)
_STREAM: TypeAdapter[StreamEvent] = TypeAdapter(StreamEvent)


def checked_frame(text: str) -> dict[str, Any]:
    """A table socket's text frame, read; ``AssertionError`` when it does not fit the protocol."""
    return _checked(_FRAME, text, "a frame")


def checked_event(data: str) -> dict[str, Any]:
    """An event stream's event (the text after ``data: ``), read; ``AssertionError`` when it
    does not fit the protocol."""
    return _checked(_STREAM, data, "a stream event")


def _checked(adapter: TypeAdapter[Any], text: str, what: str) -> dict[str, Any]:
    try:
        adapter.validate_json(text, strict=True)
    except ValidationError as exc:
        raise AssertionError(f"{what} outside the protocol: {exc}\n{text[:2000]}") from None
    out: dict[str, Any] = json.loads(text)
    return out
