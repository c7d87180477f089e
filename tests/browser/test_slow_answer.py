"""A table that is slow to answer: the page says it is waiting, keeps the decision taken, and
offers it again only when no answer comes at all."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import LEGAL, WAIT_MS, HeldSocket, wait_ready, zodiac_turn
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser


def held_table(browser: Browser, base_url: str, server: LiveServer, seed: int) -> tuple[Page, HeldSocket]:
    """A Friends of the Zodiac table with the page in seat 0, its messages to the server held
    back on demand."""
    table_id = server.create(game="zodiac", seats=["human", "greedy", "greedy"], seed=seed,
                             options={"target": 3})["id"]
    page = browser.new_context(base_url=base_url).new_page()
    socket = HeldSocket()
    page.route_web_socket(re.compile(r"/ws/tables/"), socket)
    seat_with_token(page, server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    wait_ready(page)
    return page, socket


def sent(socket: HeldSocket, kind: str) -> list[dict[str, object]]:
    """The held messages of one type."""
    messages = [json.loads(m) for m in socket.held]
    return [m for m in messages if m.get("type") == kind]


def test_a_slow_answer_keeps_the_decision_taken_and_says_so(browser: Browser, base_url: str,
                                                            live_server: LiveServer) -> None:
    page, socket = held_table(browser, base_url, live_server, seed=31)
    conn, game = page.locator("#conn"), page.locator("#game")
    log = page.locator(".log-list li")
    before = log.count()
    socket.holding = True
    taken = zodiac_turn(page)
    expect(conn).to_have_attribute("data-state", "slow", timeout=6000)
    expect(conn).to_have_text("Waiting for the table…")
    assert sent(socket, "sync"), "the page asked for anything it missed"
    expect(game).to_have_attribute("aria-busy", "true")
    page.locator(f'#game [data-action="{taken}"]').first.click(force=True)   # a second click
    assert len(sent(socket, "act")) == 1, "the decision is not sent twice"

    socket.release()
    expect(conn).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    expect(log).not_to_have_count(before, timeout=WAIT_MS)
    wait_ready(page)
    expect(page.locator(".toast-error")).to_have_count(0)
    page.context.close()


def test_no_answer_at_all_lets_the_player_try_again(browser: Browser, base_url: str,
                                                    live_server: LiveServer) -> None:
    page, socket = held_table(browser, base_url, live_server, seed=32)
    conn, game = page.locator("#conn"), page.locator("#game")
    before = page.locator(".log-list li").count()
    socket.holding = True
    zodiac_turn(page)
    expect(conn).to_have_attribute("data-state", "slow", timeout=6000)
    toast = page.locator(".toast-error")
    expect(toast).to_contain_text("No answer from the table", timeout=25_000)
    expect(conn).to_have_attribute("data-state", "open")
    expect(game).not_to_have_attribute("aria-busy", "true")
    expect(game).to_have_attribute("data-turn", "mine")
    assert page.locator(LEGAL).count() > 0, "the decision is offered again"

    socket.release()   # the network mends: the message held reaches the table late
    expect(page.locator(".log-list li")).not_to_have_count(before, timeout=WAIT_MS)
    wait_ready(page)
    page.context.close()
