"""Swiss tournaments: the pure pairing and scoring (every entrant seated once a round, byes
shared out fairly, points neither made nor lost), and a whole tournament played by scripted
accounts over the server: entered, started by its creator, paired round after round, each table
counted once, the standings and a withdrawal."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from furuba.server.tournaments import swiss

from .account_client import Browser
from .harness import LiveServer, play_to_end, wait_for
from .session_sockets import table_socket
from .tournament_client import details, entered

# -- the pure part ---------------------------------------------------------------------------


@given(st.integers(0, 200), st.integers(2, 8), st.integers(2, 8))
def test_table_sizes_seat_everyone_or_give_byes(count: int, size: int, low: int) -> None:
    low = min(low, size)
    sizes, byes = swiss.table_sizes(count, size, low)
    assert sum(sizes) + byes == count
    assert all(low <= n <= size for n in sizes)
    if sizes:
        assert (byes < size and max(sizes) - min(sizes) <= 1) or byes > 0
    if byes:   # only what cannot fill a table sits out
        assert byes < low or sizes == [size] * len(sizes)


results = st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0]), st.integers(0, 7).map(float)),
                   min_size=2, max_size=8)


@given(results)
def test_a_table_shares_out_one_point_for_each_pair_of_seats(table: list[tuple[float, float]]
                                                            ) -> None:
    points = swiss.table_points(table)
    n = len(table)
    assert sum(points) == n * (n - 1) / 2
    for a, pa in zip(table, points, strict=True):
        for b, pb in zip(table, points, strict=True):
            assert (a > b) <= (pa > pb) and (a == b) <= (pa == pb)


@given(st.integers(2, 40), st.integers(2, 5), st.integers(1, 6), st.randoms())
def test_each_round_seats_every_player_once_and_nobody_sits_out_twice_before_all_have(
        players: int, size: int, rounds: int, rng: random.Random) -> None:
    entrants = [(a, 1500.0, False) for a in range(players)]
    outcomes: list[swiss.Outcome] = []
    for r in range(1, rounds + 1):
        ranked = swiss.standings(entrants, outcomes)
        sizes, byes = swiss.table_sizes(players, size, 2)
        tables, bye = swiss.pair(ranked, sizes, byes)
        seated = [a for t in tables for a in t] + bye
        assert sorted(seated) == list(range(players))
        assert [len(t) for t in tables] == sizes
        had = {o.account_id for o in outcomes if o.bye}
        if len(had) + len(bye) <= players:
            assert not had & set(bye) or len(had) >= players - len(bye)
        for a in bye:
            outcomes.append(swiss.Outcome(a, r, swiss.bye_points(size), bye=True))
        for t in tables:
            played = [(float(rng.randint(0, 1)), float(rng.randint(0, 3))) for _ in t]
            for a, p in zip(t, swiss.table_points(played), strict=True):
                outcomes.append(swiss.Outcome(a, r, p, False, tuple(x for x in t if x != a)))
    lines = swiss.standings(entrants, outcomes)
    assert [x.key for x in lines] == sorted(x.key for x in lines)
    assert all(x.rounds == rounds for x in lines)


@given(st.integers(4, 40), st.integers(2, 5), st.data())
def test_two_players_a_block_keeps_apart_never_share_a_table_in_a_field_big_enough(
        players: int, size: int, data: st.DataObject) -> None:
    size = min(size, players // 2)
    a, b = data.draw(st.lists(st.integers(0, players - 1), min_size=2, max_size=2, unique=True))
    order = data.draw(st.permutations(list(range(players))))
    sizes, byes = swiss.table_sizes(players, size, 2)
    tables, bye = swiss.pair([swiss.Line(x) for x in order], sizes, byes, {frozenset((a, b))})
    assert sorted([x for t in tables for x in t] + bye) == list(range(players))
    assert [len(t) for t in tables] == sizes
    assert not any(a in t and b in t for t in tables), (tables, a, b)


def test_players_who_met_are_kept_apart_when_the_scores_allow() -> None:
    lines = [swiss.Line(a, points=p, met=m) for a, p, m in
             [(1, 2.0, {2}), (2, 2.0, {1}), (3, 1.0, {4}), (4, 1.0, {3})]]
    assert swiss.pair(lines, [2, 2], 0) == ([[1, 3], [2, 4]], [])


# -- over the server ----------------------------------------------------------------------------


def my_table(info: dict[str, Any], name: str) -> str | None:
    """The table of ``name`` in the tournament's current round that is not over yet."""
    for rnd in info["tables_by_round"]:
        if rnd["round"] != info["round"]:
            continue
        for table in rnd["tables"]:
            if not table["over"] and table["table_id"] and any(
                    p["name"] == name for p in table["players"]):
                return str(table["table_id"])
    return None


