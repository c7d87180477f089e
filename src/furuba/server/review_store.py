"""Game reviews in the database: one row per (table, seat) claims the analysis, then keeps it.

``furuba_reviews`` holds, for each finished table and seat someone asked to review, the state of
the analysis: ``running`` (with its share done, the process working on it and when that process
last said so), ``done`` (with the review as JSON) or ``failed`` (with a sentence). The row is the
claim: it is inserted only if there is none (``INSERT … ON CONFLICT DO NOTHING``, in SQLite and
PostgreSQL alike), so whichever server process inserts it first runs the analysis and every other
request — from any process — reads its progress. A ``running`` row whose process stopped saying
anything for :data:`STALE_SECONDS` (it died) is taken over by a compare-and-set update, so that
again only one process wins; so is a ``failed`` row :data:`RETRY_SECONDS` after it failed.

The model is declared on the app's ``Base``, so the server makes its table with the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Float, Integer, String, Text, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from furuba.review.kept import outdated
from furuba.server.models import Base, insert_of
from furuba.server.puzzles.store import PuzzleStore

STALE_SECONDS = 30.0
"""A running analysis whose process has not reported for this long is taken over."""
RETRY_SECONDS = 10.0
"""A failed analysis is started over by the first request this long after it failed (until
then requests are told it failed, so a client that polls stops instead of starting it over and
over)."""


class ReviewRow(Base):
    """The analysis of one seat's play in one finished table (``furuba_reviews``)."""

    __tablename__ = "furuba_reviews"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(8))
    """``running``, ``done`` or ``failed``."""
    progress: Mapped[float] = mapped_column(Float, default=0.0)
    """The share of the analysis done, from 0 to 1."""
    owner: Mapped[str] = mapped_column(String(64))
    """The process that runs (or ran) the analysis, by name."""
    sims: Mapped[int] = mapped_column(Integer)
    """The search's simulations per decision."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The review (:meth:`furuba.review.model.Review.to_json`) once done."""
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Why it failed, in a sentence."""
    started_at: Mapped[float] = mapped_column()
    updated_at: Mapped[float] = mapped_column()
    """When its process last reported (a heartbeat while it runs)."""


@dataclass(frozen=True)
class Found:
    """A review row as a request sees it; ``mine``: this request's process must run it."""

    status: str
    progress: float
    review: dict[str, Any] | None = None
    error: str | None = None
    updated_at: float = 0.0
    mine: bool = False


COLUMNS = (ReviewRow.status, ReviewRow.progress, ReviewRow.review, ReviewRow.error,
           ReviewRow.updated_at)


class ReviewStore:
    """The queries. Every method takes an open :class:`Session` inside a transaction.

    Reads select columns, never ORM objects, so a read that follows an update in the same
    transaction sees the update.
    """

    @staticmethod
    def read(s: Session, table_id: str, seat: int) -> Found | None:
        """The row of (``table_id``, ``seat``), if any."""
        row = s.execute(select(*COLUMNS).where(ReviewRow.table_id == table_id,
                                               ReviewRow.seat == seat)).first()
        if row is None:
            return None
        if row.status == "done" and outdated(row.review):
            return Found("outdated", 0.0, None, None, row.updated_at)
        return Found(row.status, row.progress, row.review, row.error, row.updated_at)

    @staticmethod
    def claim(s: Session, table_id: str, seat: int, owner: str, sims: int, now: float) -> Found:
        """Claim the analysis for ``owner`` unless another process holds it or it is done.

        ``Found.mine`` says whether the claim was won: a new row, one that failed
        :data:`RETRY_SECONDS` ago, or a running one whose process went silent for
        :data:`STALE_SECONDS`.
        """
        values = {"table_id": table_id, "seat": seat, "status": "running", "progress": 0.0,
                  "owner": owner, "sims": sims, "review": None, "error": None,
                  "started_at": now, "updated_at": now}
        made = s.execute(insert_of(s)(ReviewRow).values(**values).on_conflict_do_nothing(
            index_elements=["table_id", "seat"]).returning(ReviewRow.table_id)).first()
        if made is not None:
            return Found("running", 0.0, updated_at=now, mine=True)
        row = s.execute(select(*COLUMNS).where(ReviewRow.table_id == table_id,
                                               ReviewRow.seat == seat)).one()
        quiet = now - row.updated_at
        takeover = (row.status == "failed" and quiet >= RETRY_SECONDS) or \
            (row.status == "running" and quiet >= STALE_SECONDS) or \
            (row.status == "done" and outdated(row.review))
        if takeover:
            taken = s.execute(update(ReviewRow).where(
                ReviewRow.table_id == table_id, ReviewRow.seat == seat,
                ReviewRow.status == row.status, ReviewRow.updated_at == row.updated_at)
                .values(**{k: v for k, v in values.items() if k not in ("table_id", "seat")}))
            if getattr(taken, "rowcount", 0) == 1:
                return Found("running", 0.0, updated_at=now, mine=True)
            row = s.execute(select(*COLUMNS).where(ReviewRow.table_id == table_id,
                                                   ReviewRow.seat == seat)).one()
        return Found(row.status, row.progress, row.review, row.error, row.updated_at)

    @staticmethod
    def report(s: Session, table_id: str, seat: int, owner: str, progress: float,
               now: float) -> None:
        """``owner``'s heartbeat: the share done, and that it is still at work."""
        s.execute(update(ReviewRow).where(
            ReviewRow.table_id == table_id, ReviewRow.seat == seat, ReviewRow.owner == owner,
            ReviewRow.status == "running").values(progress=progress, updated_at=now))

    @staticmethod
    def finish(s: Session, table_id: str, seat: int, owner: str, review: dict[str, Any],
               now: float) -> None:
        """Keep the review (unless another process finished it first), and make its puzzles
        in the same transaction (:meth:`PuzzleStore.make`: a review made again adds none)."""
        kept = s.execute(update(ReviewRow).where(
            ReviewRow.table_id == table_id, ReviewRow.seat == seat, ReviewRow.owner == owner,
            ReviewRow.status == "running").values(status="done", progress=1.0, review=review,
                                                  updated_at=now))
        if getattr(kept, "rowcount", 0) == 1:
            PuzzleStore.make(s, table_id, seat, review, now)

    @staticmethod
    def fail(s: Session, table_id: str, seat: int, owner: str, error: str, now: float) -> None:
        """Mark ``owner``'s analysis failed, with a sentence; the next request starts it over."""
        s.execute(update(ReviewRow).where(
            ReviewRow.table_id == table_id, ReviewRow.seat == seat, ReviewRow.owner == owner,
            ReviewRow.status == "running").values(status="failed", error=error,
                                                  updated_at=now))
