"""Undo in the browser: a table made on the home page with "Allow undo", an action taken by
clicking, then taken back with the Undo button (by keyboard): the hand and the prompt are as they
were, and the button is gone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS, home_ready, press, wait_ready

pytestmark = pytest.mark.browser


def hand_of(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator("#hand [data-card]").all()]


def prompt_of(page: Page) -> str:
    return page.locator("#prompt").inner_text()


def test_an_action_taken_back_with_the_undo_button(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    home_ready(page)
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "bot:greedy")
    for seat in (2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot:random")
    page.check("input[name=undo]")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    table_id = page.url.rsplit("/", 1)[-1]
    assert live_server.table(table_id)["settings"]["undo"] is True
    wait_ready(page)
    expect(page.locator("#undo")).to_have_count(0)           # nothing to take back yet
    hand, prompt = hand_of(page), prompt_of(page)
    assert hand and "action 1 of 3" in prompt.lower()
    page.locator('#game [data-action="move"]').click()        # the first of three actions
    undo = page.locator("#undo")
    expect(undo).to_be_visible(timeout=WAIT_MS)
    assert prompt_of(page) != prompt
    press(page, "#undo")                                      # reachable by keyboard
    expect(page.locator("#undo")).to_have_count(0, timeout=WAIT_MS)
    wait_ready(page)
    assert hand_of(page) == hand
    assert prompt_of(page) == prompt
    assert live_server.app.state.hub.rooms[table_id].record.actions == []
