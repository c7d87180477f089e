"""The leaderboard and a player's page in a real browser, over rated games written into the live
server's database and rated by :meth:`RatingStore.rate_table`, as the server does when a rated
game ends."""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.orm import Session

from furuba import games
from furuba.server.accounts.names import name_key
from furuba.server.models import AccountRow, GameRow, SeatRow, TableRow
from furuba.server.ratings.store import RatingStore

from .conftest import LiveServer

pytestmark = pytest.mark.browser
T = TypeVar("T")
GAMES = 3


def run_db(server: LiveServer, fn: Callable[..., T], *args: Any) -> T:
    """``fn(session, *args)`` on the live server's database thread."""
    assert server.loop is not None
    call = server.app.state.hub.db.run(fn, *args)
    result: T = asyncio.run_coroutine_threadsafe(call, server.loop).result(timeout=30)
    return result


def add_players_and_games(s: Session, names: list[str], tables: list[str]) -> None:
    """Accounts ``names`` play ``tables`` (four seats with a greedy bot): the first name wins
    every game, the second comes second, the third last."""
    ids = []
    for name in names:
        row = AccountRow(name=name, name_key=name_key(name), password_hash="not a hash",
                         user_handle=secrets.token_urlsafe(16), created_at=1_700_000_000.0)
        s.add(row)
        s.flush()
        ids.append(row.id)
    for n, table_id in enumerate(tables):
        at = 1_700_000_000.0 + 3600 * n
        s.add(TableRow(id=table_id, game="zodiac", options={}, seed=n, settings={},
                       status="finished", created_at=at, updated_at=at, rated=True))
        s.flush()
        for seat, account in enumerate(ids):
            s.add(SeatRow(table_id=table_id, seat=seat, kind="human", name=names[seat],
                          account_id=account))
        s.add(SeatRow(table_id=table_id, seat=3, kind="bot", bot="greedy", name="Greedy 4"))
        s.add(GameRow(table_id=table_id, game="zodiac", finished_at=at, record={"game": "zodiac"},
                      result={"returns": [1.0, 0.0, 0.0, 0.0], "scores": [7, 5, 2, 4],
                              "winners": [0], "cooperative": False}))


@pytest.fixture(scope="module")
def rated(live_server: LiveServer) -> dict[str, list[str]]:
    """Three new accounts and their rated games (names unique to this run)."""
    suffix = secrets.token_hex(3)
    names = [f"Top{suffix}", f"Mid{suffix}", f"Low{suffix}"]
    tables = [f"rated{suffix}{n}" for n in range(GAMES)]
    run_db(live_server, add_players_and_games, names, tables)
    for table_id in tables:
        assert run_db(live_server, RatingStore.rate_table, table_id)
    return {"names": names, "tables": tables}


def listed(page: Page, names: list[str]) -> list[str]:
    """The names of ``names`` the leaderboard lists, in its order."""
    shown = page.locator("#leaderboard-table tbody th a").all_inner_texts()
    return [n for n in shown if n in names]


def test_the_leaderboard_lists_players_by_rating_with_a_game_switcher_and_a_filter(
        page: Page, rated: dict[str, list[str]], shots: Path) -> None:
    names = rated["names"]
    first = games.names()[0]
    page.goto("/leaderboard")
    expect(page).to_have_url(re.compile(rf"/leaderboard/{first}$"))
    page.goto("/leaderboard/zodiac")
    expect(page.locator("#leaderboard-table")).to_be_visible()
    assert listed(page, names) == names
    top = page.locator("#leaderboard-table tbody tr", has_text=names[0])
    expect(top.locator("td").nth(2)).to_have_text(str(GAMES))
    expect(top.locator("td").nth(3)).to_have_text("100%")
    expect(top).to_contain_text("provisional")
    page.screenshot(path=shots / "leaderboard.png", full_page=True)

    page.select_option("#players-filter", "4")
    expect(page).to_have_url(re.compile(r"/leaderboard/zodiac\?players=4$"))
    expect(page.locator("#leaderboard-table caption")).to_contain_text("4 players")
    assert listed(page, names) == names
    page.select_option("#players-filter", "5")
    expect(page).to_have_url(re.compile(r"players=5$"))
    expect(page.locator("#leaderboard-status")).to_contain_text("rated player")
    assert listed(page, names) == []

    page.locator("#game-switcher a", has_text=games.spec("daihinmin").title).click()
    expect(page).to_have_url(re.compile(r"/leaderboard/daihinmin$"))
    expect(page.locator("#game-switcher a[aria-current=page]")).to_have_text(
        games.spec("daihinmin").title)
    expect(page.locator("#leaderboard-status")).to_contain_text("rated player")
    assert listed(page, names) == []
    page.go_back()
    expect(page).to_have_url(re.compile(r"players=5$"))


def test_a_player_page_plots_the_rating_and_links_the_replays(
        page: Page, rated: dict[str, list[str]], shots: Path) -> None:
    name = rated["names"][0]
    page.goto("/leaderboard/zodiac")
    page.locator("#leaderboard-table a", has_text=name).click()
    expect(page).to_have_url(re.compile(rf"/players/{name}$"))
    expect(page.locator("h1")).to_have_text(name)
    plot = page.locator("svg.rating-plot")
    expect(plot).to_have_count(1)
    expect(plot.locator("title").first).to_contain_text("rating after each rated game")
    expect(plot.locator("desc")).to_contain_text(f"{GAMES} rated games")
    path = plot.locator("path.rating-line").get_attribute("d") or ""
    assert len(re.findall(r"[ML]", path)) == GAMES, path
    ys = [float(y) for y in re.findall(r"[ML][\d.]+ ([\d.]+)", path)]
    assert ys == sorted(ys, reverse=True)     # every game a win: the line only climbs
    assert page.locator("#history-table-zodiac tbody tr").count() == GAMES
    for table_id in rated["tables"]:
        expect(page.locator(f'#games-list a[href="/replay/{table_id}"]')).to_have_count(1)
    expect(page.locator("#games-list tbody tr").first).to_contain_text("1st of 4")
    expect(page.locator("#win-rates-game tbody tr")).to_contain_text("100%")
    page.screenshot(path=shots / "player.png", full_page=True)


def test_unknown_games_and_players_get_a_sentence(page: Page) -> None:
    page.goto("/leaderboard/chess")
    expect(page.locator("#leaderboard-body .error")).to_contain_text("there is no game called “chess”")
    page.goto("/players/nobody-at-all")
    expect(page.locator("#player-status .error")).to_contain_text("there is no player called")
