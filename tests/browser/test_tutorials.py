"""The guided first games in the browser: from the home page's "Learn to play" button, a learner
who does what the coach says — Continue on the steps that only ask to look, the highlighted
control on the steps that ask to act — goes through every step of each game's tutorial and ends
on the offer of a real game against the same bots; in English, and once in Japanese. Another action
than the one asked for is refused with a note, Continue works from the keyboard, each step is read
out, and axe finds no serious accessibility violation with the coach on screen."""

from __future__ import annotations

import contextlib
import json
import re
import time
from importlib import resources
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from furuba import games
from furuba.tutorial import Tutorial, TutorialKit

from .conftest import LiveServer
from .helpers import WAIT_MS
from .test_accessibility import violations

WEB = resources.files("furuba.server") / "web"
"""The pages, with their catalogs of words (``i18n/<lang>.json``)."""

pytestmark = pytest.mark.browser

COACH_READY = """() => {
  const coach = document.querySelector('#coach');
  if (!coach || coach.hidden) return null;
  const text = document.querySelector('#coach-text');
  const page = text && {step: text.dataset.step, kind: text.dataset.kind};
  if (!page || page.kind !== coach.dataset.kind) return null;
  if (page.kind === 'look' || page.kind === 'end') return page;
  const mine = document.querySelector('#game[data-turn=mine]:not([aria-busy]) .coach-expected');
  return page.kind === 'do' && mine ? page : null;
}"""
"""The coach's page when it may be acted on, read in one go (``null`` while it may not)."""

RECORD_STEPS = """() => {
  const shown = window.coachStepsShown = [];
  const look = () => {
    const step = document.querySelector('#coach:not([hidden]) #coach-text')?.dataset.step;
    if (step && shown[shown.length - 1] !== step) shown.push(step);
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true});
  look();
}"""
"""Keep every step the page shows, as it shows it: a step shown between two looks of the test
(a bot moved while it was reading) still counts."""


def tutorial_of(game: str) -> Tutorial:
    return games.spec(game).kit(TutorialKit).tutorial()


