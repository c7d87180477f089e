"""The tournaments' tables, declared on the app's ``Base`` (made by the migration ``0008``).

* ``furuba_tournaments``: one tournament: its game and options, table size, rounds, whether it
  is rated, its status and current round, and who advances it now (a lease, so that one process
  at a time pairs a round or counts its tables, and another takes over when that one dies);
* ``furuba_tournament_entries``: who entered (and withdrew), with the rating they entered with;
* ``furuba_tournament_tables``: each round's tables as paired (the accounts in seat order, ``0``
  for a bot's seat), and the table that plays it once made (an arena's every wave of tables is a
  round of its own);
* ``furuba_tournament_results``: each entrant's result in each round (points, a win, a bye), one
  row per entrant and round: a table's result is counted once, whoever counts it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base

ACCOUNT = "furuba_accounts.id"
TOURNAMENT = "furuba_tournaments.id"


class TournamentRow(Base):
    __tablename__ = "furuba_tournaments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    table_size: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    """``swiss``, ``arena`` or ``duplicate``."""
    rounds: Mapped[int] = mapped_column(Integer)
    """A Swiss's or a duplicate's rounds (an arena: 0)."""
    minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """An arena's length (``None``: not an arena)."""
    ends_at: Mapped[float | None] = mapped_column(nullable=True)
    """When an arena stops seating players (set when it begins)."""
    slot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The site's slot it was held in (``None``: a player's)."""
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """A duplicate's secret, from which each round's seed is made (never shown: a round's seed
    is, once the round is over)."""
    rated: Mapped[bool] = mapped_column(Boolean)
    pace: Mapped[str] = mapped_column(String(16), default="live")
    """``live``, or ``correspondence``: ``move_hours`` a move, and a late move loses the game."""
    move_hours: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``open`` (taking entries), ``running``, ``finished`` or ``cancelled``."""
    round: Mapped[int] = mapped_column(Integer, default=0)
    """The round being played (0 before the first)."""
    creator_account: Mapped[int | None] = mapped_column(
        ForeignKey(ACCOUNT, ondelete="SET NULL"), nullable=True)
    starts_at: Mapped[float] = mapped_column()
    created_at: Mapped[float] = mapped_column()
    finished_at: Mapped[float | None] = mapped_column(nullable=True)
    advancer: Mapped[str | None] = mapped_column(String(64), nullable=True)
    advance_until: Mapped[float] = mapped_column(default=0.0)


class EntryRow(Base):
    __tablename__ = "furuba_tournament_entries"
    tournament_id: Mapped[str] = mapped_column(ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                                               primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True, index=True)
    rating: Mapped[float] = mapped_column()
    """The displayed rating in the game's pool ``all`` on entry (the last tiebreak)."""
    joined_at: Mapped[float] = mapped_column()
    withdrawn_at: Mapped[float | None] = mapped_column(nullable=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The final place, kept when the tournament finishes (profiles list it without counting
    the tournament again)."""
    points: Mapped[float | None] = mapped_column(nullable=True)
    """The final points (a duplicate's: its matchpoints), kept with ``place``."""


class RoundTableRow(Base):
    __tablename__ = "furuba_tournament_tables"
    tournament_id: Mapped[str] = mapped_column(ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The table's number in its round (1 for the best placed players' table)."""
    accounts: Mapped[list[int]] = mapped_column(JSON)
    """The accounts in seat order."""
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True)
    counted: Mapped[bool] = mapped_column(Boolean, default=False)
    made_at: Mapped[float | None] = mapped_column(nullable=True, index=True)
    """When the table was paired (an arena's player waits from their last table's count)."""
    counted_at: Mapped[float | None] = mapped_column(nullable=True)


class ResultRow(Base):
    __tablename__ = "furuba_tournament_results"
    tournament_id: Mapped[str] = mapped_column(ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True, index=True)
    points: Mapped[float] = mapped_column()
    won: Mapped[bool] = mapped_column(Boolean)
    bye: Mapped[bool] = mapped_column(Boolean)
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round's table it was played at (``None``: a bye)."""
    opponents: Mapped[list[int]] = mapped_column(JSON)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat it was played from (``None``: a bye)."""
    returns: Mapped[float | None] = mapped_column(nullable=True)
    """The seat's return in the game (a duplicate compares it, then ``score``)."""
    score: Mapped[float | None] = mapped_column(nullable=True)
