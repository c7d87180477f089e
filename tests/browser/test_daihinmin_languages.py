"""Dai Hin Min's own words in the browser, in Japanese and in English: its prompt, hand, seats,
pile, scores and log (the game module's words, which the page-level language tests leave out),
through two rounds with the exchange, then the replay of a finished game.

"You" is said right in both languages: 「あなたが…」 and 「Kaitoさんが…」 in Japanese, "You
played…", "You lead", never "You leads" in English.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, play_to_end, wait_ready, whole_page_shot
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

WORD = re.compile(r"[A-Za-z]{3,}")
NAME = "はな"
"""The human's name: a Japanese one, so that any Latin word is the module's own."""
GAME = ["#game", "#log"]
"""Where the game module speaks on the table page."""
WRONG_YOU = re.compile(r"\bYou (?:leads|gives|gets|wins|deals|passes|plays|holds|is)\b")

COLLECT = """(sels) => {
  const out = [];
  for (const root of sels.flatMap((s) => [...document.querySelectorAll(s)])) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('[hidden], script, style')) continue;
      if (node.textContent.trim()) out.push(node.textContent.trim());
    }
    for (const el of [root, ...root.querySelectorAll('[aria-label], [title]')]) {
      for (const a of ['aria-label', 'title']) if (el.hasAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
}"""


def bot_names(live: LiveServer, table_id: str) -> set[str]:
    return {s["name"] for s in live.table(table_id)["seats"] if s["kind"] == "bot"}


def latin_words(page: Page, selectors: list[str], names: set[str]) -> list[str]:
    """The Latin words of 3+ letters the game module says, less the bots' ``names``."""
    texts: list[str] = page.evaluate(COLLECT, selectors)
    return sorted({w for text in texts for w in WORD.findall(text) if w not in names})


def log_text(page: Page) -> str:
    return "\n".join(page.locator(".log-list li").all_inner_texts())


def open_table(browser: Browser, base_url: str, live: LiveServer, lang: str, name: str,
               rounds: int) -> tuple[Page, str]:
    table_id = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"], seed=5,
                           options={"max_rounds": rounds})["id"]
    page = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}).new_page()
    seat_with_token(page, live, table_id, 0, name)
    page.goto(f"/t/{table_id}?lang={lang}")
    return page, table_id


def test_dai_hin_min_speaks_japanese_through_two_rounds(browser: Browser, base_url: str,
                                                        live_server: LiveServer, shots: Path) -> None:
    page, table_id = open_table(browser, base_url, live_server, "ja", NAME, rounds=2)
    bots = bot_names(live_server, table_id)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[str] = []

    def check(p: Page, turn: int, name: str) -> None:
        assert latin_words(p, GAME, bots) == [], log_text(p)[-800:]
        prompt = p.locator("#prompt").inner_text()
        if "カード交換" in prompt and not any("カード交換" in s for s in seen):
            p.screenshot(path=shots / "daihinmin-exchange-ja.png")
        seen.append(prompt)

    try:
        wait_ready(page)
        expect(page.locator("#prompt")).to_contain_text("あなたの番です")
        expect(page.locator("#play-selected")).to_have_text("出す")
        expect(page.locator("#hand h2")).to_contain_text("あなたの手札")
        assert latin_words(page, GAME, bots) == []
        whole_page_shot(page, shots / "daihinmin-ja.png")
        play_to_end(page, daihinmin_turn, on_turn=check)
        expect(page.locator("#prompt")).to_contain_text("ゲームは終わりました", timeout=WAIT_MS)
        log = log_text(page)
        assert "あなたが" in log or "あなたは" in log, log
        assert re.search(rf"({'|'.join(bots)})さん(が|は)", log), log
        assert "カード交換: " in log and "第1ラウンド終了" in log and "ゲーム終了" in log, log
        assert re.search("大富豪|大貧民", log), log
        assert "You" not in log and "you" not in log
        whole_page_shot(page, shots / "daihinmin-over-ja.png")
        assert latin_words(page, GAME, bots) == []
        assert not errors, errors
    finally:
        page.context.close()


def test_dai_hin_min_english_says_you_right(browser: Browser, base_url: str,
                                            live_server: LiveServer) -> None:
    page, _table = open_table(browser, base_url, live_server, "en", "Ann", rounds=1)
    try:
        wait_ready(page)
        expect(page.locator("#prompt")).to_contain_text("Your turn")
        expect(page.locator("#play-selected")).to_have_text("Play")
        play_to_end(page, daihinmin_turn)
        log = log_text(page)
        assert re.search(r"^You (played|passed)", log, re.M), log
        assert "Round 1 is over: 1. " in log, log
        assert not WRONG_YOU.search(log), WRONG_YOU.search(log)
        assert "(Rich Man)" in log and "(Poor Man)" in log
    finally:
        page.context.close()


def test_the_replay_says_the_moves_in_japanese(page: Page, live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    bots = bot_names(live_server, table_id)
    page.goto(f"/replay/{table_id}?lang=ja")
    for _ in range(6):
        page.click("#replay-next")
    expect(page.locator("#steps ol")).to_contain_text(re.compile("を出す|パスする"))
    assert latin_words(page, ["#game", "#log", "#steps ol"], bots) == []
    page.click("#replay-last")
    expect(page.locator("#replay-header .table-status")).to_contain_text("の勝ちです")
