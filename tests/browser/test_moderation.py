"""Moderation in a real browser: a chat line reported from the table, seen and acted on by a
moderator on the moderators' page (under the strict CSP: no inline script), and a player blocked
and unblocked from the pages."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy.orm import Session

from furuba.server.moderation.actions import Actor, set_role
from furuba.server.moderation.models import ReportRow, RestrictionRow
from furuba.server.moderation.store import CLI_ACTOR, find_account

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


def signed_up(browser: Browser, base: str, name: str) -> tuple[BrowserContext, Page]:
    """A browser of its own, signed up as ``name``."""
    context = browser.new_context(base_url=base)
    made = context.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    return context, context.new_page()


def csrf(context: BrowserContext) -> dict[str, str]:
    token = next(c["value"] for c in context.cookies() if c["name"] == "furuba_csrf")
    return {"x-csrf-token": token}


def db_call(server: LiveServer, fn: Any) -> Any:
    return server.app.state.hub.db.call(fn)


def test_a_chat_line_reported_at_the_table_is_muted_from_the_moderators_page(
        browser: Browser, live_server: LiveServer) -> None:
    tag = secrets.token_hex(3)
    ann, bob, mia = f"Ann {tag}", f"Bob {tag}", f"Mia {tag}"
    base = live_server.url
    table_id = live_server.create(game="zodiac", seats=["human", "human"])["id"]
    contexts = []
    try:
        (ac, a), (bc, b), (mc, m) = (signed_up(browser, base, n) for n in (ann, bob, mia))
        contexts = [ac, bc, mc]
        for number, context in enumerate((ac, bc)):
            joined = context.request.post(f"/api/tables/{table_id}/join", data={"seat": number},
                                          headers=csrf(context))
            assert joined.ok, joined.text()
        db_call(live_server, lambda s: set_role(s, Actor(CLI_ACTOR, "admin"), mia, "moderator"))
        b.goto(f"/t/{table_id}")
        a.goto(f"/t/{table_id}")
        b.fill("#chat-text", "you are all hopeless")
        b.press("#chat-text", "Enter")
        line = a.locator(".chat-list li", has_text="you are all hopeless")
        expect(line).to_be_visible(timeout=WAIT_MS)
        line.locator(".chat-report").click()
        expect(a.locator("#report-dialog")).to_be_visible()
        a.select_option("#report-reason", "abuse")
        a.fill("#report-text", "insulting the table")
        a.click("#report-send")
        expect(a.locator("#report-dialog")).to_have_count(0, timeout=WAIT_MS)

        m.goto("/moderation")
        report = m.locator("article.report").first
        expect(report).to_contain_text(bob, timeout=WAIT_MS)
        expect(report).to_contain_text("insulting the table")
        expect(report.locator("li.reported")).to_contain_text("you are all hopeless")
        report.locator("select").select_option("mute60")
        report.locator("input[name=reason]").fill("insults at the table")
        report.locator("button[type=submit]").click()
        expect(m.locator("#moderation-reports")).to_contain_text("No open report", timeout=WAIT_MS)
        audit = m.locator("#audit-log")
        expect(audit).to_contain_text("muted")
        expect(audit).to_contain_text("insults at the table")

        def state(s: Session) -> tuple[float | None, str]:
            row = s.get(RestrictionRow, find_account(s, bob).id)
            report_row = s.query(ReportRow).filter(ReportRow.table_id == table_id).one()
            return (row.muted_until if row is not None else None), report_row.status

        until, status = db_call(live_server, state)
        assert until is not None and status == "closed"
        b.fill("#chat-text", "one more")
        b.press("#chat-text", "Enter")
        expect(b.locator("body")).to_contain_text(re.compile("muted your chat"), timeout=WAIT_MS)
    finally:
        for context in contexts:
            context.close()


def test_a_player_blocked_from_their_page_is_listed_and_unblocked_on_the_account_page(
        browser: Browser, live_server: LiveServer) -> None:
    tag = secrets.token_hex(3)
    ann, bob = f"Ann {tag}", f"Bob {tag}"
    base = live_server.url
    (ac, a), (bc, _b) = (signed_up(browser, base, n) for n in (ann, bob))
    try:
        a.goto(f"/players/{bob}")
        a.click("#player-block")
        expect(a.locator("#player-block")).to_have_text("Unblock", timeout=WAIT_MS)
        a.goto("/account")
        blocks = a.locator("#block-list")
        expect(blocks).to_contain_text(bob, timeout=WAIT_MS)
        blocks.get_by_role("button", name=f"Unblock {bob}").click()
        expect(blocks).to_contain_text("You block nobody", timeout=WAIT_MS)
        assert a.request.get("/api/me/blocks").json() == {"blocks": []}
    finally:
        ac.close()
        bc.close()
