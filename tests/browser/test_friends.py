"""Friends in a real browser: a player followed from their page and followed back from the
account page (friends), seen online from the home page, challenged from their page; the friend
accepts the challenge from the notice on their page and sits in the seat kept for them."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


def signed_up(browser: Browser, base: str, name: str, locale: str = "en-GB") -> tuple[BrowserContext, Page]:
    context = browser.new_context(base_url=base, locale=locale)
    made = context.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    return context, context.new_page()


def test_follow_see_online_challenge_and_accept(browser: Browser, live_server: LiveServer) -> None:
    tag = secrets.token_hex(3)
    ann, bob = f"Ann {tag}", f"Bob {tag}"
    contexts: list[BrowserContext] = []
    try:
        (ac, a), (bc, b) = (signed_up(browser, live_server.url, n) for n in (ann, bob))
        contexts = [ac, bc]
        # Ann follows Bob from his page: the button says so, for screen readers too.
        a.goto(f"/players/{bob}")
        follow = a.locator("#player-follow")
        expect(follow).to_have_text("Follow", timeout=WAIT_MS)
        expect(follow).to_have_attribute("aria-pressed", "false")
        follow.click()
        expect(follow).to_have_text("Unfollow", timeout=WAIT_MS)
        expect(follow).to_have_attribute("aria-pressed", "true")
        expect(a.locator("#player-challenge")).to_have_count(0)

        # Bob follows Ann back from his account page, by keyboard.
        b.goto("/account")
        expect(b.locator("#followers-list")).to_contain_text(ann, timeout=WAIT_MS)
        b.fill("#follow-name", ann)
        b.press("#follow-name", "Enter")
        following = b.locator("#following-list li", has_text=ann)
        expect(following).to_contain_text("friend", timeout=WAIT_MS)

        # Bob's account page is open (a page of his is online): Ann's home page shows him.
        a.goto("/")
        online = a.locator("#friends-online")
        expect(online).to_be_visible(timeout=WAIT_MS)
        expect(online.locator("li.friend-online", has_text=bob)).to_be_visible(timeout=WAIT_MS)

        # Ann challenges Bob from his page: a daihinmin table for two and two bots.
        a.goto(f"/players/{bob}")
        expect(a.locator("#player-relation")).to_contain_text("Friends", timeout=WAIT_MS)
        a.locator("#player-challenge").click()
        expect(a.locator("#challenge-dialog")).to_be_visible()
        a.select_option("#challenge-game", "daihinmin")
        a.select_option("#challenge-players", "4")
        a.click("#challenge-send")
        a.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=WAIT_MS)
        table_id = a.url.rsplit("/", 1)[1]

        # Bob's page tells him; he accepts and lands in his seat.
        notice = b.locator(".challenge-notice", has_text=ann)
        expect(notice).to_be_visible(timeout=WAIT_MS)
        expect(b.locator("#challenge-notices")).to_have_attribute("aria-live", "polite")
        notice.get_by_role("button", name="Accept").click()
        b.wait_for_url(re.compile(rf"/t/{table_id}$"), timeout=WAIT_MS)
        table = live_server.table(table_id)
        assert [s["name"] for s in table["seats"][:2]] == [ann, bob]
        assert table["status"] == "playing"

        # On Ann's home page, Bob now plays at that table, linked.
        a.goto("/")
        where = a.locator("#friends-online li.friend-online", has_text=bob)
        expect(where.locator(f"a[href='/t/{table_id}']")).to_be_visible(timeout=WAIT_MS)

        # Ann's own page lists the games of the players she follows (none finished yet).
        a.goto(f"/players/{ann}")
        games = a.locator("#player-friends-games")
        expect(games).to_be_visible(timeout=WAIT_MS)
        expect(games.get_by_role("heading")).to_have_text("Games of the players you follow")
        expect(games).to_contain_text("no finished games yet")
        expect(a.locator("#player-follow")).to_have_count(0)      # nobody follows themselves
    finally:
        for context in contexts:
            context.close()


def test_the_friends_panel_speaks_japanese_and_unfollows(browser: Browser,
                                                         live_server: LiveServer) -> None:
    tag = secrets.token_hex(3)
    ann, bob = f"Ann {tag}", f"Bob {tag}"
    contexts: list[BrowserContext] = []
    try:
        (ac, a), (bc, _b) = (signed_up(browser, live_server.url, ann, "ja-JP"),
                              signed_up(browser, live_server.url, bob))
        contexts = [ac, bc]
        a.goto("/account?lang=ja")
        expect(a.locator("#account-friends-title")).to_have_text("フレンド", timeout=WAIT_MS)
        a.fill("#follow-name", bob)
        a.click("#follow-submit")
        item = a.locator("#following-list li", has_text=bob)
        expect(item).to_be_visible(timeout=WAIT_MS)
        item.get_by_role("button", name=f"{bob} さんのフォローを解除").click()
        expect(a.locator("#following-list")).to_contain_text("まだ誰もフォローしていません",
                                                             timeout=WAIT_MS)
        a.fill("#follow-name", "nobody-" + tag)
        a.click("#follow-submit")
        expect(a.locator("#follow-error")).not_to_be_empty(timeout=WAIT_MS)
    finally:
        for context in contexts:
            context.close()
