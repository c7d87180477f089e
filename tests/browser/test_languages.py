"""The site's pages in Japanese and in English: the home page (with its rules, the lobby and your
games), the account page signed out and signed in, the leaderboard, a player's profile and the
offline page say nothing in English once Japanese is chosen; a browser set to Japanese gets
Japanese without asking; the language switch changes the language and the next page remembers
it; and ``<html lang>`` always says which language the page speaks."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from furuba.server.ratings.store import RatingStore

from .conftest import LiveServer
from .helpers import WAIT_MS, home_ready
from .test_lobby import join_from_page, sign_up
from .test_ratings import add_players_and_games, run_db

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "src" / "furuba" / "server" / "web"
WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED = {"furuba", "English", "UECda"}
"""Latin words a Japanese page may show: the site's name, "English" (the language switch
names each language in its own words) and the name of the UECda contest, which Japanese writes
so too. Names people chose are not counted: the pages show
them in <bdi> elements."""
FULL_TITLE = "Friends of the Zodiac（十二支のともだち）"
"""The one place a game's original title shows, beside its Japanese name (the home page's
introduction)."""

COLLECT = """() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const out = [document.title];
  const meta = document.querySelector('meta[name=description]');
  if (meta) out.push(meta.content);
  const counted = (el) => !el.closest('bdi, script, style, [hidden]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el && counted(el) && node.textContent.trim()) out.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!counted(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (el.hasAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
}"""
"""Every word the page says: its title and description, the text of every element not hidden
(closed <details> opened first; a menu's choices, an SVG's <title> and <desc> included), and
what it says to assistive technology or on hover (aria-label, title, placeholder, alt)."""


def catalog(lang: str) -> dict[str, object]:
    words: dict[str, object] = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return words


JA = catalog("ja")
EN = catalog("en")


def english_words(page: Page) -> list[str]:
    """The Latin words of 3 letters or more the page says, less the allowed ones."""
    texts: list[str] = page.evaluate(COLLECT)
    said = " ".join(texts).replace(FULL_TITLE, "")
    return sorted({w for w in WORD.findall(said) if w not in ALLOWED})


def check_japanese(page: Page, where: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert english_words(page) == [], where


def japanese_name(prefix: str) -> str:
    """A name of Japanese letters and digits, new in this test session."""
    return f"{prefix}{secrets.randbelow(10**6):06d}"


@pytest.fixture(scope="module")
def rated_players(live_server: LiveServer) -> list[str]:
    """Three accounts with Japanese names and three rated games between them."""
    names = [japanese_name(n) for n in ("由希", "夾", "透")]
    tables = [f"ja{secrets.token_hex(4)}{n}" for n in range(3)]
    run_db(live_server, add_players_and_games, names, tables)
    for table_id in tables:
        assert run_db(live_server, RatingStore.rate_table, table_id)
    return names


def test_every_page_in_japanese_says_no_english(browser: Browser, base_url: str,
                                                live_server: LiveServer,
                                                rated_players: list[str], shots: Path) -> None:
    context = browser.new_context(base_url=base_url, locale="en-US",
                                  viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto("/?lang=ja")
        home_ready(page)
        check_japanese(page, "home")
        page.screenshot(path=shots / "home-ja.png", full_page=True)
        page.select_option("#pace", "correspondence")     # the correspondence settings show
        page.check("input[name=game][value=daihinmin]")   # the other game's options
        expect(page.locator("#on-timeout")).to_be_visible()
        check_japanese(page, "home, correspondence, Dai Hin Min")

        page.goto("/account")                             # the choice is remembered
        expect(page.locator("#signed-out")).to_be_visible(timeout=WAIT_MS)
        check_japanese(page, "account, signed out")

        page.goto("/leaderboard/zodiac")
        expect(page.locator("#leaderboard-table")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#leaderboard-table", has_text=rated_players[0])).to_have_count(1)
        check_japanese(page, "leaderboard")
        page.screenshot(path=shots / "leaderboard-ja.png", full_page=True)
        expect(page.locator("#players-filter option").nth(1)).to_have_text("1人")

        page.goto(f"/players/{rated_players[0]}")
        expect(page.locator("#games-list")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#games-list tbody tr").first).to_contain_text("4人中1位")
        check_japanese(page, "a player's profile")
        page.screenshot(path=shots / "player-ja.png", full_page=True)

        page.goto("/static/offline.html")
        check_japanese(page, "offline")
        expect(page.get_by_role("heading", name="オフラインです")).to_be_visible()

        # Signed in, with a correspondence game: the account page and your games.
        page.goto("/")
        name = japanese_name("紅葉")
        sign_up(page, name)
        made = live_server.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"],
                                  options={"target": 5}, pace="correspondence", move_hours=24)
        join_from_page(page, made["id"], 1)
        page.goto("/account")
        expect(page.locator("#me-name")).to_have_text(name, timeout=WAIT_MS)
        expect(page.locator("#passkey-list li")).to_have_count(1)
        check_japanese(page, "account, signed in")
        page.screenshot(path=shots / "account-ja.png", full_page=True)
        page.goto("/")
        home_ready(page)
        expect(page.locator("#your-games-list li")).not_to_have_count(0)
        expect(page.locator(f'#your-games-list li[data-table="{made["id"]}"]')).to_be_visible()
        check_japanese(page, "home, signed in")
        page.locator("#lobby").screenshot(path=shots / "lobby-ja.png")
    finally:
        context.close()


def test_the_english_pages_say_their_english_words(browser: Browser, base_url: str) -> None:
    """The catalog's English is the pages' English (and the check above can fail: it finds it)."""
    context = browser.new_context(base_url=base_url, locale="en-US")
    page = context.new_page()
    try:
        page.goto("/")
        home_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#lobby-title")).to_have_text("Play online")
        expect(page.locator("#rules-zodiac")).to_contain_text("exactly 3 actions")
        expect(page.locator("#rules-zodiac strong").first).to_have_text("7 different Sohma friends")
        assert page.title() == "furuba — the Fruits Basket card games"
        found = english_words(page)
        assert {"Play", "online", "Sohma", "Tohru"} <= set(found)
    finally:
        context.close()


def test_a_japanese_browser_gets_japanese_without_asking(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto("/")
        home_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("#lobby-title")).to_have_text(str(JA["lobby.title"]))
        assert page.title() == JA["home.title"]
        page.goto("/static/offline.html")
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.get_by_role("button", name="もう一度試す")).to_be_visible()
    finally:
        context.close()


def test_the_switch_changes_the_language_and_the_next_page_remembers(browser: Browser,
                                                                     base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="en-US")
    page = context.new_page()
    try:
        page.goto("/leaderboard")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#language-switch")).to_have_value("en")
        page.select_option("#language-switch", "ja")
        expect(page.locator("html")).to_have_attribute("lang", "ja", timeout=WAIT_MS)
        expect(page.locator("#language-switch")).to_have_value("ja")
        expect(page.locator("#leaderboard-title")).to_contain_text(str(JA["page.leaderboard"]))
        assert "lang=" not in page.url
        for path, heading in (("/", "#lobby-title"), ("/account", "#account-title")):
            page.goto(path)
            expect(page.locator("html")).to_have_attribute("lang", "ja")
            expect(page.locator(heading)).to_have_text(str(JA[
                "lobby.title" if path == "/" else "account.title"]))
        page.goto("/static/offline.html")                 # which fetches nothing, and still knows
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        page.select_option("#language-switch", "en")      # in place: the words are in the page
        expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
        page.goto("/account")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#account-title")).to_have_text(str(EN["account.title"]))
        expect(page.locator("#language-switch")).to_have_accessible_name("Language")
    finally:
        context.close()


def test_every_key_of_a_rich_text_and_of_a_word_chosen_at_run_time_exists() -> None:
    """Keys the catalog test cannot see: [data-i18n-rich] containers, and keys the scripts make
    from data (a bot's level, an ordinal's form, the state of one of your tables)."""
    asked = set()
    for page in WEB.glob("*.html"):
        asked |= set(re.findall(r'data-i18n-rich="([\w.-]+)"', page.read_text(encoding="utf-8")))
    asked |= {f"home.level.{level}" for level in ("easy", "normal", "hard")}
    asked |= {f"player.ordinal.{form}" for form in ("one", "two", "few", "other")}
    asked |= {f"lobby.mine.{state}{tail}" for state in ("waiting", "your_turn", "their_turn",
                                                        "finished", "abandoned")
              for tail in ("", "_with")}
    asked |= {f"home.seconds.{n}" for n in (30, 60, 120, 300)}
    assert len(asked) > 30
    assert sorted(asked - set(EN)) == [] and sorted(asked - set(JA)) == []


def test_offline_the_pages_still_speak_japanese(browser: Browser, base_url: str) -> None:
    """The service worker keeps both catalogs with the front end, and the offline page it shows
    when the server cannot be reached says its words in Japanese with nothing fetched."""
    context = browser.new_context(base_url=base_url, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto("/")
        home_ready(page)
        # The worker active (its cache is filled while it installs, before it may answer a
        # navigation), and both catalogs and the offline page in its cache.
        page.wait_for_function("""async () => {
            if (!(await navigator.serviceWorker.ready).active) return false;
            const key = (await caches.keys()).find((k) => k.startsWith('furuba-'));
            if (!key) return false;
            const cache = await caches.open(key);
            return !!(await cache.match('/static/offline.html'))
                && !!(await cache.match('/static/i18n/ja.json'))
                && !!(await cache.match('/static/i18n/en.json'));
        }""", timeout=WAIT_MS)
        context.set_offline(True)
        try:
            words = page.evaluate("fetch('/static/i18n/ja.json').then((r) => r.json())")
            assert words["lobby.title"] == JA["lobby.title"]
            page.goto("/leaderboard")
            expect(page.get_by_role("heading", name="オフラインです")).to_be_visible(timeout=WAIT_MS)
            check_japanese(page, "offline, from the service worker")
        finally:
            context.set_offline(False)
    finally:
        context.close()


GLYPHS_DIFFER = """() => {
  const font = getComputedStyle(document.body).font;
  const drawn = (text) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const pen = canvas.getContext('2d');
    pen.font = font.replace(/\\d+(\\.\\d+)?px/, '48px');
    pen.fillText(text, 4, 52);
    return Array.from(pen.getImageData(0, 0, 64, 64).data).join();
  };
  return drawn('遊') !== drawn('友');
}"""
"""Whether two kanji come out as different drawings in the page's font: a browser with no font
for Japanese draws every one as the same empty box."""


def test_japanese_is_drawn_in_a_font_that_has_it(page: Page, base_url: str) -> None:
    """The machine the tests (and their screenshots) run on has a Japanese font, as a Japanese
    player's does: without one, every kanji is the same box, and the screenshots show boxes."""
    page.goto(f"{base_url}/?lang=ja")
    home_ready(page)
    assert page.evaluate(GLYPHS_DIFFER), "no Japanese font: install fonts-noto-cjk"
