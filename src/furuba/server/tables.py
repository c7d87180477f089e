"""What a new table may be: its game, options, seats and settings — checked before anything starts.

Everything about a game comes from its spec (:mod:`furuba.games`): the player range, the options
a web client may set with their types and bounds, how stored options become ``new_game``'s
arguments. Nothing here knows one game from another.

>>> spec = table_spec(CreateTable(game="daihinmin", options={"target": 5}), default_grace=60)
>>> spec.game, spec.options, [s.kind for s in spec.seats]
('daihinmin', {'players': 4, 'target': 5}, ['human', 'bot', 'bot', 'bot'])
>>> table_spec(CreateTable(game="daihinmin", seats=["human"] * 9), 60)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: Dai Hin Min is for 4 to 7 players, not 9
>>> table_spec(CreateTable(game="daihinmin", options={"players": "4"}), 60)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: players must be a whole number from 4 to 7, not '4'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from furuba import games
from furuba.bots.names import bot_name
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.server.bodies import CreateTable
from furuba.server.bots import check_table_bot
from furuba.server.security import new_seed
from furuba.server.storage import SeatData
from furuba.spec import is_whole
from furuba.tables.seats import DEFAULT_BOT, HUMAN_WORDS
from furuba.text import _

DEFAULT_MOVE_HOURS = 24
"""A correspondence table's hours per move unless its creator chooses."""


@dataclass
class TableSpec:
    game: str
    options: dict[str, Any]
    """Options of the record, ``players`` included."""
    seed: int
    seats: list[SeatData]
    settings: dict[str, Any]


def seat_name(spec: str, seat: int) -> str:
    """A bot's name at the table: a first name, by its seat (a table never has two alike), the
    same as ``furuba play`` gives it (:mod:`furuba.bots.names`); the seat list says which bot it
    is ("hard bot", "greedy bot").

    >>> seat_name("greedy", 1), seat_name("ismcts:hard", 2), seat_name("random", 3)
    ('Kaito', 'Mio', 'Ren')
    """
    del spec   # whichever bot it is, it goes by a name
    return bot_name(seat)


def table_spec(req: CreateTable, default_grace: int | None,
               default_turn: int | None = None) -> TableSpec:
    """Check a create request and turn it into what the table is made of."""
    spec = games.spec(req.game)
    low, high = spec.players.low, spec.players.online_high
    wanted = req.options.get("players")
    if wanted is not None and not (is_whole(wanted) and low <= wanted <= high):
        raise OptionsError(_("players must be a whole number from {low} to {high}, not "
                             "{wanted!r}").format(low=low, high=high, wanted=wanted))
    count = spec.players.default
    if req.seats:
        count = len(req.seats)
    elif wanted is not None:
        count = wanted
    if not low <= count <= high:
        raise OptionsError(_("{title} is for {low} to {high} players, not {count}").format(
            title=spec.said_title, low=low, high=high, count=count))
    seats = list(req.seats) if req.seats else ["human"] + [DEFAULT_BOT] * (count - 1)
    if wanted is not None and wanted != len(seats):
        raise OptionsError(_("options.players ({wanted}) and the seats ({seats}) "
                             "disagree").format(wanted=wanted, seats=len(seats)))
    if "seed" in req.options:
        raise OptionsError(_("the seed is not an option: give it as the request's own "
                             "'seed'"))
    chosen = {k: v for k, v in req.options.items() if k != "players"}
    options: dict[str, Any] = {"players": len(seats), **spec.check_options(chosen, online=True)}
    seat_rows: list[SeatData] = []
    for i, raw in enumerate(seats):
        entry = raw.strip()
        if entry.lower() in HUMAN_WORDS:
            seat_rows.append(SeatData(i, "human"))
            continue
        check_table_bot(entry, spec.name)
        seat_rows.append(SeatData(i, "bot", bot=entry, name=seat_name(entry, i)))
    seed = req.seed if req.seed is not None else new_seed()
    grace = default_grace if req.grace_seconds == -1 else req.grace_seconds
    turn = req.turn_seconds if req.turn_seconds is not None else default_turn
    move_hours = None
    if req.pace == "correspondence":
        # Players come and go over days: no zombie on leaving, the clock is the move's hours.
        move_hours = req.move_hours or DEFAULT_MOVE_HOURS
        turn, grace = None, None
    elif req.move_hours is not None:
        raise OptionsError(_("move_hours is for correspondence tables (pace "
                             "\"correspondence\")"))
    settings = {"turn_seconds": turn, "grace_seconds": grace, "chat": req.chat,
                "hints": req.hints and not req.rated, "spectator_chat": req.spectator_chat,
                "public": req.public, "rated": req.rated, "pace": req.pace,
                "move_hours": move_hours, "on_timeout": req.on_timeout,
                "bots_after": req.bots_after, "undo": req.undo and not req.rated,
                "sealed": req.sealed}
    new_state(spec.name, options, seed)  # raises OptionsError for options the game refuses
    return TableSpec(spec.name, options, seed, seat_rows, settings)


def new_state(game: str, options: dict[str, Any], seed: int) -> State:
    """The first state of a table's game, from its stored options."""
    spec = games.spec(game)
    return spec.new_game(seed=seed, **spec.game_kwargs(options))
