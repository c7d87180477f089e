"""A table page whose session ends elsewhere: its socket is closed (4401), the page says the player
was signed out, and it does not try again and again with the ended session."""

from __future__ import annotations

import secrets

import httpx
import pytest
from playwright.sync_api import Page, WebSocket, expect

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def test_a_table_page_signed_out_elsewhere_stops_and_says_so(page: Page,
                                                              live_server: LiveServer) -> None:
    site = live_server.url
    name = f"Tester {secrets.token_hex(3)}"
    made = page.request.post(f"{site}/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.ok, made.text()
    csrf = made.json()["csrf"]
    table_id = live_server.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])["id"]
    joined = page.request.post(f"{site}/api/tables/{table_id}/join", data={"seat": 0, "name": ""},
                               headers={"X-CSRF-Token": csrf})
    assert joined.ok, joined.text()
    opened: list[WebSocket] = []
    page.on("websocket", lambda ws: opened.append(ws))
    page.goto(f"{site}/t/{table_id}")
    conn = page.locator("#conn")
    expect(conn).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    with httpx.Client(base_url=site, timeout=30) as phone:   # another device signs out everywhere
        assert phone.post("/api/session", json={"name": name, "password": PASSWORD}).is_success
        ended = phone.delete("/api/me/sessions", headers={"X-CSRF-Token": phone.cookies["furuba_csrf"]})
        assert ended.json() == {"ended": 2}
    expect(conn).to_have_attribute("data-state", "signed_out", timeout=5_000)
    expect(page.locator(".toast-error")).to_contain_text("You were signed out")
    sockets = len(opened)
    page.wait_for_timeout(3_000)
    assert len(opened) == sockets, "the page opened sockets again with the ended session"
