"""Moderation: blocks, reports, the moderators' actions and their audit log (one server)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from furuba import i18n
from furuba.server.moderation.actions import Actor, Decision, act, set_role
from furuba.server.moderation.models import ReportRow, RestrictionRow
from furuba.server.moderation.store import CLI_ACTOR
from furuba.text import _

from .account_client import ROOMY, Browser, all_rows, refused
from .harness import Client, LiveServer, is_event

CHATTY = {**ROOMY, "chat_per_second": 100.0, "chat_burst": 100, "table_chat_per_second": 100.0,
          "table_chat_burst": 100, "reports_per_hour": 3}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose chat throttles let one address speak for several players."""
    with LiveServer(f"sqlite:///{tmp_path / 'furuba.sqlite3'}", **CHATTY) as server:
        yield server


@contextmanager
def players(site: LiveServer, *names: str) -> Iterator[list[Browser]]:
    browsers = [Browser(site) for _ in names]
    try:
        for browser, name in zip(browsers, names, strict=True):
            browser.sign_up(name)
        yield browsers
    finally:
        for browser in browsers:
            browser.http.close()


def make_staff(site: LiveServer, name: str, role: str = "moderator") -> None:
    site.hub.db.call(set_role, Actor(CLI_ACTOR, "admin"), name, role)


@contextmanager
def socket(site: LiveServer, table_id: str, browser: Browser | None,
           tokens: list[str] | None = None) -> Iterator[Client]:
    """A table's WebSocket opened by ``browser`` (its session cookie sent), after its snapshot
    (in ``client.frames``)."""
    headers = {"Cookie": f"furuba_session={browser.session}"} if browser is not None else {}
    with connect(f"{site.ws_base}/ws/tables/{table_id}", open_timeout=10, compression=None,
                 max_size=None, additional_headers=headers) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": tokens or []})
        client.until_type("snapshot")
        yield client


def seat(site: LiveServer, browser: Browser, table_id: str, number: int) -> str:
    r = browser.post(f"/api/tables/{table_id}/join", {"seat": number, "name": ""})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def snapshot_of(client: Client) -> dict[str, Any]:
    found: dict[str, Any] = next(m for m in map(json.loads, client.frames)
                                 if m.get("type") == "snapshot")
    return found


def chat_of(msg: dict[str, Any]) -> dict[str, Any] | None:
    if msg.get("type") == "event" and msg["event"]["kind"] == "chat":
        event: dict[str, Any] = msg["event"]
        return event
    return None


def test_a_blocked_players_chat_reaches_everyone_but_the_blocker(site: LiveServer) -> None:
    table_id = site.create(game="zodiac", seats=["human", "human", "human"])["id"]
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        for number, browser in enumerate((ann, bob, cat)):
            seat(site, browser, table_id, number)
        assert ann.post("/api/me/blocks", {"name": "bob"}).json() == {"blocked": "Bob"}
        with socket(site, table_id, ann) as a, socket(site, table_id, bob) as b, \
                socket(site, table_id, cat) as c:
            b.send({"type": "chat", "text": "hello from Bob"})
            heard = c.until(lambda msg: chat_of(msg) is not None)
            assert heard["event"]["text"] == "hello from Bob"
            masked = a.until(lambda msg: msg.get("type") == "event" and msg["seq"] == heard["seq"])
            assert masked["event"] == {"kind": "hidden"}
            assert "hello from Bob" not in "".join(a.frames)
            c.send({"type": "chat", "text": "hello from Cat"})
            assert chat_of(a.until(is_event("chat")))["text"] == "hello from Cat"  # type: ignore[index]
        with socket(site, table_id, ann) as a, socket(site, table_id, cat) as c:
            texts_a = [line["text"] for line in snapshot_of(a)["chat"]]
            texts_c = [line["text"] for line in snapshot_of(c)["chat"]]
        assert texts_a == ["hello from Cat"]
        assert texts_c == ["hello from Bob", "hello from Cat"]
        assert ann.delete("/api/me/blocks/Bob").json() == {"unblocked": "Bob"}
        assert ann.get("/api/me/blocks").json() == {"blocks": []}


