"""The puzzles' queries. Every method takes an open :class:`Session` inside a transaction and
returns plain values.

Puzzles are made in the transaction that stores a review as done (:meth:`PuzzleStore.make`,
called by :meth:`furuba.server.review_store.ReviewStore.finish`), so whichever server process
finishes a review makes its puzzles, once: a puzzle is unique by table, seat and step, and is
inserted only when there is none (``INSERT … ON CONFLICT DO NOTHING``, in SQLite and PostgreSQL
alike), so a review made again adds nothing; a review made again by a newer method brings the
seat's puzzles up to date with it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from furuba.server.models import SeatRow, TableRow, insert_of
from furuba.server.puzzles.making import Draft, drafts
from furuba.server.puzzles.models import PuzzleAttemptRow, PuzzleDayRow, PuzzleRow

ID_BYTES = 9
"""A puzzle's id: 12 URL-safe characters."""
MAX_ID = 16
"""Longer ids are no puzzle's."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A stored puzzle."""

    id: str
    table_id: str
    seat: int
    step: int
    game: str
    account_id: int | None
    answer: int
    accepted: tuple[int, ...]
    """Every move that solves it: the answer, and those as good as it."""
    played: int
    judgement: str
    margin: float
    margin_error: float | None
    why: dict[str, str]
    created_at: float


@dataclass(frozen=True, slots=True)
class Listed:
    """A puzzle in an account's list, with how that account did at it."""

    id: str
    game: str
    judgement: str
    margin: float
    created_at: float
    state: str
    """``new`` (not tried), ``solved`` (the first answer was right) or ``missed``."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "judgement": self.judgement,
                "margin": round(self.margin, 4), "created_at": self.created_at,
                "state": self.state, "url": f"/puzzles#{self.id}"}


@dataclass(frozen=True, slots=True)
class Attempt:
    """An account's tries at a puzzle."""

    solved: bool
    """Whether its first answer was right."""
    tries: int


def puzzle_of(row: Any) -> Puzzle:
    return Puzzle(id=row.id, table_id=row.table_id, seat=row.seat, step=row.step, game=row.game,
                  account_id=row.account_id, answer=row.answer,
                  accepted=tuple(int(a) for a in row.accepted or [row.answer]), played=row.played,
                  judgement=row.judgement, margin=row.margin, margin_error=row.margin_error,
                  why=dict(row.why or {}), created_at=row.created_at)


def answer_of(d: Draft) -> dict[str, Any]:
    """What a review says of a puzzle's decision (kept as the review says it)."""
    return {"answer": d.answer, "accepted": list(d.accepted), "played": d.played,
            "judgement": d.judgement,
            "margin": d.margin, "margin_error": d.margin_error, "why": d.why}


def state_of(solved: bool | None) -> str:
    return "new" if solved is None else "solved" if solved else "missed"


