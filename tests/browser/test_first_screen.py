"""The first screen a new player sees shows the game, not a slice of it (what a new player hit):

* on a 1366 × 768 laptop, Friends of the Zodiac shows the whole circle of Sohmas — Tohru and the
  four places for memories in its center too — with the prompt and your hand, at a table against
  bots and on the tutorial's first step (whose words send you to look at Tohru beside Yuki), in
  English and in Japanese;
* on a 390 × 844 phone, a Dai Hin Min hand of 14 cards leaves the pile and every other player's
  count of cards in view, its cards still wide enough to tap and its buttons on screen.

Everything is measured from the elements' boxes against the unscrolled window, and "in view" also
means "on top": the point in the middle of each thing measured belongs to it, so nothing covers it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from . import deals
from .conftest import LiveServer
from .helpers import WAIT_MS, wait_ready
from .test_pages import seat_with_token
from .test_tutorials import COACH_READY

pytestmark = pytest.mark.browser

LAPTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}
MIN_TAP_WIDTH = 24
"""The narrowest strip of a card, in CSS pixels, that a finger can still be sure to tap."""

MEASURE = """(selectors) => {
  const out = {};
  for (const [name, selector] of Object.entries(selectors)) {
    out[name] = [...document.querySelectorAll(selector)].map((el) => {
      const r = el.getBoundingClientRect();
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      const hit = document.elementFromPoint(x, y);
      return {what: el.id || el.dataset.sohma || el.dataset.memory || el.dataset.card
                || el.dataset.player || el.getAttribute('class') || el.tagName,
              top: r.top, bottom: r.bottom, left: r.left, right: r.right,
              onTop: !!hit && (el === hit || el.contains(hit))};
    });
  }
  return {width: innerWidth, height: innerHeight, scrollY, pageWidth: document.scrollingElement.scrollWidth,
          found: out};
}"""
"""Each element's box and whether the point in its middle hits it (or what it holds)."""


def settle(page: Page) -> None:
    """Until the fonts are in and the page has drawn twice since: the layout is the one people see."""
    page.evaluate("""() => document.fonts.ready.then(() => new Promise(
        (done) => requestAnimationFrame(() => requestAnimationFrame(done))))""")
    page.wait_for_timeout(200)


