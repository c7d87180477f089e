"""Arenas and duplicates in a real browser: a player starts an arena from the form, waits on its
page and is taken to their table as it is made, plays it by clicking, and from the table's page
is told of their next table the moment the arena seats them again; a duplicate's form asks for
rounds, its page keeps the round's deal secret and offers no table to watch, in Japanese too."""

from __future__ import annotations

import re
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, expect
from tests.server.session_sockets import play_seat

from .conftest import LiveServer
from .helpers import WAIT_MS, wait_until, zodiac_turn
from .helpers import play_to_end as click_to_end

PASSWORD = "correct horse battery"


def signed_up(browser: Browser, base: str, name: str) -> BrowserContext:
    ctx = browser.new_context(base_url=base)
    made = ctx.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    return ctx


def csrf(ctx: BrowserContext) -> dict[str, str]:
    return {"x-csrf-token": next(c["value"] for c in ctx.cookies() if c["name"] == "furuba_csrf")}


def tournament(ctx: BrowserContext, tid: str) -> dict[str, Any]:
    r = ctx.request.get(f"/api/tournaments/{tid}")
    assert r.ok, r.text()
    out: dict[str, Any] = r.json()
    return out


def plays_in_background(live: LiveServer, ctx: BrowserContext, table_id: str) -> threading.Thread:
    """The account of ``ctx`` plays its seat at ``table_id`` over a socket, on a thread."""
    session = next(c["value"] for c in ctx.cookies() if c["name"] == "furuba_session")
    thread = threading.Thread(target=play_seat, daemon=True, args=(
        [live.url.replace("http", "ws", 1)], table_id, f"furuba_session={session}", 1,
        time.monotonic() + 120))
    thread.start()
    return thread


def test_an_arena_takes_a_waiting_player_to_each_new_table(
        browser: Browser, live_server: LiveServer, shots: Path) -> None:
    tag = secrets.token_hex(3)
    ann, bob = (signed_up(browser, live_server.url, f"{n} {tag}") for n in ("Ann", "Bob"))
    try:
        page = ann.new_page()
        page.goto("/tournaments")
        page.select_option("#tournament-kind", "arena")
        expect(page.locator("#tournament-minutes")).to_be_visible()
        expect(page.locator("#tournament-rounds")).to_be_hidden()
        expect(page.locator("#tournament-pace")).to_be_hidden()
        expect(page.locator("#tournament-kind-help")).to_contain_text("seated again")
        page.fill("#tournament-name", f"Arena {tag}")
        page.select_option("#tournament-game", "zodiac")
        page.fill("#tournament-players", "2")
        page.select_option("#option-target", "2")
        page.click("#tournament-form button[type=submit]")
        expect(page.locator("#tournament-title")).to_have_text(f"Arena {tag}", timeout=WAIT_MS)
        tid = page.url.split("#", 1)[1]
        assert bob.request.post(f"/api/tournaments/{tid}/join", headers=csrf(bob)).ok
        bob.new_page().goto(f"/tournaments#{tid}")   # Bob is online: his page is open
        expect(page.locator("#tournament")).to_contain_text("2 players have entered",
                                                            timeout=WAIT_MS)
        page.click("button.tournament-start")
        # Waiting on the arena's page, Ann is taken to her table as soon as it is made.
        page.wait_for_url(re.compile(r"/t/"), timeout=WAIT_MS)
        first = page.url.rsplit("/", 1)[1]
        bob_first = tournament(bob, tid)["my_table"]["table_id"]
        assert bob_first == first
        bob_plays = plays_in_background(live_server, bob, first)
        click_to_end(page, zodiac_turn)
        bob_plays.join(60)
        # From the finished table's page, she is told of her next table and goes to it.
        notice = page.locator("#tournament-notices .challenge-notice")
        expect(notice).to_contain_text(f"Arena {tag}", timeout=WAIT_MS)
        wait_until(lambda: (tournament(bob, tid)["my_table"] or {}).get("table_id")
                   not in (None, first))
        second = tournament(bob, tid)["my_table"]["table_id"]
        assert notice.get_attribute("data-tournament-table") == second
        notice.get_by_role("link").click()
        page.wait_for_url(f"**/t/{second}")
        expect(page.locator("#tournament-notices .challenge-notice")).to_have_count(0)
        page.goto(f"/tournaments#{tid}")
        expect(page.locator("#tournament .tournament-facts")).to_contain_text(
            "Arena · Friends of the Zodiac · 2 players a table · 30 minutes", timeout=WAIT_MS)
        expect(page.locator("#tournament .tournament-ends")).to_contain_text("Ends")
        expect(page.locator(".tournament-standings thead")).to_contain_text("Games")
        rows = page.locator(".tournament-standings tbody tr")
        expect(rows).to_have_count(2)
        games = [int(rows.nth(i).locator("td").nth(3).inner_text()) for i in range(2)]
        assert games == [1, 1]
        expect(page.locator(".tournament-round h3").first).to_have_text("Wave 2")
        page.screenshot(path=shots / "arena.png", full_page=True)
        phone = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844},
                                    device_scale_factor=2, is_mobile=True, has_touch=True)
        try:   # the arena's page fits a phone's screen: nothing to scroll sideways
            small = phone.new_page()
            small.goto(f"/tournaments#{tid}")
            expect(small.locator(".tournament-standings tbody tr")).to_have_count(2, timeout=WAIT_MS)
            width = small.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 392, f"the page is {width}px wide on a 390px screen"
        finally:
            phone.close()
    finally:
        ann.close()
        bob.close()


