"""HTTP routes: creating tables, claiming seats, pages, and every refusal."""

from __future__ import annotations

import pytest

from .harness import LiveServer


def test_games_catalog_lists_games_options_and_bots(live: LiveServer) -> None:
    out = live.http.get("/api/games").json()
    assert [g["name"] for g in out["games"]] == ["zodiac", "daihinmin"]
    assert {"random", "greedy"} <= set(out["bots"])
    assert out["defaults"]["grace_seconds"] == 60


def test_create_defaults_one_human_and_greedy_bots(live: LiveServer) -> None:
    made = live.create(game="fotz")
    table = made["table"]
    assert table["game"] == "zodiac" and table["status"] == "waiting"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot", "bot"]
    assert made["url"] == f"/t/{made['id']}" and made["invite_url"].endswith(made["url"])
    assert len(made["id"]) == 16
    assert live.table(made["id"])["seats"][1]["name"] == "Kaito"


def test_table_ids_and_tokens_are_unguessable(live: LiveServer) -> None:
    ids = {live.create(game="daihinmin")["id"] for _ in range(5)}
    assert len(ids) == 5
    table_id = ids.pop()
    token = live.join(table_id, 0, "Ann")
    assert len(token) == 32
    stored = live.hub.rooms[table_id].seats[0].token_hash
    assert stored != token and len(stored) == 64   # only the hash is kept


@pytest.mark.parametrize(("body", "fragment"), [
    ({"game": "chess"}, "unknown game"),
    ({"game": "daihinmin", "seats": ["human", "greedy"]}, "4 to 7 players"),
    ({"game": "daihinmin", "options": {"colour": "red"}}, "unknown option"),
    ({"game": "daihinmin", "options": {"target": "lots"}}, "whole number"),
    ({"game": "daihinmin", "options": {"target": None, "max_rounds": None}}, "target"),
    ({"game": "zodiac", "options": {"variant": "speedy"}}, "unknown variant"),
    ({"game": "zodiac", "options": {"cardset": "../../etc/passwd"}}, "unknown card"),
    ({"game": "zodiac", "seats": ["human", "wizard"]}, "unknown bot"),
    ({"game": "zodiac", "seats": ["human", "policy:file=/etc/hosts"]}, "file= is for the command"),
    ({"game": "zodiac", "seats": ["human", "hard:weights=../x.npz"]}, "weights= is for the command"),
    ({"game": "zodiac", "seats": ["human", "expert:oppweights=/etc/hosts"]},
     "oppweights= is for the command"),
    ({"game": "daihinmin", "seats": ["human", "hard:weights=no_such_weights"] + ["greedy"] * 2},
     "weights= is for the command"),
    ({"game": "daihinmin", "seats": ["human", "hard:weights=..", "greedy", "greedy"]},
     "weights= is for the command"),
    ({"game": "zodiac", "seats": ["human", "ismcts:sims=1000000"]}, "at most 4000 simulations"),
    ({"game": "zodiac", "seats": ["human", "expert:time=60"]}, "or 5 seconds a move"),
    ({"game": "zodiac", "seats": ["human"] * 3, "options": {"players": 4}}, "disagree"),
])
def test_create_refuses_bad_requests_with_a_sentence(live: LiveServer, body: dict[str, object],
                                                     fragment: str) -> None:
    r = live.http.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert fragment in r.json()["detail"]


def test_a_table_bot_may_lean_on_weights_the_game_ships(live: LiveServer) -> None:
    """``weights=`` and ``oppweights=`` name a file only on the command line; at a table they
    may name weights the game ships, such as the model of the UECda ``default`` client."""
    spec = "expert:sims=20,opp=best,oppweights=uecda_default"
    r = live.http.post("/api/tables", json={"game": "daihinmin", "options": {"rules": "uecda"},
                                            "seats": ["human", spec, "greedy", "greedy",
                                                      "greedy"]})
    assert r.status_code in (200, 201), r.text
    assert spec in r.text


def test_create_refuses_bodies_off_the_schema(live: LiveServer) -> None:
    for body in ({"seats": ["human"]}, {"game": "zodiac", "turn_seconds": 0},
                 {"game": "zodiac", "surprise": 1}):
        r = live.http.post("/api/tables", json=body)
        assert r.status_code == 400 and isinstance(r.json()["detail"], str), r.text


def test_join_claims_a_seat_once(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "human", "greedy"])["id"]
    live.join(table_id, 0, "Ann")
    assert live.table(table_id)["status"] == "waiting"
    r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"})
    assert r.status_code == 409 and "already taken" in r.json()["detail"]
    r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 2, "name": "Eve"})
    assert r.status_code == 409 and "bot" in r.json()["detail"]
    r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 9, "name": "Eve"})
    assert r.status_code == 400
    r = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "<script>"})
    assert r.status_code == 400 and "letters" in r.json()["detail"]
    live.join(table_id, 1, "Ben O'Neil")
    table = live.table(table_id)
    assert table["status"] == "playing"
    assert [s["name"] for s in table["seats"]] == ["Ann", "Ben O'Neil", "Mio"]


def test_unknown_tables_are_404(live: LiveServer) -> None:
    assert live.http.get("/api/tables/nope").status_code == 404
    assert live.http.post("/api/tables/nope/join", json={"seat": 0, "name": "A"}).status_code == 404
    assert live.http.get("/api/tables/nope/replay").status_code == 404


def test_pages_static_files_and_catalog(live: LiveServer) -> None:
    table_id = live.create(game="zodiac")["id"]
    for path in ("/", f"/t/{table_id}", f"/replay/{table_id}", "/static/js/table.js",
                 "/static/css/furuba.css"):
        r = live.http.get(path)
        assert r.status_code == 200, path
    catalog = live.http.get(f"/api/tables/{table_id}/catalog").json()
    assert len(catalog["sohmas"]) == 13
    assert live.http.get("/api/health").json()["ok"] is True


def test_the_ready_table_is_of_the_first_game_unless_configured(db_url: str) -> None:
    from furuba import games

    with LiveServer(db_url, ready_table=True) as live:
        table = live.table(live.app.state.ready_table)
        first = games.spec(games.names()[0])
        assert table["game"] == first.name and table["status"] == "waiting"
        assert [s["kind"] for s in table["seats"]] == ["human"] + ["bot"] * (first.players.default - 1)
        # the bots a new table's seat menu offers first, and `furuba play`'s
        assert {s["bot"] for s in table["seats"][1:]} == {"normal"}
    with LiveServer(db_url, ready_table=True) as live:   # the open one is offered again
        assert live.app.state.ready_table == table["id"]
    other = db_url.replace("furuba.sqlite3", "other.sqlite3")
    with LiveServer(other, ready_table=True, ready_game="daihinmin", ready_bot="hard") as live:
        table = live.table(live.app.state.ready_table)
        assert table["game"] == "daihinmin"
        assert [s["bot"] for s in table["seats"][1:]] == ["hard"] * 3
