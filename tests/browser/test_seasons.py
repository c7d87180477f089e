"""Seasons in a real browser: the leaderboard switches between all time, the season under way and
a past season, and a player's page shows a past season's final standing and the current season's
standing so far, in English and in Japanese. The games are written into the live server's
database, one season back and in the season under way, and rated by
:meth:`RatingStore.rate_table`, as the server does when a rated game ends."""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from furuba.server.accounts.names import name_key
from furuba.server.models import AccountRow, GameRow, SeatRow, TableRow
from furuba.server.ratings.seasons import Season, current_season
from furuba.server.ratings.store import RatingStore

from .conftest import LiveServer
from .test_languages import english_words
from .test_ratings import run_db

pytestmark = pytest.mark.browser
WAIT_MS = 15_000


def add_seasons(s: Session, names: list[str], tables: list[tuple[str, float, int]]) -> None:
    """Accounts ``names`` play zodiac tables ``(id, finished at, winner)`` with two greedy bots."""
    ids = []
    for name in names:
        row = AccountRow(name=name, name_key=name_key(name), password_hash="not a hash",
                         user_handle=secrets.token_urlsafe(16), created_at=1_700_000_000.0)
        s.add(row)
        s.flush()
        ids.append(row.id)
    for n, (table_id, at, winner) in enumerate(tables):
        s.add(TableRow(id=table_id, game="zodiac", options={}, seed=n, settings={},
                       status="finished", created_at=at, updated_at=at, rated=True))
        s.flush()
        for seat, account in enumerate(ids):
            s.add(SeatRow(table_id=table_id, seat=seat, kind="human", name=names[seat],
                          account_id=account))
        for seat in (2, 3):
            s.add(SeatRow(table_id=table_id, seat=seat, kind="bot", bot="greedy",
                          name=f"Greedy {seat + 1}"))
        returns = [1.0 if seat == winner else 0.0 for seat in range(4)]
        s.add(GameRow(table_id=table_id, game="zodiac", finished_at=at, record={"game": "zodiac"},
                      result={"returns": returns, "scores": [7 if r else 3 for r in returns],
                              "winners": [winner], "cooperative": False}))


@pytest.fixture(scope="module")
def seasons(live_server: LiveServer) -> dict[str, object]:
    """The first player beats the second twice last season; the second wins once in the season
    under way."""
    current = current_season(time.time())
    past = current.previous()
    suffix = f"{secrets.randbelow(10**6):06d}"
    names = [f"紅葉{suffix}", f"紫呉{suffix}"]     # no Latin letters: the Japanese page's title
    tables = [(f"past{suffix}0", past.start + 3600, 0), (f"past{suffix}1", past.end - 0.001, 0),
              (f"now{suffix}", current.start + 1, 1)]
    run_db(live_server, add_seasons, names, tables)
    for table_id, _at, _winner in tables:
        assert run_db(live_server, RatingStore.rate_table, table_id)
    return {"names": names, "current": current, "past": past}


def listed(page: Page, names: list[str]) -> list[str]:
    shown = page.locator("#leaderboard-table tbody th a").all_inner_texts()
    return [n for n in shown if n in names]


def label(season: Season, ja: bool = False) -> str:
    return (f"{season.year}年 第{season.quarter}期" if ja
            else f"{season.year} Q{season.quarter}")


