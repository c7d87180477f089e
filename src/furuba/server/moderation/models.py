"""Moderation's tables, declared on the app's ``Base`` (made by the migration ``0002``).

* ``furuba_blocks``: an account that blocked another (its chat hidden, never seated together);
* ``furuba_reports``: a player's report of another player or of a chat line, with its context;
* ``furuba_restrictions``: what the moderators decided about an account (a mute until a time, a
  ban);
* ``furuba_notices``: moderators' warnings, shown to their players;
* ``furuba_audit``: every moderation action, never deleted.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base


class BlockRow(Base):
    """An account that blocked another: its chat is hidden, they never sit together."""

    __tablename__ = "furuba_blocks"
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id", ondelete="CASCADE"),
                                            primary_key=True, index=True)
    created_at: Mapped[float] = mapped_column()


class ReportRow(Base):
    """A player's report of another player or of a chat line, with its context."""

    __tablename__ = "furuba_reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    reporter_name: Mapped[str] = mapped_column(String(64))
    target_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account reported (``None``: a guest's chat line)."""
    target_name: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    chat_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The event number of the chat line reported (``None``: a report of a player)."""
    reason: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text, default="")
    context: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    """The chat lines around the one reported (seq, seat, name, text, at)."""
    status: Mapped[str] = mapped_column(String(8), default="open", index=True)
    """``open`` or ``closed``."""
    created_at: Mapped[float] = mapped_column(index=True)
    closed_at: Mapped[float | None] = mapped_column(nullable=True)
    closed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)


class RestrictionRow(Base):
    """What the moderators decided about an account: a mute until a time, a ban."""

    __tablename__ = "furuba_restrictions"
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id", ondelete="CASCADE"),
                                            primary_key=True)
    muted_until: Mapped[float | None] = mapped_column(nullable=True)
    banned_at: Mapped[float | None] = mapped_column(nullable=True)
    ban_reason: Mapped[str] = mapped_column(Text, default="")


class NoticeRow(Base):
    """A moderator's warning, shown to its player on their pages."""

    __tablename__ = "furuba_notices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id", ondelete="CASCADE"),
                                            index=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column()


class AuditRow(Base):
    """One moderation action: who, what, whom, when, why (never deleted)."""

    __tablename__ = "furuba_audit"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    actor: Mapped[str] = mapped_column(String(64))
    """The moderator's name, or ``furuba admin`` for the command line."""
    action: Mapped[str] = mapped_column(String(16))
    target: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(Text, default="")
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    at: Mapped[float] = mapped_column(index=True)
