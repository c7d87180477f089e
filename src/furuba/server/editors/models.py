"""The editors' tables, declared on the app's ``Base`` (made with the others at start-up).

* ``furuba_saved_files``: the files an account keeps (a card set being transcribed), by name;
  they go with the account (``ON DELETE CASCADE``).
* ``furuba_uploads``: files tables were started from, content-addressed (the SHA-256 of the text
  is the key) and never changed, so a table's record — whose option says ``upload:<sha-256>`` —
  replays in any process, at any time.
* ``furuba_measures``: measures of a file's balance by bot games: waiting, running (with the games
  done, heartbeats from the process running it), done (with the report), failed or cancelled.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from furuba.server.models import Base


class SavedFileRow(Base):
    """A file an account keeps, under a name of its choosing."""

    __tablename__ = "furuba_saved_files"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Random, as table ids are."""
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id", ondelete="CASCADE"),
                                            index=True)
    game: Mapped[str] = mapped_column(String(32))
    option: Mapped[str] = mapped_column(String(40))
    """The option the file is for (``cardset``)."""
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column()
    updated_at: Mapped[float] = mapped_column()


class UploadRow(Base):
    """A file a table was started from: its text, under the SHA-256 of the text."""

    __tablename__ = "furuba_uploads"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    option: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column()


class MeasureRow(Base):
    """One measure: what it plays, how far it got, and its report once done."""

    __tablename__ = "furuba_measures"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    creator: Mapped[str] = mapped_column(String(64), index=True)
    """The hash of the client's address (``security.address_hash``): limits count per address."""
    game: Mapped[str] = mapped_column(String(32))
    option: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(10), index=True)
    """``waiting``, ``running``, ``done``, ``failed`` or ``cancelled``."""
    games: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, default=0)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Players, bots and seed of the games."""
    owner: Mapped[str] = mapped_column(String(64))
    """The process that runs it."""
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[float] = mapped_column()
    updated_at: Mapped[float] = mapped_column()
    """When its process last said it was at work (a heartbeat)."""
