"""Arenas and duplicate tournaments: the pure parts (a wave seats each free player at most once,
at whole tables, bots only for those left waiting too long; a duplicate's seats rotate through
every seat, its matchpoints compare only those who held the same cards), and both played over
the server by scripted accounts — an arena seating its players again as soon as their tables
end, and only those online; a duplicate dealing the same cards at every table of a round, its
seed and records secret until the round is over."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session

from furuba import games
from furuba.server import schema
from furuba.server.models import TableRow
from furuba.server.tournaments import arena, duplicate, schedule, swiss
from furuba.server.tournaments.director import site_due
from furuba.server.tournaments.models import TournamentRow
from furuba.server.tournaments.store import TournamentStore

from .account_client import Browser
from .harness import LiveServer, play_to_end, wait_for
from .postgres import Postgres
from .session_sockets import table_socket
from .tournament_client import details, entered

# -- the pure parts ------------------------------------------------------------------------------


@given(st.lists(st.floats(0, 60), max_size=30), st.integers(2, 6))
def test_a_wave_seats_each_free_player_once_at_whole_tables_and_bots_only_for_a_long_wait(
        waits: list[float], size: int) -> None:
    free = [arena.Free(swiss.Line(i + 1), w) for i, w in enumerate(waits)]
    tables = arena.wave(free, size)
    seated = [a for t in tables for a in t if a != arena.BOT]
    assert len(seated) == len(set(seated)) and set(seated) <= {f.line.account_id for f in free}
    assert all(len(t) == size for t in tables)
    if not waits or max(waits) < arena.GATHER_SECONDS:
        assert tables == []
        return
    assert len(seated) >= len(waits) - len(waits) % size
    with_bots = [t for t in tables if arena.BOT in t]
    assert len(with_bots) <= 1
    left = [f for f in free if f.line.account_id not in seated]
    if with_bots:   # only when someone left over had waited long enough, and then all of them
        assert not left
        assert any(w >= arena.BOT_SECONDS for i, w in enumerate(waits)
                   if i + 1 in with_bots[0])
    else:
        assert all(f.waited < arena.BOT_SECONDS for f in left)


@given(st.integers(1, 40), st.integers(2, 6), st.data())
def test_a_duplicate_seats_everyone_once_a_round_and_each_in_every_seat_over_a_tables_rounds(
        count: int, size: int, data: st.DataObject) -> None:
    lines = [swiss.Line(a + 1, order=a) for a in range(count)]
    held: dict[int, list[int]] = {}
    for r in range(1, size + 1):
        ranked = data.draw(st.permutations(lines))   # any standing, any round
        tables = duplicate.pair(ranked, size, r)
        seated = [a for t in tables for a in t if a != duplicate.BOT]
        assert sorted(seated) == list(range(1, count + 1))
        assert all(len(t) == size for t in tables) and len(tables) == -(-count // size)
        for t in tables:
            for seat, a in enumerate(t):
                if a != duplicate.BOT:
                    held.setdefault(a, []).append(seat)
    assert all(sorted(seats) == list(range(size)) for seats in held.values()), held


@given(st.integers(4, 30), st.integers(2, 4), st.data())
def test_two_players_a_block_keeps_apart_are_split_without_changing_their_seats(
        count: int, size: int, data: st.DataObject) -> None:
    lines = [swiss.Line(a + 1, order=a) for a in range(count)]
    a, b = data.draw(st.lists(st.integers(1, count), min_size=2, max_size=2, unique=True))
    r = data.draw(st.integers(1, size))
    plain = duplicate.pair(lines, size, r)
    tables = duplicate.pair(lines, size, r, {frozenset((a, b))})
    # Every player keeps the seat: a bot (not a player) may change tables with one of the two.
    seat_of = {x: seat for t in plain for seat, x in enumerate(t) if x != duplicate.BOT}
    assert {x: seat for t in tables for seat, x in enumerate(t) if x != duplicate.BOT} == seat_of
    assert sorted(x for t in tables for x in t) == sorted(x for t in plain for x in t)
    if len(plain) >= 2:   # another table to move one of them to
        assert not any(a in t and b in t for t in tables), (tables, a, b)


outcome = st.tuples(st.integers(1, 3), st.integers(0, 3), st.sampled_from([0.0, 0.5, 1.0]),
                    st.integers(0, 7))


@given(st.lists(outcome, min_size=1, max_size=40))
def test_matchpoints_compare_only_the_same_seat_of_the_same_deal(
        rows: list[tuple[int, int, float, int]]) -> None:
    outcomes = [swiss.Outcome(i, r, 0.0, seat=seat, returns=ret, score=float(score))
                for i, (r, seat, ret, score) in enumerate(rows)]
    scored = duplicate.matchpoints(outcomes)
    groups = Counter((o.round, o.seat) for o in outcomes)
    for (r, seat), n in groups.items():
        mine = [(o, x) for o, x in zip(outcomes, scored, strict=True)
                if (o.round, o.seat) == (r, seat)]
        total = sum(x.points for _, x in mine)
        assert total == pytest.approx(n / 2 if n > 1 else 0.5)   # no points made or lost
        for o, x in mine:
            assert 0.0 <= x.points <= 1.0
            for p, y in mine:   # a better result never scores less
                if duplicate.key(o) > duplicate.key(p):
                    assert x.points > y.points


def test_each_round_of_a_duplicate_has_its_own_seed_from_its_secret() -> None:
    seeds = [duplicate.seed_of("secret", r) for r in range(1, 13)]
    assert len(set(seeds)) == 12 and all(0 <= s < 2**62 for s in seeds)
    assert seeds == [duplicate.seed_of("secret", r) for r in range(1, 13)]
    assert duplicate.seed_of("other", 1) != seeds[0]


# -- over the server ----------------------------------------------------------------------------


@contextlib.contextmanager
def online(browsers: list[Browser]) -> Iterator[None]:
    """Each of ``browsers`` with a page open (its event stream), as a player on the site is."""
    with contextlib.ExitStack() as stack:
        for b in browsers:
            stack.enter_context(b.http.stream("GET", "/api/me/events",
                                              timeout=httpx.Timeout(10, read=None)))
        yield


def play(site: LiveServer, browser: Browser, table_id: str, seed: str) -> None:
    with table_socket(site.ws_base, table_id, browser) as client:
        play_to_end(client, random.Random(seed).choice)


def end_arena_now(site: LiveServer, tournament_id: str) -> None:
    """The arena's time is up (as it would be after its minutes)."""
    def end(s: Session) -> None:
        s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                  .values(ends_at=time.time()))
    site.hub.db.call(end)


