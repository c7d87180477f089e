"""A game the front end has never heard of (the tests' own Pairs), created from the home page and
played to the end in the generic view by clicking its buttons; then its replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from furuba.spec import GameSpec

from .helpers import WAIT_MS, generic_turn, home_ready, play_to_end, status, wait_ready, whole_page_shot

pytestmark = [pytest.mark.browser, pytest.mark.third_game]


def test_a_game_without_a_module_of_its_own_is_played_in_the_generic_view(
        page: Page, third_game: GameSpec, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    home_ready(page)
    page.check(f"input[name=game][value={third_game.name}]")
    expect(page.locator("#players option")).to_have_text(["2", "3"])
    expect(page.locator("#game-options legend")).to_have_text(third_game.title)
    page.select_option("#players", "2")
    page.select_option("#option-values", "4")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "bot:greedy")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/t/"))

    wait_ready(page)
    expect(page.locator("#game")).to_have_class(re.compile(r"\bgeneric\b"))
    expect(page.locator("#prompt")).to_contain_text("Your turn")
    assert page.locator("#prompt [data-action]").all_inner_texts() == ["draw"]
    expect(page.locator("#hand [data-card]")).to_have_count(2)

    def after(p: Page, n: int, name: str) -> None:
        if n == 1:
            wait_ready(p)
            if status(p) != "finished":
                expect(p.locator("#hand [data-card]")).to_have_count(3)
                labels = p.locator("#prompt [data-action]").all_inner_texts()
                assert labels and all(t.startswith("discard ") for t in labels), labels
                whole_page_shot(p, shots / "generic-table.png")

    taken = play_to_end(page, generic_turn, on_turn=after)
    assert taken[0] == "draw" and any(t.startswith("discard ") for t in taken)
    expect(page.locator("#result-text")).to_contain_text(re.compile(r"wins?!"), timeout=WAIT_MS)
    expect(page.locator("#prompt")).to_contain_text("The game is over")
    assert page.locator(".log-list li").count() >= len(taken)

    page.click("#replay-link")
    status_line = page.locator("#replay-status")
    expect(status_line).to_contain_text("Step 0 of")
    page.click("#replay-last")
    expect(page.locator("#game")).to_have_class(re.compile(r"\bgeneric\b"))
    expect(page.locator("#prompt")).to_contain_text("The game is over")
    assert not errors, errors
