"""The friends' tables, declared on the app's ``Base`` (made by the migration ``0007``).

* ``furuba_follows``: an account that follows another (both ways: friends);
* ``furuba_presence``: per server process, the accounts with a page or a table socket open on it
  and where (``table_id`` ``""``: a page only), refreshed by the process's heartbeat;
* ``furuba_friend_challenges``: a table opened for a friend, until the friend answers;
* ``furuba_seat_reservations``: a seat only one account may claim (a challenge's).
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base

ACCOUNT = "furuba_accounts.id"
TABLE = "furuba_tables.id"


class FollowRow(Base):
    """``account_id`` follows ``followed_id``."""

    __tablename__ = "furuba_follows"
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True)
    followed_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                             primary_key=True, index=True)
    created_at: Mapped[float] = mapped_column()


class PresenceRow(Base):
    """An account seen by one server process, on a page or at a table."""

    __tablename__ = "furuba_presence"
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"),
                                            primary_key=True)
    process: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    """The server process that holds the page or socket (only it writes the row)."""
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """The table whose socket is open (``""``: a page only)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the account holds there (``None``: it watches)."""
    seen_at: Mapped[float] = mapped_column(index=True)
    """Wall-clock time of the process's last heartbeat: older than
    :data:`~furuba.server.friends.online.STALE_SECONDS` is offline."""


class FriendChallengeRow(Base):
    """A table opened by ``from_id`` for ``to_id``, who has not answered yet."""

    __tablename__ = "furuba_friend_challenges"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    from_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"), index=True)
    to_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey(TABLE, ondelete="CASCADE"), unique=True)
    seat: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(index=True)


class ReservationRow(Base):
    """Seat ``seat`` of ``table_id`` may be claimed by ``account_id`` only."""

    __tablename__ = "furuba_seat_reservations"
    table_id: Mapped[str] = mapped_column(ForeignKey(TABLE, ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey(ACCOUNT, ondelete="CASCADE"), index=True)
