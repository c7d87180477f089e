"""What a new table may be: games, their options, seats, settings — checked before anything starts.

>>> spec = table_spec(CreateTable(game="daihinmin", options={"target": 5}), default_grace=60)
>>> spec.game, spec.options, [s.kind for s in spec.seats]
('daihinmin', {'players': 4, 'target': 5}, ['human', 'bot', 'bot', 'bot'])
>>> table_spec(CreateTable(game="zodiac", options={"cardset": "/etc/passwd"}), 60)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: unknown card set '/etc/passwd'; the card sets are: default
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from furuba import games
from furuba.bots.registry import check_spec
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.server.messages import CreateTable
from furuba.server.security import new_seed
from furuba.server.storage import SeatData

TITLES = {"zodiac": "Friends of the Zodiac", "daihinmin": "Dai Hin Min"}
DEFAULT_BOT = "greedy"
GAME_OPTIONS: dict[str, dict[str, type]] = {
    "zodiac": {"variant": str, "sets": int, "target": int, "max_rounds": int, "cardset": str},
    "daihinmin": {"target": int, "max_rounds": int},
}
"""The options a client may set, per game (anything else is refused)."""
PLAYERS = {"zodiac": (1, 8, 4), "daihinmin": (4, 7, 4)}
"""(min, max, default) players; Friends of the Zodiac alone only in Bestest Friends."""


CARDSET_DIRS_ENV = "FURUBA_CARDSETS"
"""Folders of extra card-set files the server offers (``furuba serve --cardsets DIR``)."""


def bundled_cardsets() -> dict[str, str]:
    """Card sets a table may use: name → file path (``default`` is always there).

    The sets shipped with furuba, plus every ``*.toml`` in the folders named by the
    ``FURUBA_CARDSETS`` environment variable (``os.pathsep``-separated), which
    ``furuba serve --cardsets DIR`` sets after checking each file. Clients choose by name only,
    never by path.
    """
    folder = resources.files("furuba.zodiac") / "cardsets"
    out = {"default": "default"}
    for entry in folder.iterdir():
        if entry.name.endswith(".toml") and entry.name != "default.toml":
            out[entry.name.removesuffix(".toml")] = str(entry)
    for extra in filter(None, os.environ.get(CARDSET_DIRS_ENV, "").split(os.pathsep)):
        for path in sorted(Path(extra).glob("*.toml")):
            out.setdefault(path.stem, str(path))
    return out


def games_catalog(bots: list[str], defaults: dict[str, Any]) -> dict[str, Any]:
    """``GET /api/games``: the games, their options and the bots."""
    low, high, default = PLAYERS["zodiac"]
    dlow, dhigh, ddefault = PLAYERS["daihinmin"]
    return {
        "games": [
            {"name": "zodiac", "title": TITLES["zodiac"],
             "players": {"min": low, "max": high, "default": default},
             "options": {"variant": {"choices": ["standard", "long", "coop", "true-friends"],
                                     "default": "standard", "combinable": True},
                         "sets": {"min": 1, "max": 8, "default": None},
                         "target": {"min": 1, "max": 13, "default": None},
                         "max_rounds": {"min": 1, "default": 100},
                         "cardset": {"choices": sorted(bundled_cardsets()), "default": "default"}}},
            {"name": "daihinmin", "title": TITLES["daihinmin"],
             "players": {"min": dlow, "max": dhigh, "default": ddefault},
             "options": {"target": {"min": 1, "default": 21},
                         "max_rounds": {"min": 1, "default": None}}},
        ],
        "bots": bots,
        "defaults": defaults,
    }


@dataclass
class TableSpec:
    game: str
    options: dict[str, Any]
    """Options of the record, ``players`` included."""
    seed: int
    seats: list[SeatData]
    settings: dict[str, Any]


def seat_name(spec: str, seat: int) -> str:
    """``"Greedy 2"`` for a bot at seat 1."""
    return f"{spec.partition(':')[0].capitalize()} {seat + 1}"


def table_spec(req: CreateTable, default_grace: int | None,
               default_turn: int | None = None) -> TableSpec:
    """Check a create request and turn it into what the table is made of."""
    game = games.canonical_name(req.game)
    low, high, default = PLAYERS[game]
    players_opt = req.options.get("players")
    seats = list(req.seats) if req.seats else ["human"] + [DEFAULT_BOT] * (
        (players_opt if isinstance(players_opt, int) else default) - 1)
    if not low <= len(seats) <= high:
        raise OptionsError(f"{TITLES[game]} is for {low} to {high} players, not {len(seats)}")
    if players_opt is not None and players_opt != len(seats):
        raise OptionsError(f"options.players ({players_opt}) and the seats ({len(seats)}) disagree")
    options: dict[str, Any] = {"players": len(seats)}
    allowed = GAME_OPTIONS[game]
    for key, value in req.options.items():
        if key == "players":
            continue
        if key not in allowed:
            raise OptionsError(f"unknown option {key!r} for {TITLES[game]}; "
                               f"the options are: {', '.join(allowed)}")
        if value is None:
            options[key] = None
            continue
        kind = allowed[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise OptionsError(f"option {key} must be a {'whole number' if kind is int else 'text'}")
        options[key] = value
    if "cardset" in options:
        names = bundled_cardsets()
        if options["cardset"] not in names:
            raise OptionsError(f"unknown card set {options['cardset']!r}; "
                               f"the card sets are: {', '.join(sorted(names))}")
    seat_rows: list[SeatData] = []
    for i, raw in enumerate(seats):
        spec = raw.strip()
        if spec.lower() in ("human", "you", "player"):
            seat_rows.append(SeatData(i, "human"))
            continue
        check_spec(spec)
        seat_rows.append(SeatData(i, "bot", bot=spec, name=seat_name(spec, i)))
    seed = req.seed if req.seed is not None else new_seed()
    grace = default_grace if req.grace_seconds == -1 else req.grace_seconds
    turn = req.turn_seconds if req.turn_seconds is not None else default_turn
    settings = {"turn_seconds": turn, "grace_seconds": grace, "chat": req.chat, "hints": req.hints}
    new_state(game, options, seed)  # raises OptionsError for options the game refuses
    return TableSpec(game, options, seed, seat_rows, settings)


def game_kwargs(options: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``new_game`` for stored options (card-set names → files)."""
    out = dict(options)
    if "cardset" in out:
        out["cardset"] = bundled_cardsets().get(str(out["cardset"]), "default")
    return out


def new_state(game: str, options: dict[str, Any], seed: int) -> State:
    """The first state of a table's game."""
    return games.new_game(game, seed=seed, **game_kwargs(options))
