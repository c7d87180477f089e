"""The measures' rows: one per measure, so that every server process can answer for it.

A measure is ``waiting`` (for its process's turn), ``running``, then ``done`` (with its report),
``failed`` or ``cancelled``. Its process says it is still at work every heartbeat (the row's
``updated_at``); a waiting or running row silent for :data:`STALE_SECONDS` belongs to a process
that stopped, and reads as failed. Finished rows are deleted after :data:`KEEP_SECONDS`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from furuba.server.editors.models import MeasureRow

STALE_SECONDS = 30.0
"""A measure whose process has not reported for this long is taken for failed."""
KEEP_SECONDS = 3600.0
"""How long a finished measure (and its report) is kept."""
UNDER_WAY = ("waiting", "running")


class MeasureStore:
    """The queries; each takes an open :class:`Session` inside a transaction."""

    @staticmethod
    def create(s: Session, measure_id: str, creator: str, game: str, option: str, games: int,
               settings: dict[str, Any], owner: str, cap: int, now: float) -> bool:
        """A new waiting measure; ``False`` when ``creator`` has ``cap`` under way already."""
        s.execute(delete(MeasureRow).where(MeasureRow.updated_at < now - KEEP_SECONDS))
        under_way = s.scalar(select(func.count()).select_from(MeasureRow).where(
            MeasureRow.creator == creator, MeasureRow.status.in_(UNDER_WAY),
            MeasureRow.updated_at >= now - STALE_SECONDS)) or 0
        if under_way >= cap:
            return False
        s.add(MeasureRow(id=measure_id, creator=creator, game=game, option=option,
                         status="waiting", games=games, done=0, settings=settings, owner=owner,
                         created_at=now, updated_at=now))
        return True

    @staticmethod
    def begin(s: Session, measure_id: str, owner: str, now: float) -> bool:
        """Waiting → running; ``False`` when it was cancelled meanwhile."""
        done = s.execute(update(MeasureRow).where(
            MeasureRow.id == measure_id, MeasureRow.owner == owner,
            MeasureRow.status == "waiting").values(status="running", updated_at=now))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def report(s: Session, measure_id: str, owner: str, games_done: int, now: float) -> bool:
        """The owner's heartbeat; ``False`` once the measure is no longer under way (cancelled)."""
        done = s.execute(update(MeasureRow).where(
            MeasureRow.id == measure_id, MeasureRow.owner == owner,
            MeasureRow.status.in_(UNDER_WAY)).values(done=games_done, updated_at=now))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def finish(s: Session, measure_id: str, owner: str, games_done: int,
               report: dict[str, Any], now: float) -> None:
        s.execute(update(MeasureRow).where(
            MeasureRow.id == measure_id, MeasureRow.owner == owner,
            MeasureRow.status == "running").values(status="done", done=games_done,
                                                   report=report, updated_at=now))

    @staticmethod
    def fail(s: Session, measure_id: str, owner: str, error: str, now: float) -> None:
        s.execute(update(MeasureRow).where(
            MeasureRow.id == measure_id, MeasureRow.owner == owner,
            MeasureRow.status.in_(UNDER_WAY)).values(status="failed", error=error,
                                                     updated_at=now))

    @staticmethod
    def cancel(s: Session, measure_id: str, now: float) -> str | None:
        """Cancel a measure under way; its status after (``None``: no such measure)."""
        row = s.execute(select(MeasureRow.status, MeasureRow.updated_at)
                        .where(MeasureRow.id == measure_id)).first()
        if row is None:
            return None
        if row.status in UNDER_WAY and row.updated_at >= now - STALE_SECONDS:
            s.execute(update(MeasureRow).where(MeasureRow.id == measure_id,
                                               MeasureRow.status.in_(UNDER_WAY))
                      .values(status="cancelled", updated_at=now))
            return "cancelled"
        return str(row.status) if row.status not in UNDER_WAY else "failed"

    @staticmethod
    def read(s: Session, measure_id: str, now: float) -> dict[str, Any] | None:
        """A measure as ``GET /api/<word>/measure/{id}`` answers it (a silent one: failed)."""
        row = s.execute(select(MeasureRow.id, MeasureRow.status, MeasureRow.done,
                               MeasureRow.games, MeasureRow.settings, MeasureRow.report,
                               MeasureRow.error, MeasureRow.updated_at)
                        .where(MeasureRow.id == measure_id)).first()
        if row is None:
            return None
        status = str(row.status)
        if status in UNDER_WAY and row.updated_at < now - STALE_SECONDS:
            status = "failed"
        out: dict[str, Any] = {"id": row.id, "status": status, "done": row.done,
                               "games": row.games, **dict(row.settings or {})}
        if status == "done":
            out["report"] = row.report
        if status == "failed":
            out["error"] = row.error
        return out
