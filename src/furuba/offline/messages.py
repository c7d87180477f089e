"""Client messages as the table page sends them, read strictly — as the server's pydantic models
read them (``furuba.server.messages``), without pydantic: no coercion, no unknown field, numbers
in range. A message that does not fit is a ``bad_message`` refusal naming its first fault, in
the words pydantic uses for it.

>>> parse({"type": "act", "seq_seen": 3, "action": "pass"})
Message(type='act', action='pass', seq_seen=3, seat=None, text=None, name=None, last_seq=None, epoch=None)
>>> parse('{"type": "act", "seq_seen": "3", "action": "pass"}')
Traceback (most recent call last):
...
furuba.offline.errors.TableError: seq_seen: Input should be a valid integer
>>> parse({"type": "undo", "seat": 64}).seat
Traceback (most recent call last):
...
furuba.offline.errors.TableError: seat: Input should be less than or equal to 63
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from furuba.offline.errors import TableError
from furuba.text import _, listing

TYPES = ("hello", "act", "answer", "chat", "hint", "reclaim", "rematch", "undo", "sync", "ping")
"""The types of client messages (the server's)."""


@dataclass(frozen=True, slots=True)
class Message:
    """A client message, checked: the fields its type does not have are ``None``."""

    type: str
    action: int | str | None = None
    seq_seen: int | None = None
    seat: int | None = None
    text: str | None = None
    name: str | None = None
    last_seq: int | None = None
    epoch: str | None = None


Check = Callable[[Any], Any]


def _int(low: int, high: int | None = None) -> Check:
    def check(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError("Input should be a valid integer")
        if value < low:
            raise ValueError(f"Input should be greater than or equal to {low}")
        if high is not None and value > high:
            raise ValueError(f"Input should be less than or equal to {high}")
        return value
    return check


def _str(low: int = 0, high: int | None = None) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError("Input should be a valid string")
        if len(value) < low:
            raise ValueError(f"String should have at least {low} character"
                             + ("s" if low > 1 else ""))
        if high is not None and len(value) > high:
            raise ValueError(f"String should have at most {high} characters")
        return value
    return check


def _action(value: Any) -> int | str:
    if isinstance(value, str):
        return str(_str(1, 200)(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return int(_int(0)(value))
    raise ValueError("Input should be a valid integer or a valid string")


def _tokens(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise ValueError("Input should be a valid list")
    if len(value) > 16:
        raise ValueError("List should have at most 16 items")
    return [str(_str(0, 64)(v)) for v in value]


SEAT = _int(0, 63)
REQUIRED = object()
FIELDS: dict[str, dict[str, tuple[Check, object]]] = {
    "hello": {"tokens": (_tokens, []), "last_seq": (_int(0), None), "epoch": (_str(0, 32), None)},
    "act": {"action": (_action, REQUIRED), "seq_seen": (_int(0), REQUIRED), "seat": (SEAT, None)},
    "answer": {"text": (_str(), REQUIRED), "seat": (SEAT, None), "name": (_str(1, 40), None)},
    "chat": {"text": (_str(), REQUIRED)},
    "hint": {"seat": (SEAT, None)},
    "reclaim": {"seat": (SEAT, None)},
    "rematch": {},
    "undo": {"seat": (SEAT, None)},
    "sync": {"last_seq": (_int(0), REQUIRED)},
    "ping": {},
}
"""Each type's fields: how each is checked, and its default (:data:`REQUIRED`: none)."""


def parse(raw: Any) -> Message:
    """A client message from a frame's JSON text or its object; :class:`TableError`
    (``bad_message``) naming the first fault otherwise."""
    if isinstance(raw, str | bytes):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError):
            raise TableError("bad_message", _("not JSON")) from None
    if not isinstance(raw, dict):
        raise TableError("bad_message", _("a message is a JSON object"))
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in TYPES:
        raise TableError("bad_message", _("unknown type {kind!r}; the types are {types}").format(
            kind=str(kind)[:40], types=listing(TYPES)))
    fields = FIELDS[kind]
    values: dict[str, Any] = {}
    for key in raw:
        if key != "type" and key not in fields:
            raise _fault(str(key)[:40], "Extra inputs are not permitted")
    for key, (check, default) in fields.items():
        if key not in raw:
            if default is REQUIRED:
                raise _fault(key, "Field required")
            continue
        value = raw[key]
        if value is None and default is None:
            continue
        try:
            values[key] = check(value)
        except ValueError as exc:
            raise _fault(key, str(exc)) from None
    values.pop("tokens", None)
    return Message(type=kind, **values)


def _fault(where: str, msg: str) -> TableError:
    return TableError("bad_message", _("{where}: {msg}").format(where=where, msg=msg))
