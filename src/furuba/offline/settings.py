"""What an offline table is made of — its game, options, seats, switches, seed and language —
checked before anything starts, as the server checks ``POST /api/tables``.

Settings are what the browser gives :meth:`furuba.offline.table.LocalTable.new`, and what it keeps
(:meth:`TableSettings.to_json`)::

    {"id": "Jx9…", "game": "daihinmin", "players": 4, "options": {"target": 5},
     "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "normal"}, …],
     "hints": true, "undo": false, "seed": 12345, "lang": "en"}

Every field but ``game`` may be left out: a random id and seed, the game's default number of
players (one human, the others ``greedy`` bots, as on the server), hints on, undo off, English. A
seat may also be written as the server's tables write it: ``"human"`` or a bot spec.

>>> s = TableSettings.check({"id": "t1", "game": "daihinmin", "seed": 3, "options": {"target": 5}})
>>> s.options, [seat.kind for seat in s.seats], s.to_json()["seats"][1]
({'players': 4, 'target': 5}, ['human', 'bot', 'bot', 'bot'], {'kind': 'bot', 'bot': 'greedy'})
>>> TableSettings.check({"game": "daihinmin", "seats": ["human"] * 9})
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: Dai Hin Min is for 4 to 7 players, not 9
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from furuba import games, i18n
from furuba.bots.names import bot_name
from furuba.core.errors import OptionsError
from furuba.i18n import N_
from furuba.spec import is_whole
from furuba.tables.bots import check_table_bot
from furuba.tables.names import clean_name
from furuba.tables.seats import DEFAULT_BOT, HUMAN_WORDS
from furuba.text import _, listing

FIELDS = ("id", "game", "players", "options", "seats", "hints", "undo", "seed", "lang")
SEAT_FIELDS = {"human": ("kind", "name"), "bot": ("kind", "bot")}
SEED_LIMIT = 2**62
_ID_OK = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# What each field must be (the server's words for the same fields, where it has them).
GAME_RULE = N_("a game's name (GET /api/games lists them)")
OPTIONS_RULE = N_("an object of the game's options (GET /api/games lists them)")
SEATS_RULE = N_("a list of up to 64 seats, each \"human\" or a bot spec of at most 60 characters")
SEED_RULE = N_("a whole number from 0 to 2**62 - 1, or null (a random deal)")
SWITCH_RULE = N_("true or false")
ID_RULE = N_("1 to 64 letters, digits, - or _")
LANG_RULE = N_("\"en\" or \"ja\"")
SEAT_RULE = N_('{"kind": "human", "name": …} or {"kind": "bot", "bot": …}')
BOT_RULE = N_("a bot spec of at most 60 characters (GET /api/games lists the bots)")


@dataclass(frozen=True, slots=True)
class SeatSetting:
    """A seat: a person's (``name`` may be ``None``: "Player 2" on the page) or a bot's."""

    kind: str
    name: str | None = None
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "bot":
            return {"kind": "bot", "bot": self.bot}
        return {"kind": "human", "name": self.name}


@dataclass(frozen=True, slots=True)
class TableSettings:
    """An offline table's settings, checked (see the module docstring)."""

    id: str
    game: str
    options: dict[str, Any]
    """The game's options as the record keeps them, ``players`` included."""
    seats: tuple[SeatSetting, ...]
    hints: bool
    undo: bool
    seed: int
    lang: str

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_name(self, seat: int) -> str | None:
        """The name a seat goes by: the person's (or ``None``), a bot's first name."""
        entry = self.seats[seat]
        return bot_name(seat) if entry.kind == "bot" else entry.name

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players,
                "options": dict(self.options), "seats": [s.to_json() for s in self.seats],
                "hints": self.hints, "undo": self.undo, "seed": self.seed, "lang": self.lang}

    @classmethod
    def check(cls, data: Any) -> TableSettings:
        """The settings ``data`` asks for; :class:`OptionsError` naming the first fault."""
        if not isinstance(data, Mapping):
            raise OptionsError(_("the body must be a JSON object"))
        unknown = sorted(str(k) for k in data if k not in FIELDS)
        if unknown:
            raise OptionsError(_("unknown field {field!r}; the fields are: {fields}").format(
                field=unknown[0][:40], fields=listing(FIELDS)))
        lang = data.get("lang", i18n.DEFAULT)
        if lang not in i18n.LANGUAGES:
            raise must("lang", LANG_RULE, lang)
        with i18n.speaking(lang):
            return cls._check(data, lang)

    @classmethod
    def _check(cls, data: Mapping[str, Any], lang: str) -> TableSettings:
        name = data.get("game")
        if not isinstance(name, str) or not name.strip():
            raise must("game", GAME_RULE, name)
        spec = games.spec(name[:40])
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise must("options", OPTIONS_RULE, options)
        seats = _seat_entries(data.get("seats"), _players(spec, data, options), spec.name)
        chosen = {k: v for k, v in options.items() if k != "players"}
        if "seed" in chosen:
            raise OptionsError(_("the seed is not an option: give it as the request's own "
                                 "'seed'"))
        checked: dict[str, Any] = {"players": len(seats),
                                   **spec.check_options(chosen, online=True)}
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbits(62)
        elif not is_whole(seed) or not 0 <= seed < SEED_LIMIT:
            raise must("seed", SEED_RULE, seed)
        table_id = data.get("id")
        if table_id is None:
            table_id = secrets.token_urlsafe(12)
        elif not isinstance(table_id, str) or not _ID_OK.match(table_id):
            raise must("id", ID_RULE, table_id)
        settings = cls(id=table_id, game=spec.name, options=checked, seats=tuple(seats),
                       hints=_switch(data, "hints", True), undo=_switch(data, "undo", False),
                       seed=int(seed), lang=lang)
        spec.new_game(seed=settings.seed, **spec.game_kwargs(checked))  # the game's own refusals
        return settings