def seated_round(browser: Browser, tournament_id: str) -> int:
    """The round under way once every one of its tables is made (0 until then)."""
    info = details(browser, tournament_id)
    tables = info["tables_by_round"][-1]["tables"] if info["tables_by_round"] else []
    return int(info["round"]) if tables and all(t["table_id"] for t in tables) else 0


def test_a_swiss_tournament_is_played_round_after_round_and_each_table_counted_once(
        site: LiveServer) -> None:
    names = ["Tohru", "Kyo", "Yuki", "Momiji"]
    browsers, tid = entered(site, names, {"name": "Cat's Cup", "game": "zodiac", "players": 2,
                                          "rounds": 2, "options": {"target": 2}})
    try:
        refused = browsers["Kyo"].post(f"/api/tournaments/{tid}/start")
        assert refused.status_code == 403
        assert browsers["Tohru"].post(f"/api/tournaments/{tid}/start").status_code == 200
        for expected_round in (1, 2):
            wait_for(lambda r=expected_round: seated_round(browsers["Tohru"], tid) == r,
                     timeout=30)
            info = details(browsers["Tohru"], tid)
            assert info["status"] == "running" and len(info["tables_by_round"][-1]["tables"]) == 2
            seats = {n: my_table(info, n) for n in names}
            assert all(seats.values()), info["tables_by_round"]

            def play(n: str, table_id: str | None = None) -> None:
                assert table_id is not None
                with table_socket(site.ws_base, table_id, browsers[n]) as client:
                    play_to_end(client, random.Random(n).choice)

            with ThreadPoolExecutor(len(names)) as pool:   # everyone at their table at once
                list(pool.map(play, names, [seats[n] for n in names]))
        wait_for(lambda: details(browsers["Tohru"], tid)["status"] == "finished", timeout=30)
        info = details(browsers["Kyo"], tid)
        standings = info["standings"]
        assert [s["place"] for s in standings] == [1, 2, 3, 4]
        # Two rounds of two tables of two: one point a table, four in all, none counted twice.
        assert sum(s["points"] for s in standings) == 4
        assert all(s["rounds"] == 2 for s in standings)
        assert info["rounds"] == 2 and [r["round"] for r in info["tables_by_round"]] == [1, 2]
        keys = [(-s["points"], -s["buchholz"], -s["wins"]) for s in standings]
        assert keys == sorted(keys)
        # Round 2 paired the round-1 winners together (scores permitting, new opponents).
        first = {p["name"]: p["points"] for t in info["tables_by_round"][0]["tables"] for p in t["players"]}
        second = info["tables_by_round"][1]["tables"]
        top = {p["name"] for p in second[0]["players"]}
        assert all(first[n] >= first[m] for n in top for m in first if m not in top)
        listed = site.http.get("/api/tournaments").json()
        assert [t["id"] for t in listed["finished"]] == [tid]
        for s in standings:   # each player's page lists the tournament with their place
            (mine,) = site.http.get(f"/api/players/{s['name']}/tournaments").json()["tournaments"]
            assert (mine["id"], mine["place"], mine["of"], mine["points"]) == (
                tid, s["place"], 4, s["points"])
        assert site.http.get("/api/players/nobody/tournaments").status_code == 404
    finally:
        for b in browsers.values():
            b.http.close()


