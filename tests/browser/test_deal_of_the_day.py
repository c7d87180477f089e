"""The deal of the day in a real browser: a signed-in player opens /deals, plays the deal by
clicking through its table, and comes back to see where they stand among the others who played
the same cards; a guest is asked to sign in; the page in Japanese."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from tests.server.session_sockets import play_seat

from furuba.server.deals import days
from furuba.server.deals.models import DealPlayRow, DealRow
from furuba.server.deals.store import Deal, DealStore, NewDeal

from .conftest import LiveServer
from .helpers import WAIT_MS, zodiac_turn
from .helpers import play_to_end as click_to_end

PASSWORD = "correct horse battery"


def short_deal(live_server: LiveServer) -> Deal:
    """Today's deal of Friends of the Zodiac made afresh for this test: short, quick bots."""
    today = days.day_of(time.time())
    opens, closes = days.bounds(today)

    def fresh(s: Session) -> Deal:
        old = select(DealRow.id).where(DealRow.day == today, DealRow.game == "zodiac")
        s.execute(delete(DealPlayRow).where(DealPlayRow.deal_id.in_(old)))
        s.execute(delete(DealRow).where(DealRow.day == today, DealRow.game == "zodiac"))
        return DealStore.of_day(s, today, "zodiac", opens, closes,
                                NewDeal(options={"target": 2}, players=3, seat=0, bot="greedy",
                                        seed=secrets.randbits(40)))

    deal: Deal = live_server.app.state.hub.db.call(fresh)
    live_server.app.state.deals_memory = None
    return deal


@contextmanager
def signed_up(browser: Browser, base: str, name: str) -> Iterator[tuple[BrowserContext, Page]]:
    context = browser.new_context(base_url=base)
    try:
        made = context.request.post("/api/accounts", data={"name": name, "password": PASSWORD})
        assert made.status == 201, made.text()
        yield context, context.new_page()
    finally:
        context.close()


def scripted_try(context: BrowserContext, live_server: LiveServer, deal: Deal) -> None:
    """``context``'s account plays the deal to the end over a socket (at random, so its result
    may differ from the page's)."""
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "furuba_csrf")
    started = context.request.post(f"/api/deals/{deal.id}/play", headers={"x-csrf-token": csrf})
    assert started.status == 201, started.text()
    session = next(c["value"] for c in context.cookies() if c["name"] == "furuba_session")
    ws_url = live_server.url.replace("http", "ws", 1)
    play_seat([ws_url], started.json()["table_id"], f"furuba_session={session}",
              seed=len(session), stop=time.monotonic() + 120)


def test_a_player_plays_the_deal_of_the_day_and_sees_where_they_stand(
        browser: Browser, live_server: LiveServer, shots: Path) -> None:
    deal = short_deal(live_server)
    tag = secrets.token_hex(3)
    base = live_server.url
    with signed_up(browser, base, f"Uo {tag}") as (uo, _), \
            signed_up(browser, base, f"Hana {tag}") as (hana, _), \
            signed_up(browser, base, f"Tohru {tag}") as (_, page):
        for other in (uo, hana):
            scripted_try(other, live_server, deal)
        page.goto("/deals")
        article = page.locator('article.deal[data-game="zodiac"]')
        expect(article).to_contain_text("3 players · you play seat 1 · bots: greedy",
                                        timeout=WAIT_MS)
        expect(article.locator(".deal-best tbody tr")).to_have_count(2)
        expect(article.locator(".deal-best")).to_contain_text("after you play")
        article.locator("button.deal-play").click()
        page.wait_for_url(f"{base}/t/*")
        click_to_end(page, zodiac_turn)

        page.goto("/deals")
        article = page.locator('article.deal[data-game="zodiac"]')
        expect(article.locator(".deal-mine")).to_contain_text("Your result:", timeout=WAIT_MS)
        expect(article.locator(".deal-matchpoints")).to_contain_text(
            "of the 2 other players who finished it (ties count half): rank")
        rows = article.locator(".deal-distribution tbody tr")
        counts = [int(rows.nth(i).locator(".num").inner_text()) for i in range(rows.count())]
        assert sum(counts) == 3
        expect(article.locator(".deal-distribution tr.mine")).to_have_count(1)
        expect(article.locator(".deal-best a.replay-link")).to_have_count(3)
        expect(article.locator("button.deal-play")).to_have_count(0)
        article.screenshot(path=shots / "deal-of-the-day.png")
        article.locator("a.deal-replay").click()
        page.wait_for_url(f"{base}/replay/*")
        expect(page.locator("body")).not_to_contain_text("finished the deal", timeout=WAIT_MS)


def test_a_guest_is_asked_to_sign_in_and_the_page_speaks_japanese(page: Page,
                                                                  live_server: LiveServer) -> None:
    short_deal(live_server)
    page.goto("/deals?lang=ja")
    expect(page.get_by_role("heading", name="今日のディール", level=1)).to_be_visible()
    article = page.locator('article.deal[data-game="zodiac"]')
    expect(article).to_contain_text("3人 · あなたは1番席", timeout=WAIT_MS)
    expect(article.locator("a.deal-sign-in")).to_have_text("サインイン")
    expect(article.locator("button.deal-play")).to_have_count(0)
    expect(page.locator("#deals-earlier-day option")).to_have_count(31)
