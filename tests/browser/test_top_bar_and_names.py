"""What a new player tripped over (issue 47, item 8): the top bar leads to the card sets from every
page, and a signed-in player is offered a seat under the account's name rather than an empty
"Your name" (the server seats them under it anyway)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


def test_every_page_links_to_the_card_sets(page: Page, live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    made = page.request.post("/api/accounts", data={"name": "Topbar", "password": PASSWORD})
    assert made.status == 201, made.text()
    for path in ("/", f"/t/{table_id}", f"/replay/{table_id}", "/leaderboard",
                 "/players/Topbar", "/account", "/cardsets"):
        page.goto(path)
        link = page.locator('nav.topbar a[href="/cardsets"]')
        expect(link).to_have_count(1, timeout=WAIT_MS)
        expect(link).to_be_visible()


def test_a_signed_in_player_takes_a_seat_under_the_accounts_name(
        page: Page, live_server: LiveServer) -> None:
    made = page.request.post("/api/accounts", data={"name": "Seated Sue", "password": PASSWORD})
    assert made.status == 201, made.text()
    table_id = live_server.create(game="zodiac", seats=["human", "human", "greedy"])["id"]
    page.goto(f"/t/{table_id}")
    field = page.locator("#name-0")
    expect(field).to_have_value("Seated Sue", timeout=WAIT_MS)
    expect(field).not_to_be_editable()
    page.locator('.join-form[data-seat="0"] button[type="submit"]').click()
    expect(page.locator('.seat-list li[data-seat="0"]')).to_contain_text("Seated Sue",
                                                                         timeout=WAIT_MS)