def test_joining_withdrawing_and_the_refusals_are_sentences(site: LiveServer) -> None:
    with Browser(site) as ann, Browser(site) as bob:
        ann.sign_up("Ayame")
        bob.sign_up("Hatori")
        assert site.http.post("/api/tournaments", json={"name": "x", "game": "zodiac"}
                              ).status_code == 401
        for body, status, words in [
                ({"name": "  ", "game": "zodiac"}, 400, "needs a name"),
                ({"name": "Cup", "game": "chess"}, 404, "no game called"),
                ({"name": "Cup", "game": "daihinmin", "players": 2}, 400, "4 to 7 players"),
                ({"name": "Cup", "game": "zodiac", "options": {"seed": 3}}, 400, "each table"),
                ({"name": "Cup", "game": "zodiac", "options": {"target": "many"}}, 400,
                 "target")]:
            r = ann.post("/api/tournaments", body)
            assert r.status_code == status and words in r.json()["detail"], (body, r.text)
        tid = ann.post("/api/tournaments", {"name": "Sohma Open", "game": "daihinmin",
                                            "starts_in": 60}).json()["id"]
        info = bob.post(f"/api/tournaments/{tid}/join").json()
        assert info["entrants"] == 2 and info["entered"] is True
        out = bob.post(f"/api/tournaments/{tid}/withdraw").json()
        assert out["entrants"] == 1 and out["entered"] is False
        again = bob.post(f"/api/tournaments/{tid}/withdraw")
        assert again.status_code == 409 and "not playing" in again.json()["detail"]
        assert site.http.get("/api/tournaments/nope").status_code == 404
        for n in range(2):
            ann.post("/api/tournaments", {"name": f"More {n}", "game": "zodiac", "starts_in": 60})
        fourth = ann.post("/api/tournaments", {"name": "Too many", "game": "zodiac"})
        assert fourth.status_code == 429 and "three tournaments" in fourth.json()["detail"]
        # Started with one player: there is no table to make, so it is cancelled.
        assert ann.post(f"/api/tournaments/{tid}/start").status_code == 200
        wait_for(lambda: site.http.get(f"/api/tournaments/{tid}").json()["status"]
                 == "cancelled", timeout=15)
        late = bob.post(f"/api/tournaments/{tid}/join")
        assert late.status_code == 409 and "no longer takes entries" in late.json()["detail"]


def test_a_round_never_seats_two_players_a_block_keeps_apart(site: LiveServer) -> None:
    names = ["Akito", "Shigure", "Ayame", "Hatori"]
    browsers, tid = entered(site, names, {"name": "Apart", "game": "zodiac", "players": 2,
                                          "rounds": 1})
    try:
        # Akito and Shigure stand first and second (by entry): unblocked, they would meet.
        assert browsers["Akito"].post("/api/me/blocks", {"name": "Shigure"}).status_code == 200
        browsers["Akito"].post(f"/api/tournaments/{tid}/start")
        wait_for(lambda: seated_round(browsers["Akito"], tid) == 1, timeout=30)
        tables = details(browsers["Akito"], tid)["tables_by_round"][0]["tables"]
        at = {p["name"]: t["number"] for t in tables for p in t["players"]}
        assert at["Akito"] != at["Shigure"], tables
    finally:
        for b in browsers.values():
            b.http.close()


def test_a_correspondence_tournament_counts_a_move_made_too_late_as_a_lost_game(
        site: LiveServer) -> None:
    names = ["Kagura", "Ritsu"]
    browsers, tid = entered(site, names, {"name": "Letters", "game": "zodiac", "players": 2,
                                          "rounds": 1, "move_hours": 24})
    try:
        refused = browsers["Ritsu"].post("/api/tournaments", {
            "name": "Too slow", "game": "zodiac", "move_hours": 721})
        assert refused.status_code == 400
        browsers["Kagura"].post(f"/api/tournaments/{tid}/start")
        wait_for(lambda: seated_round(browsers["Kagura"], tid) == 1, timeout=30)
        info = details(browsers["Kagura"], tid)
        assert (info["pace"], info["move_hours"]) == ("correspondence", 24)
        (table,) = info["tables_by_round"][0]["tables"]
        table_id = table["table_id"]
        settings = site.table(table_id)["settings"]
        assert (settings["pace"], settings["move_hours"], settings["on_timeout"]) == (
            "correspondence", 24, "end")
        wait_for(lambda: site.table(table_id)["status"] == "playing", timeout=15)
        late = site.table(table_id)["current_player"]
        room = site.hub.rooms[table_id]

        def age() -> None:   # a day and a second went by since the move began
            room.turn_since -= 24 * 3600 + 1
            room.wake.set()

        site.call_soon(age)
        wait_for(lambda: details(browsers["Kagura"], tid)["status"] == "finished", timeout=30)
        standings = details(browsers["Kagura"], tid)["standings"]
        seats = {p["name"]: i for i, p in enumerate(table["players"])}
        points = {s["name"]: s["points"] for s in standings}
        late_name = next(n for n, i in seats.items() if i == late)
        assert points[late_name] == 0.0 and sum(points.values()) == 1.0, (points, late)
    finally:
        for b in browsers.values():
            b.http.close()
