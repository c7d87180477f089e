"""Friends of the Zodiac read in Japanese and in English: the log, the prompt and the board say
the game in the page's language, "you" included, from the structured log and the card set's
own translations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .conftest import LiveServer
from .helpers import play_to_end, status, wait_ready, whole_page_shot, zodiac_turn
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
"""An English word (three Latin letters or more) in a text that should be Japanese."""
NAMES = {"Ann", "Aoi"}
"""Names of seats (players write their own names in any script)."""


def english_words(texts: list[str]) -> list[str]:
    """The English words left in ``texts`` (seat names and bot names aside)."""
    return [w for text in texts for w in LATIN_WORD.findall(text) if w not in NAMES]


def open_table(browser: Browser, base_url: str, live_server: LiveServer, lang: str,
               seed: int) -> tuple[Page, str]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  locale="ja-JP" if lang == "ja" else "en-US")
    page = context.new_page()
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy"], seed=seed,
                                  options={"target": 2})["id"]
    seat_with_token(page, live_server, table_id, 0, "Aoi")
    page.goto(f"/t/{table_id}?lang={lang}")
    wait_ready(page)
    return page, table_id


def log_lines(page: Page) -> list[str]:
    return page.locator(".log-list li").all_inner_texts()


def test_the_table_speaks_japanese(browser: Browser, base_url: str, live_server: LiveServer,
                                   shots: Path) -> None:
    page, _ = open_table(browser, base_url, live_server, "ja", seed=21)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    assert "あなたの番です" in page.locator("#prompt").inner_text()
    for _turn in range(4):
        zodiac_turn(page)
        wait_ready(page)
        if status(page) == "finished":
            break
    whole_page_shot(page, shots / "zodiac-ja.png")
    lines = log_lines(page)
    assert any(line.startswith("あなたが") for line in lines), lines
    assert any("第1ラウンド：あなたの番です" in line for line in lines), lines
    others = [line for line in lines if "さんが" in line]
    assert others, "another seat's actions name its player with さん"
    assert english_words(lines) == [], lines
    words = [page.locator("#prompt .prompt-title").inner_text(),
             page.locator(".circle-words").inner_text(),
             page.locator("#hand h2").inner_text(),
             page.locator(".piles").inner_text(),
             page.locator(".board").get_attribute("aria-label") or ""]
    assert english_words(words) == [], words
    hand = page.locator("#hand .card-button").first.get_attribute("aria-label") or ""
    assert hand.endswith("を出す") or hand.endswith("を捨てる"), hand
    assert errors == []


def test_the_table_says_you_in_english(browser: Browser, base_url: str,
                                       live_server: LiveServer, shots: Path) -> None:
    page, _table = open_table(browser, base_url, live_server, "en", seed=21)
    zodiac_turn(page)
    wait_ready(page)
    whole_page_shot(page, shots / "zodiac-en.png")
    play_to_end(page, zodiac_turn)
    lines = log_lines(page)
    assert "Round 1: your turn" in lines
    assert any(line.startswith("You ") for line in lines)
    assert not any(line.startswith("Aoi ") for line in lines), "the seat reading is 'you'"
    assert any(re.match(r"Round \d+: \S+'s turn", line) for line in lines)
    assert re.search(r"(You win|wins?)!", page.locator("#result-text").inner_text())


def test_the_ring_speaks_japanese_on_a_phone(browser: Browser, base_url: str,
                                             live_server: LiveServer, shots: Path) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="ja-JP")
    page = context.new_page()
    table_id = live_server.create(game="zodiac", seats=["human", "greedy"], seed=8)["id"]
    seat_with_token(page, live_server, table_id, 0, "Aoi")
    page.goto(f"/t/{table_id}?lang=ja")
    wait_ready(page)
    cells = page.locator(".ring .ring-sohma")
    assert cells.count() == 13
    assert cells.first.locator(".ring-name").inner_text() == "由希"
    assert page.locator(".ring-tohru strong").inner_text() == "由希"
    words = [page.locator(".ring").get_attribute("aria-label") or "",
             page.locator(".ring-center").inner_text(), page.locator(".sohma-detail").inner_text(),
             *[c.get_attribute("aria-label") or "" for c in cells.all()]]
    assert english_words(words) == [], words
    page.screenshot(path=shots / "phone-zodiac-ja.png", full_page=True)
