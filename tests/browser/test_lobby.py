"""Online play in the browser: two people find each other through the lobby, and a player of a
correspondence game is told when it is their turn (the tab's title and icon, and a browser
notification)."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from furuba.server.tables import new_state

from .conftest import LiveServer
from .helpers import READY, WAIT_MS, daihinmin_turn, home_ready, status

RECORD_NOTICES = """
(() => {
  const Real = window.Notification;
  window.__notices = [];
  if (!Real) return;
  class Recorded extends Real {
    constructor(title, options) {
      window.__notices.push({ title, ...(options || {}) });
      super(title, options);
    }
  }
  window.Notification = Recorded;
  window.__turnLists = 0;
  const Stream = window.EventSource;
  if (!Stream) return;
  window.EventSource = class extends Stream {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('message', () => { window.__turnLists += 1; });
    }
  };
})();
"""
"""Every notification the page shows is also kept in ``window.__notices`` (the real one is
still made: Chromium decides whether to show it), and ``window.__turnLists`` counts the messages
of the page's event streams (the first list of turns is the state of things, never "new")."""


def sign_up(page: Page, name: str) -> None:
    """Make an account from the page itself (its cookies are then this browser's)."""
    status = page.evaluate("""async (name) => {
        const r = await fetch('/api/accounts', {
            method: 'POST', headers: {'content-type': 'application/json'},
            body: JSON.stringify({name, password: 'correct horse battery'})});
        return r.status;
    }""", name)
    assert status == 201, status


def join_from_page(page: Page, table_id: str, seat: int) -> None:
    """Take a seat from the page, as its scripts do (with the CSRF token)."""
    status = page.evaluate("""async ([table, seat]) => {
        const csrf = document.cookie.split('; ').find((c) => c.startsWith('furuba_csrf=')).slice(12);
        const r = await fetch(`/api/tables/${table}/join`, {method: 'POST',
            headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
            body: JSON.stringify({seat, name: ''})});
        return r.status;
    }""", [table_id, seat])
    assert status == 200, status


def play_until(live: LiveServer, table_id: str, token: str, seat: int,
               done: Any, timeout: float = 30) -> None:
    """A guest at ``seat`` takes its first legal action whenever it must, until ``done(table)``."""
    ws_url = live.url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    deadline = time.monotonic() + timeout
    with connect(ws_url, compression=None) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        seq, current, legal, acted = 0, None, [], -1
        while time.monotonic() < deadline:
            msg = json.loads(ws.recv(timeout=timeout))
            if msg["type"] in ("snapshot", "event"):
                seq = msg["seq"]
                table = msg.get("table")
                if table is not None:
                    current = table["current_player"]
                    if done(table):
                        return
                if msg.get("views") is not None:
                    current = msg.get("current_player", current)
                    mine = [v for v in msg["views"] if v["seat"] == seat]
                    legal = mine[0]["legal"] if mine else legal
                    if done({"current_player": current, "status": msg.get("status")}):
                        return
            if current == seat and legal and acted != seq:
                acted = seq
                ws.send(json.dumps({"type": "act", "seat": seat, "action": legal[0]["id"],
                                    "seq_seen": seq}))
    raise AssertionError("the game did not get where the test wanted")


def test_two_people_meet_through_the_lobby(browser: Browser, base_url: str,
                                           live_server: LiveServer) -> None:
    ann_context = browser.new_context(base_url=base_url)
    bob_context = browser.new_context(base_url=base_url)
    ann, bob = ann_context.new_page(), bob_context.new_page()
    try:
        bob.goto("/")                              # Bob is looking at the lobby already
        ann.goto("/")
        ann.select_option("#play-game", "daihinmin")
        ann.fill("#play-name", "Ann")
        ann.select_option("#play-wait", "600")
        ann.click("#play-now-button")
        ann.wait_for_url("**/t/*")
        table_id = ann.url.rsplit("/", 1)[1]
        # Without reloading, Bob's lobby shows Ann's table (live), with her waiting there.
        item = bob.locator(f'#open-tables li[data-table="{table_id}"]')
        expect(item).to_contain_text("Ann is there", timeout=10_000)
        expect(item).to_contain_text("3 of 4 seats free")
        bob.select_option("#lobby-game", "zodiac")
        expect(item).to_have_count(0)              # filtered out
        bob.select_option("#lobby-game", "daihinmin")
        bob.fill("#play-name", "Bob")
        item.get_by_role("button", name="Take a seat").click()
        bob.wait_for_url(f"**/t/{table_id}")
        seats = live_server.table(table_id)["seats"]
        assert [s["name"] for s in seats[:2]] == ["Ann", "Bob"]
        assert seats[2]["claimed"] is False        # the others wait (then bots)
        # And Ann's table page shows Bob arriving.
        expect(ann.locator("body")).to_contain_text("Bob", timeout=10_000)
    finally:
        ann_context.close()
        bob_context.close()


