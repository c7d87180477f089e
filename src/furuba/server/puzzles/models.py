"""The puzzles' tables, declared on the app's ``Base`` (made by the migration ``0004``).

* ``furuba_puzzles``: one per judged decision of a reviewed seat (unique by table, seat and
  step): the answer, the move played, by how much the answer wins more often, and why;
* ``furuba_puzzle_attempts``: an account's tries at a puzzle (its first try decides whether it
  was solved);
* ``furuba_puzzle_days``: the daily puzzle of each UTC date and game, chosen once and kept, so
  that it stays the same all day for everyone, on every server process.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base

ACCOUNT = "furuba_accounts.id"


class PuzzleRow(Base):
    """A mistake of one seat in one finished game, as a puzzle."""

    __tablename__ = "furuba_puzzles"
    __table_args__ = (UniqueConstraint("table_id", "seat", "step",
                                       name="uq_furuba_puzzles_decision"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    """Random (never derived from the table: the table's replay shows every hand)."""
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    """The move's number in the record (1 for the first action): the puzzle's position is the
    one after ``step − 1`` actions."""
    game: Mapped[str] = mapped_column(String(32), index=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey(ACCOUNT, ondelete="SET NULL"), nullable=True, index=True)
    """The account that held the seat (``None``: a guest's or a bot's seat, or a deleted
    account's)."""
    answer: Mapped[int] = mapped_column(Integer)
    """The action the review found best."""
    accepted: Mapped[list[int]] = mapped_column(JSON)
    """The actions as good as the answer in the review's worlds (the answer first): each one
    solves the puzzle."""
    played: Mapped[int] = mapped_column(Integer)
    """The action the seat played."""
    judgement: Mapped[str] = mapped_column(String(12))
    margin: Mapped[float] = mapped_column()
    """The win chance the answer gains over the move played (0 to 1)."""
    margin_error: Mapped[float | None] = mapped_column(nullable=True)
    """The margin's standard error, when the review measured it."""
    why: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The mistake explained: language → sentence."""
    created_at: Mapped[float] = mapped_column(index=True)


class PuzzleAttemptRow(Base):
    """An account's tries at a puzzle: its first answer decides whether it solved it."""

    __tablename__ = "furuba_puzzle_attempts"
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("furuba_puzzles.id", ondelete="CASCADE"),
                                           primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True, index=True)
    action: Mapped[int] = mapped_column(Integer)
    """The first answer."""
    solved: Mapped[bool] = mapped_column(Boolean)
    """Whether the first answer was the puzzle's."""
    tries: Mapped[int] = mapped_column(Integer)
    first_at: Mapped[float] = mapped_column()
    last_at: Mapped[float] = mapped_column()


class PuzzleDayRow(Base):
    """The daily puzzle of one UTC date and game."""

    __tablename__ = "furuba_puzzle_days"
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    """``YYYY-MM-DD`` (UTC)."""
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("furuba_puzzles.id", ondelete="CASCADE"))
    chosen_at: Mapped[float] = mapped_column()
