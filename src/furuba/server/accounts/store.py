"""The accounts' queries: each takes an open session inside a transaction (run them with
``Database.run``)."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from furuba.server.accounts.names import DELETED
from furuba.server.models import (
    AccountRow,
    ChallengeRow,
    PasskeyRow,
    RatingEventRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
)

SEEN_EVERY = 3600.0
"""A session's last use is written at most this often (seconds)."""


@dataclass(frozen=True)
class Account:
    """A signed-in player, as the routes see them."""

    id: int
    name: str
    user_handle: str
    created_at: float


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.user_handle, row.created_at)


class AccountStore:
    """The queries (static methods taking a session)."""

    @staticmethod
    def create(s: Session, name: str, key: str, password_hash: str) -> Account | None:
        """A new account; ``None`` when the name is taken."""
        if s.scalar(select(AccountRow.id).where(AccountRow.name_key == key)) is not None:
            return None
        row = AccountRow(name=name, name_key=key, password_hash=password_hash,
                         user_handle=secrets.token_urlsafe(32), created_at=time.time())
        s.add(row)
        s.flush()
        return _account(row)

    @staticmethod
    def for_sign_in(s: Session, key: str) -> tuple[Account, str] | None:
        """The account named ``key`` and its password hash, if there is one."""
        row = s.scalar(select(AccountRow).where(AccountRow.name_key == key))
        return None if row is None else (_account(row), row.password_hash)

    @staticmethod
    def password_hash(s: Session, account_id: int) -> str | None:
        return s.scalar(select(AccountRow.password_hash).where(AccountRow.id == account_id))

    @staticmethod
    def set_password(s: Session, account_id: int, password_hash: str) -> None:
        s.execute(update(AccountRow).where(AccountRow.id == account_id)
                  .values(password_hash=password_hash))

    @staticmethod
    def by_name(s: Session, key: str) -> Account | None:
        row = s.scalar(select(AccountRow).where(AccountRow.name_key == key))
        return None if row is None else _account(row)

    @staticmethod
    def by_id(s: Session, account_id: int) -> Account | None:
        row = s.get(AccountRow, account_id)
        return None if row is None else _account(row)

    # -- sessions ---------------------------------------------------------------------------
    @staticmethod
    def start_session(s: Session, account_id: int, id_hash: str, ttl: float,
                      replaces: str | None = None) -> int | None:
        """A new session (and the end of the one it ``replaces``, the browser's old one); the
        account of the session that ended, if one did."""
        now = time.time()
        ended = None
        if replaces is not None:
            ended = s.execute(delete(SessionRow).where(SessionRow.id_hash == replaces)
                              .returning(SessionRow.account_id)).scalar_one_or_none()
        s.add(SessionRow(id_hash=id_hash, account_id=account_id, created_at=now, seen_at=now,
                         expires_at=now + ttl))
        return ended

    @staticmethod
    def session_account(s: Session, id_hash: str, ttl: float) -> Account | None:
        """The account of a live session (its life extended when it was last seen long ago)."""
        now = time.time()
        found = s.execute(select(SessionRow, AccountRow)
                          .join(AccountRow, AccountRow.id == SessionRow.account_id)
                          .where(SessionRow.id_hash == id_hash)).first()
        if found is None:
            return None
        session, account = found
        if session.expires_at <= now:
            s.delete(session)
            return None
        if now - session.seen_at > SEEN_EVERY:
            session.seen_at = now
            session.expires_at = now + ttl
        return _account(account)

    @staticmethod
    def live_sessions(s: Session, id_hashes: list[str]) -> set[str]:
        """Which of ``id_hashes`` are sessions that have not ended or expired."""
        if not id_hashes:
            return set()
        return set(s.scalars(select(SessionRow.id_hash).where(
            SessionRow.id_hash.in_(id_hashes), SessionRow.expires_at > time.time())))

    @staticmethod
    def end_session(s: Session, id_hash: str) -> None:
        s.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    @staticmethod
    def end_sessions(s: Session, account_id: int, keep: str | None = None) -> int:
        """End every session of the account (but ``keep``); how many ended."""
        query = delete(SessionRow).where(SessionRow.account_id == account_id)
        if keep is not None:
            query = query.where(SessionRow.id_hash != keep)
        done = s.execute(query)
        return int(getattr(done, "rowcount", 0) or 0)

    @staticmethod
    def count_sessions(s: Session, account_id: int) -> int:
        return len(s.scalars(select(SessionRow.id_hash)
                             .where(SessionRow.account_id == account_id)).all())

    # -- deleting ---------------------------------------------------------------------------
    @staticmethod
    def delete(s: Session, account_id: int) -> None:
        """Delete an account: its sessions, passkeys and ratings go; the seats it held keep
        their games, under "deleted player"."""
        s.execute(update(SeatRow).where(SeatRow.account_id == account_id)
                  .values(account_id=None, name=DELETED))
        # Its offline games put online stay (played offline), no longer anyone's uploads: an
        # account that gets the same id later starts afresh.
        s.execute(update(TableRow).where(TableRow.creator_account == account_id,
                                         TableRow.offline_id.is_not(None))
                  .values(creator_account=None))
        for model in (SessionRow, PasskeyRow, RatingRow, RatingEventRow):
            s.execute(delete(model).where(model.account_id == account_id))
        s.execute(delete(ChallengeRow).where(ChallengeRow.account_id == account_id))
        s.execute(delete(AccountRow).where(AccountRow.id == account_id))
