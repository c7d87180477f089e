"""Seasons: calendar quarters in UTC, each a fresh ladder of every game's ratings.

The season of a moment and its bounds (the last millisecond of a year included), a game rated
once in the season it ended in, starting everyone as a newcomer each season, a past season's
leaderboard never changed by a later game, the season leaderboards' and the seasons list's
routes and refusals, and the seasons on a player's profile.

Tables, seats and finished games are written straight into a temporary SQLite database through
the models, as the server leaves them when a rated game ends.
"""

from __future__ import annotations

import calendar
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from furuba.server.accounts.names import name_key
from furuba.server.models import RatingEventRow, RatingRow, make_engine
from furuba.server.ratings.model import NEWCOMER
from furuba.server.ratings.seasons import (
    FIRST,
    LAST,
    Season,
    current_season,
    parse_season,
    season_of,
    seasons_before,
)
from furuba.server.ratings.store import RatingStore

from .harness import LiveServer
from .postgres import Postgres
from .test_ratings import Db, add_account, add_finished, refused

NEW_YEAR_2027 = float(calendar.timegm((2027, 1, 1, 0, 0, 0)))
LAST_MS_OF_2026 = NEW_YEAR_2027 - 0.001
Q4_2026 = Season(2026, 4)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, db_url: str) -> Iterator[Db]:
    """A temporary database: SQLite, and a new PostgreSQL database (the seasons' queries, a
    ``LIKE`` and a self-join, must read the same in both)."""
    if request.param == "postgresql":
        server: Postgres = request.getfixturevalue("database_server")
        db_url = server.create_database(f"seasons_{uuid.uuid4().hex[:12]}")
    engine = make_engine(db_url)
    yield Db(engine)
    engine.dispose()