def test_an_arena_seats_its_online_players_again_as_soon_as_their_tables_end(
        site: LiveServer) -> None:
    names = ["Tohru", "Kyo", "Yuki", "Momiji", "Haru"]
    browsers, tid = entered(site, names, {"name": "Cat's Arena", "game": "zodiac",
                                          "kind": "arena", "players": 2, "minutes": 30,
                                          "options": {"target": 2}})
    try:
        here = names[:4]   # Haru entered but has no page open: never seated
        with online([browsers[n] for n in here]):
            time.sleep(1.5)   # their pages are seen online
            assert browsers["Tohru"].post(f"/api/tournaments/{tid}/start").status_code == 200
            wait_for(lambda: details(browsers["Tohru"], tid)["status"] == "running", 15)
            info = details(browsers["Tohru"], tid)
            assert info["kind"] == "arena" and info["ends_in"] > 29 * 60
            first: dict[str, str] = {}
            wait_for(lambda: all(details(browsers[n], tid)["my_table"] for n in here), 30)
            for n in here:
                first[n] = details(browsers[n], tid)["my_table"]["table_id"]
            assert len(set(first.values())) == 2
            assert details(browsers["Haru"], tid)["my_table"] is None
            # Kyo's and Tohru's table ends first: they are seated again without waiting for
            # the other table.
            pair = [n for n in here if first[n] == first["Tohru"]]
            with ThreadPoolExecutor(2) as pool:
                list(pool.map(lambda n: play(site, browsers[n], first[n], n), pair))
            again = {}
            for n in pair:
                wait_for(lambda n=n: (details(browsers[n], tid)["my_table"] or {}).get(
                    "table_id") not in (None, first[n]), 30)
                again[n] = details(browsers[n], tid)["my_table"]["table_id"]
            assert len(set(again.values())) == 1
            others = [n for n in here if n not in pair]
            assert all(details(browsers[n], tid)["my_table"]["table_id"] == first[n]
                       for n in others)
            end_arena_now(site, tid)   # no more tables; those under way finish and count
            with ThreadPoolExecutor(4) as pool:
                list(pool.map(lambda n: play(site, browsers[n], again.get(n, first[n]),
                                             n + "2"), here))
            try:
                wait_for(lambda: details(browsers["Tohru"], tid)["status"] == "finished", 30)
            except AssertionError:
                print(json.dumps(details(browsers["Tohru"], tid), indent=1))
                raise
        info = details(browsers["Kyo"], tid)
        games = {s["name"]: s["rounds"] for s in info["standings"]}
        assert games == {"Tohru": 2, "Kyo": 2, "Yuki": 1, "Momiji": 1, "Haru": 0}, games
        # Three tables of two: one point each, none lost or counted twice.
        assert sum(s["points"] for s in info["standings"]) == 3
        keys = [(-s["points"], -s["wins"]) for s in info["standings"]]
        assert keys == sorted(keys) and all(s["buchholz"] == 0 for s in info["standings"])
        assert info["my_table"] is None
        (mine,) = site.http.get("/api/players/Kyo/tournaments").json()["tournaments"]
        assert mine["id"] == tid and mine["kind"] == "arena"
    finally:
        for b in browsers.values():
            b.http.close()


