"""Play anywhere: the offline app keeps itself in the browser, then plays both games against bots with
the network cut — furuba's own Python on Pyodide in a worker; a whole game in English, the first turn in
Japanese — and resumes a game after a reload.

Each test opens its own browser context (its own caches, IndexedDB and service worker), visits
``/offline/`` once with the network on (the download, with its progress), then cuts the network
(``context.set_offline(True)``) before the game starts and keeps it cut to the end.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import furuba.server

from .helpers import (
    WAIT_MS,
    daihinmin_turn,
    pass_the_device_from_ann_to_cat,
    play_to_end,
    status,
    wait_ready,
    zodiac_turn,
)

WEB = Path(furuba.server.__file__).parent / "web"
"""The web app's files (its words: ``i18n/<lang>.json``)."""

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
def offline_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context()
    yield context
    context.close()


@pytest.mark.parametrize(("game", "lang", "turn"), [
    ("zodiac", "en", zodiac_turn),
    ("zodiac", "ja", zodiac_turn),
    ("daihinmin", "en", daihinmin_turn),
    ("daihinmin", "ja", daihinmin_turn),
])
def test_a_game_against_bots_with_the_network_cut(offline_context: BrowserContext, base_url: str,
                                                  shots: Path, game: str, lang: str,
                                                  turn: Callable[[Page], str]) -> None:
    page = offline_context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    kept(page, base_url, lang)
    if (game, lang) == ("zodiac", "en"):
        page.screenshot(path=shots / "offline.png", full_page=True)
    offline_context.set_offline(True)
    start(page, game, "easy")
    wait_ready(page)
    assert status(page) == "playing"
    # The online table page, showing itself as the offline app's: nothing that needs a server.
    expect(page.locator(".topbar .brand")).to_have_attribute("href", "/offline/")
    for server_only in ("#chat", "#account-tools", ".topbar a[href='/leaderboard']", "#invite-link"):
        expect(page.locator(server_only)).to_be_hidden()
    expect(page.locator("#offline-note")).to_be_visible()
    page.screenshot(path=shots / f"offline-{game}-{lang}.png")
    if lang != "en":   # the language's words on the offline table; the whole game is the English one's
        assert page.locator("html").get_attribute("lang") == lang
        words = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        expect(page.locator("#offline-note")).to_have_text(words["offline.table_note"])
        turn(page)
        page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
        wait_ready(page)
        assert status(page) == "playing"
        return
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


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``furuba build-static``'s folder served by ``python -m http.server``: no furuba server."""
    out = tmp_path_factory.mktemp("static") / "site"
    built = subprocess.run([sys.executable, "-m", "furuba", "build-static", str(out)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(out)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(url + "/offline/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("python -m http.server did not start")
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_static_build_plays_from_a_plain_file_server(offline_context: BrowserContext,
                                                         static_site: str) -> None:
    page = offline_context.new_page()
    page.goto(static_site + "/")          # the folder's front page leads to the offline page
    page.wait_for_url(re.compile(r"/offline/"), timeout=WAIT_MS)
    kept(page, static_site, "ja")
    offline_context.set_offline(True)
    start(page, "daihinmin", "easy")
    play_to_end(page, daihinmin_turn)
    assert status(page) == "finished"


def test_hints_and_undo_with_the_network_cut(offline_context: BrowserContext, base_url: str) -> None:
    page = offline_context.new_page()
    kept(page, base_url, "en")
    offline_context.set_offline(True)
    start(page, "zodiac", "greedy")           # undo is ticked on the offline page by default
    wait_ready(page)
    prompt = page.locator("#prompt").inner_text()
    assert "action 1 of 3" in prompt.lower()
    page.locator("#hint").click()
    expect(page.locator("#hint-text")).to_contain_text("%", timeout=WAIT_MS)   # "…: 42% to win"
    expect(page.locator("#game .hinted")).not_to_have_count(0)
    expect(page.locator("#undo")).to_have_count(0)           # nothing to take back yet
    page.locator('#game [data-action="move"]').click()
    expect(page.locator("#undo")).to_be_visible(timeout=WAIT_MS)
    assert page.locator("#prompt").inner_text() != prompt
    page.locator("#undo").click()
    expect(page.locator("#undo")).to_have_count(0, timeout=WAIT_MS)
    wait_ready(page)
    assert page.locator("#prompt").inner_text() == prompt


def test_hot_seat_hides_hands_between_players_with_the_network_cut(offline_context: BrowserContext,
                                                                   base_url: str) -> None:
    page = offline_context.new_page()
    kept(page, base_url, "en")
    offline_context.set_offline(True)
    page.locator("#game-choice input[value=zodiac]").check()
    page.select_option("#players", "2")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "local")
    page.fill("#seat-name-1", "Cat")
    page.click("#start-table")
    page.wait_for_url(re.compile(r"/offline/table\.html\?t="), timeout=WAIT_MS)
    pass_the_device_from_ann_to_cat(page, timeout=BOOT_MS)


def test_the_offline_page_not_kept_yet_says_the_network_is_gone(offline_context: BrowserContext,
                                                                base_url: str) -> None:
    page = offline_context.new_page()
    page.goto(base_url + "/")                 # the site visited, the offline app never opened
    page.wait_for_function("""async () => {
        if (!(await navigator.serviceWorker.ready).active) return false;
        const keys = await caches.keys();
        const shell = keys.find((k) => k.startsWith('furuba-') && !k.startsWith('furuba-offline-'));
        return !!shell && !!(await (await caches.open(shell)).match('/static/offline.html'));
    }""", timeout=WAIT_MS)
    offline_context.set_offline(True)
    page.goto(base_url + "/offline/")
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible(timeout=WAIT_MS)
