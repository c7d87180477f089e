"""The table and the replay pages in Japanese and in English: a table with bots opened with
``?lang=ja`` in each game, a few turns taken (with a hint, an undo and a turn clock on screen),
and nothing of the page's own words left in English — everything outside the game's drawing and
its log, where the game module speaks; the same on the replay of a finished game with its review.
The English page still says its English words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from furuba.spec import GameSpec

from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, status, wait_ready, whole_page_shot, zodiac_turn
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

ALLOWED = {"furuba", "English"}
"""Latin words a Japanese page may show besides the bots' first names (the server gives them, the
same in every language): the site's name, and "English" (the language switch names each language
in its own words)."""

WORD = re.compile(r"[A-Za-z]{3,}")
SETUP: dict[str, dict[str, Any]] = {
    "zodiac": {"options": {}, "turn": zodiac_turn},
    "daihinmin": {"options": {"max_rounds": 1}, "turn": daihinmin_turn},
}
NAME = "はな"
"""The human's name: a Japanese one, so that any Latin word on the page is the page's own."""

COLLECT = """([skip, keep]) => {
  const inside = (el, sels) => sels.some((s) => el.closest(s));
  const counted = (el) => !inside(el, skip) || inside(el, keep);
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style') || !counted(el)) continue;
    if (el.closest('[hidden]')) continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [aria-valuetext]')) {
    if (!counted(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'aria-valuetext']) {
      if (el.hasAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
}"""

TABLE_SKIP = ["#game", "#log", "#announcer", "#toasts", "#result-text"]
"""The game module's words on the table page: its drawing (the prompt, the hand…), its log (and
the announcer that reads the log out), its result sentence; and the toasts, which may carry a
server's refusal."""
TABLE_KEEP = ["#game .hint-bar #hint", "#game .undo-bar"]
"""The page's own controls the game's prompt hosts: the Hint button and the Undo button."""

REPLAY_SKIP = ["#game", "#log", "#steps ol", "#replay-status", "#replay-header .table-status",
               "#announcer"]
"""The game module's words on the replay page: the position, the log, each step's action and
the result sentence. The review's moves and the bot's reasons are checked: a review is kept
with its reasons in every language."""
REPLAY_KEEP = ["#replay-status strong", "#game .all-hands h2"]


def bot_names(live: LiveServer, table_id: str) -> set[str]:
    """The first names the server gave the bots of a table."""
    return {s["name"] for s in live.table(table_id)["seats"] if s["kind"] == "bot"}


def english_words(page: Page, skip: list[str], keep: list[str], names: set[str]) -> list[str]:
    """The Latin words of 3+ letters the page says in its own words (outside ``skip``, or inside
    ``keep``), less the allowed ones and the bots' ``names``."""
    texts: list[str] = page.evaluate(COLLECT, [skip, keep])
    return sorted({w for text in texts for w in WORD.findall(text) if w not in ALLOWED | names})


def open_table(browser: Browser, base_url: str, live: LiveServer, game: str, lang: str,
               name: str = NAME) -> tuple[Page, str]:
    """A table of ``game`` with the human in seat 0 and three bots, opened in ``lang``."""
    table_id = live.create(game=game, seats=["human", "greedy", "greedy", "greedy"], seed=5,
                           options=SETUP[game]["options"], undo=True, turn_seconds=900)["id"]
    page = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}).new_page()
    seat_with_token(page, live, table_id, 0, name)
    page.goto(f"/t/{table_id}?lang={lang}")
    return page, table_id


def move_tohru(page: Page) -> None:
    """Move Tohru once the page is idle. A click that lands while the page redraws the prompt
    (the hint's answer can still be drawing) is tried once more: what this test checks is the
    words around the move, not the click."""
    page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
    moved = page.locator("#log li", has_text="動かしました")
    for _attempt in range(2):
        page.locator('#game [data-action="move"]').click()
        try:
            expect(moved.first).to_be_visible(timeout=5000)
            return
        except AssertionError:
            continue
    expect(moved.first).to_be_visible()


@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_the_table_speaks_japanese(browser: Browser, base_url: str, live_server: LiveServer,
                                   game: str, shots: Path) -> None:
    page, table_id = open_table(browser, base_url, live_server, game, "ja")
    bots = bot_names(live_server, table_id)
    assert len(bots) == 3
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        wait_ready(page)
        expect(page.locator("#turn-status")).to_have_text("あなたの番です")
        expect(page.locator("#table-status")).to_contain_text(f"あなたは{NAME}として参加中")
        expect(page.locator("#players")).to_contain_text("欲ばりボット")
        expect(page.locator("#timer")).to_contain_text("あなたの持ち時間: 残り")
        expect(page.locator("#copy-invite")).to_have_text("招待リンクをコピー")
        expect(page.locator("#language-switch")).to_have_value("ja")
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text(re.compile(r"^ヒント: "), timeout=WAIT_MS)
        assert english_words(page, TABLE_SKIP, TABLE_KEEP, bots) == []
        if game == "zodiac":                     # moving Tohru reveals nothing: it may be taken back
            move_tohru(page)
            expect(page.locator("#undo")).to_have_text("待った", timeout=WAIT_MS)
            assert page.locator("#undo").get_attribute("title") == "あなたの直前の手を取り消します"
            assert english_words(page, TABLE_SKIP, TABLE_KEEP, bots) == []
        for _ in range(3):                       # a few more turns, then the page again
            wait_ready(page)
            if status(page) == "finished":
                break
            SETUP[game]["turn"](page)
            page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
        wait_ready(page)
        assert english_words(page, TABLE_SKIP, TABLE_KEEP, bots) == []
        whole_page_shot(page, shots / f"table-ja-{game}.png")

        watcher = browser.new_context(base_url=base_url).new_page()
        watcher.goto(f"/t/{table_id}?lang=ja")
        expect(watcher.locator("#table-status")).to_contain_text("観戦中", timeout=WAIT_MS)
        expect(watcher.locator("#turn-status")).to_have_text(
            re.compile(rf"^({'|'.join([NAME, *bots])})さんの番です$"), timeout=WAIT_MS)
        assert english_words(watcher, TABLE_SKIP, TABLE_KEEP, bots) == []
        watcher.context.close()
        assert not errors, errors
    finally:
        page.context.close()


