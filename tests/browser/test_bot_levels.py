"""The seat menu offers the five levels, weakest first, each with a sentence on how it plays, in
English and in Japanese; a table seated from it says which level each bot is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.levels import LEVELS, level_named
from furuba.bots.registry import level_summary
from furuba.i18n import speaking

from .helpers import WAIT_MS, home_ready, press

pytestmark = pytest.mark.browser


def menu(page: Page, seat: int) -> list[tuple[str, str]]:
    """The seat menu's choices: (value, text), once the games' description has filled it."""
    expect(page.locator(f"#seat-kind-{seat} option[value='bot:expert']")).to_be_attached(
        timeout=WAIT_MS)
    found: list[tuple[str, str]] = page.eval_on_selector_all(
        f"#seat-kind-{seat} option", "os => os.map(o => [o.value, o.textContent])")
    return [(value, text) for value, text in found]


def measured(game: str, level: str) -> str:
    """What the menu says of how strong ``level`` measured in ``game`` (its spec's ladder)."""
    rung = next(r for r in games.spec(game).kit(BotKit).ladder if r.level == level)

    def percent(x: float) -> str:
        return f"{x * 100:.1f}".removesuffix(".0") + "%"

    points = "" if rung.points is None else f" Its points: {rung.points:g} × an even share."
    setting = f" (Those were {rung.setting}.)" if rung.setting else ""
    return (f"Measured in this game: against {rung.players - 1} {level_named(rung.below).title} "
            f"bots it won {percent(rung.share)} of the {'single rounds' if rung.rounds else 'games'}"
            f" (an even share is "
            f"{percent(1 / rung.players)}).{points}{setting}")


def test_the_seat_menu_offers_the_levels_with_how_each_plays(page: Page) -> None:
    page.goto("/")
    home_ready(page)
    choices = menu(page, 1)
    bots = [value for value, _text in choices if value.startswith("bot:")]
    assert bots[:5] == [f"bot:{level.name}" for level in LEVELS]
    assert "bot:ismcts" not in bots and not any(b.startswith("bot:ismcts:") for b in bots)
    texts = dict(choices)
    assert texts["bot:expert"] == "Bot — Expert" and texts["bot:beginner"] == "Bot — Beginner"
    # a new table's bots are normal ones, and the menu says how they play
    expect(page.locator("#seat-kind-1")).to_have_value("bot:normal")
    about = page.locator("#seat-about-1")
    first = page.locator("input[name=game]").first.get_attribute("value") or ""
    expect(about).to_have_text(f"{LEVELS[2].said_summary} {measured(first, 'normal')}")
    page.select_option("#seat-kind-1", "bot:expert")
    expect(about).to_have_text(
        f"{level_summary(level_named('expert'), first)} {measured(first, 'expert')}")
    # how strong a level measured is the chosen game's: Dai Hin Min's expert wins no more single
    # rounds than hard, and the menu says the points it scores too (Dai Hin Min is won on points)
    page.locator("input[name=game][value=daihinmin]").check()
    page.select_option("#seat-kind-1", "bot:expert")
    expect(about.locator(".seat-measured")).to_have_text(measured("daihinmin", "expert"))
    expect(about.locator(".seat-measured")).to_contain_text("Its points: 1.223 × an even share.")
    # and how it plays is the chosen game's: Dai Hin Min's expert leans on its network
    dhm_expert = level_summary(level_named("expert"), "daihinmin")
    assert dhm_expert != LEVELS[4].said_summary
    expect(about).to_have_text(f"{dhm_expert} {measured('daihinmin', 'expert')}")
    assert measured("daihinmin", "expert") != measured(first, "expert")
    page.locator(f"input[name=game][value={first}]").check()
    page.select_option("#seat-kind-1", "bot:expert")
    expect(page.locator("#seat-kind-1")).to_have_attribute("aria-describedby", "seat-about-1")
    page.select_option("#seat-kind-2", "bot:greedy")   # not a level: no sentence
    expect(page.locator("#seat-about-2")).to_be_hidden()
    page.select_option("#seat-kind-3", "bot:beginner")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#option-target", "2")
    press(page, "#start-table")
    page.wait_for_url(re.compile(r"/t/"))
    seats = page.locator(".seat-list")
    expect(seats).to_contain_text("expert bot", timeout=WAIT_MS)
    expect(seats).to_contain_text("greedy bot")
    expect(seats).to_contain_text("beginner bot")


def test_the_levels_are_said_in_japanese(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="ja-JP")
    try:
        page = context.new_page()
        page.goto("/?lang=ja")
        home_ready(page)
        texts = dict(menu(page, 1))
        with speaking("ja"):
            words = {level.name: (level.said_title, level.said_summary) for level in LEVELS}
        assert texts["bot:expert"] == f"ボット — {words['expert'][0]}"
        assert texts["bot:beginner"] == f"ボット — {words['beginner'][0]}"
        page.select_option("#seat-kind-1", "bot:hard")
        about = page.locator("#seat-about-1")
        expect(about).to_contain_text(words["hard"][1])
        expect(about.locator(".seat-measured")).to_contain_text("このゲームでの実測")
        assert not re.search(r"[A-Za-z]{3,}", words["hard"][1])
    finally:
        context.close()
