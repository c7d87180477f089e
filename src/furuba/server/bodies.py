"""The bodies of the web API's HTTP routes as pydantic models (the schemas of ``docs/WEB-API.md``).

Bodies are read strictly: a number is not a string (``"4"`` is refused where ``4`` is expected), a
boolean is ``true`` or ``false``, and an unknown field is refused. Each field's description says
what it must be; a body that does not fit gets that sentence (:func:`explain`), as a ``400``.

>>> CreateTable(game="zodiac").grace_seconds
-1
>>> from pydantic import ValidationError
>>> try:
...     JoinSeat.model_validate({"seat": "2", "name": "Ann"})
... except ValidationError as exc:
...     print(explain(exc.errors(), JoinSeat))
seat must be a seat number (a whole number from 0), not '2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from furuba.server.messages import JSONDict, TableOut
from furuba.text import N_, _, listing

_SWITCH = N_("true or false")


class CreateTable(BaseModel):
    """``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: Annotated[StrictStr, Field(min_length=1, max_length=40,
                                     description=N_("a game's name (GET /api/games lists them)"))]
    seats: Annotated[Annotated[list[Annotated[StrictStr, Field(max_length=60)]], Field(max_length=64)]
                     | None, Field(description=N_('a list of up to 64 seats, each "human" or a bot '
                                                  "spec of at most 60 characters"))] = None
    """One entry per seat; how many a game allows is its spec's (``players``)."""
    options: Annotated[JSONDict, Field(description=N_("an object of the game's options "
                                                      "(GET /api/games lists them)"))] = {}
    seed: Annotated[Annotated[StrictInt, Field(ge=0, lt=2**62)] | None,
                    Field(description=N_("a whole number from 0 to 2**62 - 1, or null (a random "
                                         "deal)"))] = None
    turn_seconds: Annotated[Annotated[StrictInt, Field(ge=1, le=3600)] | None,
                            Field(description=N_("a whole number of seconds from 1 to 3600, or null "
                                                 "(no limit)"))] = None
    grace_seconds: Annotated[Annotated[StrictInt, Field(ge=1, le=86400)] | None,
                             Field(description=N_("a whole number of seconds from 1 to 86400, or null "
                                                  "(never)"))] = -1
    """``-1`` (the default): the server's default grace period."""
    chat: Annotated[StrictBool, Field(description=_SWITCH)] = True
    hints: Annotated[StrictBool, Field(description=_SWITCH)] = True
    spectator_chat: Annotated[StrictBool, Field(description=_SWITCH)] = False
    """Whether spectators may chat too (players may when ``chat`` is on)."""
    public: Annotated[StrictBool, Field(description=_SWITCH)] = False
    """Listed in the lobby; else only the invite link finds it."""
    rated: Annotated[StrictBool, Field(description=_SWITCH)] = False
    """Ratings change with the result: every human seat must be signed in, hints are off."""
    pace: Annotated[Literal["live", "correspondence"],
                    Field(description=N_('"live" or "correspondence"'))] = "live"
    move_hours: Annotated[Annotated[StrictInt, Field(ge=1, le=720)] | None,
                          Field(description=N_("a whole number of hours from 1 to 720 (30 days), "
                                               "for correspondence tables"))] = None
    on_timeout: Annotated[Literal["bot", "end"], Field(description=N_('"bot" or "end"'))] = "bot"
    bots_after: Annotated[Annotated[StrictInt, Field(ge=0, le=3600)] | None,
                          Field(description=N_("a whole number of seconds from 0 to 3600, or null "
                                               "(never)"))] = None
    """Fill the seats nobody took with bots after this long."""
    undo: Annotated[StrictBool, Field(description=_SWITCH)] = False
    """Players may take back their own last action while nothing was revealed since; always off
    at a rated table."""
    sealed: Annotated[StrictBool, Field(description=_SWITCH)] = False
    """Nobody may watch the game until it is over (its seated players play as always): for a deal
    other tables play at the same time."""
    files: Annotated[dict[Annotated[StrictStr, Field(max_length=40)],
                          Annotated[StrictStr, Field(max_length=262144)]],
                     Field(max_length=4, description=N_(
                         "an object from an option that takes files to a file's text"))] = {}
    """Files the table starts from, by option (a card set from the editor: ``{"cardset": "…"}``);
    each is checked and kept, and its option then names it (``upload:<sha-256>``)."""


class Created(BaseModel):
    id: str
    url: str
    invite_url: str
    table: TableOut


