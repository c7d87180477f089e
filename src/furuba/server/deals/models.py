"""The deals' tables, declared on the app's ``Base`` (made by the migration ``0006``).

* ``furuba_deals``: one deal of the day per UTC date and game: the seeded game everyone plays
  (its seed secret until the deal closes), the seat people play, and the bots' level;
* ``furuba_deal_plays``: an account's one try at a deal, the table it plays it at (the result is
  that table's stored game: a try counts once it is over, and only once).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base

ACCOUNT = "furuba_accounts.id"


class DealRow(Base):
    """The deal of one UTC date and game."""

    __tablename__ = "furuba_deals"
    __table_args__ = (UniqueConstraint("day", "game", name="uq_furuba_deals_day"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    """Random (never derived from the seed)."""
    day: Mapped[str] = mapped_column(String(10), index=True)
    """``YYYY-MM-DD`` (UTC): the deal is open that day and closes at its end."""
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    """The seat every player holds (the others are bots)."""
    bot: Mapped[str] = mapped_column(String(64))
    """The bots' level, the same for every player."""
    seed: Mapped[int] = mapped_column(BigInteger)
    """Secret until the deal closes."""
    opens_at: Mapped[float] = mapped_column()
    closes_at: Mapped[float] = mapped_column()


class DealPlayRow(Base):
    """An account's try at a deal: the table it plays it at."""

    __tablename__ = "furuba_deal_plays"
    deal_id: Mapped[str] = mapped_column(ForeignKey("furuba_deals.id", ondelete="CASCADE"),
                                         primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True, index=True)
    table_id: Mapped[str] = mapped_column(String(32), unique=True)
    started_at: Mapped[float] = mapped_column()