def test_an_arena_fills_the_seats_of_a_player_left_waiting_with_bots(
        site: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "BOT_SECONDS", 4.0)
    names = ["Kagura", "Ritsu", "Kisa"]
    browsers, tid = entered(site, names, {"name": "Three", "game": "zodiac", "kind": "arena",
                                          "players": 2, "options": {"target": 2}})
    try:
        with online(list(browsers.values())):
            time.sleep(1.5)
            browsers["Kagura"].post(f"/api/tournaments/{tid}/start")
            wait_for(lambda: all(details(browsers[n], tid)["my_table"] for n in names), 30)
            info = details(browsers["Kagura"], tid)
            tables = [t for r in info["tables_by_round"] for t in r["tables"]]
            assert len(tables) == 2
            bots = [t for t in tables if any(p["bot"] for p in t["players"])]
            (alone,) = bots
            assert [p["bot"] for p in alone["players"]].count(True) == 1
            assert site.table(alone["table_id"])["seats"][
                next(p["seat"] for p in alone["players"] if p["bot"])]["kind"] == "bot"
            # The waves came apart: the whole table first, the bots' after the wait.
            assert [r["round"] for r in info["tables_by_round"]] == [1, 2]
            # An arena takes players until its end: one who comes late is seated too.
            with Browser(site) as late:
                late.sign_up("Hiro")
                assert late.post(f"/api/tournaments/{tid}/join").json()["entered"] is True
                with online([late]):
                    wait_for(lambda: details(late, tid)["my_table"] is not None, 30)
    finally:
        for b in browsers.values():
            b.http.close()


def hand_of(site: LiveServer, browser: Browser, table_id: str) -> tuple[int, Any]:
    with table_socket(site.ws_base, table_id, browser) as client:
        snapshot = next(m for m in map(json.loads, client.frames) if m.get("type") == "snapshot")
        (entry,) = snapshot["views"]
        return int(entry["seat"]), entry["view"]["hand"]


def play_all(site: LiveServer, seats: dict[str, tuple[Browser, str]], salt: str) -> None:
    """Each player plays their table to its end, all at once."""
    with ThreadPoolExecutor(len(seats)) as pool:
        list(pool.map(lambda n: play(site, seats[n][0], seats[n][1], n + salt), seats))