def test_a_correspondence_player_is_told_when_it_is_their_turn(browser: Browser, base_url: str,
                                                               live_server: LiveServer) -> None:
    options = {"players": 2}
    first = new_state("zodiac", options, 11).current_player
    mine = 1 - first                               # the guest moves first, then it is Ann's turn
    made = live_server.create(game="zodiac", seats=["human", "human"], seed=11,
                              pace="correspondence", move_hours=24)
    table_id = made["id"]
    context = browser.new_context(base_url=base_url)
    context.grant_permissions(["notifications"], origin=base_url)
    context.add_init_script(RECORD_NOTICES)
    page = context.new_page()
    try:
        page.goto("/")
        sign_up(page, "Shigure")
        join_from_page(page, table_id, mine)
        guest = live_server.http.post(f"/api/tables/{table_id}/join",
                                      json={"seat": first, "name": "Guest"}).json()["token"]
        page.goto("/")
        games = page.locator("#your-games-list li")
        expect(games.first).to_contain_text("their turn", timeout=10_000)
        assert not page.title().startswith("(")
        assert page.evaluate("window.__notices.length") == 0
        # Once the page has its first list of turns, a turn that comes is a new one.
        page.wait_for_function("window.__turnLists > 0", timeout=10_000)
        # The guest plays their turn; Ann's page is told without a reload.
        play_until(live_server, table_id, guest, first,
                   lambda t: t.get("current_player") == mine and t.get("status") == "playing")
        expect(page).to_have_title("(1) furuba — the Fruits Basket card games", timeout=10_000)
        icon = page.locator('link[rel="icon"]').get_attribute("href")
        assert icon is not None and icon.endswith("favicon-turn.svg")
        page.wait_for_function("window.__notices.length === 1", timeout=10_000)
        notice = page.evaluate("window.__notices[0]")
        assert notice["title"] == "furuba — your turn" and notice["tag"] == f"turn-{table_id}"
        expect(games.first).to_contain_text("your turn")
        expect(games.first.get_by_role("link", name="Your turn — play")).to_have_attribute(
            "href", f"/t/{table_id}")
    finally:
        context.close()


def test_a_rated_game_between_two_accounts_changes_both_ratings(browser: Browser, base_url: str,
                                                                live_server: LiveServer) -> None:
    contexts = [browser.new_context(base_url=base_url) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    try:
        for page, name in zip(pages, ("Yuki", "Haru"), strict=True):
            page.goto("/")
            sign_up(page, name)
        table_id = pages[0].evaluate("""async () => {
            const csrf = document.cookie.split('; ').find((c) => c.startsWith('furuba_csrf=')).slice(12);
            const r = await fetch('/api/tables', {method: 'POST',
                headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
                body: JSON.stringify({game: 'daihinmin', rated: true, seed: 8, options: {target: 3},
                                      seats: ['human', 'human', 'greedy', 'greedy']})});
            return (await r.json()).id;
        }""")
        for seat, page in enumerate(pages):
            join_from_page(page, table_id, seat)
        for page in pages:
            page.goto(f"/t/{table_id}")           # no token: the account holds the seat
        deadline = time.monotonic() + 240
        while not all(status(p) == "finished" for p in pages):
            assert time.monotonic() < deadline, "the game did not end"
            acted = False
            for page in pages:
                if page.evaluate(f"!!({READY})()") and status(page) != "finished":
                    daihinmin_turn(page)
                    page.wait_for_selector("#game:not([aria-busy])", state="attached")
                    acted = True
            if not acted:
                time.sleep(0.1)
        for page in pages:
            line = page.locator("#rating-changes")
            expect(line).to_contain_text("Yuki 1500 →", timeout=15_000)
            expect(line).to_contain_text("Haru 1500 →")
        for name in ("Yuki", "Haru"):
            profile = live_server.http.get(f"/api/players/{name}").json()
            assert table_id in json.dumps(profile)
            assert all(r["rating"] != 1500 for r in profile["ratings"]), profile["ratings"]
    finally:
        for context in contexts:
            context.close()


def test_tables_coming_and_going_in_the_lobby_do_not_move_the_form(page: Page,
                                                                   live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    home_ready(page)
    form = page.locator("#new-table")
    before = form.bounding_box()
    box_before = page.locator("#open-tables-box").bounding_box()
    assert before is not None and box_before is not None
    made = [live_server.create(game="daihinmin", seats=["human"] * 4, seed=70 + n, public=True)
            for n in range(9)]
    for table in made:                             # every one of them reaches the page, live
        expect(page.locator(f'#open-tables li[data-table="{table["id"]}"]')).to_be_attached(
            timeout=WAIT_MS)
    assert form.bounding_box() == before
    assert page.locator("#open-tables-box").bounding_box() == box_before
    # the list scrolls within its box, and the last table can be scrolled into sight there
    assert page.evaluate("() => { const b = document.getElementById('open-tables-box');"
                         " return b.scrollHeight > b.clientHeight; }")
    last = page.locator(f'#open-tables li[data-table="{made[-1]["id"]}"]')
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    assert page.evaluate("() => document.getElementById('open-tables-box').scrollTop") > 0
