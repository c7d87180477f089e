"""The game log: every event as a small tuple, rendered to JSON-ready dicts on demand.

An entry is ``(to, kind, *fields)``: ``to`` is -1 for a public event, or the one player who may
see a private one (what they were dealt, the gift they chose, their side of the exchange). The log
is kept as a persistent linked list ``(entry, previous)`` so appending and cloning cost nothing.
Public events are numbered 1, 2, … in order; a private event carries the number of the public
event it follows (``after``), so a player who misses a number knows something is missing.

>>> log = push(push(None, (PUBLIC, "pass", 2)), (1, "dealt", 1, 0b11))
>>> render_log(log, viewer=1)
[{'n': 1, 'event': 'pass', 'player': 2}, {'after': 1, 'to': 1, 'event': 'dealt', 'player': 1, \
'cards': ['A♦', 'A♥']}]
>>> render_log(log, viewer=2)
[{'n': 1, 'event': 'pass', 'player': 2}]
>>> entries(parse_log(render_log(log, viewer=None, everything=True))) == entries(log)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from furuba.core.protocol import JSON
from furuba.daihinmin.moves import ACTION_IDS, ACTION_NAMES
from furuba.daihinmin.ranks import NUM_CARDS, names_of, parse_card
from furuba.daihinmin.scoring import TITLE_NAMES, titles_from_order

PUBLIC = -1

Entry = tuple[Any, ...]
Log = tuple[Entry, "Log"] | None

# field kinds
_INT, _INTS, _CARDS, _BOOL, _ACTION = "int", "ints", "cards", "bool", "action"

SPECS: dict[str, tuple[tuple[str, str], ...]] = {
    "round": (("round", _INT), ("dealer", _INT), ("seating", _INTS)),
    "dealt": (("player", _INT), ("cards", _CARDS)),
    "revolution": (("player", _INT), ("declared", _BOOL), ("cards", _CARDS)),
    "gift": (("player", _INT), ("receiver", _INT), ("cards", _CARDS)),
    "exchange": (("rich_man", _INT), ("poor_man", _INT), ("second_richest", _INT),
                 ("second_poorest", _INT)),
    "swap": (("player", _INT), ("partner", _INT), ("gave", _CARDS), ("got", _CARDS)),
    "play": (("player", _INT), ("play", _ACTION), ("cards", _CARDS)),
    "pass": (("player", _INT),),
    "clear": (("leader", _INT),),
    "out": (("player", _INT), ("place", _INT), ("points", _INT)),
    "round end": (("round", _INT), ("order", _INTS), ("points", _INTS)),
    "game end": (("scores", _INTS), ("winners", _INTS), ("truncated", _BOOL)),
}
"""Each event kind and its fields, in order."""
PRIVATE_KINDS = frozenset({"dealt", "gift", "swap"})


def push(log: Log, entry: Entry) -> Log:
    """The log with ``entry`` appended."""
    return (entry, log)


def entries(log: Log) -> list[Entry]:
    """The entries of ``log``, oldest first."""
    out = []
    while log is not None:
        out.append(log[0])
        log = log[1]
    out.reverse()
    return out


def from_entries(items: list[Entry]) -> Log:
    """A log holding ``items`` in order."""
    log: Log = None
    for entry in items:
        log = (entry, log)
    return log


def filtered(log: Log, viewer: int) -> Log:
    """The log without the private events of players other than ``viewer``."""
    return from_entries([e for e in entries(log) if e[0] == PUBLIC or e[0] == viewer])


def _render_value(kind: str, value: Any) -> Any:
    if kind == _INTS:
        return list(value)
    if kind == _CARDS:
        return names_of(value)
    if kind == _ACTION:
        return ACTION_NAMES[value]
    return value


def render(entry: Entry) -> JSON:
    """One entry as a dict (without its number)."""
    kind = entry[1]
    out: JSON = {"event": kind}
    for (key, field_kind), value in zip(SPECS[kind], entry[2:], strict=True):
        out[key] = _render_value(field_kind, value)
    if kind == "round end":
        out["titles"] = [TITLE_NAMES[t] for t in titles_from_order(entry[3])]
    return out


def iter_rendered(log: Log, viewer: int | None, everything: bool = False) -> Iterator[JSON]:
    """The events ``viewer`` may see (all of them with ``everything``), numbered, oldest first."""
    number = 0
    for entry in entries(log):
        to = entry[0]
        if to == PUBLIC:
            number += 1
            yield {"n": number, **render(entry)}
        elif everything or to == viewer:
            yield {"after": number, "to": to, **render(entry)}


def render_log(log: Log, viewer: int | None, everything: bool = False) -> list[JSON]:
    """:func:`iter_rendered` as a list."""
    return list(iter_rendered(log, viewer, everything))


def _parse_value(kind: str, value: Any, where: str) -> Any:
    if kind == _INT:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{where} must be a whole number, not {value!r}")
        return value
    if kind == _BOOL:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be true or false, not {value!r}")
        return value
    if kind == _ACTION:
        if value not in ACTION_IDS:
            raise ValueError(f"{where}: unknown action {value!r}")
        return ACTION_IDS[value]
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list, not {value!r}")
    if kind == _INTS:
        return tuple(_parse_value(_INT, v, where) for v in value)
    mask = 0
    for name in value:
        if not isinstance(name, str):
            raise ValueError(f"{where}: {name!r} is not a card name")
        _, card = parse_card(name)
        if card is None or card >= NUM_CARDS:
            raise ValueError(f"{where}: {name!r} does not name one card")
        mask |= 1 << card
    return mask


def parse(data: Any, players: int) -> Entry:
    """An entry from its rendered dict (``n``, ``after`` and derived fields are ignored)."""
    if not isinstance(data, dict):
        raise ValueError(f"a log event must be an object, not {data!r}")
    kind = data.get("event")
    if kind not in SPECS:
        raise ValueError(f"unknown log event {kind!r}")
    to = data.get("to", PUBLIC)
    if kind in PRIVATE_KINDS:
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < players:
            raise ValueError(f"private {kind!r} event needs 'to', a player id, not {to!r}")
    elif to != PUBLIC:
        raise ValueError(f"{kind!r} events are public and take no 'to'")
    fields = []
    for key, field_kind in SPECS[kind]:
        if key not in data:
            raise ValueError(f"{kind!r} event without {key!r}")
        fields.append(_parse_value(field_kind, data[key], f"{kind!r} event field {key!r}"))
    return (to, kind, *fields)


def parse_log(items: Any, players: int = 7) -> Log:
    """A log from a list of rendered events."""
    if not isinstance(items, list):
        raise ValueError(f"'log' must be a list of events, not {items!r}")
    return from_entries([parse(item, players) for item in items])
