"""The WebSocket messages of the web API as pydantic models (the schemas of ``docs/WEB-API.md``;
the bodies of the HTTP routes are in :mod:`furuba.server.bodies`).

Client messages are validated strictly (no coercion, no unknown fields); a message that does not
fit gets a ``bad_message`` error naming the fault.

>>> parse_client('{"type": "act", "seq_seen": 3, "action": "pass"}')
Act(type='act', action='pass', seq_seen=3, seat=None)
>>> parse_client('{"type": "act", "seq_seen": "3", "action": "pass"}')
Traceback (most recent call last):
...
ValueError: seq_seen: Input should be a valid integer
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError

from furuba.server.protocol.actions import LegalAction as LegalAction
from furuba.server.protocol.events import EventBody
from furuba.text import _, listing

JSONDict = dict[str, Any]
SeatNo = Annotated[StrictInt, Field(ge=0, le=63)]


class _Client(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- client → server ---------------------------------------------------------------------------
class Hello(_Client):
    type: Literal["hello"]
    tokens: Annotated[list[Annotated[StrictStr, Field(max_length=64)]], Field(max_length=16)] = []
    last_seq: Annotated[StrictInt, Field(ge=0)] | None = None
    epoch: Annotated[StrictStr, Field(max_length=32)] | None = None


class Act(_Client):
    type: Literal["act"]
    action: Annotated[StrictInt, Field(ge=0)] | Annotated[StrictStr, Field(min_length=1, max_length=200)]
    seq_seen: Annotated[StrictInt, Field(ge=0)]
    seat: SeatNo | None = None


class Answer(_Client):
    """A written input of the game (a True Friends answer): ``name`` says which (default: the
    game's first)."""

    type: Literal["answer"]
    text: StrictStr
    seat: SeatNo | None = None
    name: Annotated[StrictStr, Field(min_length=1, max_length=40)] | None = None


class Chat(_Client):
    type: Literal["chat"]
    text: StrictStr


class Hint(_Client):
    type: Literal["hint"]
    seat: SeatNo | None = None


class Reclaim(_Client):
    type: Literal["reclaim"]
    seat: SeatNo | None = None


class Rematch(_Client):
    type: Literal["rematch"]


class Undo(_Client):
    """Take back the seat's own last action (a table with ``undo`` on; see ``undo.py``)."""

    type: Literal["undo"]
    seat: SeatNo | None = None


class Sync(_Client):
    type: Literal["sync"]
    last_seq: Annotated[StrictInt, Field(ge=0)]


class Ping(_Client):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | Act | Answer | Chat | Hint | Reclaim | Rematch | Undo | Sync
                          | Ping, Field(discriminator="type")]
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
CLIENT_TYPES = ("hello", "act", "answer", "chat", "hint", "reclaim", "rematch", "undo", "sync",
                "ping")