# -- the seasons -----------------------------------------------------------------------------------
def test_a_season_is_a_calendar_quarter_in_utc_up_to_its_last_millisecond() -> None:
    assert season_of(LAST_MS_OF_2026) == Q4_2026
    assert season_of(NEW_YEAR_2027) == Season(2027, 1)
    assert Q4_2026.start == calendar.timegm((2026, 10, 1, 0, 0, 0))
    assert Q4_2026.end == NEW_YEAR_2027 and Q4_2026.holds(LAST_MS_OF_2026)
    assert not Q4_2026.holds(NEW_YEAR_2027)
    assert season_of(Q4_2026.start - 0.001) == Season(2026, 3)
    assert [season_of(calendar.timegm((2026, month, 15, 12, 0, 0))).quarter
            for month in range(1, 13)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert (Q4_2026.name, Q4_2026.label, Season(2027, 1).name) == ("2026-q4", "2026 Q4", "2027-q1")
    assert Q4_2026.over(NEW_YEAR_2027) and not Q4_2026.over(LAST_MS_OF_2026)
    assert current_season(LAST_MS_OF_2026) == Q4_2026
    assert [s.name for s in seasons_before(Season(2027, 1), 2)] == ["2026-q4", "2026-q3"]


def test_only_a_season_written_exactly_is_read_as_one() -> None:
    assert parse_season("2026-q4") == Q4_2026
    for text in ("2026-Q4", "2026-q0", "2026-q5", "2026-q44", "26-q4", " 2026-q4", "2026-q4\n",
                 "1969-q4", "9999-q1", "２０２６-q4", "2026_q4", "all", "4p", "", "current"):
        assert parse_season(text) is None, text
    with pytest.raises(ValueError):
        Season(2026, 5)
    with pytest.raises(ValueError):
        FIRST.previous()
    with pytest.raises(ValueError):
        LAST.next()


@given(st.floats(min_value=FIRST.start, max_value=LAST.end, exclude_max=True))
def test_every_moment_is_in_exactly_its_season(at: float) -> None:
    season = season_of(at)
    assert season.holds(at)
    assert season_of(season.start) == season and season_of(season.end - 0.001) == season
    assert parse_season(season.name) == season and len(season.name) <= 16
    if season > FIRST:
        assert not season.previous().holds(at) and season.previous().end == season.start
    if season < LAST:
        assert not season.next().holds(at) and season.next().start == season.end
        assert season.next().name > season.name        # names sort as the seasons do


# -- rating in seasons -----------------------------------------------------------------------------
def season_rows(s: Session, pool: str) -> list[tuple[int, float, float, int, float]]:
    return [(r.account_id, r.mu, r.sigma, r.games, r.wins) for r in s.scalars(
        select(RatingRow).where(RatingRow.pool == pool).order_by(RatingRow.account_id))]


def test_a_game_is_rated_once_in_the_season_it_ended_in_and_a_late_one_in_the_next(db: Db) -> None:
    def setup(s: Session) -> None:
        ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
        add_finished(s, "last", "zodiac", [ann, ben, "greedy", "greedy"], [1.0, 0.0, 0.0, 0.0],
                     at=LAST_MS_OF_2026)
        add_finished(s, "first", "zodiac", [ann, ben, "greedy", "greedy"], [0.0, 1.0, 0.0, 0.0],
                     at=NEW_YEAR_2027)

    db.run(setup)
    changes = db.run(RatingStore.rate_table, "last")
    assert [c.pool for c in changes] == ["all"] * 2 + ["4p"] * 2 + ["2026-q4"] * 2
    assert db.run(RatingStore.rate_table, "last") == []             # once
    before = db.run(season_rows, "2026-q4")
    board = db.run(RatingStore.leaderboard, "zodiac", "2026-q4", 100, 0)
    assert [(e.place, e.name) for e in board.entries] == [(1, "Ann"), (2, "Ben")]

    assert {c.pool for c in db.run(RatingStore.rate_table, "first")} == {"all", "4p", "2027-q1"}
    assert db.run(RatingStore.rate_table, "first") == []
    assert db.run(season_rows, "2026-q4") == before                 # the past season stays
    assert db.run(RatingStore.leaderboard, "zodiac", "2026-q4", 100, 0) == board
    new = db.run(RatingStore.leaderboard, "zodiac", "2027-q1", 100, 0)
    assert [(e.name, e.standing.games) for e in new.entries] == [("Ben", 1), ("Ann", 1)]

    def check(s: Session) -> None:
        events = list(s.scalars(select(RatingEventRow).order_by(RatingEventRow.id)))
        by_pool: dict[str, list[str]] = {}
        for e in events:
            by_pool.setdefault(e.pool, []).append(e.table_id)
        assert sorted(by_pool["2026-q4"]) == ["last", "last"]
        assert sorted(by_pool["2027-q1"]) == ["first", "first"]
        assert len(by_pool["all"]) == 4
        # Each season starts everyone as a newcomer; pool all goes on from the game before.
        for e in events:
            if e.table_id == "first":
                assert (e.pool in ("2027-q1",)) == (e.mu_before == NEWCOMER.mu
                                                    and e.sigma_before == NEWCOMER.sigma)
        assert {r.games for r in s.scalars(select(RatingRow).where(
            RatingRow.pool == "all"))} == {2}

    db.run(check)


def test_each_rated_game_counts_once_in_its_season_and_unrated_ones_not_at_all(db: Db) -> None:
    times = [Q4_2026.start + 60.0 * n for n in range(5)]

    def setup(s: Session) -> int:
        ann = add_account(s, "Ann")
        for n, at in enumerate(times):
            add_finished(s, f"t{n}", "daihinmin", [ann, "greedy", "greedy", "greedy"],
                         [1.0, 0.0, 0.0, 0.0], at=at)
        add_finished(s, "casual", "daihinmin", [ann, "greedy", "greedy", "greedy"],
                     [1.0, 0.0, 0.0, 0.0], at=times[0], rated=False)
        return ann

    ann = db.run(setup)
    for _round in range(2):
        for table_id in [f"t{n}" for n in range(5)] + ["casual"]:
            db.run(RatingStore.rate_table, table_id)

    def check(s: Session) -> None:
        row = s.get(RatingRow, (ann, "daihinmin", "2026-q4"))
        assert row is not None and (row.games, row.wins) == (5, 5.0)
        assert s.scalar(select(func.count()).select_from(RatingEventRow).where(
            RatingEventRow.pool == "2026-q4")) == 5

    db.run(check)


def test_a_season_rank_counts_as_the_leaderboard_places_ties_included(db: Db) -> None:
    """Every player's season rank on the profile is their place on that season's leaderboard,
    also for players whose ratings are exactly equal (a co-op win moves a team together)."""
    def setup(s: Session) -> None:
        ids = {name: add_account(s, name) for name in ("Cy", "Ann", "Ben", "Dee")}
        add_finished(s, "coop", "zodiac", [ids["Cy"], ids["Ann"]], [1.0, 1.0], cooperative=True,
                     at=Q4_2026.start + 10)
        add_finished(s, "solo", "zodiac", [ids["Dee"], ids["Ben"], "greedy"], [1.0, 0.0, 0.0],
                     at=Q4_2026.start + 20)
        add_finished(s, "old", "zodiac", [ids["Dee"], "greedy"], [0.0, 1.0],
                     at=Q4_2026.start - 20)

    db.run(setup)
    for table_id in ("coop", "solo", "old"):
        assert db.run(RatingStore.rate_table, table_id)
    board = db.run(RatingStore.leaderboard, "zodiac", "2026-q4", 100, 0)
    assert board.total == 4
    places = {e.name: e.place for e in board.entries}
    assert places["Ann"] + 1 == places["Cy"]                        # equal: by name
    for name in places:
        profile = db.run(RatingStore.profile, name_key(name), NEW_YEAR_2027)
        assert profile is not None
        season = [x for x in profile.seasons if x.season == "2026-q4"]
        assert len(season) == 1 and (season[0].rank, season[0].ranked) == (places[name], 4)
        assert season[0].final and season[0].games == 1
        assert all(r.pool in ("all", "1p", "2p", "3p", "4p", "5p") for r in profile.ratings)
    dee = db.run(RatingStore.profile, "dee", LAST_MS_OF_2026)
    assert dee is not None
    assert [(x.season, x.rank, x.ranked, x.final) for x in dee.seasons] == [
        ("2026-q4", places["Dee"], 4, False), ("2026-q3", 1, 1, True)]


# -- the routes ------------------------------------------------------------------------------------
def two_seasons(s: Session, past: Season, current: Season) -> None:
    """Ann beats Ben twice last season; Ben beats Ann once this season."""
    ann, ben = add_account(s, "Ann"), add_account(s, "Ben")
    for n in range(2):
        add_finished(s, f"p{n}", "zodiac", [ann, ben, "greedy", "greedy"], [1.0, 0.0, 0.0, 0.0],
                     at=past.start + 3600 + n)
    add_finished(s, "c0", "zodiac", [ann, ben, "greedy", "greedy"], [0.0, 1.0, 0.0, 0.0],
                 at=current.start + 1)


def test_the_season_routes_answer_and_refuse_with_a_sentence(db_url: str) -> None:
    current = current_season(time.time())
    past = current.previous()
    with LiveServer(db_url) as live:
        live.hub.db.call(two_seasons, past, current)
        for table_id in ("p0", "p1", "c0"):
            live.hub.db.call(RatingStore.rate_table, table_id)
        get = live.http.get
        now = get("/api/leaderboard/zodiac", params={"season": "current"}).json()
        assert now["pool"] == current.name and now["players"] is None
        assert now["season"]["season"] == current.name and now["season"]["current"] is True
        assert [(e["name"], e["games"]) for e in now["entries"]] == [("Ben", 1), ("Ann", 1)]
        old = get("/api/leaderboard/zodiac", params={"season": past.name, "limit": 1}).json()
        assert (old["total"], old["limit"], old["season"]["over"]) == (2, 1, True)
        assert [(e["place"], e["name"], e["games"]) for e in old["entries"]] == [(1, "Ann", 2)]
        every = get("/api/leaderboard/zodiac").json()
        assert every["pool"] == "all" and every["season"] is None and every["total"] == 2
        assert get("/api/leaderboard/daihinmin", params={"season": past.name}).json()[
            "entries"] == []

        listed = get("/api/leaderboard/zodiac/seasons").json()
        assert listed["current"]["season"] == current.name
        assert [(x["season"], x["ranked"]) for x in listed["seasons"]] == [
            (current.name, 2), (past.name, 2)]
        assert listed["seasons"][0]["label"] == f"{current.year} Q{current.quarter}"
        nothing = get("/api/leaderboard/daihinmin/seasons").json()
        assert [(x["season"], x["ranked"]) for x in nothing["seasons"]] == [(current.name, 0)]

        for bad in ("2026-Q4", "q4", "", "x" * 17, "2026-q4'--", "1969-q4"):
            refused(get("/api/leaderboard/zodiac", params={"season": bad}), 400, "season must be")
        refused(get("/api/leaderboard/zodiac", params={"season": current.next().name}), 404,
                f"the season {current.next().name} has not begun")
        refused(get("/api/leaderboard/zodiac", params={"season": "current", "players": 4}), 400,
                "leave out players")
        refused(get("/api/leaderboard/zodiac", params={"season": past.name, "limit": 101}), 400,
                "limit must be")
        refused(get("/api/leaderboard/chess", params={"season": "current"}), 404,
                "there is no game called “chess”")
        refused(get("/api/leaderboard/chess/seasons"), 404, "there is no game called “chess”")

        profile: dict[str, Any] = get("/api/players/ann").json()
        assert [r["pool"] for r in profile["ratings"]] == ["all", "4p"]
        seasons = [(x["game"], x["season"], x["rank"], x["ranked"], x["games"], x["final"])
                   for x in profile["seasons"]]
        assert seasons == [("zodiac", current.name, 2, 2, 1, False),
                           ("zodiac", past.name, 1, 2, 2, True)]
        assert profile["seasons"][1]["rating"] == old["entries"][0]["rating"]
        assert (profile["seasons"][1]["year"], profile["seasons"][1]["quarter"]) == (
            past.year, past.quarter)
        r = get("/leaderboard/zodiac", params={"season": past.name})
        assert r.status_code == 200 and 'id="season-filter"' in r.text
