"""The game log: every event as a small tuple, rendered to JSON-ready dicts on demand.

The public log is a persistent linked list ``(entry, previous)`` of entries ``(kind, *fields)``,
so appending and cloning cost nothing; public events are numbered 1, 2, … in order. Each player
also has a private log of entries ``(after, kind, *fields)`` — what they were dealt, the gifts they
chose, their side of the exchange — where ``after`` is the number of the public event it follows.
A player who misses a number knows something is missing; dropping the other players' private logs
(as :meth:`~furuba.daihinmin.state.GameState.determinize` does) costs nothing either.

>>> public = push(push(None, ("pass", 2)), ("clear", 2))
>>> private = (None, push(None, (1, "dealt", 1, 0b11)), None)
>>> render_log(public, private, viewer=1)
[{'n': 1, 'event': 'pass', 'player': 2}, {'after': 1, 'to': 1, 'event': 'dealt', 'player': 1, \
'cards': ['A♦', 'A♥']}, {'n': 2, 'event': 'clear', 'leader': 2}]
>>> render_log(public, private, viewer=2)
[{'n': 1, 'event': 'pass', 'player': 2}, {'n': 2, 'event': 'clear', 'leader': 2}]
>>> p, q = parse_log(render_log(public, private, viewer=None, everything=True), 3)
>>> (entries(p), [entries(x) for x in q]) == (entries(public), [entries(x) for x in private])
True
"""

from __future__ import annotations

from typing import Any

from furuba.core.deck import SUITS
from furuba.core.protocol import JSON
from furuba.daihinmin.moves import ACTION_IDS, ACTION_NAMES
from furuba.daihinmin.ranks import NUM_CARDS, names_of, parse_card
from furuba.daihinmin.scoring import TITLE_NAMES, titles_from_order

Entry = tuple[Any, ...]
Log = tuple[Entry, Any] | None
"""The public log, newest first: an entry and the rest of the log (itself a ``Log``: mypyc
compiles no recursive alias, so the rest is typed ``Any`` as in Zodiac's :data:`~furuba.zodiac.codes.Log`)."""
PrivateLogs = tuple[Log, ...]

# field kinds
_INT, _INTS, _CARDS, _BOOL, _ACTION, _SUITS = "int", "ints", "cards", "bool", "action", "suits"

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
    # the house rules (D13-D18)
    "eight cut": (("player", _INT),),
    "spade three": (("player", _INT),),
    "eleven back": (("player", _INT),),
    "lock": (("suits", _SUITS),),
    "fallen": (("player", _INT), ("cards", _CARDS)),
    # the UECda contest's rules (D19-D28)
    "rank revolution": (("player", _INT), ("reversed", _BOOL)),
    "taken": (("player", _INT), ("receiver", _INT), ("cards", _CARDS)),
}
"""Each event kind and its fields, in order."""
PRIVATE_KINDS = frozenset({"dealt", "gift", "swap", "taken"})


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


def _render_value(kind: str, value: Any) -> Any:
    if kind == _INTS:
        return list(value)
    if kind == _CARDS:
        return names_of(value)
    if kind == _ACTION:
        return ACTION_NAMES[value]
    if kind == _SUITS:
        return [SUITS[s] for s in range(4) if value >> s & 1]
    return value


def render(kind: str, fields: tuple[Any, ...] | list[Any]) -> JSON:
    """One event as a dict (without its number)."""
    out: JSON = {"event": kind}
    for (key, field_kind), value in zip(SPECS[kind], fields, strict=True):
        out[key] = _render_value(field_kind, value)
    if kind == "round end":
        out["titles"] = [TITLE_NAMES[t] for t in titles_from_order(fields[1])]
    return out


def render_log(public: Log, private: PrivateLogs, viewer: int | None,
               everything: bool = False, log_from: int = 0, count: int | None = None) -> list[JSON]:
    """The events ``viewer`` may see (all of them with ``everything``), numbered, oldest first.

    Private events follow the public event they came after; several after the same one are
    ordered by player, then by time. With ``log_from=k`` only the tail after public event ``k``
    is rendered: the public events numbered above ``k`` and the private ones that came after
    event ``k`` or later (see :meth:`furuba.core.protocol.State.view`). ``count``, the number of
    public events when the caller knows it, lets the walk stop at event ``k`` instead of reading
    the whole log.

    >>> public = from_entries([("pass", 0), ("pass", 1), ("clear", 2)])
    >>> private = (push(push(None, (0, "dealt", 0, 1)), (2, "gift", 0, 1, 2)), None)
    >>> [e.get("n", e.get("after")) for e in render_log(public, private, 0)]
    [0, 1, 2, 2, 3]
    >>> [e.get("n", e.get("after")) for e in render_log(public, private, 0, log_from=2, count=3)]
    [2, 3]
    >>> render_log(public, private, 0, log_from=1) == render_log(public, private, 0)[2:]
    True
    """
    tail: list[Entry] = []
    if count is None:
        tail = entries(public)
        count = len(tail)
        del tail[:log_from]
    else:
        node = public
        for _ in range(count - log_from):
            if node is None:  # pragma: no cover - count is the log's length
                break
            tail.append(node[0])
            node = node[1]
        tail.reverse()
    first = count - len(tail) + 1
    shown = range(len(private)) if everything else ([] if viewer is None else [viewer])
    extras: list[tuple[int, int, int, Entry]] = []
    for player in shown:
        mine: list[Entry] = []
        node = private[player]
        while node is not None and node[0][0] >= log_from:
            mine.append(node[0])
            node = node[1]
        mine.reverse()
        extras.extend((entry[0], player, seq, entry) for seq, entry in enumerate(mine))
    extras.sort()
    out: list[JSON] = []
    j = 0
    for number in range(first - 1, count + 1):
        if number >= first:
            entry = tail[number - first]
            out.append({"n": number, **render(entry[0], entry[1:])})
        while j < len(extras) and extras[j][0] == number:
            _, player, _, private_entry = extras[j]
            out.append({"after": number, "to": player,
                        **render(private_entry[1], private_entry[2:])})
            j += 1
    return out


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
    if kind == _SUITS:
        if not value or any(v not in SUITS for v in value) or len(set(value)) < len(value):
            raise ValueError(f"{where} must list suits ({', '.join(SUITS)}), not {value!r}")
        return sum(1 << SUITS.index(v) for v in value)
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


def parse_log(items: Any, players: int) -> tuple[Log, PrivateLogs]:
    """The public and private logs from a list of rendered events (``n``, ``after`` and derived
    fields are recomputed, not read)."""
    if not isinstance(items, list):
        raise ValueError(f"'log' must be a list of events, not {items!r}")
    public: list[Entry] = []
    private: list[list[Entry]] = [[] for _ in range(players)]
    for data in items:
        if not isinstance(data, dict):
            raise ValueError(f"a log event must be an object, not {data!r}")
        kind = data.get("event")
        if kind not in SPECS:
            raise ValueError(f"unknown log event {kind!r}")
        fields = []
        for key, field_kind in SPECS[kind]:
            if key not in data:
                raise ValueError(f"{kind!r} event without {key!r}")
            fields.append(_parse_value(field_kind, data[key], f"{kind!r} event field {key!r}"))
        to = data.get("to")
        if kind in PRIVATE_KINDS:
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < players:
                raise ValueError(f"private {kind!r} event needs 'to', a player id, not {to!r}")
            private[to].append((len(public), kind, *fields))
        elif to is not None:
            raise ValueError(f"{kind!r} events are public and take no 'to'")
        else:
            public.append((kind, *fields))
    return from_entries(public), tuple(from_entries(p) for p in private)
