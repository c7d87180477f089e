"""A table that fits: on a 1366 × 768 laptop screen and a 390 × 844 phone, when it is your turn,
the prompt, your hand and every control you may act with are on screen without scrolling — in
both games."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SCREENS = {"laptop": {"viewport": LAPTOP},
           "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 3}}
HAND = {"zodiac": "#hand", "daihinmin": ".dhm-hand"}


def off_screen(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not wholly inside the viewport, unscrolled."""
    found: list[str] = page.evaluate("""(selector) => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;          // not drawn
            if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
                out.push(`${el.id || el.className} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
        }
        return out;
    }""", selector)
    return found


@pytest.mark.parametrize("screen", ["laptop", "phone"])
@pytest.mark.parametrize("game, seats", [("zodiac", ["human", "greedy", "greedy", "greedy"]),
                                         ("daihinmin", ["human", "greedy", "greedy", "greedy"])])
def test_your_turn_fits_the_screen(browser: Browser, base_url: str, live_server: LiveServer,
                                   game: str, seats: list[str], screen: str) -> None:
    context = browser.new_context(base_url=base_url, **SCREENS[screen])
    page = context.new_page()
    options: dict[str, Any] = {"max_rounds": 1} if game == "daihinmin" else {}
    table_id = live_server.create(game=game, seats=seats, seed=11, options=options)["id"]
    seat_with_token(page, live_server, table_id, 0, "Ann")
    page.goto(f"/t/{table_id}")
    controls = '#game [data-action]:not([disabled]):not([data-action=""])'
    expect(page.locator(controls).first).to_be_visible(timeout=WAIT_MS)
    assert page.evaluate("scrollY") == 0
    expect(page.locator("#prompt")).to_be_visible()
    assert off_screen(page, "#prompt") == []
    assert off_screen(page, HAND[game]) == [], "the hand is below the fold"
    assert off_screen(page, controls) == [], "a control you may act with is off screen"
    context.close()
