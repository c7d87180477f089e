"""Deals of the day: one deal per game and day, the same cards for everyone, one try each, the
field ranked by matchpoints, and the deal's seed and records secret until it closes."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import update

from furuba import games
from furuba.server.deals import days
from furuba.server.deals.models import DealRow
from furuba.server.deals.standing import Result, matchpoints, summarize
from furuba.server.deals.store import Deal, DealStore, NewDeal

from .account_client import ROOMY, Browser
from .harness import LiveServer, play_to_end
from .session_sockets import table_socket

SHORT = {"target": 2}
"""A short game of Friends of the Zodiac, for the tests that play deals to the end."""


@pytest.fixture
def site(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url, **ROOMY, open_tables_per_address=None) as server:
        yield server


def todays_deal(site: LiveServer, game: str = "zodiac", seat: int = 1,
                options: dict[str, Any] | None = None, bot: str = "greedy") -> Deal:
    """Today's deal of ``game``, made by the test before anyone asks (short, with quick bots)."""
    now = time.time()
    today = days.day_of(now)
    opens, closes = days.bounds(today)
    new = NewDeal(options=dict(SHORT if options is None else options),
                  players=games.spec(game).players.default, seat=seat, bot=bot, seed=12345)
    deal: Deal = site.hub.db.call(DealStore.of_day, today, game, opens, closes, new)
    return deal


def deal_of(body: dict[str, Any], game: str) -> dict[str, Any]:
    found: dict[str, Any] = next(d for d in body["deals"] if d["game"] == game)
    return found


def finish(site: LiveServer, browser: Browser, table_id: str, pick: Any = None) -> None:
    """Play ``browser``'s seat at ``table_id`` to the end (first legal move, or ``pick``'s)."""
    with table_socket(site.ws_base, table_id, browser) as client:
        play_to_end(client, pick)


def close_the_day(site: LiveServer, deal: Deal) -> None:
    """The deal's day passes: it closes (and the server forgets what it kept of it)."""
    site.hub.db.call(lambda s: s.execute(update(DealRow).where(DealRow.id == deal.id)
                                         .values(closes_at=time.time() - 1)))
    site.app.state.deals_memory = None


def test_todays_deals_are_made_once_for_every_game_and_keep_their_seed_secret(
        site: LiveServer) -> None:
    first = site.http.get("/api/deals").json()
    again = site.http.get("/api/deals").json()
    assert sorted(d["game"] for d in first["deals"]) == sorted(games.names())
    assert [d["id"] for d in first["deals"]] == [d["id"] for d in again["deals"]]
    for deal in first["deals"]:
        assert deal["open"] is True and deal["seed"] is None
        assert deal["day"] == first["today"] == days.day_of(time.time())
        assert 0 <= deal["seat"] < deal["players"] and deal["bot"] == "normal"
        assert deal["played"] is None and deal["field"]["players"] == 0
    one = first["deals"][0]
    assert site.http.get(f"/api/deals/{one['id']}").json()["id"] == one["id"]


def test_a_try_is_one_table_per_account_at_the_deals_seat_and_a_guest_is_refused(
        site: LiveServer) -> None:
    deal = todays_deal(site)
    refused = site.http.post(f"/api/deals/{deal.id}/play")
    assert refused.status_code == 401 and "sign in" in refused.json()["detail"]
    with Browser(site) as ann:
        ann.sign_up("Tohru")
        made = ann.post(f"/api/deals/{deal.id}/play")
        assert made.status_code == 201, made.text
        assert made.json()["new"] is True and made.json()["seat"] == deal.seat
        table_id = made.json()["table_id"]
        again = ann.post(f"/api/deals/{deal.id}/play")
        assert again.json() == {**made.json(), "new": False}
        table = site.table(table_id)
        seats = table["seats"]
        assert seats[deal.seat]["name"] == "Tohru" and seats[deal.seat]["account"] is True
        assert all(s["kind"] == "bot" and s["bot"] == deal.bot
                   for i, s in enumerate(seats) if i != deal.seat)
        settings = table["settings"]
        assert (settings["public"], settings["rated"], settings["hints"], settings["undo"],
                settings["chat"]) == (False, False, False, False, False)
        mine = deal_of(ann.get("/api/deals").json(), "zodiac")["played"]
        assert mine == {"table_id": table_id, "url": f"/t/{table_id}", "status": "playing",
                        "finished": False}


def test_everyone_plays_the_same_cards_at_the_same_seat(site: LiveServer) -> None:
    deal = todays_deal(site)
    hands = []
    for name in ("Kyo", "Yuki"):
        with Browser(site) as player:
            player.sign_up(name)
            table_id = player.post(f"/api/deals/{deal.id}/play").json()["table_id"]
            with table_socket(site.ws_base, table_id, player) as client:
                snapshot = next(m for m in map(json.loads, client.frames)
                                if m.get("type") == "snapshot")
                (entry,) = snapshot["views"]
                assert entry["seat"] == deal.seat
                hands.append(entry["view"]["hand"])
    assert hands[0] == hands[1] and hands[0]


