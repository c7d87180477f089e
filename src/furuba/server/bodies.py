"""The bodies of the web API's HTTP routes as pydantic models (the schemas of ``docs/WEB-API.md``).

>>> CreateTable(game="zodiac").grace_seconds
-1
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from furuba.server.messages import JSONDict, TableOut


class CreateTable(BaseModel):
    """``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(max_length=40)]
    seats: Annotated[list[Annotated[str, Field(max_length=60)]], Field(max_length=64)] | None = None
    """One entry per seat; how many a game allows is its spec's (``players``)."""
    options: JSONDict = {}
    seed: Annotated[int, Field(ge=0, lt=2**62)] | None = None
    turn_seconds: Annotated[int, Field(ge=1, le=3600)] | None = None
    grace_seconds: Annotated[int, Field(ge=1, le=86400)] | None = -1
    """``-1`` (the default): the server's default grace period."""
    chat: bool = True
    hints: bool = True


class Created(BaseModel):
    id: str
    url: str
    invite_url: str
    table: TableOut


class JoinSeat(BaseModel):
    """``POST /api/tables/{id}/join``."""

    model_config = ConfigDict(extra="forbid")
    seat: Annotated[int, Field(ge=0, le=63)]
    name: Annotated[str, Field(max_length=200)]


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
