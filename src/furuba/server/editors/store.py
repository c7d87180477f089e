"""The editors' queries: an account's saved files, the files tables were started from.

Every method takes an open :class:`Session` inside a transaction and returns plain values.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from furuba.server.editors.models import SavedFileRow, UploadRow
from furuba.server.models import insert_of


@dataclass(frozen=True)
class SavedFile:
    """A saved file as the routes answer it (``text`` only when one file is asked for)."""

    id: str
    game: str
    name: str
    bytes: int
    created_at: float
    updated_at: float
    text: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "game": self.game, "name": self.name,
                               "bytes": self.bytes, "created_at": int(self.created_at * 1000),
                               "updated_at": int(self.updated_at * 1000)}
        if self.text is not None:
            out["text"] = self.text
        return out


def _saved(row: SavedFileRow, with_text: bool) -> SavedFile:
    return SavedFile(row.id, row.game, row.name, len(row.text.encode("utf-8")), row.created_at,
                     row.updated_at, row.text if with_text else None)


class SavedFiles:
    """An account's files for one option (``cardset``)."""

    @staticmethod
    def list(s: Session, account_id: int, option: str) -> list[SavedFile]:
        """The account's files, the latest changed first."""
        rows = s.scalars(select(SavedFileRow).where(SavedFileRow.account_id == account_id,
                                                    SavedFileRow.option == option)
                         .order_by(SavedFileRow.updated_at.desc()))
        return [_saved(row, False) for row in rows]

    @staticmethod
    def get(s: Session, account_id: int, option: str, file_id: str) -> SavedFile | None:
        row = s.scalar(select(SavedFileRow).where(
            SavedFileRow.id == file_id, SavedFileRow.account_id == account_id,
            SavedFileRow.option == option))
        return None if row is None else _saved(row, True)

    @staticmethod
    def create(s: Session, account_id: int, game: str, option: str, name: str, text: str,
               cap: int) -> SavedFile | None:
        """A new file; ``None`` when the account already keeps ``cap`` files."""
        count = s.scalar(select(func.count()).select_from(SavedFileRow).where(
            SavedFileRow.account_id == account_id)) or 0
        if count >= cap:
            return None
        now = time.time()
        row = SavedFileRow(id=secrets.token_urlsafe(12), account_id=account_id, game=game,
                           option=option, name=name, text=text, created_at=now, updated_at=now)
        s.add(row)
        s.flush()
        return _saved(row, False)

    @staticmethod
    def replace(s: Session, account_id: int, option: str, file_id: str, name: str,
                text: str) -> SavedFile | None:
        """The file with a new name and text; ``None`` when the account has no such file."""
        done = s.execute(update(SavedFileRow).where(
            SavedFileRow.id == file_id, SavedFileRow.account_id == account_id,
            SavedFileRow.option == option).values(name=name, text=text, updated_at=time.time()))
        if getattr(done, "rowcount", 0) != 1:
            return None
        row = s.get(SavedFileRow, file_id)
        return None if row is None else _saved(row, False)

    @staticmethod
    def delete(s: Session, account_id: int, option: str, file_id: str) -> bool:
        """Delete the file; ``False`` when the account has no such file."""
        done = s.execute(delete(SavedFileRow).where(
            SavedFileRow.id == file_id, SavedFileRow.account_id == account_id,
            SavedFileRow.option == option))
        return getattr(done, "rowcount", 0) == 1


class Uploads:
    """Files tables were started from, by the SHA-256 of their text (written once, never
    changed)."""

    @staticmethod
    def keep(s: Session, digest: str, game: str, option: str, text: str) -> None:
        """Keep the file (nothing happens when it is already kept)."""
        s.execute(insert_of(s)(UploadRow).values(digest=digest, game=game, option=option, text=text,
                                           created_at=time.time())
                  .on_conflict_do_nothing(index_elements=["digest"]))

    @staticmethod
    def texts(s: Session, digests: list[str]) -> dict[str, str]:
        """The kept files among ``digests``, by digest."""
        if not digests:
            return {}
        return {row.digest: row.text for row in s.execute(
            select(UploadRow.digest, UploadRow.text).where(UploadRow.digest.in_(digests)))}