def test_the_table_still_speaks_english(browser: Browser, base_url: str, live_server: LiveServer) -> None:
    page, table_id = open_table(browser, base_url, live_server, "daihinmin", "en", name="Ann")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "en")
        wait_ready(page)
        expect(page.locator("#turn-status")).to_have_text("Your turn")
        expect(page.locator("#table-status")).to_contain_text("Playing · Your turn · you are Ann")
        expect(page.locator("#players")).to_contain_text("Kaito — greedy bot")
        expect(page.locator("#players li.me")).to_contain_text("Ann (you)")
        expect(page.locator("#timer")).to_contain_text(re.compile(r"^You: \d+ min to decide$"))
        expect(page.locator("#copy-invite")).to_have_text("Copy invite link")
        expect(page.locator("#log h2")).to_have_text("Game log")
        expect(page.locator("#chat h2")).to_have_text("Chat")
        expect(page.locator("#hint")).to_have_text("Hint")
        expect(page.locator("#language-switch")).to_have_value("en")
        assert page.title() == "● Your turn — Dai Hin Min — furuba"
        said = set(english_words(page, TABLE_SKIP, TABLE_KEEP, bot_names(live_server, table_id)))
        assert {"Players", "Chat", "Hint", "Copy", "invite", "Leaderboard"} <= said   # the check sees them
    finally:
        page.context.close()


def test_the_replay_and_its_review_speak_japanese(page: Page, live_server: LiveServer, shots: Path) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/replay/{table_id}?lang=ja")
    status_line = page.locator("#replay-status")
    expect(status_line).to_contain_text(re.compile(r"0手目 / 全\d+手"))
    expect(page.locator("#replay-play")).to_have_text("再生")
    for _ in range(3):
        page.click("#replay-next")
    expect(status_line).to_contain_text("3手目")
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    expect(page.locator("#review-status")).to_contain_text("Kaitoさんのプレイを解析")
    expect(page.locator("#review-graph")).to_be_visible(timeout=60_000)
    expect(page.locator("#review-status")).to_have_text("Kaitoさんのプレイの振り返りができました。")
    expect(page.locator("#review-graph-desc")).to_contain_text("Kaitoさん(破線、四角)")
    assert english_words(page, REPLAY_SKIP, REPLAY_KEEP, bot_names(live_server, table_id)) == []
    page.screenshot(path=shots / "replay-ja.png", full_page=True)

    page.goto(f"/replay/{table_id}?lang=en")
    expect(status_line).to_contain_text("Step 0 of")
    expect(page.locator("#review-title")).to_have_text("Game review")
    expect(page.locator("#review-start")).to_have_text("Analyse")
    expect(page.locator("#replay-prev")).to_have_text("‹ Back")


@pytest.mark.third_game
def test_the_generic_view_speaks_japanese(browser: Browser, base_url: str, live_server: LiveServer,
                                          third_game: GameSpec) -> None:
    """A game with no module of its own: the generic view's words are the page's; the game's own
    (its title, its actions, its cards, the names of its view's fields) stay the game's."""
    table_id = live_server.create(game=third_game.name, seats=["human", "greedy"], seed=3,
                                  options={"values": 4})["id"]
    page = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}).new_page()
    seat_with_token(page, live_server, table_id, 0, NAME)
    try:
        page.goto(f"/t/{table_id}?lang=ja")
        wait_ready(page)
        expect(page.locator("#prompt .prompt-title")).to_have_text("あなたの番です。行動を選んでください")
        expect(page.locator("#hand h2")).to_have_text("あなたの手札(2枚)")
        expect(page.locator(".generic-players th")).to_have_text(["プレイヤー", "手札", "得点"])
        expect(page.locator(".generic-players tr.me")).to_contain_text(f"{NAME}(あなた)")
        game_words = set(WORD.findall(third_game.title)) | bot_names(live_server, table_id)
        skip = ["#log", "#announcer", "#toasts", "[data-action]", ".chip", ".generic-facts dt",
                ".generic-facts dd"]   # the whole #game is the generic view's, but its game's words
        assert english_words(page, skip, [], game_words) == []
    finally:
        page.context.close()
