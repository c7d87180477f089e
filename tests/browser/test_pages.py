"""The front end in a real browser: whole games by clicking, seats, spectators, reconnection, replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from .conftest import LiveServer
from .helpers import (
    WAIT_MS,
    daihinmin_turn,
    home_ready,
    pass_the_device_from_ann_to_cat,
    play_to_end,
    press,
    status,
    wait_ready,
    whole_page_shot,
    zodiac_turn,
)

pytestmark = pytest.mark.browser


def seat_with_token(page: Page, server: LiveServer, table_id: str, seat: int, name: str) -> None:
    """Claim a seat over HTTP and give its token to the page, as the home page would."""
    r = server.http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    tokens = json.dumps({str(seat): r.json()["token"]})
    page.add_init_script(f"localStorage.setItem('furuba:tokens:{table_id}', {json.dumps(tokens)})")


def hand_of(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator("#hand [data-card]").all()]


def test_zodiac_from_the_home_page_to_the_end_by_keyboard(page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    expect(page.locator("#rules-zodiac")).to_contain_text("exactly 3 actions")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#option-target", "2")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot:greedy")
    page.screenshot(path=shots / "home.png", full_page=True)
    press(page, "#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    expect(page.locator(".board .sohma")).to_have_count(13)
    expect(page.locator(".board .tohru")).to_have_count(1)

    def snap(p: Page, n: int, name: str) -> None:
        if n == 7:
            wait_ready(p)
            whole_page_shot(p, shots / "zodiac-table.png")

    taken = play_to_end(page, lambda p: zodiac_turn(p, keyboard=True), on_turn=snap)
    assert taken and status(page) == "finished"
    expect(page.locator("#result-text")).to_contain_text(re.compile(r"wins?!"))
    expect(page.locator("#replay-link")).to_be_visible()
    first = page.url
    page.click("#rematch")   # a new deal at a new table; this browser keeps its seat there
    page.wait_for_url(lambda url: "/t/" in url and url != first)
    expect(page.locator("#table-status")).to_contain_text("you are Ann")
    expect(page.locator("#hand [data-card]").first).to_be_visible(timeout=WAIT_MS)


def test_daihinmin_against_bots_by_clicking(page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    home_ready(page)
    page.check("input[name=game][value=daihinmin]")
    page.fill("#option-target", "3")
    page.fill("#seat-name-0", "Ann")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot:greedy")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    wait_ready(page)
    hand = hand_of(page)
    assert len(hand) in (13, 14)
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    ranks = [order.index(c[:-1]) if not c.startswith("joker") else 99 for c in hand]
    assert ranks == sorted(ranks), "the hand is sorted from 3 up to 2, jokers last"
    shot = {"done": False}

    def snap(p: Page, n: int, name: str) -> None:
        if not shot["done"] and p.locator(".pile-set").count() >= 2:
            wait_ready(p)
            if status(p) != "finished":
                whole_page_shot(p, shots / "daihinmin-table.png")
                shot["done"] = True

    taken = play_to_end(page, daihinmin_turn, on_turn=snap)
    assert any(t.startswith("play") for t in taken)
    expect(page.locator("#result-text")).to_contain_text("Points")
    expect(page.locator(".dhm-scores")).to_contain_text("Rich Man")


def test_two_players_see_their_own_hands_and_a_spectator_none(browser: Browser, base_url: str) -> None:
    ann = browser.new_context(base_url=base_url).new_page()
    ann.goto("/")
    home_ready(ann)
    ann.fill("#seat-name-0", "Ann")
    ann.select_option("#seat-kind-1", "invite")
    ann.select_option("#seat-kind-2", "bot:greedy")
    ann.select_option("#seat-kind-3", "bot:greedy")
    ann.click("#start-table")
    ann.wait_for_url(re.compile(r"/t/"))
    expect(ann.locator("#table-status")).to_have_attribute("data-status", "waiting")
    invite = ann.locator("#invite-link").input_value()
    assert invite.endswith(ann.url.split("/t/")[1])

    ben = browser.new_context(base_url=base_url).new_page()
    ben.goto(invite)
    ben.fill("#name-1", "Ben")
    ben.click(".join-form[data-seat='1'] button")
    for page in (ann, ben):
        expect(page.locator("#table-status")).to_have_attribute("data-status", "playing", timeout=WAIT_MS)
        expect(page.locator("#hand [data-card]").first).to_be_visible(timeout=WAIT_MS)
    expect(ben.locator("#table-status")).to_contain_text("you are Ben")
    assert hand_of(ann) != hand_of(ben)

    watcher = browser.new_context(base_url=base_url).new_page()
    watcher.goto(invite)
    expect(watcher.locator("#table-status")).to_contain_text("you are watching")
    expect(watcher.locator(".board .sohma")).to_have_count(13)
    expect(watcher.locator("#hand")).to_have_count(0)
    expect(watcher.locator("#seat-panel")).to_be_hidden()

    # Ben is half-way through a line when Ann's arrives: his input is the same element, still
    # focused and still holding what he wrote (the chat form is not made again on each event).
    ben.fill("#chat-text", "half a li")
    ben.eval_on_selector("#chat-text", "e => { e.dataset.mark = 'mine'; }")
    ann.fill("#chat-text", "hello <b>friends</b>")
    ann.press("#chat-text", "Enter")
    for page in (ben, watcher):
        expect(page.locator(".chat-list")).to_contain_text("Ann: hello <b>friends</b>", timeout=WAIT_MS)
    kept = ben.locator("#chat-text[data-mark='mine']")
    expect(kept).to_be_focused()
    expect(kept).to_have_value("half a li")
    for page in (ann, ben, watcher):
        page.context.close()


def test_hot_seat_hides_hands_between_players(page: Page) -> None:
    page.goto("/")
    home_ready(page)
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "local")
    page.fill("#seat-name-1", "Cat")
    page.select_option("#players", "2")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    pass_the_device_from_ann_to_cat(page)


def test_reconnects_after_the_server_drops_the_socket_and_after_hiding(page: Page,
                                                                     live_server: LiveServer) -> None:
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy"], seed=11,
                                  options={"target": 3})["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    conn = page.locator("#conn")
    expect(conn).to_have_attribute("data-state", "open")
    wait_ready(page)
    with page.expect_websocket(timeout=WAIT_MS):   # a new socket, opened by the page itself
        assert live_server.drop_sockets(table_id) >= 1
    expect(conn).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    wait_ready(page)
    before = page.locator(".log-list li").count()
    zodiac_turn(page)
    expect(page.locator(".log-list li")).not_to_have_count(before, timeout=WAIT_MS)

    # Hidden page: the socket closes; shown again: it reopens and catches up.
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(conn).to_have_attribute("data-state", "paused")
    with page.expect_websocket(timeout=WAIT_MS):
        page.evaluate("""() => {
            Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
            document.dispatchEvent(new Event('visibilitychange'));
        }""")
    expect(conn).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    wait_ready(page)
    expect(page.locator("#game")).to_have_attribute("data-turn", re.compile("mine|other"))


def test_replay_steps_through_a_finished_game(page: Page, live_server: LiveServer, shots: Path) -> None:
    table_id = live_server.create(game="zodiac", seats=["greedy", "greedy", "greedy"], seed=5,
                                  options={"target": 2})["id"]
    live_server.wait_finished(table_id)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/replay/{table_id}")
    status_line = page.locator("#replay-status")
    expect(status_line).to_contain_text("Step 0 of")
    total = int(re.search(r"of (\d+)", status_line.inner_text()).group(1))  # type: ignore[union-attr]
    assert total > 10
    page.click("#replay-next")
    expect(status_line).to_contain_text("Step 1 of")
    assert page.url.endswith("#step=1")
    page.locator("body").press("ArrowRight")
    expect(status_line).to_contain_text("Step 2 of")
    page.goto(f"/replay/{table_id}#step=9")
    page.reload()
    expect(status_line).to_contain_text("Step 9 of")
    expect(page.locator(".all-hands li")).to_have_count(3)
    page.select_option("#perspective", "1")
    expect(page.locator("#hand")).to_be_visible()
    page.select_option("#perspective", "all")
    page.screenshot(path=shots / "replay.png", full_page=True)
    page.click("#replay-last")
    expect(status_line).to_contain_text(f"Step {total} of {total}")
    expect(page.locator("#prompt")).to_contain_text("The game is over")


def test_phone_width_fits_the_screen(browser: Browser, base_url: str, live_server: LiveServer,
                                     shots: Path) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    table_id = live_server.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                                  seed=3)["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    wait_ready(page)
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide on a 390px screen"
    page.screenshot(path=shots / "phone-daihinmin.png", full_page=False)
    page.goto("/")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 392
    context.close()


def test_a_lost_event_is_noticed_and_resynced(browser: Browser, base_url: str,
                                              live_server: LiveServer) -> None:
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy"], seed=21,
                                  options={"target": 3})["id"]
    r = live_server.http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"})
    tokens = json.dumps({"0": r.json()["token"]})
    init = f"localStorage.setItem('furuba:tokens:{table_id}', {json.dumps(tokens)})"
    context = browser.new_context(base_url=base_url)
    context.add_init_script(init)
    page = context.new_page()
    lost: list[str] = []
    sent: list[str] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if not lost and '"type":"event"' in text and '"kind":"action"' in text:
                lost.append(text)   # this one never reaches the page
                return
            ws.send(text)

        def to_server(message: str | bytes) -> None:
            sent.append(message if isinstance(message, str) else message.decode())
            server.send(message)

        server.on_message(to_page)
        ws.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.goto(f"/t/{table_id}")
    for _ in range(4):   # the first actions; the bots' replies bring the gap to light
        wait_ready(page)
        zodiac_turn(page)
        page.wait_for_selector("#game:not([aria-busy])", state="attached")
    wait_ready(page)
    assert lost, "an action event was held back"
    syncs = [m for m in sent if json.loads(m).get("type") == "sync"]
    assert syncs, "the page asked for what it missed"

    fresh = context.new_page()   # the same seat, loaded from scratch
    fresh.goto(f"/t/{table_id}")
    wait_ready(fresh)
    wait_ready(page)
    assert page.locator(".log-list li").all_inner_texts() == fresh.locator(".log-list li").all_inner_texts()
    assert hand_of(page) == hand_of(fresh)
    context.close()
