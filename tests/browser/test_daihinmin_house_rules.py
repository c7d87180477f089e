"""Dai Hin Min's house rules from the browser: chosen under the new-table form's more options,
named at the table, and a whole match played by clicking with every one of them on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from furuba import games

from .conftest import LiveServer
from .helpers import daihinmin_turn, home_ready, play_to_end, status, wait_ready

pytestmark = pytest.mark.browser

HOUSE = ("eight_cut", "sequences", "fallen_capital", "eleven_back", "suit_lock", "spade_three")
WORDS = ("8-cut", "sequences", "fallen capital", "11-back", "suit lock", "spade 3")


def test_a_match_with_every_house_rule_on_is_played_by_clicking(page: Page,
                                                                 live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    home_ready(page)
    page.check("input[name=game][value=daihinmin]")
    page.fill("#option-target", "3")
    more = page.locator("details.more-options")
    expect(page.locator("#option-eight_cut")).to_be_hidden()   # tucked away: the rulebook's game
    more.locator("summary").click()
    for name in HOUSE:
        expect(page.locator(f"#option-{name}")).to_have_value("off")
        page.select_option(f"#option-{name}", "on")
    page.fill("#seat-name-0", "Ann")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot:greedy")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    table_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    wait_ready(page)

    stored = live_server.http.get(f"/api/tables/{table_id}").json()
    assert {name: stored["options"][name] for name in HOUSE} == dict.fromkeys(HOUSE, "on")
    said = page.locator(".house-rules")
    for words in WORDS:
        expect(said).to_contain_text(words)

    taken = play_to_end(page, daihinmin_turn)
    assert any(t.startswith("play") for t in taken)
    assert status(page) == "finished"
    expect(page.locator("#result-text")).to_contain_text("Points")


def test_the_rulebook_game_names_no_house_rule(page: Page) -> None:
    page.goto("/")
    home_ready(page)
    page.check("input[name=game][value=daihinmin]")
    options = {o.name: o for o in games.spec("daihinmin").options}
    assert all(options[name].default == "off" and options[name].advanced for name in HOUSE)
    page.fill("#seat-name-0", "Ann")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot:greedy")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    wait_ready(page)
    expect(page.locator(".dhm-hand .card-button").first).to_be_visible()
    expect(page.locator(".house-rules")).to_have_count(0)