def test_the_field_ranks_finished_tries_by_matchpoints_and_counts_each_once(
        site: LiveServer) -> None:
    deal = todays_deal(site)
    picks = {"Ayame": None, "Shigure": lambda legal: legal[-1],
             "Hatori": lambda legal: random.Random(len(legal)).choice(legal)}
    browsers = {}
    for name, pick in picks.items():
        player = browsers[name] = Browser(site)
        player.sign_up(name)
        finish(site, player, player.post(f"/api/deals/{deal.id}/play").json()["table_id"], pick)
    try:
        field = site.hub.db.call(DealStore.field, deal)
        assert sorted(r.name for r in field) == sorted(picks)
        site.app.state.deals_memory = None
        for name, player in browsers.items():
            body = deal_of(player.get("/api/deals").json(), "zodiac")
            assert body["played"]["finished"] is True and body["field"]["players"] == 3
            mine = next(r for r in field if r.name == name)
            standing = body["field"]["mine"]
            assert standing["matchpoints"] == round(matchpoints(field, mine) or 0, 4)
            assert standing["rank"] == 1 + sum(r.key > mine.key for r in field)
            assert standing["replay"] == f"/replay/{mine.table_id}"
            assert sum(b["count"] for b in body["field"]["distribution"]) == 3
            assert sum(b["mine"] for b in body["field"]["distribution"]) == 1
        # Asking again changes nothing: the try is over, and counted once.
        again = browsers["Ayame"].post(f"/api/deals/{deal.id}/play")
        assert again.json()["new"] is False
        assert len(site.hub.db.call(DealStore.field, deal)) == 3
    finally:
        for player in browsers.values():
            player.http.close()


def test_a_deals_records_stay_secret_until_one_has_finished_it_or_it_closes(
        site: LiveServer) -> None:
    deal = todays_deal(site)
    with Browser(site) as ann, Browser(site) as bob:
        ann.sign_up("Momiji")
        bob.sign_up("Hiro")
        table_id = ann.post(f"/api/deals/{deal.id}/play").json()["table_id"]
        finish(site, ann, table_id)
        replay = f"/api/tables/{table_id}/replay"
        assert ann.get(replay).status_code == 200
        assert ann.get(f"{replay}/1").status_code == 200
        for stranger in (bob.get, site.http.get):
            for path in (replay, f"{replay}/1", f"/api/tables/{table_id}/review?seat={deal.seat}"):
                shut = stranger(path)
                assert shut.status_code == 403, (path, shut.text)
                assert "finished the deal" in shut.json()["detail"]
        # The best results show no table to those who have not played it.
        best = deal_of(bob.get("/api/deals").json(), "zodiac")["field"]["best"]
        assert [(b["name"], b["table_id"], b["replay"]) for b in best] == [("Momiji", None, None)]
        bob_table = bob.post(f"/api/deals/{deal.id}/play").json()["table_id"]
        finish(site, bob, bob_table)
        assert bob.get(replay).status_code == 200
        close_the_day(site, deal)
        assert site.http.get(replay).status_code == 200
        closed = deal_of(site.http.get("/api/deals").json(), "zodiac")
        assert closed["open"] is False and closed["seed"] == deal.seed
        assert {b["table_id"] for b in closed["field"]["best"]} == {table_id, bob_table}
        late = bob.post(f"/api/deals/{deal.id}/play")
        assert late.json()["table_id"] == bob_table   # the try that was
        with Browser(site) as cat:
            cat.sign_up("Kisa")
            refused = cat.post(f"/api/deals/{deal.id}/play")
            assert refused.status_code == 409 and "closed" in refused.json()["detail"]


@pytest.mark.parametrize("day", ["yesterday!", "2026-02-30", "20261231", "2000-01-01",
                                 "2999-01-01", "x" * 10])
def test_a_day_that_has_no_deals_is_refused_with_a_sentence(site: LiveServer, day: str) -> None:
    r = site.http.get("/api/deals", params={"day": day})
    assert r.status_code == 404 and r.json()["detail"].startswith(("there are no", "deals are"))


def test_an_unknown_deal_is_refused_with_a_sentence(site: LiveServer) -> None:
    for path in ("/api/deals/nope", "/api/deals/" + "x" * 200):
        r = site.http.get(path)
        assert r.status_code == 404 and r.json()["detail"] == "there is no such deal"


def test_an_earlier_day_lists_its_deals_closed_with_their_seeds(site: LiveServer) -> None:
    yesterday = days.earlier(days.day_of(time.time()), 1)[0]
    opens, closes = days.bounds(yesterday)
    site.hub.db.call(DealStore.of_day, yesterday, "daihinmin", opens, closes,
                     NewDeal(options={}, players=4, seat=0, bot="normal", seed=777))
    body = site.http.get("/api/deals", params={"day": yesterday}).json()
    assert [(d["game"], d["open"], d["seed"]) for d in body["deals"]] == [
        ("daihinmin", False, 777)]
    assert body["day"] == yesterday and yesterday in body["earlier"]


results = st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0]), st.integers(0, 9)),
                   min_size=1, max_size=30).map(lambda keys: [
    Result(i, f"p{i}", f"t{i}", r, float(s), 1, float(i)) for i, (r, s) in enumerate(keys)])


@given(results)
def test_matchpoints_share_out_the_field_and_order_it(field: list[Result]) -> None:
    shares = [matchpoints(field, r) for r in field]
    if len(field) == 1:
        assert shares == [None]
        return
    summed = summarize(field, 10)   # what the routes answer from agrees, result by result
    assert [summed.standing(r)[0] for r in field] == shares
    values = [s for s in shares if s is not None]
    assert len(values) == len(field) and all(0.0 <= s <= 1.0 for s in values)
    # Every pair of players shares one point: the field's total is half its size.
    assert sum(values) == pytest.approx(len(field) / 2)
    for a, sa in zip(field, values, strict=True):
        for b, sb in zip(field, values, strict=True):
            if a.key > b.key:
                assert sa > sb
            elif a.key == b.key:
                assert sa == sb
