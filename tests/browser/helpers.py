"""Playing through the pages the way a person does: by clicking (or by keyboard) the legal controls."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, WebSocketRoute, expect

WAIT_MS = 45_000

READY = """() => document.querySelector('#table-status')?.dataset.status === 'finished'
  || (document.querySelector('#reveal') && !document.querySelector('#curtain').hidden)
  || document.querySelector('#game[data-turn=mine]:not([aria-busy])')"""

LEGAL = '#game [data-action]:not([disabled]):not([data-action=""])'


def status(page: Page) -> str:
    return page.locator("#table-status").get_attribute("data-status") or ""


def home_ready(page: Page) -> None:
    """The home page once its forms are built from the server's games and nothing more is on its
    way to move them (a click before then can land beside the control it aimed at)."""
    expect(page.locator("#game-choice input[name=game]").first).to_be_attached(timeout=WAIT_MS)
    expect(page.locator("#seat-rows li").first).to_be_visible()
    expect(page.locator("#play-game option").first).to_be_attached()
    page.wait_for_load_state("networkidle")


def whole_page_shot(page: Page, path: Path) -> None:
    """A screenshot of the whole page taken in a window as tall as the page: the hand, which
    sticks to the bottom of the window, then rests in its place instead of over the table (a
    plain ``full_page`` shot keeps it where the window's bottom was). The window is put back."""
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("() => document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    try:
        page.screenshot(path=path, full_page=True)
    finally:
        page.set_viewport_size(size)


def wait_ready(page: Page) -> None:
    """Until this page must decide, must hand the device over, or the game is over."""
    page.wait_for_function(READY, timeout=WAIT_MS)


def press(page: Page, selector: str, key: str = "Enter") -> None:
    """Act by keyboard: focus the control and press Enter (or Space)."""
    target = page.locator(selector).first
    target.focus()
    page.keyboard.press(key)


def zodiac_turn(page: Page, keyboard: bool = False) -> str:
    """Take one decision in Friends of the Zodiac: a memory or event if possible, else what is legal."""
    loc = page.locator('#game [data-action^="play "]:not([disabled])')
    if loc.count() == 0:
        loc = page.locator(LEGAL)
    name = loc.first.get_attribute("data-action") or ""
    if keyboard:
        loc.first.focus()
        page.keyboard.press("Enter" if len(name) % 2 else " ")
    else:
        loc.first.click()
    return name


def daihinmin_turn(page: Page) -> str:
    """Take one decision in Dai Hin Min: select the lowest playable card and play it, else pass;
    in the exchange, pick the lowest cards the prompt asks for and give them."""
    give = page.locator("#give-selected")
    if give.count():
        for _ in range(3):
            if give.is_enabled():
                break
            page.locator(".dhm-hand .card-button.gift:not([disabled]):not(.selected)").first.click()
        name = give.get_attribute("data-action") or ""
        give.click()
        return name
    cards = page.locator(".dhm-hand .card-button:not([disabled])")
    play = page.locator("#play-selected")
    if play.count() and cards.count():
        cards.first.click()
        if play.is_enabled():
            name = play.get_attribute("data-action") or ""
            play.click()
            return name
        page.locator('[data-action="pass"]').click()
        return "pass"
    loc = page.locator(LEGAL)
    name = loc.first.get_attribute("data-action") or ""
    loc.first.click()
    return name


def play_to_end(page: Page, turn: Callable[[Page], str], limit: int = 600,
                on_turn: Callable[[Page, int, str], None] | None = None) -> list[str]:
    """Decide whenever it is this page's turn until the game is over; the actions taken."""
    taken: list[str] = []
    for _ in range(limit):
        wait_ready(page)
        if status(page) == "finished":
            return taken
        reveal = page.locator("#reveal")
        if reveal.count() and reveal.is_visible():
            reveal.click()
            continue
        name = turn(page)
        taken.append(name)
        if on_turn is not None:
            on_turn(page, len(taken), name)
        page.wait_for_selector("#game:not([aria-busy])", state="attached", timeout=WAIT_MS)
    raise AssertionError(f"the game did not end within {limit} decisions")


def wait_until(check: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def generic_turn(page: Page) -> str:
    """Take one decision in the generic view: the first legal action's button."""
    loc = page.locator(LEGAL)
    name = loc.first.get_attribute("data-action") or ""
    loc.first.click()
    return name


class HeldSocket:
    """A page's socket whose messages to the server can be held back and let go later, as a slow
    network would: the page's own answers then come late."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[str | bytes] = []
        self.server: WebSocketRoute | None = None

    def __call__(self, ws: WebSocketRoute) -> None:
        self.server = server = ws.connect_to_server()
        ws.on_message(lambda m: self.held.append(m) if self.holding else server.send(m))

    def release(self) -> None:
        assert self.server is not None
        self.holding = False
        for m in self.held:
            self.server.send(m)
        self.held.clear()


def pass_the_device_from_ann_to_cat(page: Page, timeout: float = WAIT_MS) -> None:
    """At a hot-seat table of Ann and Cat (Friends of the Zodiac): the curtain hides Ann's hand
    until she shows it, she plays her turn, and the curtain hides everything again (the log
    too: it names the cards a seat drew) until Cat shows hers."""
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Ann", timeout=timeout)
    expect(page.locator("#hand")).to_have_count(0)
    page.click("#reveal")
    for _ in range(20):   # Ann's three actions, and whatever choices her events ask for
        wait_ready(page)
        if page.locator("#reveal").is_visible():
            break
        zodiac_turn(page)
        page.wait_for_selector("#game:not([aria-busy])", state="attached")
    expect(page.locator("#curtain")).to_contain_text("Pass the device to Cat", timeout=WAIT_MS)
    expect(page.locator("#hand")).to_have_count(0)
    expect(page.locator(".log-list")).to_have_count(0)
    page.click("#reveal")
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("Your turn")