def test_the_leaderboard_switches_season(page: Page, seasons: dict[str, object],
                                         shots: Path) -> None:
    names = seasons["names"]
    current, past = seasons["current"], seasons["past"]
    assert isinstance(names, list) and isinstance(current, Season) and isinstance(past, Season)
    page.goto("/leaderboard/zodiac")
    expect(page.locator("#leaderboard-table")).to_be_visible(timeout=WAIT_MS)
    options = page.locator("#season-filter option")
    expect(options.nth(0)).to_have_text("All time")
    expect(options.nth(1)).to_have_text(f"{label(current)} (under way)")
    expect(options.nth(2)).to_have_text(label(past))
    expect(page.locator("#season-note")).to_be_hidden()

    page.select_option("#season-filter", past.name)
    expect(page).to_have_url(re.compile(rf"/leaderboard/zodiac\?season={past.name}$"))
    expect(page.locator("#leaderboard-table caption")).to_contain_text(f"season {label(past)}")
    expect(page.locator("#season-note")).to_contain_text(f"Final standings of season {label(past)}")
    expect(page.locator("#players-filter")).to_be_disabled()
    assert listed(page, names) == names
    winner = page.locator("#leaderboard-table tbody tr", has_text=names[0])
    expect(winner.locator("td").nth(0)).to_have_text("1")
    expect(winner.locator("td").nth(2)).to_have_text("2")       # games
    page.screenshot(path=shots / "leaderboard-past-season.png", full_page=True)

    page.select_option("#season-filter", current.name)
    expect(page).to_have_url(re.compile(rf"season={current.name}$"))
    expect(page.locator("#season-note")).to_contain_text("standings so far")
    expect(page.locator("#leaderboard-table caption")).to_contain_text(label(current))
    assert listed(page, names) == names[::-1]                   # a fresh start: the second leads

    page.go_back()
    expect(page).to_have_url(re.compile(rf"season={past.name}$"))
    expect(page.locator("#season-filter")).to_have_value(past.name)
    expect(page.locator("#season-note")).to_contain_text("Final standings")
    assert listed(page, names) == names
    page.select_option("#season-filter", "")
    expect(page).to_have_url(re.compile(r"/leaderboard/zodiac$"))
    expect(page.locator("#players-filter")).to_be_enabled()
    expect(page.locator("#season-note")).to_be_hidden()

    page.goto("/leaderboard/zodiac?season=1999-q1")             # a season nobody played
    expect(page.locator("#leaderboard-empty")).to_contain_text("Nobody played a rated game")
    expect(page.locator("#season-filter")).to_have_value("1999-q1")


def test_a_player_page_shows_a_past_seasons_final_standing(page: Page, seasons: dict[str, object],
                                                           shots: Path) -> None:
    names = seasons["names"]
    current, past = seasons["current"], seasons["past"]
    assert isinstance(names, list) and isinstance(current, Season) and isinstance(past, Season)
    page.goto(f"/players/{names[0]}")
    section = page.locator("#player-seasons")
    expect(section).to_be_visible(timeout=WAIT_MS)
    expect(section.locator("h2")).to_have_text("Seasons")
    rows = section.locator("#seasons-list tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-season", current.name)
    expect(rows.nth(0)).to_contain_text("2nd of 2")
    expect(rows.nth(0)).to_contain_text("so far")
    old = section.locator(f'tr[data-season="{past.name}"]')
    expect(old.locator("th")).to_have_text(label(past))
    expect(old).to_contain_text("1st of 2")
    expect(old).to_contain_text("final")
    expect(old.locator("td").nth(3)).to_have_text("2")          # games
    page.screenshot(path=shots / "player-seasons.png", full_page=True)
    old.locator("a").click()
    expect(page).to_have_url(re.compile(rf"/leaderboard/zodiac\?season={past.name}$"))
    expect(page.locator("#season-filter")).to_have_value(past.name, timeout=WAIT_MS)


def test_seasons_in_japanese_on_a_phone(browser: Browser, base_url: str,
                                        seasons: dict[str, object], shots: Path) -> None:
    names = seasons["names"]
    current, past = seasons["current"], seasons["past"]
    assert isinstance(names, list) and isinstance(current, Season) and isinstance(past, Season)
    context = browser.new_context(base_url=base_url, locale="ja-JP",
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"/leaderboard/zodiac?season={past.name}")
        expect(page.locator("#leaderboard-table")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("label[for=season-filter]")).to_have_text("シーズン")
        expect(page.locator("#season-filter option").nth(1)).to_have_text(
            f"{label(current, ja=True)}（開催中）")
        expect(page.locator("#season-note")).to_contain_text(
            f"{label(past, ja=True)}（")
        expect(page.locator("#season-note")).to_contain_text("最終順位")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert english_words(page) == []
        page.screenshot(path=shots / "leaderboard-season-ja.png", full_page=True)

        page.goto(f"/players/{names[0]}")
        section = page.locator("#player-seasons")
        expect(section.locator("h2")).to_have_text("シーズン", timeout=WAIT_MS)
        old = section.locator(f'tr[data-season="{past.name}"]')
        expect(old.locator("th")).to_have_text(label(past, ja=True))
        expect(old).to_contain_text("2人中1位")
        expect(old).to_contain_text("確定")
        expect(section.locator(f'tr[data-season="{current.name}"]')).to_contain_text("途中経過")
        assert english_words(page) == []
        page.screenshot(path=shots / "player-seasons-ja.png", full_page=True)
    finally:
        context.close()