class PuzzleStore:
    """The queries."""

    @staticmethod
    def make(s: Session, table_id: str, seat: int, review: Mapping[str, Any],
             now: float) -> int:
        """Make the puzzles of a finished review of ``seat`` at ``table_id``; how many were new.

        The puzzles of that seat then follow this review: one it already has is kept (its id,
        its tries) with this review's answer, margin and why; one whose decision this review no
        longer judges a mistake (a review made again by a better method) goes. The same review
        made again changes nothing."""
        if not isinstance(review.get("decisions"), list):
            return 0
        found = {d.step: d for d in drafts(review)}
        kept = {r.step: r for r in s.execute(
            select(PuzzleRow.step, PuzzleRow.answer, PuzzleRow.accepted, PuzzleRow.played,
                   PuzzleRow.judgement,
                   PuzzleRow.margin, PuzzleRow.margin_error, PuzzleRow.why)
            .where(PuzzleRow.table_id == table_id, PuzzleRow.seat == seat))}
        gone = sorted(set(kept) - set(found))
        if gone:
            s.execute(delete(PuzzleRow).where(PuzzleRow.table_id == table_id,
                                              PuzzleRow.seat == seat, PuzzleRow.step.in_(gone)))
        for step in sorted(set(kept) & set(found)):
            values = answer_of(found[step])
            if tuple(getattr(kept[step], k) for k in values) != tuple(values.values()):
                s.execute(update(PuzzleRow).where(PuzzleRow.table_id == table_id,
                                                  PuzzleRow.seat == seat,
                                                  PuzzleRow.step == step).values(**values))
        new = [found[step] for step in sorted(set(found) - set(kept))]
        if not new:
            return 0
        account = s.scalar(select(SeatRow.account_id).where(SeatRow.table_id == table_id,
                                                           SeatRow.seat == seat))
        game = str(review.get("game") or s.scalar(
            select(TableRow.game).where(TableRow.id == table_id)) or "")
        insert = insert_of(s)
        made = 0
        for d in new:
            statement = insert(PuzzleRow).values(
                id=secrets.token_urlsafe(ID_BYTES), table_id=table_id, seat=seat, step=d.step,
                game=game, account_id=account, created_at=now, **answer_of(d))
            result = s.execute(statement.on_conflict_do_nothing(
                index_elements=["table_id", "seat", "step"]).returning(PuzzleRow.id))
            made += result.first() is not None
        return made

    @staticmethod
    def get(s: Session, puzzle_id: str) -> Puzzle | None:
        """The puzzle ``puzzle_id`` (``None``: there is none)."""
        if len(puzzle_id) > MAX_ID:
            return None
        row = s.execute(select(PuzzleRow).where(PuzzleRow.id == puzzle_id)).scalar_one_or_none()
        return None if row is None else puzzle_of(row)

    @staticmethod
    def ids_of_seat(s: Session, table_id: str, seat: int) -> dict[int, str]:
        """The puzzles of one reviewed seat, by step: their ids."""
        rows = s.execute(select(PuzzleRow.step, PuzzleRow.id).where(
            PuzzleRow.table_id == table_id, PuzzleRow.seat == seat))
        return {int(r.step): str(r.id) for r in rows}

    @staticmethod
    def of_table(s: Session, table_id: str) -> list[Puzzle]:
        """Every puzzle of a table, by seat and step."""
        rows = s.scalars(select(PuzzleRow).where(PuzzleRow.table_id == table_id)
                         .order_by(PuzzleRow.seat, PuzzleRow.step))
        return [puzzle_of(r) for r in rows]

    @staticmethod
    def mine(s: Session, account_id: int, limit: int, offset: int = 0) -> tuple[int, list[Listed]]:
        """The account's puzzles, newest first (then the latest step first), and how many it
        has in all."""
        total = s.scalar(select(func.count()).select_from(PuzzleRow)
                         .where(PuzzleRow.account_id == account_id)) or 0
        rows = s.execute(
            select(PuzzleRow.id, PuzzleRow.game, PuzzleRow.judgement, PuzzleRow.margin,
                   PuzzleRow.created_at, PuzzleAttemptRow.solved)
            .outerjoin(PuzzleAttemptRow, (PuzzleAttemptRow.puzzle_id == PuzzleRow.id)
                       & (PuzzleAttemptRow.account_id == account_id))
            .where(PuzzleRow.account_id == account_id)
            .order_by(PuzzleRow.created_at.desc(), PuzzleRow.table_id, PuzzleRow.step.desc())
            .limit(limit).offset(offset))
        return total, [Listed(r.id, r.game, r.judgement, r.margin, r.created_at,
                              state_of(r.solved)) for r in rows]

    @staticmethod
    def attempt_of(s: Session, puzzle_id: str, account_id: int) -> Attempt | None:
        """The account's tries at the puzzle, if any."""
        row = s.execute(select(PuzzleAttemptRow.solved, PuzzleAttemptRow.tries).where(
            PuzzleAttemptRow.puzzle_id == puzzle_id,
            PuzzleAttemptRow.account_id == account_id)).first()
        return None if row is None else Attempt(bool(row.solved), int(row.tries))

    @staticmethod
    def attempt(s: Session, puzzle_id: str, account_id: int, action: int, right: bool,
                now: float) -> Attempt:
        """Count an answer of the account: its first decides whether it solved the puzzle."""
        made = s.execute(insert_of(s)(PuzzleAttemptRow).values(
            puzzle_id=puzzle_id, account_id=account_id, action=action, solved=right, tries=1,
            first_at=now, last_at=now).on_conflict_do_nothing(
            index_elements=["puzzle_id", "account_id"]).returning(PuzzleAttemptRow.tries))
        if made.first() is None:
            s.execute(update(PuzzleAttemptRow).where(
                PuzzleAttemptRow.puzzle_id == puzzle_id,
                PuzzleAttemptRow.account_id == account_id).values(
                tries=PuzzleAttemptRow.tries + 1, last_at=now))
        found = PuzzleStore.attempt_of(s, puzzle_id, account_id)
        assert found is not None
        return found

    @staticmethod
    def daily(s: Session, day: str, game: str, now: float) -> str | None:
        """The id of ``game``'s puzzle of ``day`` (``YYYY-MM-DD``, UTC): chosen the first time
        it is asked for and kept, so it is the same all day whatever puzzles are made
        meanwhile; ``None`` when there is no puzzle to choose from.

        It is chosen among the puzzles of finished public tables (listed in the lobby) only —
        never an invite-only table's — by a hash of the date and the game."""
        kept = s.scalar(select(PuzzleDayRow.puzzle_id).where(PuzzleDayRow.day == day,
                                                            PuzzleDayRow.game == game))
        if kept is not None:
            return str(kept)
        public = (select(PuzzleRow.id).join(TableRow, TableRow.id == PuzzleRow.table_id)
                  .where(PuzzleRow.game == game, TableRow.public.is_(True),
                         TableRow.status == "finished"))
        count = s.scalar(select(func.count()).select_from(public.subquery())) or 0
        if not count:
            return None
        digest = hashlib.sha256(f"{day}:{game}".encode()).digest()
        index = int.from_bytes(digest[:8], "big") % count
        chosen = s.scalar(public.order_by(PuzzleRow.id).offset(index).limit(1))
        if chosen is None:      # pragma: no cover - a table changed between the two reads
            return None
        s.execute(insert_of(s)(PuzzleDayRow).values(day=day, game=game, puzzle_id=chosen,
                                                 chosen_at=now).on_conflict_do_nothing(
            index_elements=["day", "game"]))
        return str(s.scalar(select(PuzzleDayRow.puzzle_id).where(PuzzleDayRow.day == day,
                                                                 PuzzleDayRow.game == game)))