def parse_client(text: str) -> ClientMessage:
    """A client message from a text frame; :class:`ValueError` with a short reason otherwise."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError(_("not JSON")) from None
    if not isinstance(data, dict):
        raise ValueError(_("a message is a JSON object"))
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ValueError(_("unknown type {kind!r}; the types are {types}").format(
            kind=str(kind)[:40], types=listing(CLIENT_TYPES)))
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ValueError(_("{where}: {msg}").format(where=where, msg=first['msg'])) from None


# -- server → client ---------------------------------------------------------------------------
class LogDelta(BaseModel):
    """Keep the first ``from`` log entries you have, then append ``entries``."""

    model_config = ConfigDict(populate_by_name=True)
    start: int = Field(serialization_alias="from", validation_alias="from")
    entries: list[JSONDict]


class ViewEntry(BaseModel):
    seat: int | None
    view: JSONDict
    log: LogDelta
    legal: list[LegalAction]
    undo: bool = False
    """Whether this seat may take back its last action now (the ``undo`` message)."""


class Timer(BaseModel):
    seat: int
    kind: Literal["turn", "grace"]
    ms_left: int


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None
    claimed: bool
    connected: bool
    zombie: bool
    account: bool = False
    """Held by a signed-in account (its name is the account's: ``/players/{name}``)."""


class Settings(BaseModel):
    # A table's settings, as clients get them and as the table reads them (typed, once, from
    # what the database keeps: rooms.settings_of). No docstring: it would enter the API schema.
    model_config = ConfigDict(frozen=True)

    turn_seconds: int | None
    grace_seconds: int | None
    chat: bool
    hints: bool
    spectator_chat: bool = False
    """Whether spectators may chat too (tables made before the setting existed: no)."""
    public: bool = False
    """Listed in the lobby (else invite-only)."""
    rated: bool = False
    """The result changes the players' ratings (every human seat signed in; no hints)."""
    pace: Literal["live", "correspondence"] = "live"
    """Live, or correspondence: each move within ``move_hours``, players come and go."""
    move_hours: int | None = None
    """Correspondence: the hours each player has for a move."""
    on_timeout: Literal["bot", "end"] = "bot"
    """Correspondence: a seat whose time ran out is played by a bot, or the game ends."""
    bots_after: int | None = None
    """Seconds after which the seats nobody took are filled with bots (``None``: never)."""
    undo: bool = False
    """Players may take back their own last action while nothing was revealed since (never at
    a rated table)."""
    sealed: bool = False
    """Nobody may watch the game until it is over (a spectator's socket is refused until then);
    its seated players play as always."""
    tutorial: int | None = None
    """A tutorial table's learner (its seat's views carry the lesson); ``None`` elsewhere."""
    bot_delay: float | None = None
    """Seconds its bots wait before each move, when not the server's (a tutorial table's)."""


class Result(BaseModel):
    returns: list[float]
    scores: list[float]
    winners: list[int]


class TableOut(BaseModel):
    id: str
    game: str
    title: str
    frontend: str
    """The browser module that draws the game (the spec's ``frontend``)."""
    players: int
    options: JSONDict
    status: Literal["waiting", "playing", "finished", "abandoned"]
    seats: list[SeatOut]
    settings: Settings
    seq: int
    current_player: int | None
    result: Result | None
    rematch: str | None
    rematch_of: str | None
    url: str
    replay_url: str | None


class ChatLine(BaseModel):
    seq: int
    seat: int | None
    name: str
    text: str
    at: int


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    table_id: str
    seats: list[int]
    bad_tokens: int
    epoch: str
    seq: int
    resync: Literal["snapshot", "events", "none"]
    route: str | None = None
    """Several processes: this socket is relayed to the process that drives the table, which a
    socket opened with ``?via=<route>`` reaches directly (``None``: it is served directly, or the
    process has no route)."""


class Snapshot(BaseModel):
    type: Literal["snapshot"] = "snapshot"
    seq: int
    epoch: str
    table: TableOut
    views: list[ViewEntry]
    chat: list[ChatLine]
    timer: Timer | None


class Event(BaseModel):
    """A numbered event; which optional parts it has depends on ``event.kind``
    (:mod:`furuba.server.protocol.events`)."""

    model_config = ConfigDict(ser_json_inf_nan="null")
    type: Literal["event"] = "event"
    seq: int
    event: EventBody
    current_player: int | None = None
    status: str | None = None
    views: list[ViewEntry] | None = None
    table: TableOut | None = None
    timer: Timer | None = None


class ErrorMsg(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: str | None = None


class Suggestion(BaseModel):
    id: int
    name: str
    win_chance: float | None = None
    reason: str | None = None


class HintMsg(BaseModel):
    type: Literal["hint"] = "hint"
    seat: int
    action: LegalAction
    """The best suggestion."""
    by: str
    suggestions: list[Suggestion]


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


def dump(message: BaseModel) -> str:
    """A message as the text of one WebSocket frame."""
    return message.model_dump_json(by_alias=True)


def dump_event(message: Event) -> str:
    """An event as the text of one WebSocket frame, without the parts its kind does not use
    (top-level ``None`` fields, and those of its body's
    :attr:`~furuba.server.protocol.events.TableEvent.LEFT_OUT`).

    The very text pydantic writes for the model (``model_dump_json(by_alias=True)`` less those
    parts; a test holds the two to the letter), written by orjson from the models' fields: the
    views are large JSON trees that pydantic's serializer walks as ``Any``, inferring each
    value's type: a late Friends of the Zodiac frame took 31 µs that way, 15 µs this way. It is
    what every action costs each viewer, so it is the hot path of the server.

    >>> from furuba.server.protocol.events import HiddenEvent
    >>> dump_event(Event(seq=7, event=HiddenEvent(), status="playing"))
    '{"type":"event","seq":7,"event":{"kind":"hidden"},"status":"playing"}'
    """
    body = message.event
    out: dict[str, Any] = {"type": message.type, "seq": message.seq,
                           "event": _as_dict(body, body.left_out())}
    for name in _OPTIONAL_EVENT_PARTS:
        value = getattr(message, name)
        if value is not None:
            out[name] = value
    try:
        return orjson.dumps(out, default=_jsonable).decode()
    except TypeError:   # a key that is not a string (pydantic writes it as one): slower, but so
        return orjson.dumps(out, default=_jsonable, option=orjson.OPT_NON_STR_KEYS).decode()


def _jsonable(value: Any) -> Any:
    """What orjson does not write by itself, as pydantic writes it: a model as the dict of its
    fields (orjson then writes their values, and calls this again for a model among them), a set
    as an array."""
    if isinstance(value, BaseModel):
        return _as_dict(value)
    if isinstance(value, set | frozenset):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _as_dict(model: BaseModel, left_out: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """``model``'s fields by the names they are sent under, in order, less ``left_out``: its
    own ``__dict__`` (pydantic keeps the fields there, in order) unless a name changes."""
    renamed = _RENAMED.get(type(model))
    if renamed is None:
        fields = type(model).model_fields.items()
        renamed = _RENAMED[type(model)] = tuple(
            (name, field.serialization_alias or name) for name, field in fields) \
            if any(field.serialization_alias for _name, field in fields) else ()
    if not renamed and not left_out:
        return model.__dict__
    if not renamed:
        return {name: value for name, value in model.__dict__.items() if name not in left_out}
    return {key: getattr(model, name) for name, key in renamed if name not in left_out}


_RENAMED: dict[type[BaseModel], tuple[tuple[str, str], ...]] = {}
"""Each model met so far: ``()`` when its fields are sent under their own names, else each
field with the name it is sent under (its serialization alias: ``LogDelta.start`` is
``from``)."""


_OPTIONAL_EVENT_PARTS = ("current_player", "status", "views", "table", "timer")


ServerFrame = Annotated[Welcome | Snapshot | Event | ErrorMsg | HintMsg | Pong,
                        Field(discriminator="type")]
"""Every frame the server sends on the table socket, by ``type``."""
