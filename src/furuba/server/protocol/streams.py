"""The events of the Server-Sent Event streams: ``/api/lobby/events`` (the lobby) and
``/api/me/events`` (a signed-in account's turns, the challenges it received, the tables
tournaments paired for it), one model per ``type``.

>>> sse_data(TurnsEvent(tables=["Jx9"], new=[]))
'data: {"type":"turns","tables":["Jx9"],"new":[]}\\n\\n'
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from furuba.server.lobby.queries import LobbyTable


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Challenge(_Out):
    """A friend's challenge waiting for an answer: who (``name``), to which game, and the seat
    kept at ``table`` (``at``: when it was made, in seconds since 1970)."""

    id: int
    name: str
    game: str
    title: str
    table: str
    url: str
    seat: int
    at: float


class PairedTable(_Out):
    """A table a live tournament paired the account at, not over yet."""

    table_id: str
    url: str
    tournament: str
    tournament_id: str


class LobbyEvent(_Out):
    """The whole lobby, first and whenever it changes."""

    type: Literal["lobby"] = "lobby"
    tables: list[LobbyTable]


class TurnsEvent(_Out):
    """The tables where it is the account's turn; ``new``: those where a turn just began."""

    type: Literal["turns"] = "turns"
    tables: list[str]
    new: list[str]


class ChallengesEvent(_Out):
    """The friends' challenges the account received and has not answered."""

    type: Literal["challenges"] = "challenges"
    challenges: list[Challenge]


class TournamentTablesEvent(_Out):
    """The tables live tournaments paired the account at that are not over."""

    type: Literal["tournament_tables"] = "tournament_tables"
    tables: list[PairedTable]


StreamEvent = Annotated[LobbyEvent | TurnsEvent | ChallengesEvent | TournamentTablesEvent,
                        Field(discriminator="type")]
"""One event of an event stream, by ``type``."""


def sse_data(event: StreamEvent) -> str:
    """``event`` as one Server-Sent Event: a ``data:`` line of compact JSON, then a blank line."""
    return f"data: {json.dumps(event.model_dump(mode='json'), separators=(',', ':'))}\n\n"