def over(info: dict[str, Any], table_id: str) -> bool:
    """Whether ``table_id`` of the tournament's last round is counted."""
    return any(t["over"] for t in info["tables_by_round"][-1]["tables"]
               if t["table_id"] == table_id)


def seeds_of(s: Session, table_ids: list[str]) -> dict[str, int]:
    return dict(s.execute(select(TableRow.id, TableRow.seed)
                          .where(TableRow.id.in_(table_ids))).all())


def test_a_duplicate_deals_the_same_cards_at_every_table_and_rotates_the_seats(
        site: LiveServer) -> None:
    names = ["Akito", "Shigure", "Ayame", "Hatori"]
    browsers, tid = entered(site, names, {"name": "Same Cards", "game": "zodiac",
                                          "kind": "duplicate", "players": 2, "rounds": 2,
                                          "options": {"target": 2}})
    try:
        browsers["Akito"].post(f"/api/tournaments/{tid}/start")
        held: dict[str, list[int]] = {n: [] for n in names}
        for r in (1, 2):
            wait_for(lambda r=r: all((details(browsers[n], tid)["my_table"] or {}).get("round")
                                     == r for n in names), 30)
            tables = {n: details(browsers[n], tid)["my_table"]["table_id"] for n in names}
            info = details(browsers["Akito"], tid)
            assert info["tables_by_round"][-1]["seed"] is None   # secret while the round plays
            hands: dict[int, list[Any]] = {}
            for n in names:
                seat, hand = hand_of(site, browsers[n], tables[n])
                held[n].append(seat)
                hands.setdefault(seat, []).append(hand)
            # The same seat holds the same cards at both tables.
            assert sorted(hands) == [0, 1] and all(a == b for a, b in hands.values())
            # Sealed: nobody watches a table of the round while it plays.
            with Browser(site) as stranger:
                watch = stranger.get(f"/api/tables/{tables['Akito']}")
                assert watch.json()["settings"]["sealed"] is True
            # One table finishes: its record stays secret from the other table's players.
            first = tables["Akito"]
            mates = [n for n in names if tables[n] == first]
            rest = [n for n in names if n not in mates]
            play_all(site, {n: (browsers[n], first) for n in mates}, str(r))
            wait_for(lambda first=first, mates=mates: over(details(browsers[mates[0]], tid),
                                                           first), 30)
            secret = browsers[rest[0]].get(f"/api/tables/{first}/replay")
            assert secret.status_code == 403 and "duplicate" in secret.json()["detail"]
            assert browsers[mates[0]].get(f"/api/tables/{first}/replay").status_code == 200
            play_all(site, {n: (browsers[n], tables[n]) for n in rest}, str(r))
            wait_for(lambda r=r: details(browsers["Akito"], tid)["tables_by_round"][r - 1]
                     ["seed"] is not None, 30)
            assert browsers[rest[0]].get(f"/api/tables/{first}/replay").status_code == 200
        assert all(sorted(s) == [0, 1] for s in held.values()), held   # every seat, once
        wait_for(lambda: details(browsers["Akito"], tid)["status"] == "finished", 30)
        info = details(browsers["Akito"], tid)
        seeds = [r["seed"] for r in info["tables_by_round"]]
        assert None not in seeds and seeds[0] != seeds[1]
        dealt = {t["table_id"]: seeds[r["round"] - 1]
                 for r in info["tables_by_round"] for t in r["tables"]}
        assert site.hub.db.call(seeds_of, list(dealt)) == dealt
        # Two players held each seat of each deal: one matchpoint shared out per seat and deal.
        standings = info["standings"]
        assert sum(s["points"] for s in standings) == pytest.approx(4.0)
        assert all(0.0 <= s["points"] <= 2.0 and s["rounds"] == 2 for s in standings)
        assert [s["points"] for s in standings] == sorted((s["points"] for s in standings),
                                                          reverse=True)
    finally:
        for b in browsers.values():
            b.http.close()


