"""A Swiss tournament in a real browser: a signed-in player starts one from the form, a second
player enters, the creator starts it now, goes to their table from the tournament's page, plays
the game by clicking, and comes back to the final standings; the page in Japanese."""

from __future__ import annotations

import re
import secrets
import threading
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from tests.server.session_sockets import play_seat

from .conftest import LiveServer
from .helpers import WAIT_MS, wait_until, zodiac_turn
from .helpers import play_to_end as click_to_end

PASSWORD = "correct horse battery"


def test_a_player_starts_a_tournament_plays_their_table_and_sees_the_standings(
        browser: Browser, live_server: LiveServer, shots: Path) -> None:
    tag = secrets.token_hex(3)
    base = live_server.url
    ann_ctx, bob_ctx = browser.new_context(base_url=base), browser.new_context(base_url=base)
    try:
        for ctx, name in ((ann_ctx, f"Ann {tag}"), (bob_ctx, f"Bob {tag}")):
            made = ctx.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
            assert made.status == 201, made.text()
        page = ann_ctx.new_page()
        page.goto("/tournaments")
        page.fill("#tournament-name", f"Cup {tag}")
        page.select_option("#tournament-game", "zodiac")
        page.fill("#tournament-players", "2")
        page.fill("#tournament-rounds", "1")
        page.select_option("#option-target", "2")   # the game's own options: a short game
        page.click("#tournament-form button[type=submit]")
        expect(page.locator("#tournament-title")).to_have_text(f"Cup {tag}", timeout=WAIT_MS)
        expect(page.locator("#tournament")).to_contain_text("1 player has entered")
        expect(page.locator("#tournament .tournament-facts")).to_contain_text("casual · live")
        assert page.locator("#tournament").get_attribute("hidden") is None
        tid = page.url.split("#", 1)[1]
        assert page.request.get(f"/api/tournaments/{tid}").json()["options"] == {
            "players": 2, "target": 2}
        csrf = next(c["value"] for c in bob_ctx.cookies() if c["name"] == "furuba_csrf")
        joined = bob_ctx.request.post(f"/api/tournaments/{tid}/join",
                                      headers={"x-csrf-token": csrf})
        assert joined.ok, joined.text()
        expect(page.locator("#tournament")).to_contain_text("2 players have entered",
                                                            timeout=WAIT_MS)
        page.click("button.tournament-start")
        go = page.locator("a.tournament-go")
        expect(go).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#tournaments-status")).to_contain_text("your table is ready")
        table_url = go.get_attribute("href") or ""
        table_id = table_url.rsplit("/", 1)[1]

        session = next(c["value"] for c in bob_ctx.cookies() if c["name"] == "furuba_session")

        def bob_plays() -> None:   # on a thread: no Playwright here
            play_seat([live_server.url.replace("http", "ws", 1)], table_id,
                      f"furuba_session={session}", seed=1, stop=time.monotonic() + 120)

        bob = threading.Thread(target=bob_plays, daemon=True)
        bob.start()
        go.click()
        page.wait_for_url(re.compile(r"/t/"))
        click_to_end(page, zodiac_turn)
        bob.join(60)
        page.goto(f"/tournaments#{tid}")
        expect(page.locator("#tournament .tournament-facts")).to_have_text(
            "Swiss · Friends of the Zodiac · 2 players a table · 1 round · casual · live · over",
            timeout=WAIT_MS)
        rows = page.locator(".tournament-standings tbody tr")
        expect(rows).to_have_count(2)
        points = [float(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(2)]
        assert sum(points) == 1.0 and points == sorted(points, reverse=True)
        expect(page.locator(".tournament-standings tr.you")).to_have_count(1)
        page.screenshot(path=shots / "tournament.png", full_page=True)
        expect(page.locator('table[data-list="finished"]')).to_contain_text(f"Cup {tag}")
        page.goto(f"/players/Ann {tag}")
        mine = page.locator("#player-tournaments")
        expect(mine).to_contain_text(f"Cup {tag}", timeout=WAIT_MS)
        expect(mine).to_contain_text(" of 2")
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_the_tournaments_page_asks_a_guest_to_sign_in_in_japanese(page: Page) -> None:
    page.goto("/tournaments?lang=ja")
    expect(page.get_by_role("heading", name="大会", level=1)).to_be_visible()
    expect(page.locator("#tournaments-new")).to_contain_text("サインイン", timeout=WAIT_MS)
    wait_until(lambda: page.locator("#tournaments-lists section").count() == 3)
    expect(page.locator("#tournaments-lists h2").first).to_have_text("参加受付中")
