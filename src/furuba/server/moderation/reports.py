"""Reports: a player, or one chat line, reported with its context for the moderators.

A chat line's report keeps the table, the :data:`CONTEXT` lines before and after it (names and
texts as they were said), and the account that held the speaker's seat. A player's report may
name a table: the last lines said there are kept. A reporter makes at most
``ServerConfig.reports_per_hour`` reports an hour.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from furuba.server.models import ChatRow, SeatRow
from furuba.server.moderation.models import ReportRow
from furuba.server.moderation.store import ModerationError, find_account
from furuba.text import N_, _, ngettext

REASONS = {"abuse": N_("abuse or harassment"), "spam": N_("spam or flooding"),
           "cheating": N_("cheating"), "name": N_("an offensive name"), "other": N_("other")}
"""The reasons a report may give (a short list, as lichess has it)."""
CONTEXT = 10
"""Chat lines kept before and after a reported line."""
TEXT_MAX = 500
"""Longest explanation a reporter may add, in characters."""


@dataclass(frozen=True)
class NewReport:
    """What a reporter says: a player by name, or a chat line (table and event number)."""

    reporter_id: int
    reporter_name: str
    reason: str
    text: str = ""
    player: str | None = None
    table_id: str | None = None
    seq: int | None = None


def _line(row: ChatRow) -> dict[str, Any]:
    return {"seq": row.seq, "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}


def chat_context(s: Session, table_id: str, seq: int | None) -> list[dict[str, Any]]:
    """The lines around ``seq`` at ``table_id`` (``None``: the latest lines), oldest first."""
    base = select(ChatRow).where(ChatRow.table_id == table_id)
    if seq is None:
        latest = list(s.scalars(base.order_by(ChatRow.seq.desc()).limit(2 * CONTEXT + 1)))
        return [_line(r) for r in reversed(latest)]
    before = list(s.scalars(base.where(ChatRow.seq < seq).order_by(ChatRow.seq.desc())
                            .limit(CONTEXT)))
    after = list(s.scalars(base.where(ChatRow.seq >= seq).order_by(ChatRow.seq)
                           .limit(CONTEXT + 1)))
    return [_line(r) for r in [*reversed(before), *after]]


def check_cap(s: Session, reporter_id: int, per_hour: int, now: float) -> None:
    """:class:`ModerationError` (429) when the reporter reached the hour's cap."""
    made = s.scalar(select(func.count()).select_from(ReportRow)
                    .where(ReportRow.reporter_id == reporter_id,
                           ReportRow.created_at > now - 3600)) or 0
    if made >= per_hour:
        raise ModerationError(429, ngettext(
            "you have made {n} report in the last hour: the moderators will read it; try again "
            "later", "you have made {n} reports in the last hour: the moderators will read them; "
            "try again later", made).format(n=made))


def _target_of_line(s: Session, table_id: str, seq: int) -> tuple[int | None, str]:
    line = s.scalar(select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.seq == seq))
    if line is None:
        raise ModerationError(404, _("there is no such chat line at this table"))
    account = None
    if line.seat is not None:
        account = s.scalar(select(SeatRow.account_id).where(SeatRow.table_id == table_id,
                                                            SeatRow.seat == line.seat))
    return account, line.name


def make_report(s: Session, report: NewReport, per_hour: int) -> int:
    """Store ``report`` with its context; its id."""
    if report.reason not in REASONS:
        raise ModerationError(400, _("choose a reason: {reasons}").format(reasons=", ".join(REASONS)))
    if len(report.text) > TEXT_MAX:
        raise ModerationError(400, _("a report's explanation has at most {n} characters").format(
            n=TEXT_MAX))
    now = time.time()
    check_cap(s, report.reporter_id, per_hour, now)
    if report.table_id is not None and report.seq is not None:
        target_id, target_name = _target_of_line(s, report.table_id, report.seq)
    elif report.player is not None:
        account = find_account(s, report.player)
        target_id, target_name = account.id, account.name
    else:
        raise ModerationError(400, _("say whom you report: a player (field 'player') or a chat line "
                             "(fields 'table' and 'seq')"))
    if target_id == report.reporter_id:
        raise ModerationError(400, _("you cannot report yourself"))
    context = chat_context(s, report.table_id, report.seq) if report.table_id else []
    row = ReportRow(reporter_id=report.reporter_id, reporter_name=report.reporter_name,
                    target_id=target_id, target_name=target_name, table_id=report.table_id,
                    chat_seq=report.seq, reason=report.reason, text=report.text.strip(),
                    context=context, status="open", created_at=now)
    s.add(row)
    s.flush()
    return row.id


def describe(row: ReportRow) -> dict[str, Any]:
    """A report as the moderators' page and ``furuba admin reports`` show it."""
    return {"id": row.id, "reporter": row.reporter_name, "player": row.target_name,
            "account": row.target_id is not None, "table": row.table_id, "seq": row.chat_seq,
            "reason": row.reason, "text": row.text, "context": row.context,
            "status": row.status, "at": row.created_at, "closed_at": row.closed_at,
            "closed_by": row.closed_by}


def list_reports(s: Session, status: str = "open", limit: int = 100) -> list[dict[str, Any]]:
    """Reports with ``status`` (``open``, ``closed`` or ``all``): open ones oldest first,
    closed ones latest first."""
    query = select(ReportRow)
    if status != "all":
        query = query.where(ReportRow.status == status)
    order = ReportRow.id if status == "open" else ReportRow.id.desc()
    return [describe(r) for r in s.scalars(query.order_by(order).limit(limit))]


def get_report(s: Session, report_id: int) -> ReportRow:
    row = s.get(ReportRow, report_id)
    if row is None:
        raise ModerationError(404, _("there is no report {id}").format(id=report_id))
    return row