def test_a_duplicates_page_keeps_the_deal_secret_and_offers_no_table_to_watch(
        browser: Browser, live_server: LiveServer) -> None:
    tag = secrets.token_hex(3)
    ann, bob, cat = (signed_up(browser, live_server.url, f"{n} {tag}")
                     for n in ("Ann", "Bob", "Cat"))
    try:
        page = ann.new_page()
        page.goto("/tournaments?lang=ja")
        page.select_option("#tournament-kind", "duplicate")
        expect(page.locator("#tournament-kind-help")).to_contain_text("同じ配り")
        expect(page.locator("#tournament-rounds")).to_be_visible()
        expect(page.locator("#tournament-minutes")).to_be_hidden()
        page.fill("#tournament-name", f"Dup {tag}")
        page.select_option("#tournament-game", "zodiac")
        page.fill("#tournament-players", "2")
        page.fill("#tournament-rounds", "2")
        page.click("#tournament-form button[type=submit]")
        expect(page.locator("#tournament-title")).to_have_text(f"Dup {tag}", timeout=WAIT_MS)
        tid = page.url.split("#", 1)[1]
        for ctx in (bob, cat):
            assert ctx.request.post(f"/api/tournaments/{tid}/join", headers=csrf(ctx)).ok
        page.click("button.tournament-start")
        expect(page.locator(".tournament-deal")).to_contain_text("秘密", timeout=WAIT_MS)
        expect(page.locator(".tournament-standings thead")).to_contain_text("マッチポイント")
        # Three players at tables of two: two tables, a bot in the second.
        tables = page.locator(".tournament-table")
        expect(tables).to_have_count(2)
        expect(page.locator(".tournament-tables")).to_contain_text("ボット")
        mine = page.locator(".tournament-table.mine a")
        expect(mine).to_have_count(1)
        theirs = page.locator(".tournament-table:not(.mine) a")
        expect(theirs).to_have_count(0)   # sealed while they play: nothing to watch
        table_url = mine.get_attribute("href") or ""
        spectator = cat.new_page() if tournament(cat, tid)["my_table"]["url"] != table_url \
            else bob.new_page()
        spectator.goto(table_url)
        expect(spectator.locator("#game")).to_contain_text("watched once it is over",
                                                           timeout=WAIT_MS)
    finally:
        for ctx in (ann, bob, cat):
            ctx.close()
