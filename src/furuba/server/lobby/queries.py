"""The lobby's queries: each takes an open session inside a transaction (``Database.run``).

A table's *variant* is how its options differ from the game's defaults, in words taken from the
game's spec (no game is named here):

>>> from furuba import games
>>> variant(games.spec("daihinmin"), {"players": 5, "target": 11})
['Points to win: 11']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba import games
from furuba.server.models import SeatRow, TableRow
from furuba.spec import GameSpec

OPEN = ("waiting", "playing")
LOBBY_WAITING = 100
"""Tables waiting for players the lobby lists at most."""
LOBBY_PLAYING = 30
"""Public games being played the lobby lists at most (to watch)."""
MY_GAMES = 60
"""A player's tables listed at most (those not over always come first)."""


class LobbySeat(BaseModel):
    seat: int
    kind: str
    name: str | None
    claimed: bool
    account: bool


class LobbyTable(BaseModel):
    """A table as the lobby and "your games" list it (public facts only)."""

    id: str
    game: str
    title: str
    status: str
    options: dict[str, Any]
    variant: list[str]
    """How its options differ from the game's defaults, in words."""
    seats: list[LobbySeat]
    open_seats: int
    rated: bool
    pace: str
    move_hours: int | None
    bots_after: int | None
    created_at: float
    updated_at: float
    current: int | None
    """The seat that must decide now, while it is played."""
    url: str


class MyTable(LobbyTable):
    """A table of the signed-in player's, with what concerns them."""

    my_seats: list[int]
    my_turn: bool
    deadline: float | None
    """Correspondence: when the current move must be made (wall-clock seconds)."""


def variant(spec: GameSpec, options: Mapping[str, Any]) -> list[str]:
    """The options that differ from their defaults, as ``Label: value`` (choices by label)."""
    out = []
    for option in spec.options:
        if not option.online or option.name not in options:
            continue
        value = options[option.name]
        if value is None or value == option.default:
            continue
        shown = dict(option.choice_labels).get(str(value), str(value))
        out.append(f"{option.title.capitalize()}: {shown}")
    return out


def _entry(row: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    spec = games.spec(row.game)
    settings = row.settings or {}
    return {
        "id": row.id, "game": row.game, "title": spec.title, "status": row.status,
        "options": dict(row.options), "variant": variant(spec, row.options),
        "seats": [LobbySeat(seat=s.seat, kind=s.kind, name=s.name,
                            claimed=s.kind == "bot" or s.token_hash is not None,
                            account=s.account_id is not None) for s in seats],
        "open_seats": sum(1 for s in seats if s.kind == "human" and s.token_hash is None),
        "rated": bool(row.rated), "pace": settings.get("pace", "live"),
        "move_hours": settings.get("move_hours"), "bots_after": settings.get("bots_after"),
        "created_at": row.created_at, "updated_at": row.updated_at,
        "current": row.current if row.status == "playing" else None, "url": f"/t/{row.id}"}


def _seats_of(s: Session, ids: list[str]) -> dict[str, list[SeatRow]]:
    by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
    if ids:
        for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))
                              .order_by(SeatRow.table_id, SeatRow.seat)):
            by_table[seat.table_id].append(seat)
    return by_table


def lobby(s: Session) -> list[LobbyTable]:
    """The public tables that wait for players (oldest first), then public games being played
    (latest first)."""
    waiting = list(s.scalars(select(TableRow).where(TableRow.public.is_(True),
                                                    TableRow.status == "waiting")
                             .order_by(TableRow.created_at).limit(LOBBY_WAITING)))
    playing = list(s.scalars(select(TableRow).where(TableRow.public.is_(True),
                                                    TableRow.status == "playing")
                             .order_by(TableRow.updated_at.desc()).limit(LOBBY_PLAYING)))
    rows = [r for r in waiting + playing if r.game in games.names()]
    seats = _seats_of(s, [r.id for r in rows])
    return [LobbyTable(**_entry(r, seats[r.id])) for r in rows]


def open_tables(s: Session, game: str) -> list[LobbyTable]:
    """The public tables of ``game`` that wait for players and have a free seat, oldest first
    (what **Play now** tries, in order)."""
    rows = list(s.scalars(select(TableRow).where(TableRow.public.is_(True),
                                                 TableRow.status == "waiting",
                                                 TableRow.game == game)
                          .order_by(TableRow.created_at).limit(LOBBY_WAITING)))
    seats = _seats_of(s, [r.id for r in rows])
    found = [LobbyTable(**_entry(r, seats[r.id])) for r in rows]
    return [t for t in found if t.open_seats > 0]


def my_tables(s: Session, account_id: int) -> list[MyTable]:
    """Every table where the account holds a seat: those where it is their turn first, then
    the others not over (latest move first), then finished ones (latest first)."""
    mine = select(SeatRow.table_id).where(SeatRow.account_id == account_id).distinct()
    rows = list(s.scalars(select(TableRow).where(TableRow.id.in_(mine))
                          .order_by(TableRow.updated_at.desc()).limit(MY_GAMES * 3)))
    rows = [r for r in rows if r.game in games.names()]
    seats = _seats_of(s, [r.id for r in rows])
    out = []
    for row in rows:
        entry = _entry(row, seats[row.id])
        my_seats = [x.seat for x in seats[row.id] if x.account_id == account_id]
        hours = entry["move_hours"]
        turn = row.status == "playing" and row.current in my_seats
        deadline = row.updated_at + hours * 3600 if hours and row.status == "playing" else None
        out.append(MyTable(**entry, my_seats=my_seats, my_turn=turn, deadline=deadline))
    out.sort(key=lambda t: (not t.my_turn, t.status not in OPEN, -t.updated_at))
    return out[:MY_GAMES]


def turns(s: Session, account_ids: list[int]) -> dict[int, list[tuple[str, float]]]:
    """Per account: the tables where it must decide now, as (table id, time that decision
    began)."""
    out: dict[int, list[tuple[str, float]]] = {a: [] for a in account_ids}
    if not account_ids:
        return out
    query = (select(SeatRow.account_id, TableRow.id, TableRow.updated_at)
             .join(TableRow, TableRow.id == SeatRow.table_id)
             .where(SeatRow.account_id.in_(account_ids), TableRow.status == "playing",
                    TableRow.current == SeatRow.seat))
    for account_id, table_id, at in s.execute(query):
        if account_id is not None:
            out[account_id].append((table_id, at))
    return out