def start(page: Page, game: str, lang: str = "") -> str:
    """Open the home page and press the game's "Learn to play" button; the tutorial table's id."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/?lang={lang}" if lang else "/")
    button = page.locator(f'#learn button[data-game="{game}"]')
    expect(button).to_be_visible(timeout=WAIT_MS)
    button.click()
    page.wait_for_url(re.compile(r"/t/"), timeout=WAIT_MS)
    return page.url.rsplit("/", 1)[-1]


def visible(page: Page, selector: str) -> list[int]:
    """The indexes of the elements matching ``selector`` that are on screen and enabled, read in
    one look: counting first and asking each after may meet a page redrawn in between."""
    found: list[int] = page.locator(selector).evaluate_all(
        "els => els.flatMap((e, i) => e.checkVisibility() && !e.disabled ? [i] : [])")
    return found


def act_as_asked(page: Page) -> None:
    """Take the action the coach highlights: its control, or its cards and then its control."""
    asked = "#game [data-action-id].coach-expected"
    shown = visible(page, asked)
    # Pick the highlighted cards one at a time, looking again after each click: a click may
    # select more than its card (a set's other cards) or be lost to a redraw.
    deadline = time.monotonic() + WAIT_MS / 1000
    while not shown:
        if time.monotonic() > deadline:
            raise AssertionError("the cards picked did not make the action asked for: "
                                 + page.locator("#coach").inner_text())
        unpicked = visible(page, "#game [data-card].coach-expected:not(.selected)")
        if unpicked:
            # A redraw between the look and the click may take the card away: then look again.
            with contextlib.suppress(PlaywrightTimeout):
                page.locator("#game [data-card].coach-expected:not(.selected)").nth(unpicked[0]).click(
                    timeout=2000)
        page.wait_for_timeout(50)
        shown = visible(page, asked)
    page.locator(asked).nth(shown[0]).click()


def follow_the_coach(page: Page, limit: int = 400) -> list[str]:
    """Do what the coach says until it offers a real game; the steps it showed, in order."""
    page.evaluate(RECORD_STEPS)
    for _ in range(limit):
        kind = page.wait_for_function(COACH_READY, timeout=WAIT_MS).json_value()["kind"]
        if kind == "end":
            break
        if kind == "look":
            page.locator("#coach-continue").click()
        else:
            act_as_asked(page)
    steps: list[str] = page.evaluate("() => window.coachStepsShown")
    if kind != "end":
        raise AssertionError(f"the coach never offered a real game (steps: {steps})")
    return steps


@pytest.mark.parametrize("game", ["zodiac", "daihinmin"])
def test_the_guided_first_game_from_the_home_page(page: Page, live_server: LiveServer,
                                                  game: str) -> None:
    tutorial = tutorial_of(game)
    table_id = start(page, game)
    table = live_server.table(table_id)
    assert table["settings"]["tutorial"] == tutorial.seat and table["status"] == "playing"
    expect(page.locator("#coach-title")).to_have_text("Learning to play", timeout=WAIT_MS)
    steps = follow_the_coach(page)
    assert [s for s in tutorial.steps if s not in steps] == []
    expect(page.locator("#coach-progress")).to_have_text(
        f"Step {len(tutorial.steps)} of {len(tutorial.steps)}")
    expect(page.locator("#coach-real-game")).to_have_text("Play a real game against the same bots")


def test_another_action_is_refused_and_continue_works_by_keyboard(
        page: Page, live_server: LiveServer) -> None:
    table_id = start(page, "zodiac")
    page.wait_for_function(COACH_READY, timeout=WAIT_MS)
    assert page.locator("#coach-text").get_attribute("data-step") == "welcome"
    for _ in range(2):   # welcome, then the three actions: Continue by keyboard
        page.locator("#coach-continue").focus()
        page.keyboard.press("Enter")
    page.wait_for_function(COACH_READY, timeout=WAIT_MS)
    assert page.locator("#coach-text").get_attribute("data-step") == "draw"
    expect(page.locator("#announcer")).to_contain_text("Step 3 of 11")   # read out
    assert violations(page) == []
    dimmed = page.locator('#game [data-action="move"]')
    expect(dimmed).to_have_class(re.compile(r"coach-dim"))
    dimmed.click()
    expect(page.locator("#coach-note")).to_be_visible()
    assert live_server.app.state.hub.rooms[table_id].record.actions == []
    expect(page.locator('#game [data-action="draw"]')).to_have_class(re.compile(r"coach-expected"))


def test_the_offer_of_a_real_game_in_japanese(page: Page, live_server: LiveServer,
                                             shots: Path) -> None:
    tutorial = tutorial_of("zodiac")
    learning = start(page, "zodiac", lang="ja")
    expect(page.locator("#coach-title")).to_have_text("遊び方ガイド", timeout=WAIT_MS)
    page.wait_for_function(COACH_READY, timeout=WAIT_MS)
    page.screenshot(path=shots / "tutorial-ja.png")
    steps = follow_the_coach(page)
    assert [s for s in tutorial.steps if s not in steps] == []
    expect(page.locator("#coach-text")).to_contain_text("ガイドはここまで")
    real = page.locator("#coach-real-game")
    expect(real).to_have_text("同じボットと本番の対戦をする")
    real.click()
    page.wait_for_url(lambda url: "/t/" in url and not url.endswith(learning), timeout=WAIT_MS)
    page.wait_for_function("() => document.querySelector('#game[data-turn=mine]')", timeout=WAIT_MS)
    table = live_server.table(page.url.rsplit("/", 1)[-1])
    assert table["settings"]["tutorial"] is None and table["status"] == "playing"
    assert [s["bot"] for s in table["seats"] if s["kind"] == "bot"] \
        == [tutorial.bot] * (tutorial.players - 1)
    expect(page.locator("#coach")).to_be_hidden()


@pytest.mark.parametrize(("game", "lang"), [("zodiac", "en"), ("daihinmin", "ja")])
def test_the_tutorials_promise_names_the_bots_the_players_panel_lists(
        page: Page, live_server: LiveServer, game: str, lang: str) -> None:
    """The home page's "Learn to play" promised easy bots, then the table listed normal ones:
    the bots it names are those of every bot seat, as the players panel words them."""
    words = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    page.goto(f"/?lang={lang}")
    intro = page.locator("#learn p").first
    expect(intro).to_be_visible(timeout=WAIT_MS)
    promise = intro.inner_text()
    table_id = start(page, game, lang)
    bots = [s for s in live_server.table(table_id)["seats"] if s["kind"] == "bot"]
    assert bots
    for seat in bots:
        label = words[f"table.bot.{seat['bot']}"]
        expect(page.locator(f'.seat-list li[data-seat="{seat["seat"]}"] .muted')).to_contain_text(
            label, timeout=WAIT_MS)
        assert label in promise, (label, promise)


RECORD_TEXTS = """() => {
  const said = window.coachTexts = [];
  const look = () => {
    const text = document.querySelector('#coach:not([hidden]) #coach-text')?.textContent;
    if (text && said[said.length - 1] !== text) said.push(text);
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true});
  look();
}"""
"""Keep every text the coach shows."""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_coach_never_says_choose_twice(page: Page, live_server: LiveServer,
                                           lang: str) -> None:
    """The step that asks for an event's option read "Pick choose “1 Sohma counterclockwise”"
    (the option's words already start with their verb); in Japanese 「…」を選ぶを選べば."""
    start(page, "zodiac", lang)
    page.evaluate(RECORD_TEXTS)
    follow_the_coach(page)
    texts: list[str] = page.evaluate("() => window.coachTexts")
    asked = [t for t in texts if ("The event lets you choose" in t or "イベントの選択肢" in t)]
    assert asked, texts
    for text in texts:
        assert not re.search(r"\b(?:[Pp]ick|[Cc]hoose) choose\b", text), text
        assert "を選ぶを選" not in text, text
