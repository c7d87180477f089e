"""An axe-core scan (axe-playwright-python) of every page, in English and in Japanese — the home
page with its lobby, a table of each game on the player's turn and at its end, the replay of each
game, the account page signed out and signed in, the leaderboard, a player's profile, the
puzzles page signed out and signed in (a puzzle open and answered: ``test_puzzles.py``) and the
offline page — with no serious or critical violation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, play_to_end, press, status, zodiac_turn
from .test_lobby import sign_up

SERIOUS = ("serious", "critical")
LANGUAGES = ["en", "ja"]
CONTROLS = '#game [data-action]:not([disabled]):not([data-action=""])'
AXE = Axe()


def violations(page: Page) -> list[str]:
    """The serious and critical violations on the page, one line each (rule, help, where)."""
    found: dict[str, Any] = AXE.run(page).response
    return [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
            for v in found["violations"] if v["impact"] in SERIOUS]


def seated_page(browser: Browser, base_url: str, live: LiveServer, table_id: str,
                lang: str = "en") -> Page:
    """A new browser holding seat 0 of ``table_id``, on the table's page in ``lang``."""
    token = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).json()["token"]
    page = browser.new_context(base_url=base_url).new_page()
    tokens = json.dumps({"0": token})
    page.add_init_script(f"localStorage.setItem('furuba:tokens:{table_id}', {json.dumps(tokens)})")
    page.goto(f"/t/{table_id}?lang={lang}")
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_a_table_has_no_serious_accessibility_violation(browser: Browser, base_url: str,
                                                        live_server: LiveServer, game: str,
                                                        lang: str) -> None:
    seats = ["human", "greedy", "greedy"] + (["greedy"] if game == "daihinmin" else [])
    options = {"max_rounds": 1} if game == "daihinmin" else {}
    table_id = live_server.create(game=game, seats=seats, seed=3, options=options)["id"]
    page = seated_page(browser, base_url, live_server, table_id, lang)
    try:
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator(CONTROLS).first).to_be_visible(timeout=WAIT_MS)
        assert violations(page) == [], "on the player's turn"
        # A screen reader hears what happened: the new log lines, in a polite live region.
        (daihinmin_turn if game == "daihinmin" else zodiac_turn)(page)
        announcer = page.locator("#announcer")
        expect(announcer).to_have_attribute("aria-live", "polite")
        expect(announcer).not_to_be_empty(timeout=WAIT_MS)
        said = announcer.inner_text()
        assert said in " ".join(page.locator(".log-list li").all_inner_texts())
        # The end of a game: its result, the rematch and the replay link.
        finished = live_server.create(game=game, seats=["greedy"] * len(seats), seed=4,
                                      options=options)["id"]
        live_server.wait_finished(finished)
        page.goto(f"/t/{finished}")
        expect(page.locator("#table-status")).to_have_attribute("data-status", "finished",
                                                                 timeout=WAIT_MS)
        assert violations(page) == [], "at the end of a game"
        page.goto(f"/replay/{finished}")
        expect(page.locator("#replay-status")).to_be_visible(timeout=WAIT_MS)
        assert violations(page) == [], "on the replay"
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_other_pages_have_no_serious_accessibility_violation(browser: Browser, base_url: str,
                                                                 live_server: LiveServer,
                                                                 lang: str) -> None:
    live_server.create(game="zodiac", seats=["human", "human"], public=True)   # in the lobby
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    name = {"en": "Kisa", "ja": "草摩杞紗"}[lang]
    try:
        page.goto(f"/?lang={lang}")              # then remembered by every page
        for path in ("/", "/account", "/leaderboard/daihinmin", "/players/nobody-at-all",
                     "/puzzles", "/deals", "/tournaments", "/static/offline.html"):
            page.goto(path)
            page.wait_for_load_state("networkidle")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            assert violations(page) == [], path
        page.goto("/")
        sign_up(page, name)
        for path in ("/", "/account", f"/players/{name}", "/puzzles", "/deals", "/tournaments"):
            page.goto(path)
            page.wait_for_load_state("networkidle")
            assert violations(page) == [], f"{path}, signed in"
    finally:
        context.close()


def daihinmin_turn_by_keyboard(page: Page) -> str:
    """One Dai Hin Min decision with the keyboard alone: Space picks a card, Enter plays it,
    passes, gives the exchange's cards or answers a question."""
    give = page.locator("#give-selected")
    if give.count():
        for _ in range(3):
            if give.is_enabled():
                break
            press(page, ".dhm-hand .card-button.gift:not([disabled]):not(.selected)", " ")
        press(page, "#give-selected")
        return "give"
    play = page.locator("#play-selected")
    if play.count() and page.locator(".dhm-hand .card-button:not([disabled])").count():
        press(page, ".dhm-hand .card-button:not([disabled])", " ")
        if play.is_enabled():
            press(page, "#play-selected")
            return "play"
        press(page, '[data-action="pass"]')
        return "pass"
    press(page, CONTROLS)
    return "other"


def test_a_whole_daihinmin_game_by_keyboard(browser: Browser, base_url: str,
                                            live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                                  seed=21, options={"target": 3})["id"]
    page = seated_page(browser, base_url, live_server, table_id)
    try:
        taken = play_to_end(page, daihinmin_turn_by_keyboard)
        assert status(page) == "finished" and len(taken) > 5
        assert "give" in taken or "pass" in taken
        expect(page.locator("#result-text")).not_to_be_empty()
    finally:
        page.context.close()