class JoinSeat(BaseModel):
    """``POST /api/tables/{id}/join``. Which seats a table has is the table's to say; a
    signed-in player sits under their account's name (``name`` is then ignored)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: Annotated[StrictInt, Field(ge=0, description=N_("a seat number (a whole number from 0)"))]
    name: Annotated[StrictStr, Field(max_length=200, description=N_(
        "a name of 1 to 32 letters, digits, spaces and - _ . '"))] = ""


class Joined(BaseModel):
    seat: int
    token: str
    table: TableOut


class ReplayStepName(BaseModel):
    """Action ``n`` of a record: who took it, its text, its kind and parameters."""

    n: int
    player: int
    action: str
    kind: str
    params: JSONDict


class ReplayAnswer(BaseModel):
    """A written input of a record: after how many actions, by whom, which input, its text."""

    after: int
    seat: int
    text: str
    name: str


class ReplaySummary(BaseModel):
    table: TableOut
    record: JSONDict
    answers: list[ReplayAnswer]
    steps: list[ReplayStepName]


class SeatView(BaseModel):
    seat: int
    view: JSONDict


class ReplayStep(BaseModel):
    step: int
    total: int
    current_player: int | None
    action: ReplayStepName | None
    public: JSONDict
    views: list[SeatView]


# -- bodies that do not fit: one sentence -------------------------------------------------------
KINDS = {"int_type": N_("a whole number"), "int_parsing": N_("a whole number"),
         "int_from_float": N_("a whole number"), "bool_type": _SWITCH, "bool_parsing": _SWITCH,
         "string_type": N_("text"), "list_type": N_("a list"), "dict_type": N_("an object")}
"""What a value must be, by the kind of pydantic error, for a field that does not say."""


def explain(errors: Sequence[Mapping[str, Any]], model: type[BaseModel] | None = None,
            params: Mapping[str, str] | None = None) -> str:
    """One sentence for a request that does not fit its schema: its first fault, naming the
    field and what it must be (the field's description in ``model``, or in ``params`` for a
    query or path parameter), in the request's language (the descriptions are marked for the
    catalog; pydantic's own words stay English). What was sent in place of a ``writeOnly``
    field (a password) is never repeated.

    >>> explain([{"type": "extra_forbidden", "loc": ("body", "players"), "msg": "", "input": 4}],
    ...         JoinSeat)
    "unknown field 'players'; the fields are: seat, name"
    >>> explain([{"type": "int_parsing", "loc": ("path", "step"), "msg": "", "input": "x"}])
    "step must be a whole number, not 'x'"
    >>> explain([{"type": "less_than_equal", "loc": ("query", "seat"), "msg": "", "input": "99"}],
    ...         params={"seat": "a seat number (a whole number from 0 to 63)"})
    "seat must be a seat number (a whole number from 0 to 63), not '99'"
    """
    if not errors:
        return _("the request does not fit its schema")
    error = errors[0]
    kind = str(error.get("type", ""))
    loc = tuple(error.get("loc", ()))
    path = loc[1:] if loc and loc[0] in ("body", "path", "query", "header", "cookie") else loc
    if kind == "json_invalid":
        reason = (error.get("ctx") or {}).get("error")
        if reason:
            return _("the body is not valid JSON ({reason})").format(reason=str(reason)[:80])
        return _("the body is not valid JSON")
    if not path or not isinstance(path[0], str):
        return _("the body is missing: send a JSON object") if kind == "missing" \
            else _("the body must be a JSON object")
    field = path[0]
    spot = field + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:])
    fields = model.model_fields if model is not None else {}
    if kind == "extra_forbidden":
        if fields:
            return _("unknown field {field!r}; the fields are: {fields}").format(
                field=field, fields=listing(fields))
        return _("unknown field {field!r}").format(field=field)
    info = fields.get(field)
    described = info.description if info is not None and info.description else None
    if described is None and loc and loc[0] in ("query", "path"):
        described = (params or {}).get(field)
    described = described or KINDS.get(kind)
    rule = _(described) if described else None
    if kind == "missing":
        if rule:
            return _("{field} is missing: it must be {rule}").format(field=field, rule=rule)
        return _("{field} is missing").format(field=field)
    if rule is None:
        message = str(error.get("msg", "is not valid"))
        return f"{spot}: {message[:1].lower()}{message[1:]}"
    if info is not None and isinstance(info.json_schema_extra, dict) \
            and info.json_schema_extra.get("writeOnly"):
        return _("{field} must be {rule}").format(field=field, rule=rule)   # never the password
    shown = _shown(error.get("input"))
    if spot != field:
        return _("{field} must be {rule} ({spot} is {shown})").format(field=field, rule=rule,
                                                                      spot=spot, shown=shown)
    return _("{field} must be {rule}, not {shown}").format(field=field, rule=rule, shown=shown)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