def _players(spec: Any, data: Mapping[str, Any], options: Mapping[str, Any]) -> int | None:
    """The number of players asked for (``players``, or ``options.players``), checked."""
    low, high = spec.players.low, spec.players.online_high
    asked = [data[k] for k in ("players",) if k in data] + \
        [options[k] for k in ("players",) if k in options]
    for wanted in asked:
        if not (is_whole(wanted) and low <= wanted <= high):
            raise OptionsError(_("players must be a whole number from {low} to {high}, not "
                                 "{wanted!r}").format(low=low, high=high, wanted=Short(wanted)))
    if len(asked) == 2 and asked[0] != asked[1]:
        raise OptionsError(_("options.players ({wanted}) and the seats ({seats}) "
                             "disagree").format(wanted=asked[1], seats=asked[0]))
    return asked[0] if asked else None


def _seat_entries(raw: Any, wanted: int | None, game: str) -> list[SeatSetting]:
    """The seats, checked: one human and greedy bots when none are given."""
    spec = games.spec(game)
    low, high = spec.players.low, spec.players.online_high
    if raw is None:
        count = wanted if wanted is not None else spec.players.default
        raw = ["human"] + [DEFAULT_BOT] * (count - 1)
    if not isinstance(raw, list) or len(raw) > 64:
        raise must("seats", SEATS_RULE, raw)
    if not low <= len(raw) <= high:
        raise OptionsError(_("{title} is for {low} to {high} players, not {count}").format(
            title=spec.said_title, low=low, high=high, count=len(raw)))
    if wanted is not None and wanted != len(raw):
        raise OptionsError(_("options.players ({wanted}) and the seats ({seats}) "
                             "disagree").format(wanted=wanted, seats=len(raw)))
    return [_seat(entry, i, game) for i, entry in enumerate(raw)]


def _seat(entry: Any, seat: int, game: str) -> SeatSetting:
    """One seat, as an object or as the server's text (``"human"`` or a bot spec)."""
    where = f"seats[{seat}]"
    if isinstance(entry, str):
        text = entry.strip()
        entry = {"kind": "human"} if text.lower() in HUMAN_WORDS else {"kind": "bot", "bot": text}
    if not isinstance(entry, Mapping) or entry.get("kind") not in SEAT_FIELDS:
        raise must(where, SEAT_RULE, entry)
    kind = str(entry["kind"])
    unknown = sorted(str(k) for k in entry if k not in SEAT_FIELDS[kind])
    if unknown:
        raise OptionsError(_("{where}: {msg}").format(where=where, msg=_(
            "unknown field {field!r}; the fields are: {fields}").format(
            field=unknown[0][:40], fields=listing(SEAT_FIELDS[kind]))))
    if kind == "human":
        name = entry.get("name")
        return SeatSetting("human", None if name is None else _name(name, where))
    spec = entry.get("bot")
    if not isinstance(spec, str) or not 0 < len(spec.strip()) <= 60:
        raise must(f"{where}.bot", BOT_RULE, spec)
    try:
        checked = check_table_bot(spec.strip(), game, seeded=True)
    except OptionsError as exc:
        raise OptionsError(_("{where}: {msg}").format(where=where, msg=str(exc))) from None
    return SeatSetting("bot", bot=checked)


def _name(name: Any, where: str) -> str:
    """A person's name, spaces collapsed (:func:`furuba.tables.names.clean_name`)."""
    try:
        return clean_name(name if isinstance(name, str) else "")
    except ValueError as exc:
        raise OptionsError(_("{where}: {msg}").format(where=where, msg=str(exc))) from None


def _switch(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise must(key, SWITCH_RULE, value)
    return value


def must(field: str, rule: str, value: Any) -> OptionsError:
    """The refusal of ``value`` for ``field``, which must be ``rule`` (marked for translation).

    >>> must("hints", SWITCH_RULE, "yes")
    OptionsError("hints must be true or false, not 'yes'")
    """
    return OptionsError(_("{field} must be {rule}, not {shown}").format(
        field=field, rule=_(rule), shown=Short(value)))


class Short:
    """A value as a refusal quotes it: its ``repr``, at most 40 characters (a number too long
    to print is said to be one)."""

    def __init__(self, value: Any) -> None:
        try:
            text = repr(value)
        except ValueError:   # an int of more digits than Python prints
            text = _("a very large number")
        self.text = text if len(text) <= 40 else text[:39] + "…"

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__
