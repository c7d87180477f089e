"""Play anywhere: the offline app keeps itself in the browser, then plays both games against bots with
the network cut — furuba's own Python on Pyodide in a worker — and resumes a game after a reload.

Each test opens its own browser context (its own caches, IndexedDB and service worker), visits
``/offline/`` once with the network on (the download, with its progress), then cuts the network
(``context.set_offline(True)``) before the game starts and keeps it cut to the end.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .helpers import WAIT_MS, daihinmin_turn, play_to_end, status, wait_ready, zodiac_turn

BOOT_MS = 120_000
"""The first start of Python in a fresh browser (compiling the interpreter) takes seconds."""


def kept(page: Page, base_url: str, lang: str) -> None:
    """Open the offline page and wait until the offline app is kept in this browser."""
    page.goto(f"{base_url}/offline/?lang={lang}")
    page.evaluate("() => localStorage.setItem('furuba:offline:pace', '0')")
    expect(page.locator("#offline-state")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    expect(page.locator("#start-table")).to_be_enabled(timeout=BOOT_MS)


def start(page: Page, game: str, bot: str) -> str:
    """Start a game against bots from the offline page's form; the table's address."""
    page.locator(f"#game-choice input[value={game}]").check()
    page.locator("#seat-name-0").fill("Tohru")
    for row in range(1, page.locator("#seat-rows li").count()):
        page.locator(f"#seat-kind-{row}").select_option(f"bot:{bot}")
    page.locator("#start-table").click()
    page.wait_for_url(re.compile(r"/offline/table\.html\?t="), timeout=WAIT_MS)
    return page.url


@pytest.fixture
def offline_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    yield context
    context.close()


@pytest.mark.parametrize(("game", "lang", "turn"), [
    ("zodiac", "en", zodiac_turn),
    ("daihinmin", "ja", daihinmin_turn),
])
def test_a_game_against_bots_with_the_network_cut(offline_context: BrowserContext, base_url: str,
                                                  game: str, lang: str, turn) -> None:  # type: ignore[no-untyped-def]
    page = offline_context.new_page()
    kept(page, base_url, lang)
    offline_context.set_offline(True)
    start(page, game, "easy")
    wait_ready(page)
    assert status(page) == "playing"
    play_to_end(page, turn)
    assert status(page) == "finished"
    expect(page.locator("#result-text")).not_to_be_empty()
    # The finished game is listed on the offline page, still with no network.
    page.goto(f"{base_url}/offline/")
    expect(page.locator("#saved-list li")).to_have_count(1, timeout=WAIT_MS)


def test_a_game_resumes_after_a_reload_with_the_network_cut(offline_context: BrowserContext,
                                                            base_url: str) -> None:
    page = offline_context.new_page()
    kept(page, base_url, "en")
    offline_context.set_offline(True)
    url = start(page, "daihinmin", "easy")
    for _ in range(3):
        wait_ready(page)
        daihinmin_turn(page)
        page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
    wait_ready(page)
    seq = int(page.locator("#game").get_attribute("data-seq") or 0)
    log = page.locator("#log li").all_inner_texts()
    page.reload()
    wait_ready(page)
    assert page.url == url
    assert int(page.locator("#game").get_attribute("data-seq") or 0) >= seq
    assert page.locator("#log li").all_inner_texts()[: len(log)] == log
