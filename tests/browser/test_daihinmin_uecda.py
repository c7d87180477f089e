"""Dai Hin Min under the UECda contest's rules from the browser (D29): the preset chosen in the
new-table form sets the other options and the player count, the table says whose rules these
are, a match is played to the end by clicking, and a joker that may stand for several cards is
given one by the player."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from furuba.daihinmin.moves import PLAY_CARDS, PLAY_JOKER_SUITS
from furuba.daihinmin.options import PRESETS, UECDA

from . import deals
from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, home_ready, play_to_end, status, wait_ready
from .test_daihinmin_exchange import play_script
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

OPTIONS: dict[str, Any] = {"players": 5, "rules": "uecda", "target": 3}
SEATS = ["human", "greedy", "greedy", "greedy", "greedy"]


def test_the_uecda_preset_is_chosen_in_the_form_and_a_match_is_played_by_clicking(
        page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    home_ready(page)
    page.check("input[name=game][value=daihinmin]")
    page.fill("#option-target", "3")
    page.locator("details.more-options summary").click()
    page.select_option("#option-rules", "uecda")
    expect(page.locator("#players")).to_have_value("5")
    for name, value in PRESETS[UECDA].items():
        expect(page.locator(f"#option-{name}")).to_have_value(str(value))
    expect(page.locator("#option-fallen_capital")).to_have_value("off")
    page.fill("#seat-name-0", "Ann")
    for seat in range(1, 5):
        page.select_option(f"#seat-kind-{seat}", "bot:greedy")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    table_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    wait_ready(page)

    stored = live_server.table(table_id)["options"]
    assert stored["rules"] == "uecda" and stored["eight_cut"] == "on"
    expect(page.locator(".house-rules")).to_contain_text("UECda")
    taken = play_to_end(page, daihinmin_turn)
    assert any(t.startswith("play") for t in taken)
    assert status(page) == "finished"


def _named_choice(state: Any) -> bool:
    """The human must play, and a set of its cards with a joker may name two suits or more."""
    if state.current_player != deals.HUMAN or state.phase != "play":
        return False
    cards = [PLAY_CARDS[a] for a in state.legal_actions() if PLAY_JOKER_SUITS[a]]
    return any(cards.count(c) > 1 for c in cards)


def test_a_joker_that_may_stand_for_several_cards_is_given_one_by_the_player(
        browser: Browser, base_url: str, live_server: LiveServer) -> None:
    plan = next(p for seed in range(300)
                if not (p := deals.play_until(seed, deals.greedy(seed), _named_choice,
                                              options=OPTIONS, seats=SEATS)).state.is_terminal())
    state = plan.state
    named = [a for a in state.legal_actions() if PLAY_JOKER_SUITS[a]]
    cards = [PLAY_CARDS[a] for a in named]
    choices = [a for a in named if cards.count(PLAY_CARDS[a]) > 1]
    wanted = state.action_to_string(choices[-1])

    table = live_server.create(game="daihinmin", seats=SEATS, seed=plan.seed, options=OPTIONS)
    page = browser.new_context(base_url=base_url,
                               viewport={"width": 1280, "height": 900}).new_page()
    seat_with_token(page, live_server, table["id"], deals.HUMAN, "Ann")
    page.goto(f"/t/{table['id']}")
    play_script(page, plan.script)

    page.locator(".legal-plays summary").click()
    page.locator(f'.legal-plays .chip[data-text="{wanted}"]').click()
    expect(page.locator("#play-selected")).to_be_disabled()
    choice = page.locator("#joker-choice")
    expect(choice).to_be_visible()
    expect(choice.locator("button")).to_have_count(sum(PLAY_CARDS[a] == PLAY_CARDS[choices[-1]]
                                                        for a in choices))
    seen = page.locator("#game").get_attribute("data-seq")
    choice.locator(f'button[data-action="{wanted}"]').click()
    page.wait_for_function("seen => document.querySelector('#game')?.dataset.seq !== seen",
                           arg=seen, timeout=WAIT_MS)
    wait_ready(page)
    expect(page.locator("#hand [data-card^=joker]")).to_have_count(0)
