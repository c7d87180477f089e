"""``furuba admin``: roles, bans, mutes, the report queue and the audit log, on a database."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from furuba.cli.main import app
from furuba.server.accounts.store import AccountStore
from furuba.server.models import (
    AccountRow,
    Base,
    ChatRow,
    SeatRow,
    SessionRow,
    TableRow,
    make_engine,
)
from furuba.server.moderation.models import AuditRow, ReportRow, RestrictionRow
from furuba.server.moderation.reports import NewReport, make_report
from furuba.server.storage import Storage


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A database with the accounts Ann and Bob, Bob signed in, and Ann's report of a line of
    Bob's at a table."""
    url = f"sqlite:///{tmp_path / 'furuba.sqlite3'}"
    engine = make_engine(url)
    Storage(engine)
    with Session(engine) as s, s.begin():
        ann = AccountStore.create(s, "Ann", "ann", "x")
        bob = AccountStore.create(s, "Bob", "bob", "x")
        assert ann is not None and bob is not None
        AccountStore.start_session(s, bob.id, "h" * 64, 3600.0)
        s.add(TableRow(id="t1", game="zodiac", options={}, seed=1, settings={}, status="playing",
                       seq=30, created_at=0.0, updated_at=0.0))
        s.flush()
        s.add(SeatRow(table_id="t1", seat=0, kind="human", name="Bob", account_id=bob.id))
        s.add_all(ChatRow(table_id="t1", seq=n, seat=0, name="Bob", text=f"line {n} &amp; more",
                          at=float(n)) for n in range(1, 16))
        s.flush()
        make_report(s, NewReport(ann.id, "Ann", "abuse", "so rude", table_id="t1", seq=12), 10)
    engine.dispose()
    return url


def admin(url: str, *args: str) -> Result:
    return CliRunner().invoke(app, ["admin", *args, "--database-url", url])


def rows(url: str, model: type[Base]) -> list[Any]:
    engine = make_engine(url)
    with Session(engine) as s:
        found: list[Any] = list(s.scalars(select(model)))
        s.expunge_all()
    engine.dispose()
    return found


def test_role_names_a_moderator_and_refuses_an_unknown_role_or_player(url: str) -> None:
    done = admin(url, "role", "ann", "moderator")
    assert done.exit_code == 0 and "Ann" in done.output and "moderator" in done.output
    assert {a.name: a.role for a in rows(url, AccountRow)} == {"Ann": "moderator", "Bob": "player"}
    wrong = admin(url, "role", "Ann", "wizard")
    assert wrong.exit_code == 2 and "player, moderator, admin" in wrong.output
    nobody = admin(url, "role", "Zed", "admin")
    assert nobody.exit_code == 2 and "no player called" in nobody.output


def test_ban_ends_sessions_and_unban_lifts_it(url: str) -> None:
    refused = admin(url, "ban", "Bob")
    assert refused.exit_code == 2 and "why" in refused.output
    done = admin(url, "ban", "Bob", "--reason", "cheating")
    assert done.exit_code == 0 and "banned" in done.output and "--redis-url" in done.output
    [row] = rows(url, RestrictionRow)
    assert row.banned_at is not None and row.ban_reason == "cheating"
    assert rows(url, SessionRow) == []
    assert admin(url, "unban", "Bob").exit_code == 0
    assert rows(url, RestrictionRow)[0].banned_at is None


def test_mute_for_a_time_and_unmute(url: str) -> None:
    done = admin(url, "mute", "Bob", "--minutes", "90", "--reason", "insults")
    assert done.exit_code == 0 and "UTC" in done.output
    until = rows(url, RestrictionRow)[0].muted_until
    assert until == pytest.approx(time.time() + 90 * 60, abs=30)
    assert admin(url, "mute", "Bob", "--minutes", "0", "--reason", "x").exit_code == 2
    assert admin(url, "unmute", "Bob").exit_code == 0
    assert rows(url, RestrictionRow)[0].muted_until is None


def test_the_report_queue_list_show_and_close(url: str) -> None:
    listed = admin(url, "reports")
    assert listed.exit_code == 0 and "Bob" in listed.output and "abuse" in listed.output
    shown = admin(url, "report", "1")
    assert shown.exit_code == 0 and "so rude" in shown.output
    assert "> Bob: line 12 & more" in shown.output
    assert "Bob: line 2 &" in shown.output and "line 1 " not in shown.output
    assert admin(url, "report", "7").exit_code == 2
    assert admin(url, "close", "1", "--reason", "handled").exit_code == 0
    assert rows(url, ReportRow)[0].status == "closed"
    assert "no reports" in admin(url, "reports").output
    assert admin(url, "close", "1").exit_code == 2   # already closed


def test_every_command_is_in_the_audit_log(url: str) -> None:
    admin(url, "role", "Ann", "moderator")
    admin(url, "mute", "Bob", "--minutes", "5", "--reason", "calm down")
    admin(url, "close", "1")
    log = [(a.actor, a.action, a.target, a.reason) for a in rows(url, AuditRow)]
    assert log == [("furuba admin", "role", "Ann", ""), ("furuba admin", "mute", "Bob", "calm down"),
                   ("furuba admin", "close", "Bob", "")]
    shown = admin(url, "audit")
    assert shown.exit_code == 0 and "calm down" in shown.output
