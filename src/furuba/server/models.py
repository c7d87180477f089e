"""The database's tables (SQLAlchemy 2 models) and its engine.

Tables: ``furuba_tables`` (a table's game, options, seed, settings, status, last event number,
the hash of its creator's address, whether the lobby lists it and whether it is rated, the seat
that must decide), ``furuba_seats`` (with the account holding a seat, if any),
``furuba_actions`` (the append-only game log: one row per accepted action, with its event
number), ``furuba_answers`` (the games' written inputs, such as True Friends answers:
which input, its text and the number of actions before it), ``furuba_chat`` and ``furuba_games``
(finished games: result and record); accounts: ``furuba_accounts``, ``furuba_sessions``,
``furuba_passkeys``, ``furuba_challenges`` (passkey ceremonies under way), ``furuba_ratings``
(one per account, game and pool) and ``furuba_rating_events`` (a rating after each rated game).
The editors' tables are in :mod:`furuba.server.editors.models`, moderation's in
:mod:`furuba.server.moderation.models`.

SQLite (the default, in WAL mode) and PostgreSQL (``postgresql+psycopg://…``) are both supported.
The tables are made and changed by migrations (:mod:`furuba.server.schema`): a change to a model
comes with a migration in ``server/migrations/versions`` (``tests/server/test_schema.py`` fails on
a model that has none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "furuba_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column()
    updated_at: Mapped[float] = mapped_column()
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """The hash of the address that created the table (``security.address_hash``); ``None``
    for tables the server made itself (the ``make run`` table, rematches) or made before it
    was kept."""
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0", index=True)
    """Listed in the lobby (else invite-only)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """Its result changes its players' ratings (every human seat signed in)."""
    current: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that must decide now (``None``: nobody, the game is over or not started)."""
    creator_account: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account that created the table, when signed in (its blocks keep players off it)."""
    offline_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The id of the offline game this table was uploaded from (``POST /api/me/offline-games``:
    played in the browser, put on its ``creator_account``'s profile); ``None``: played here. One
    account uploads an offline game once (the index ``ix_furuba_tables_offline``)."""

    __table_args__ = (Index("ix_furuba_tables_offline", "creator_account", "offline_id",
                            unique=True),)


class SeatRow(Base):
    __tablename__ = "furuba_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account that holds this seat (``None``: a guest's seat, or a bot's)."""


class ActionRow(Base):
    __tablename__ = "furuba_actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(8))
    at: Mapped[float] = mapped_column()


class AnswerRow(Base):
    """A written input (a True Friends answer, say): kept under the table's old name."""

    __tablename__ = "furuba_answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), index=True)
    after: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    name: Mapped[str] = mapped_column(String(40), default="", server_default="")
    """Which of the game's written inputs; ``""`` (rows from before it was kept): the game's
    first one."""


class ChatRow(Base):
    __tablename__ = "furuba_chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column()


class GameRow(Base):
    __tablename__ = "furuba_games"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[float] = mapped_column()
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)


class AccountRow(Base):
    """A player's account. A deleted account's row goes; its seats keep "deleted player"."""

    __tablename__ = "furuba_accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    """As its player wrote it."""
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    """The name as compared (NFKC, case-folded): two accounts never share one."""
    password_hash: Mapped[str] = mapped_column(String(200))
    """argon2id, in its own encoded form (parameters and salt included)."""
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)
    """The passkeys' user id: random, never the name (base64url)."""
    created_at: Mapped[float] = mapped_column()
    role: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    """``player``, ``moderator`` or ``admin`` (see :mod:`furuba.server.moderation`)."""


class SessionRow(Base):
    """A signed-in browser: the cookie holds a secret whose hash is the key."""

    __tablename__ = "furuba_sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id"), index=True)
    created_at: Mapped[float] = mapped_column()
    seen_at: Mapped[float] = mapped_column()
    expires_at: Mapped[float] = mapped_column()


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) that signs in to an account."""

    __tablename__ = "furuba_passkeys"
    credential_id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    """base64url, as the browser names it."""
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    transports: Mapped[list[str]] = mapped_column(JSON, default=list)
    name: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[float] = mapped_column()
    used_at: Mapped[float | None] = mapped_column(nullable=True)


class ChallengeRow(Base):
    """A passkey ceremony under way: its challenge, used once, valid for a few minutes."""

    __tablename__ = "furuba_challenges"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``register`` or ``signin``."""
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    expires_at: Mapped[float] = mapped_column(index=True)


class RatingRow(Base):
    """An account's rating in one pool of one game (openskill's mu and sigma)."""

    __tablename__ = "furuba_ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    """``all`` (every player count) or ``4p`` (four players), and so on."""
    mu: Mapped[float] = mapped_column()
    sigma: Mapped[float] = mapped_column()
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[float] = mapped_column(default=0.0)
    updated_at: Mapped[float] = mapped_column()


class RatingEventRow(Base):
    """An account's rating in a pool after one rated game (the history a profile plots)."""

    __tablename__ = "furuba_rating_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("furuba_accounts.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    pool: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    """1 for the best (ties share a rank)."""
    share: Mapped[float] = mapped_column()
    """The seat's win share (``returns``)."""
    mu_before: Mapped[float] = mapped_column()
    sigma_before: Mapped[float] = mapped_column()
    mu: Mapped[float] = mapped_column()
    sigma: Mapped[float] = mapped_column()
    at: Mapped[float] = mapped_column()


def insert_of(s: Session) -> Any:
    """The ``insert`` of ``s``'s database, PostgreSQL's or SQLite's: both have the same
    ``on_conflict_do_nothing``. What it inserted is told by ``RETURNING``: PostgreSQL's driver
    counts no rows for it (its ``rowcount`` is -1)."""
    return postgresql.insert if s.get_bind().dialect.name == "postgresql" else sqlite.insert


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file gets WAL mode and its folder is created."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        db = parsed.database
        if db and db != ":memory:" and not db.startswith("file:"):
            Path(db).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA wal_autocheckpoint=0")   # the checkpoint thread does it
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
