"""Ending a session ends its connections: signing out, signing out everywhere, a new password and
a deleted account close at once (within a second) the table sockets and event streams opened
under the sessions that ended, and leave every other connection open; each is a security event
in the log."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from sqlalchemy import update

from furuba.server.accounts.ends import REMEMBERED_SECONDS, End, Holders, Signed, Why
from furuba.server.accounts.sessions import secret_hash
from furuba.server.models import AccountRow, SessionRow

from .account_client import PASSWORD, Browser, all_rows
from .harness import LiveServer, is_event
from .session_sockets import CLOSE_SIGNED_OUT, Stream, closed_within, still_open, table_socket


@pytest.fixture
def phone(site: LiveServer, ann: Browser) -> Iterator[Browser]:
    """Ann, signed in on a second device."""
    with Browser(site) as browser:
        assert browser.sign_in("Ann", PASSWORD).status_code == 200
        yield browser


@pytest.fixture
def ben(site: LiveServer) -> Iterator[Browser]:
    """Another player, signed in."""
    with Browser(site) as browser:
        browser.sign_up("Ben")
        yield browser


def seated_table(site: LiveServer, ann: Browser) -> str:
    """A table of two humans and two bots where Ann (signed in) holds seat 0."""
    table_id = site.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
    r = ann.post(f"/api/tables/{table_id}/join", {"seat": 0, "name": ""})
    assert r.status_code == 200, r.text
    return table_id


def security_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "furuba.security"]


def test_signing_out_closes_this_sessions_sockets_and_streams_only(
        site: LiveServer, ann: Browser, phone: Browser) -> None:
    table_id = seated_table(site, ann)
    with ExitStack() as stack:
        mine = stack.enter_context(table_socket(site.ws_base, table_id, ann))
        on_phone = stack.enter_context(table_socket(site.ws_base, table_id, phone))
        guest = stack.enter_context(table_socket(site.ws_base, table_id))
        turns = stack.enter_context(Stream(site.base, "/api/me/events", ann))
        lobby = stack.enter_context(Stream(site.base, "/api/lobby/events", ann))
        phone_turns = stack.enter_context(Stream(site.base, "/api/me/events", phone))
        assert 0 in mine.views and 0 in on_phone.views      # the account's seat, on both devices
        assert ann.delete("/api/session").status_code == 204
        assert closed_within(mine) == (CLOSE_SIGNED_OUT, "signed out: this session ended")
        turns.ends_within(1.0)
        lobby.ends_within(1.0)
        for other in (on_phone, guest):
            still_open(other)
        assert not phone_turns.ended.is_set()
    with Browser(site) as replay:      # the stream's page reconnects: refused, so it stops
        replay.plant("furuba_session", "ended")
        assert replay.get("/api/me/events").status_code == 401


def test_signing_in_over_a_session_closes_the_old_sessions_connections(
        site: LiveServer, ann: Browser, phone: Browser, ben: Browser) -> None:
    """A browser signed in as Ann signs in as Ben: the session it held ends, and so do the
    sockets and streams Ann opened from it; Ann's other device keeps its own."""
    table_id = seated_table(site, ann)
    with ExitStack() as stack:
        on_phone = stack.enter_context(table_socket(site.ws_base, table_id, phone))
        phone_turns = stack.enter_context(Stream(site.base, "/api/me/events", phone))
        mine = stack.enter_context(table_socket(site.ws_base, table_id, ann))
        assert phone.sign_in("Ben", PASSWORD).status_code == 200
        assert closed_within(on_phone) == (CLOSE_SIGNED_OUT, "signed out: this session ended")
        phone_turns.ends_within(1.0)
        still_open(mine)


def test_a_session_that_expires_closes_its_connections_at_the_next_sweep(db_url: str) -> None:
    """Sessions last 30 days from their last use: when one runs out under an open socket and
    stream, the process's sweep closes them ("the session expired"); the account's other
    session keeps its own."""
    with LiveServer(db_url, session_sweep_seconds=0.2) as site, Browser(site) as ann, \
            Browser(site) as phone:
        ann.sign_up("Ann")
        assert phone.sign_in("Ann", PASSWORD).status_code == 200
        table_id = seated_table(site, ann)
        with ExitStack() as stack:
            mine = stack.enter_context(table_socket(site.ws_base, table_id, ann))
            turns = stack.enter_context(Stream(site.base, "/api/me/events", ann))
            on_phone = stack.enter_context(table_socket(site.ws_base, table_id, phone))
            site.hub.db.call(lambda s: s.execute(
                update(SessionRow).where(SessionRow.id_hash == secret_hash(ann.session))
                .values(expires_at=time.time() - 1)))
            assert closed_within(mine, 2.0) == (CLOSE_SIGNED_OUT, "signed out: the session expired")
            turns.ends_within(2.0)
            still_open(on_phone)