def test_a_blocked_player_is_refused_a_seat_at_the_blockers_table(site: LiveServer) -> None:
    table_id = site.create(game="zodiac", seats=["human", "human", "human"])["id"]
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        seat(site, ann, table_id, 0)
        ann.post("/api/me/blocks", {"name": "Bob"})
        detail = refused(bob.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": ""}), 403,
                         "cannot take a seat at this table")
        assert "block" not in detail and "Ann" not in detail
        assert site.table(table_id)["seats"][1]["claimed"] is False
        seat(site, cat, table_id, 1)                     # anyone else may sit
        other = site.create(game="zodiac", seats=["human", "human"])["id"]
        seat(site, bob, other, 0)                        # and it works both ways
        refused(ann.post(f"/api/tables/{other}/join", {"seat": 1, "name": ""}), 403)
        ann.delete("/api/me/blocks/bob")
        seat(site, ann, other, 1)


def test_a_blocked_player_is_refused_a_seat_at_a_table_the_blocker_made_and_left_open(
        site: LiveServer) -> None:
    """"They cannot take a seat at your tables": a table Ann created while signed in keeps Bob,
    whom she blocks, off it even while Ann holds no seat there."""
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        made = ann.post("/api/tables", {"game": "zodiac", "seats": ["human", "human", "human"]})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        ann.post("/api/me/blocks", {"name": "Bob"})
        refused(bob.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": ""}), 403,
                "cannot take a seat at this table")
        seat(site, cat, table_id, 1)
        ann.delete("/api/me/blocks/bob")
        seat(site, bob, table_id, 2)


