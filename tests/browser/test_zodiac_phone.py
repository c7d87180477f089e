"""Friends of the Zodiac on a phone: the ring of Sohma cards, read and played by tapping to the end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import LEGAL, play_to_end, status, wait_ready
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}
"""An iPhone 13's screen in CSS pixels, touch and mobile layout."""

MIN_TEXT_PX = 11
MIN_TAP_PX = 40

LAYOUT = """() => {
  const width = window.innerWidth;
  const box = (el) => el.getBoundingClientRect();
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const cells = [...document.querySelectorAll('.ring .ring-sohma')];
  const hand = document.querySelector('#hand');
  return {
    width,
    height: window.innerHeight,
    pageWidth: document.scrollingElement.scrollWidth,
    circles: document.querySelectorAll('#game svg.board').length,
    sohmas: cells.map((el) => {
      const name = el.querySelector('.ring-name');
      const b = box(el);
      return {name: name.textContent, sohma: el.dataset.sohma, left: b.left, right: b.right, height: b.height,
              namePx: px(name), nameCut: name.scrollWidth > name.clientWidth + 1,
              tohru: el.classList.contains('tohru-here'), action: el.dataset.action || null};
    }),
    memories: [...document.querySelectorAll('.ring .ring-memory')]
      .map((el) => ({px: px(el), height: box(el).height})),
    tohruText: document.querySelector('.ring-tohru strong')?.textContent,
    hand: [...document.querySelectorAll('#hand .card-button')]
      .map((el) => ({height: box(el).height, width: box(el).width})),
    handBox: hand ? {top: box(hand).top, bottom: box(hand).bottom} : null,
    over: document.querySelector('#game').classList.contains('over'),
  };
}"""


def check_readable(page: Page) -> dict[str, Any]:
    """The facts that make the table readable and playable on a phone, asserted; the layout measured."""
    m: dict[str, Any] = page.evaluate(LAYOUT)
    assert m["circles"] == 0, "a narrow screen gets the ring of cards, not the shrunken circle"
    assert m["pageWidth"] <= m["width"], f"the page scrolls sideways: {m['pageWidth']}px on {m['width']}px"
    assert len(m["sohmas"]) == 13
    for cell in m["sohmas"]:
        assert cell["left"] >= 0 and cell["right"] <= m["width"], f"{cell['name']} sticks out: {cell}"
        assert cell["namePx"] >= MIN_TEXT_PX, f"{cell['name']} is written at {cell['namePx']}px"
        assert not cell["nameCut"], f"{cell['name']} does not fit on its card"
        if cell["action"]:
            assert cell["height"] >= MIN_TAP_PX
    here = [c["sohma"] for c in m["sohmas"] if c["tohru"]]
    assert here == [m["tohruText"]], "one Sohma card shows Tohru, the one the middle of the ring names"
    for memory in m["memories"]:
        assert memory["px"] >= MIN_TEXT_PX and memory["height"] >= MIN_TAP_PX
    for card in m["hand"]:
        assert card["height"] >= MIN_TAP_PX and card["width"] >= MIN_TAP_PX, f"a hand card is {card}"
    if m["handBox"] is not None and m["hand"] and not m["over"]:
        # Scrolled to the top, the hand still shows at the bottom of the screen while the game is on
        # (the bots may end it between our last look at the status and this measurement).
        assert m["handBox"]["top"] < m["height"] and m["handBox"]["bottom"] <= m["height"] + 1
    return m


def tap_turn(page: Page) -> str:
    """One decision by tapping: a Sohma or memory in the ring when the choice is theirs, else a
    card from the hand, else whatever control is legal."""
    loc = page.locator(".ring [data-action]")
    if loc.count() == 0:
        loc = page.locator('#game [data-action^="play "]:not([disabled])')
    if loc.count() == 0:
        loc = page.locator(LEGAL)
    name = loc.first.get_attribute("data-action") or ""
    loc.first.tap()
    return name


def test_zodiac_on_a_phone_by_tapping(browser: Browser, base_url: str, live_server: LiveServer,
                                      shots: Path) -> None:
    context = browser.new_context(base_url=base_url, **PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy", "greedy"], seed=8,
                                  options={"target": 3})["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    wait_ready(page)
    check_readable(page)
    expect(page.locator(".ring .ring-sohma").first).to_have_attribute("data-sohma", "Yuki")

    # Keyboard play still works on the phone layout: the first decision by Enter.
    target = page.locator('#game [data-action^="play "]:not([disabled])').first
    target.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#game:not([aria-busy])", state="attached")

    # Animations are short, and off when "Reduce motion" is ticked.
    probe = """() => {
      const el = document.createElement('div');
      el.className = 'ring-sohma arrived';
      document.querySelector('.ring').append(el);
      const style = getComputedStyle(el);
      const out = [style.animationName, parseFloat(style.animationDuration)];
      el.remove();
      return out;
    }"""
    wait_ready(page)
    name, seconds = page.evaluate(probe)
    assert name == "ring-arrive" and 0 < seconds <= 0.25
    page.locator("#motion-toggle").tap()
    assert page.evaluate(probe)[0] == "none"
    page.locator("#motion-toggle").tap()

    seen = {"ring_choice": 0, "checked": 0}

    def after(p: Page, n: int, action: str) -> None:
        wait_ready(p)
        if status(p) == "finished" or p.locator("#reveal").count():
            return
        if p.locator(".ring [data-action]").count():
            seen["ring_choice"] += 1
            p.screenshot(path=shots / "phone-zodiac-choice.png")
        check_readable(p)
        seen["checked"] += 1
        if n == 6:
            p.evaluate("() => window.scrollTo(0, 0)")
            p.screenshot(path=shots / "phone-zodiac-table.png")
            p.evaluate("() => scrollBy(0, document.querySelector('.ring').getBoundingClientRect().top - 6)")
            p.screenshot(path=shots / "phone-zodiac-ring.png")
            p.evaluate("() => window.scrollTo(0, 0)")

    taken = play_to_end(page, tap_turn, on_turn=after)
    assert taken and status(page) == "finished"
    assert seen["checked"] >= 5
    expect(page.locator("#result-text")).to_contain_text(re.compile(r"wins?!"))
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=shots / "phone-zodiac-over.png")
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    assert not errors, errors
    context.close()