def test_signing_out_everywhere_closes_every_connection_of_the_account(
        site: LiveServer, ann: Browser, phone: Browser, ben: Browser,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    table_id = seated_table(site, ann)
    with ExitStack() as stack:
        spectator = stack.enter_context(table_socket(site.ws_base, table_id))
        sockets = [stack.enter_context(table_socket(site.ws_base, table_id, b))
                   for b in (ann, phone)]
        streams = [stack.enter_context(Stream(site.base, path, b))
                   for b in (ann, phone) for path in ("/api/me/events", "/api/lobby/events")]
        bens = stack.enter_context(table_socket(site.ws_base, table_id, ben))
        ben_turns = stack.enter_context(Stream(site.base, "/api/me/events", ben))
        spectator.drain(0.2)
        r = ann.delete("/api/me/sessions")
        assert r.status_code == 200 and r.json() == {"ended": 2}, r.text
        for socket in sockets:
            assert closed_within(socket) == (CLOSE_SIGNED_OUT,
                                             "signed out: the account signed out everywhere")
        for stream in streams:
            stream.ends_within(1.0)
        # Ann's seat is now a disconnected player's: the table says so, and its grace period runs.
        left = spectator.until(is_event("table"), timeout=5)
        assert left["event"] == {"kind": "table", "reason": "disconnect", "seat": 0}
        still_open(bens)
        still_open(spectator)
        assert not ben_turns.ended.is_set()
    lines = security_lines(caplog)
    [account] = [a.id for a in all_rows(site, AccountRow) if a.name == "Ann"]
    assert f"security event=sign_out_everywhere account={account} address=127.0.0.1 " \
           "sessions_ended=2" in lines
    assert (f"security event=connections_closed why=sign_out_everywhere account={account} "
            "sockets=2 streams=4") in lines


def test_a_new_password_closes_the_other_sessions_connections_but_not_this_ones(
        site: LiveServer, ann: Browser, phone: Browser, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    table_id = seated_table(site, ann)
    with ExitStack() as stack:
        mine = stack.enter_context(table_socket(site.ws_base, table_id, ann))
        on_phone = stack.enter_context(table_socket(site.ws_base, table_id, phone))
        my_turns = stack.enter_context(Stream(site.base, "/api/me/events", ann))
        phone_turns = stack.enter_context(Stream(site.base, "/api/me/events", phone))
        r = ann.post("/api/me/password", {"current": PASSWORD, "new": "a new password"})
        assert r.status_code == 204, r.text
        assert closed_within(on_phone) == (CLOSE_SIGNED_OUT,
                                           "signed out: the account's password was changed")
        phone_turns.ends_within(1.0)
        still_open(mine)
        assert not my_turns.ended.is_set()
    assert any(line.startswith("security event=password_changed account=") and
               line.endswith("sessions_ended=1") for line in security_lines(caplog))


def test_deleting_an_account_closes_its_connections_and_renames_its_seats(
        site: LiveServer, ann: Browser, phone: Browser, ben: Browser,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    table_id = seated_table(site, ann)
    with ExitStack() as stack:
        spectator = stack.enter_context(table_socket(site.ws_base, table_id))
        sockets = [stack.enter_context(table_socket(site.ws_base, table_id, b))
                   for b in (ann, phone)]
        stream = stack.enter_context(Stream(site.base, "/api/me/events", phone))
        bens = stack.enter_context(table_socket(site.ws_base, table_id, ben))
        spectator.drain(0.2)
        assert ann.delete("/api/me", {"password": PASSWORD}).status_code == 204
        for socket in sockets:
            assert closed_within(socket) == (CLOSE_SIGNED_OUT, "signed out: the account was deleted")
        stream.ends_within(1.0)
        renamed = spectator.until(lambda msg: is_event("table")(msg) and msg.get("table")
                                  and msg["table"]["seats"][0]["name"] == "deleted player",
                                  timeout=5)
        assert renamed["table"]["seats"][0]["account"] is False
        still_open(bens)
    lines = security_lines(caplog)
    assert any(line.startswith("security event=account_deleted account=") for line in lines)
    assert any(line.startswith("security event=connections_closed why=account_deleted")
               for line in lines)


# -- the bookkeeping, on its own -----------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_connection_checked_before_its_session_ended_but_held_after_is_closed_at_once() -> None:
    clock = Clock()
    holders = Holders(clock=clock)
    closed: list[tuple[int, str]] = []
    holders.end(End(7, why=Why.EVERYWHERE))
    # Checked a moment before the end, held a moment after: closed as soon as it is held.
    late = holders.hold(Signed(7, "h1", since=99.9), "socket", lambda c, r: closed.append((c, r)))
    assert closed == [(4401, "signed out: the account signed out everywhere")]
    # A session started after the end (checked after it) is not touched; nor another account's.
    holders.hold(Signed(7, "h2", since=100.1), "socket", lambda c, r: closed.append((c, r)))
    holders.hold(Signed(8, "h3", since=99.0), "stream", lambda c, r: closed.append((c, r)))
    assert len(closed) == 1 and holders.count(7) == 2 and holders.count(8) == 1
    holders.release(late)
    assert holders.count(7) == 1
    # An end is remembered for a while only.
    clock.now += REMEMBERED_SECONDS + 1
    holders.end(End(9))
    assert [e.account_id for _t, e in holders.recent] == [9]


def test_an_end_crosses_processes_as_a_message_and_back() -> None:
    for end in (End(3), End(3, frozenset({"a", "b"}), why=Why.SIGN_OUT),
                End(3, keep="k", why=Why.PASSWORD), End(4, why=Why.BANNED)):
        assert End.from_message(end.message()) == end
