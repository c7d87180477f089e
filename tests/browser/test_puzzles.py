"""Puzzles from a player's own mistakes, as a player meets them: signed in, they finish a game,
analyse it on its replay, open /puzzles (from the top bar), find the puzzle in their list, see
the position drawn by the game's own module with the moves to choose from, answer, and read
right or wrong, the best move, by how much it wins more often and why, with a link to the
replay of that step — in English and in Japanese."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS, daihinmin_turn, play_to_end
from .test_accessibility import violations
from .test_lobby import join_from_page, sign_up
from .test_table_languages import english_words

pytestmark = pytest.mark.browser
WORDS = {
    "en": {"heading": "Puzzles", "right": "Right!", "wrong": "Not quite", "best": "The best move:",
           "margin": "more often", "replay": "See this move in the replay", "missed": "Missed",
           "solved": "Solved", "played": "Your move in the game:"},
    "ja": {"heading": "パズル", "right": "正解！", "wrong": "残念", "best": "最善手：",
           "margin": "勝つ確率がおよそ", "replay": "リプレイでこの手を見る", "missed": "不正解",
           "solved": "正解", "played": "対局でのあなたの手："},
}
SKIP = ["#puzzle-game", ".puzzle-log"]
"""The game module's words: its drawing of the position and its log (``test_table_languages``
checks those); the moves, in the module's words too, are counted."""


def names(live: LiveServer, table_id: str) -> set[str]:
    """The bots' first names at a table (data, the same in every language)."""
    return {s["name"] for s in live.table(table_id)["seats"] if s["kind"] == "bot"}


def passer(page: Page) -> str:
    """Pass whenever passing is allowed (a sure way to give the review mistakes to find), else
    decide as the other browser tests do."""
    passing = page.locator('#game [data-action="pass"]:not([disabled])')
    if passing.count():
        passing.first.click()
        return "pass"
    return daihinmin_turn(page)


def new_table(page: Page, seed: int) -> str:
    """A one-round Dai Hin Min table made from the page (with its CSRF token), its seat 0 this
    account's; the bots start at once."""
    table_id: str = page.evaluate("""async (seed) => {
        const csrf = document.cookie.split('; ').find((c) => c.startsWith('furuba_csrf=')).slice(12);
        const r = await fetch('/api/tables', {method: 'POST',
            headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
            body: JSON.stringify({game: 'daihinmin', seats: ['human', 'random', 'greedy', 'random'],
                                  seed, options: {max_rounds: 1}})});
        return (await r.json()).id;
    }""", seed)
    join_from_page(page, table_id, 0)
    return table_id


def analysed_game_with_a_mistake(page: Page, live_server: LiveServer, lang: str) -> str:
    """Play games until the review of this player's seat finds a mistake; that table."""
    for seed in range(40, 44):
        table_id = new_table(page, seed)
        page.goto(f"/t/{table_id}")
        play_to_end(page, passer)
        page.goto(f"/replay/{table_id}")
        page.select_option("#review-seat", "0")
        page.click("#review-start")
        expect(page.locator("#review-graph")).to_be_visible(timeout=120_000)
        if page.locator("#review-mistakes li").count():
            return table_id
    raise AssertionError("four games without a mistake the review could find")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_player_solves_a_puzzle_from_their_own_game(browser: Browser, base_url: str,
                                                     live_server: LiveServer, lang: str,
                                                     shots: Path) -> None:
    words = WORDS[lang]
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"/?lang={lang}")
        name = f"はな{secrets.randbelow(10**6)}"      # a name with no Latin word in it
        sign_up(page, name)
        page.goto("/puzzles")
        expect(page.locator("#puzzles-none")).to_be_visible(timeout=WAIT_MS)
        table_id = analysed_game_with_a_mistake(page, live_server, lang)

        solve = page.locator("#review-mistakes a.review-puzzle").first    # each mistake links its puzzle
        expect(solve).to_be_visible()
        assert (solve.get_attribute("href") or "").startswith("/puzzles#")
        page.locator('nav.topbar a[href="/puzzles"]').click()          # from the replay's top bar
        expect(page.get_by_role("heading", level=1)).to_have_text(words["heading"])
        expect(page.locator('nav.topbar a[href="/puzzles"]')).to_have_attribute("aria-current", "page")
        rows = page.locator("#puzzles-table tbody tr")
        expect(rows.first).to_be_visible(timeout=WAIT_MS)
        count = rows.count()
        assert count == len(page.locator("#puzzles-table tbody tr.new").all()), "none tried yet"
        rows.first.locator("a").click()

        moves = page.locator("#puzzle-moves button")
        expect(moves.first).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#puzzle-game .dhm-hand")).to_be_visible()  # the game's own drawing
        assert moves.count() >= 2
        page.screenshot(path=shots / f"puzzle-{lang}.png", full_page=True)
        if lang == "ja":
            assert english_words(page, SKIP, [], names(live_server, table_id)) == [], "the puzzle"
        assert violations(page) == [], "a puzzle open"
        moves.first.click()

        verdict = page.locator("#puzzle-verdict")
        expect(verdict).to_be_visible(timeout=WAIT_MS)
        right = verdict.inner_text().startswith(words["right"])
        assert right or verdict.inner_text().startswith(words["wrong"]), verdict.inner_text()
        expect(page.locator("#puzzle-answer")).to_contain_text(words["best"])
        expect(page.locator("#puzzle-margin")).to_contain_text(words["margin"])
        expect(page.locator("#puzzle-played")).to_contain_text(words["played"])
        expect(page.locator("#puzzle-why")).not_to_be_empty()
        expect(page.locator("#puzzle-moves button.best")).to_have_count(1)
        expect(page.locator("#puzzle-moves button:not([disabled])")).to_have_count(0)
        link = page.locator("#puzzle-replay")
        expect(link).to_have_text(words["replay"])
        href = link.get_attribute("href") or ""
        assert href.startswith(f"/replay/{table_id}#step=")
        state = words["solved"] if right else words["missed"]
        expect(page.locator("#puzzles-table tbody tr .puzzle-state").first).to_have_text(state)
        page.screenshot(path=shots / f"puzzle-answered-{lang}.png", full_page=True)
        if lang == "ja":
            assert english_words(page, SKIP, [], names(live_server, table_id)) == [], "the answer"
        assert violations(page) == [], "a puzzle answered"
        if count > 1:
            expect(page.locator("#puzzle-next")).to_be_visible()
        link.click()
        step = href.rsplit("=", 1)[1]
        expect(page.locator("#replay-status")).to_contain_text(step, timeout=WAIT_MS)
    finally:
        context.close()