def measure(page: Page, selectors: dict[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(MEASURE, selectors)
    return found


def out_of_view(m: dict[str, Any], name: str) -> list[str]:
    """The elements called ``name`` in the measurement ``m`` that are not wholly in the unscrolled
    window, or that something else covers, with where they are."""
    bad = []
    for box in m["found"][name]:
        inside = (box["top"] >= -0.5 and box["left"] >= -0.5 and box["bottom"] <= m["height"] + 0.5
                  and box["right"] <= m["width"] + 0.5)
        if not inside or not box["onTop"]:
            bad.append(f"{box['what']} at {box['top']:.0f}..{box['bottom']:.0f}"
                       f" × {box['left']:.0f}..{box['right']:.0f}"
                       f"{'' if box['onTop'] else ' (covered)'}")
    return bad


def open_context(browser: Browser, base_url: str, lang: str, screen: dict[str, Any]) -> BrowserContext:
    return browser.new_context(base_url=base_url, locale="ja-JP" if lang == "ja" else "en-US", **screen)


# -- Friends of the Zodiac on a laptop ------------------------------------------------------------

CIRCLE = {
    "prompt": "#prompt",
    "hand": "#hand",
    "hand cards": "#hand .card-button",
    "sohmas": ".board .sohma",
    "tohru": ".board .tohru",
    "center": ".board .center-card, .board .empty-slot",
    "coach": "#coach:not([hidden])",
}


def zodiac_table(page: Page, live_server: LiveServer, lang: str) -> None:
    """A four-player game against bots, at the first decision of the player in seat 0."""
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy", "greedy"],
                                  seed=11)["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}?lang={lang}")
    wait_ready(page)


def zodiac_tutorial(page: Page, live_server: LiveServer, lang: str) -> None:
    """The Zodiac tutorial at its first step, started as the home page's "Learn to play" does."""
    r = live_server.http.post("/api/tutorials/zodiac", json={"name": "Ann"})
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = json.dumps({str(made["seat"]): made["token"]})
    page.add_init_script(f"localStorage.setItem('furuba:tokens:{made['id']}', {json.dumps(tokens)})")
    page.goto(f"/t/{made['id']}?lang={lang}")
    page.wait_for_function(COACH_READY, timeout=WAIT_MS)
    expect(page.locator("#coach-text")).to_have_attribute("data-step", "welcome")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("where", ["table", "tutorial"])
def test_the_whole_circle_shows_on_a_laptop_with_the_prompt_and_the_hand(
        browser: Browser, base_url: str, live_server: LiveServer, shots: Path,
        where: str, lang: str) -> None:
    context = open_context(browser, base_url, lang, LAPTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    (zodiac_table if where == "table" else zodiac_tutorial)(page, live_server, lang)
    settle(page)
    page.screenshot(path=shots / f"first-screen-zodiac-{where}-{lang}.png")
    m = measure(page, CIRCLE)
    found = m["found"]
    assert m["scrollY"] == 0
    assert len(found["sohmas"]) == 13 and len(found["tohru"]) == 1
    assert len(found["center"]) == 4, "the center has room for four memories"
    assert found["hand cards"], "the player holds cards"
    assert len(found["coach"]) == (1 if where == "tutorial" else 0)
    for name in CIRCLE:
        assert out_of_view(m, name) == [], f"{name}: not wholly in view at {m['width']}×{m['height']}"
    assert m["pageWidth"] <= m["width"], "the page scrolls sideways"
    assert not errors, errors
    context.close()


# -- Dai Hin Min on a phone -----------------------------------------------------------------------

def fourteen_cards(state: Any) -> bool:
    """Seat 0 decides with 14 cards in hand and cards already on the pile."""
    view = state.view(deals.HUMAN)
    return len(view["hand"]) == 14 and bool(view["pile"])


def first_deal_with_fourteen_cards() -> deals.Plan:
    for seed in range(200):
        plan = deals.play_until(seed, deals.passive, lambda s: True)
        if not plan.state.is_terminal() and plan.state.round == 1 and fourteen_cards(plan.state):
            return plan
    raise AssertionError("no seed deals seat 0 fourteen cards with a set already played")


PILE_AND_SEATS = {
    "pile": ".dhm-pile",
    "cards on the table": ".dhm-pile .card-svg",
    "others' counts": ".dhm-seat:not(.me) .seat-cards",
    "hand": "#hand",
    "hand buttons": "#hand .hand-actions .btn",
}

STRIPS = """() => {
  const cards = [...document.querySelectorAll('.dhm-hand .card-button')];
  return cards.map((el, k) => {
    const face = el.querySelector('.card-svg').getBoundingClientRect();
    // What shows of a card: up to where the next one starts (each card lies on the one before it).
    const next = cards[k + 1];
    const right = next ? Math.min(face.right, next.getBoundingClientRect().left) : face.right;
    const hits = (x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); };
    return {card: el.dataset.card, left: face.left, right, top: face.top, bottom: face.bottom,
            // its middle, and its corner where the rank is written, are tapped on it
            middle: hits((face.left + right) / 2, (face.top + face.bottom) / 2),
            corner: hits(face.left + 6, face.top + 12)};
  });
}"""
"""Each card of the hand: the strip of it that shows, and whether a tap there lands on it."""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_of_fourteen_leaves_the_pile_and_the_others_in_view_on_a_phone(
        browser: Browser, base_url: str, live_server: LiveServer, shots: Path, lang: str) -> None:
    plan = first_deal_with_fourteen_cards()
    context = open_context(browser, base_url, lang, PHONE)
    page = context.new_page()
    table_id = live_server.create(game="daihinmin", seats=deals.SEATS, seed=plan.seed)["id"]
    seat_with_token(page, live_server, table_id, deals.HUMAN, "Ann")
    page.goto(f"/t/{table_id}?lang={lang}")
    wait_ready(page)
    expect(page.locator(".dhm-hand .card-button")).to_have_count(14)
    expect(page.locator(".dhm-pile .card-svg").first).to_be_visible()
    settle(page)
    page.screenshot(path=shots / f"first-screen-daihinmin-phone-{lang}.png")
    m = measure(page, PILE_AND_SEATS)
    found = m["found"]
    assert m["scrollY"] == 0
    assert len(found["others' counts"]) == 3 and len(found["hand buttons"]) >= 2
    for name in PILE_AND_SEATS:
        assert out_of_view(m, name) == [], f"{name}: not wholly in view at {m['width']}×{m['height']}"
    assert m["pageWidth"] <= m["width"], "the page scrolls sideways"

    strips: list[dict[str, Any]] = page.evaluate(STRIPS)
    assert len(strips) == 14
    for strip in strips:
        assert strip["right"] - strip["left"] >= MIN_TAP_WIDTH, f"too narrow to tap: {strip}"
        assert strip["middle"] and strip["corner"], f"a tap on {strip['card']} lands elsewhere"
        assert strip["top"] >= 0 and strip["bottom"] <= m["height"], f"off screen: {strip}"
        assert strip["left"] >= 0 and strip["right"] <= m["width"], f"off screen: {strip}"

    # Tapping a card that beats the pile selects it, and Play, in view, can play it.
    playable = page.locator(".dhm-hand .card-button:not([disabled])")
    assert playable.count() > 0, "seat 0 holds a card that beats the pile"
    playable.last.tap()
    expect(playable.last).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#play-selected")).to_be_enabled()
    assert out_of_view(measure(page, {"play": "#play-selected"}), "play") == []
    context.close()