def test_play_now_never_seats_blocked_players_together(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Cat") as (ann, bob, cat):
        bob.post("/api/me/blocks", {"name": "Ann"})
        body = {"game": "zodiac", "bots_after": 600}
        first = ann.post("/api/lobby/play", body).json()
        second = bob.post("/api/lobby/play", body).json()
        third = cat.post("/api/lobby/play", body).json()
    assert first["opened"] and second["opened"] and first["id"] != second["id"]
    assert third["id"] == first["id"] and not third["opened"]


def test_a_report_of_a_chat_line_is_stored_with_its_context(site: LiveServer) -> None:
    table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
    with players(site, "Ann", "Bob") as (ann, bob):
        seat(site, ann, table_id, 0)
        seat(site, bob, table_id, 1)
        with socket(site, table_id, ann) as a, socket(site, table_id, bob) as b:
            for n in range(25):
                (a if n % 2 else b).send({"type": "chat", "text": f"line {n}"})
                a.until(lambda msg, n=n: (chat_of(msg) or {}).get("text") == f"line {n}")
        bad = next(json.loads(f) for f in a.frames if '"line 12"' in f)
        r = ann.post("/api/reports", {"table": table_id, "seq": bad["seq"], "reason": "abuse",
                                      "text": "rude"})
        assert r.status_code == 201, r.text
        refused(ann.post("/api/reports", {"player": "Ann", "reason": "spam"}), 400, "yourself")
        refused(ann.post("/api/reports", {"player": "Bob", "reason": "rudeness"}), 400, "reason")
        refused(ann.post("/api/reports", {"table": table_id, "seq": 99999, "reason": "spam"}),
                404)
    [row] = all_rows(site, ReportRow)
    assert (row.reporter_name, row.target_name, row.reason, row.text) == ("Ann", "Bob", "abuse",
                                                                         "rude")
    assert row.target_id is not None and row.table_id == table_id and row.status == "open"
    assert [line["text"] for line in row.context] == [f"line {n}" for n in range(2, 23)]
    assert {line["name"] for line in row.context} == {"Ann", "Bob"}


def test_a_reporter_may_not_flood_reports(site: LiveServer) -> None:
    with players(site, "Ann", "Bob") as (ann, _bob):
        for _ in range(3):
            assert ann.post("/api/reports", {"player": "Bob", "reason": "spam"}).status_code == 201
        refused(ann.post("/api/reports", {"player": "Bob", "reason": "spam"}), 429, "last hour")
        refused(Browser(site).post("/api/reports", {"player": "Bob", "reason": "spam"}), 401)
    assert len(all_rows(site, ReportRow)) == 3


def test_a_muted_player_cannot_chat_until_the_mute_ends(site: LiveServer) -> None:
    table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
    with players(site, "Ann", "Bob", "Mia") as (ann, bob, mia):
        make_staff(site, "Mia")
        seat(site, ann, table_id, 0)
        seat(site, bob, table_id, 1)
        r = mia.post("/api/moderation/actions", {"action": "mute", "player": "Bob",
                                                 "minutes": 30, "reason": "insults"})
        assert r.status_code == 200, r.text
        with socket(site, table_id, bob) as b:
            b.send({"type": "chat", "text": "still here"})
            error = b.until_type("error")
            assert error["code"] == "muted" and "30 minutes" in error["message"]

            def end_mute(s: Session) -> None:
                s.execute(update(RestrictionRow).values(muted_until=time.time() - 1))
            site.hub.db.call(end_mute)
            b.send({"type": "chat", "text": "sorry"})
            assert chat_of(b.until(is_event("chat")))["text"] == "sorry"  # type: ignore[index]
        assert bob.get("/api/me/standing").json()["muted_until"] is None


def test_a_site_may_keep_chat_to_accounts(tmp_path: Path) -> None:
    """``guest_chat=False`` (``furuba serve --no-guest-chat``): a guest's line is refused with a
    sentence and nothing is stored; a signed-in player's goes through."""
    with LiveServer(f"sqlite:///{tmp_path / 'accounts-only.sqlite3'}", **CHATTY,
                    guest_chat=False) as site:
        table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
        guest = site.join(table_id, 1, "Gus")
        with players(site, "Ann") as (ann,):
            seat(site, ann, table_id, 0)
            with socket(site, table_id, None, [guest]) as g, socket(site, table_id, ann) as a:
                g.send({"type": "chat", "text": "hi from a guest"})
                error = g.until_type("error")
                assert error["code"] == "not_allowed" and "sign in to chat" in error["message"]
                a.send({"type": "chat", "text": "hi from Ann"})
                assert chat_of(g.until(is_event("chat")))["text"] == "hi from Ann"  # type: ignore[index]
            with socket(site, table_id, ann) as again:
                assert [line["text"] for line in snapshot_of(again)["chat"]] == ["hi from Ann"]


def test_a_ban_refuses_sign_in_ends_sessions_and_hands_seats_to_bots(site: LiveServer) -> None:
    table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
    with players(site, "Ann", "Bob", "Mia") as (ann, bob, mia):
        make_staff(site, "Mia")
        seat(site, ann, table_id, 0)
        token = seat(site, bob, table_id, 1)
        with socket(site, table_id, ann) as a, socket(site, table_id, bob, [token]) as b:
            r = mia.post("/api/moderation/actions", {"action": "ban", "player": "Bob",
                                                     "reason": "cheating"})
            assert r.status_code == 200, r.text
            zombie = a.until(lambda msg: msg.get("type") == "event"
                             and msg["event"].get("reason") == "zombie")
            assert zombie["event"]["seat"] == 1
            with pytest.raises(ConnectionClosed):   # Bob's socket was closed
                b.until(lambda msg: False, timeout=5)
        assert b.ws.close_code in (4401, 4403)
        assert bob.me()["signed_in"] is False
        refused(bob.sign_in("Bob"), 403, "banned")
        with socket(site, table_id, None, [token]) as again:   # the seat's token holds nothing
            assert json.loads(again.frames[0])["seats"] == []
            assert snapshot_of(again)["table"]["seats"][1]["zombie"] is True
        mia.post("/api/moderation/actions", {"action": "unban", "player": "Bob"})
        assert bob.sign_in("Bob").status_code == 200


def test_a_ban_made_elsewhere_bars_the_seat_when_its_player_comes_back(site: LiveServer) -> None:
    """A ban the server was not told of (``furuba admin`` without Redis, or a table loaded
    again after a restart): the seat's token no longer holds it once the ban is in the
    database."""
    table_id = site.create(game="zodiac", seats=["human", "human"])["id"]
    with players(site, "Ann", "Bob") as (ann, bob):
        seat(site, ann, table_id, 0)
        token = seat(site, bob, table_id, 1)
        with socket(site, table_id, None, [token]) as before:
            assert json.loads(before.frames[0])["seats"] == [1]
        site.hub.db.call(act, Actor(CLI_ACTOR, "admin"), Decision("ban", "Bob", "spam"))
        with socket(site, table_id, None, [token]) as after:
            assert json.loads(after.frames[0])["seats"] == []
        with socket(site, table_id, ann) as a:    # the others keep theirs
            assert json.loads(a.frames[0])["seats"] == [0]


def test_only_moderators_see_reports_and_act(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Mia", "Max") as (ann, bob, mia, max_):
        make_staff(site, "Mia")
        make_staff(site, "Max", "admin")
        ann.post("/api/reports", {"player": "Bob", "reason": "spam"})
        refused(Browser(site).get("/api/moderation/reports"), 401)
        refused(ann.get("/api/moderation/reports"), 403, "moderators")
        refused(ann.post("/api/moderation/actions", {"action": "ban", "player": "Bob",
                                                     "reason": "x"}), 403)
        refused(ann.post("/api/moderation/reports/1/close", {}), 403)
        refused(mia.post("/api/moderation/actions", {"action": "ban", "player": "Max",
                                                     "reason": "x"}), 403, "admin")
        refused(mia.post("/api/moderation/actions", {"action": "warn", "player": "Mia",
                                                     "reason": "x"}), 400, "your own")
        refused(mia.post("/api/moderation/actions", {"action": "warn", "player": "Bob"}), 400,
                "why")
        refused(mia.post("/api/moderation/actions", {"action": "mute", "player": "Bob",
                                                     "reason": "x"}), 400, "minutes")
        refused(mia.post("/api/moderation/reports/99999999999/close", {}), 400)
        [report] = mia.get("/api/moderation/reports").json()["reports"]
        assert (report["reporter"], report["player"], report["reason"]) == ("Ann", "Bob", "spam")
        assert max_.post("/api/moderation/actions", {"action": "warn", "player": "Mia",
                                                     "reason": "be kind"}).status_code == 200
        assert bob.get("/api/me/standing").json()["role"] == "player"
        assert mia.get("/api/me/standing").json()["role"] == "moderator"
        assert site.http.get("/moderation").status_code == 200


def test_every_action_is_written_to_the_audit_log(site: LiveServer) -> None:
    with players(site, "Ann", "Bob", "Mia") as (ann, bob, mia):
        make_staff(site, "Mia")
        first = ann.post("/api/reports", {"player": "Bob", "reason": "abuse", "text": "x"}).json()
        second = ann.post("/api/reports", {"player": "Bob", "reason": "spam"}).json()
        steps = [{"action": "warn", "player": "Bob", "reason": "mind your words",
                  "report": first["id"]},
                 {"action": "mute", "player": "Bob", "reason": "again", "minutes": 10},
                 {"action": "unmute", "player": "Bob"},
                 {"action": "ban", "player": "Bob", "reason": "third time"},
                 {"action": "unban", "player": "Bob", "reason": "appeal"}]
        for step in steps:
            r = mia.post("/api/moderation/actions", step)
            assert r.status_code == 200, r.text
        r = mia.post(f"/api/moderation/reports/{second['id']}/close", {"reason": "duplicate"})
        assert r.status_code == 200, r.text
        refused(mia.post(f"/api/moderation/reports/{second['id']}/close", {}), 409)
        log = mia.get("/api/moderation/audit").json()["audit"]
        assert bob.sign_in("Bob").status_code == 200
        notices = bob.get("/api/me/standing").json()["notices"]
        queue = mia.get("/api/moderation/reports").json()["reports"]
    assert [(e["actor"], e["action"], e["target"]) for e in reversed(log)] == [
        ("furuba admin", "role", "Mia"), ("Mia", "warn", "Bob"), ("Mia", "close", "Bob"),
        ("Mia", "mute", "Bob"), ("Mia", "unmute", "Bob"), ("Mia", "ban", "Bob"), ("Mia", "unban", "Bob"),
        ("Mia", "close", "Bob")]
    assert log[-2]["reason"] == "mind your words" and log[0]["reason"] == "duplicate"
    assert all(e["at"] > 0 for e in log)
    assert [n["text"] for n in notices] == ["mind your words"]
    assert queue == []


def test_refusals_are_said_in_the_players_language(site: LiveServer) -> None:
    """The refusals said on the database's thread are in the request's language (what the
    catalog says in Japanese)."""
    with i18n.speaking("ja"):
        expected = _("you cannot block yourself")
    with players(site, "Ann") as (ann,):
        ann.http.headers["Accept-Language"] = "ja"
        assert refused(ann.post("/api/me/blocks", {"name": "Ann"}), 400) == expected