def test_the_kinds_refusals_are_sentences(site: LiveServer) -> None:
    with Browser(site) as ann:
        ann.sign_up("Kazuma")
        for body, words in [
                ({"name": "A", "game": "zodiac", "kind": "arena", "move_hours": 24}, "live"),
                ({"name": "A", "game": "zodiac", "kind": "knockout"}, "arena"),
                ({"name": "A", "game": "zodiac", "kind": "arena", "minutes": 0}, "360"),
                ({"name": "A", "game": "zodiac", "kind": "arena", "minutes": "long"}, "360")]:
            r = ann.post("/api/tournaments", body)
            assert r.status_code in (400, 422) and words in json.dumps(r.json()), (body, r.text)
        # A Swiss or a duplicate takes no entries once begun.
        with Browser(site) as bob:
            bob.sign_up("Kureno")
            tid = ann.post("/api/tournaments", {"name": "Dup", "game": "zodiac",
                                                "kind": "duplicate", "players": 2}).json()["id"]
            bob.post(f"/api/tournaments/{tid}/join")
            ann.post(f"/api/tournaments/{tid}/start")
            wait_for(lambda: details(ann, tid)["status"] == "running", timeout=15)
            with Browser(site) as cat:
                cat.sign_up("Rin")
                late = cat.post(f"/api/tournaments/{tid}/join")
                assert late.status_code == 409 and "no longer" in late.json()["detail"]
        # An arena or a duplicate started with one player is cancelled.
        for kind in ("arena", "duplicate"):
            tid = ann.post("/api/tournaments", {"name": kind, "game": "zodiac",
                                                "kind": kind}).json()["id"]
            ann.post(f"/api/tournaments/{tid}/start")
            wait_for(lambda tid=tid: site.http.get(f"/api/tournaments/{tid}").json()["status"]
                     == "cancelled", timeout=15)


def test_the_site_holds_an_hourly_arena_and_a_daily_swiss_and_duplicate_of_every_game(
        site: LiveServer) -> None:
    wanted = {(g, slot.key) for g in games.names() for slot in schedule.SLOTS}

    def held() -> list[dict[str, Any]]:
        return [x for x in site.http.get("/api/tournaments").json()["open"] if x["slot"]]

    wait_for(lambda: {(x["game"], x["slot"]) for x in held()} == wanted, 15)
    slots = {slot.key: slot for slot in schedule.SLOTS}
    now = time.time()
    for x in held():
        slot = slots[x["slot"]]
        assert (x["kind"], x["rated"]) == (slot.kind, slot.rated)
        assert x["id"] == schedule.tournament_id(slot, x["game"], x["starts_at"])
        assert now - 60 < x["starts_at"] <= now + slot.ahead_hours * 3600
        at = time.gmtime(x["starts_at"])
        assert (at.tm_min, at.tm_sec) == (0, 0)
        if slot.every_hours == 24:
            assert at.tm_hour == slot.at_hour
    # Every process adds the same tournaments: once there, adding them again adds none.
    assert site.hub.db.call(TournamentStore.add_site, site_due(now), now) == 0
    one = next(x for x in held() if x["slot"] == "hourly_arena")
    info = site.http.get(f"/api/tournaments/{one['id']}").json()
    assert (info["creator"], info["minutes"], info["status"]) == (None, 30, "open")


def test_two_processes_adding_the_site_tournaments_on_postgresql_add_each_once(
        database_server: Postgres) -> None:
    engine = create_engine(database_server.create_database("site_tournaments"))
    try:
        schema.upgrade(engine)
        now = time.time()
        due = site_due(now)
        added = []
        for _ in range(2):   # two processes, one after the other
            with Session(engine) as s, s.begin():
                added.append(TournamentStore.add_site(s, due, now))
        with Session(engine) as s:
            ids = list(s.scalars(select(TournamentRow.id).where(TournamentRow.slot.is_not(None))))
        assert added == [len(due), 0] and sorted(ids) == sorted(d.id for d in due)
    finally:
        engine.dispose()