def test_a_guest_is_asked_to_sign_in_and_sees_the_puzzles_of_the_day(page: Page,
                                                                     live_server: LiveServer) -> None:
    page.goto("/puzzles?lang=en")
    expect(page.locator("#puzzles-sign-in")).to_have_attribute("href", "/account?next=%2Fpuzzles",
                                                               timeout=WAIT_MS)
    games = live_server.http.get("/api/games").json()["games"]
    expect(page.locator("#daily-list li")).to_have_count(len(games))
    page.goto("/puzzles#no-such-puzzle")
    expect(page.locator("#puzzle [role=alert]")).to_contain_text("there is no such puzzle",
                                                                 timeout=WAIT_MS)


def public_game_with_puzzles(live: LiveServer) -> str:
    """A finished public bots-only game whose review (asked for through the API) made puzzles,
    so that there is a puzzle of the day of Dai Hin Min."""
    for seed in range(7, 12):
        table_id = live.create(game="daihinmin", seats=["random", "greedy", "random", "random"],
                               seed=seed, public=True, options={"max_rounds": 1})["id"]
        live.wait_finished(table_id)
        for seat in (0, 2, 3):
            deadline = time.monotonic() + 120
            while True:
                r = live.http.get(f"/api/tables/{table_id}/review?seat={seat}")
                if r.status_code == 200:
                    break
                assert r.status_code == 202 and time.monotonic() < deadline, r.text
                time.sleep(0.1)
            if any(d["judgement"] for d in r.json()["decisions"]):
                return table_id
    raise AssertionError("no public game with a mistake")


def test_the_puzzle_of_the_day_is_solved_by_a_guest(page: Page, live_server: LiveServer) -> None:
    public_game_with_puzzles(live_server)
    page.goto("/puzzles?lang=en")
    daily = page.locator('#daily-list a[data-game="daihinmin"]')
    expect(daily).to_be_visible(timeout=WAIT_MS)
    daily.click()
    expect(page.locator(".puzzle-tag")).to_contain_text("The puzzle of the day")
    expect(page.locator(".puzzle-task")).to_contain_text("'s move here was judged")
    page.locator("#puzzle-moves button").first.click()
    expect(page.locator("#puzzle-verdict")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#puzzle-played")).to_contain_text("'s move in the game:")


def test_every_page_links_to_the_puzzles(page: Page, live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    name = f"Topbar{secrets.randbelow(10**6)}"
    made = page.request.post("/api/accounts", data={"name": name, "password": "correct horse battery"})
    assert made.status == 201, made.text()
    for path in ("/", f"/t/{table_id}", f"/replay/{table_id}", "/leaderboard", f"/players/{name}",
                 "/account", "/cardsets", "/puzzles", "/deals", "/tournaments"):
        page.goto(path)
        for target in ("/deals", "/tournaments", "/puzzles"):   # the things to aim for, too
            link = page.locator(f'nav.topbar a[href="{target}"]')
            expect(link).to_have_count(1, timeout=WAIT_MS)
            expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(f"{live_server.url}/puzzles")
