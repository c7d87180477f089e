"""``POST /api/me/offline-games``: a finished offline game, played with
:class:`~furuba.offline.LocalTable`, goes on its signed-in player's profile as a finished,
unrated table that the replay reads step by step; the same game again gives the same table; and
whatever does not fit is a ``4xx`` with a sentence, with nothing stored."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from furuba import games
from furuba.offline import LocalTable
from furuba.server.models import ActionRow, AnswerRow, GameRow, RatingRow, SeatRow, TableRow

from .account_client import PASSWORD, ROOMY, Browser, all_rows, refused
from .harness import LiveServer
from .postgres import Postgres

PATH = "/api/me/offline-games"
GAMES = games.names()


def play(game: str, seed: int, humans: int = 1, until: int | None = None,
         table_id: str | None = None) -> dict[str, Any]:
    """A game of ``game`` at ``LocalTable``: ``humans`` people choosing at random among the
    legal actions, ``easy`` bots in the other seats; its kept record (after ``until`` actions,
    or at the end)."""
    spec = games.spec(game)
    seats = ["human"] * humans + ["easy"] * (spec.players.default - humans)
    table = LocalTable.new({"id": table_id or f"off-{game}-{seed}", "game": game, "seed": seed,
                            "seats": seats})
    rng = random.Random(seed)
    while table.status == "playing" and (until is None or len(table.record.actions) < until):
        if table.bot_due():
            table.bot_turn()
            continue
        player = table.current_player
        view = next(v for v in table.hello()[1]["views"] if v["seat"] == player)
        frames = table.receive({"type": "act", "action": rng.choice(view["legal"])["id"],
                                "seq_seen": table.seq})
        assert frames[0]["type"] != "error", frames
    return table.saved()


def stored(site: LiveServer) -> dict[str, int]:
    """How many rows each table of an upload holds."""
    return {m.__tablename__: len(all_rows(site, m))
            for m in (TableRow, SeatRow, ActionRow, AnswerRow, GameRow)}


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {game: play(game, 7) for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_offline_game_goes_on_the_profile_unrated(
        site: LiveServer, ann: Browser, records: dict[str, dict[str, Any]], game: str) -> None:
    saved = records[game]
    r = ann.post(PATH, {"saved": saved, "seat": 0})
    assert r.status_code == 201, r.text
    table_id = r.json()["id"]
    assert r.json()["replay_url"] == f"/replay/{table_id}"
    table = site.table(table_id)
    assert table["status"] == "finished" and table["game"] == game
    assert table["seats"][0]["name"] == "Ann"
    assert [s["kind"] for s in table["seats"][1:]] == ["bot"] * (len(table["seats"]) - 1)
    replay = ann.get(f"/api/tables/{table_id}/replay").json()
    assert replay["record"]["actions"] == [a[1] for a in saved["actions"]]
    for step in range(len(saved["actions"]) + 1):
        answer = ann.get(f"/api/tables/{table_id}/replay/{step}")
        assert answer.status_code == 200, (step, answer.text)
    profile = ann.get("/api/players/Ann").json()
    [played] = profile["games"]
    assert (played["table_id"], played["offline"], played["rated"]) == (table_id, True, False)
    assert played["rating_change"] is None and profile["ratings"] == []
    assert profile["win_rates"]["by_game"] == []     # a game chosen to be shown counts for none
    assert all_rows(site, RatingRow) == []
    assert ann.get(f"/api/leaderboard/{game}").json()["entries"] == []
    assert table_id not in json.dumps(ann.get("/api/lobby").json())
    [row] = all_rows(site, TableRow)
    assert (row.rated, row.public, row.offline_id) == (False, False, saved["settings"]["id"])

    again = ann.post(PATH, {"saved": saved, "seat": 0})
    assert again.status_code == 200, again.text
    assert again.json()["id"] == table_id
    assert stored(site)["furuba_tables"] == 1


def test_hot_seat_the_uploader_chooses_their_seat(site: LiveServer, ann: Browser) -> None:
    """Two people at one screen: the uploader's seat is theirs; the other keeps its name."""
    saved = play("zodiac", 3, humans=2)
    saved["settings"]["seats"][0]["name"] = "Kyo"
    r = ann.post(PATH, {"saved": saved, "seat": 1})
    assert r.status_code == 201, r.text
    seats = site.table(r.json()["id"])["seats"]
    assert [s["name"] for s in seats[:2]] == ["Kyo", "Ann"]
    [mine] = [row for row in all_rows(site, SeatRow) if row.account_id is not None]
    assert mine.seat == 1
    assert ann.get("/api/players/Ann").json()["games"][0]["seat"] == 1


def test_two_accounts_may_upload_the_same_game(site: LiveServer, ann: Browser) -> None:
    saved = play("zodiac", 4, humans=2)
    first = ann.post(PATH, {"saved": saved, "seat": 0})
    with Browser(site) as bob:
        bob.sign_up("Bob")
        second = bob.post(PATH, {"saved": saved, "seat": 1})
    assert (first.status_code, second.status_code) == (201, 201), second.text
    assert first.json()["id"] != second.json()["id"]


def tampered(saved: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(saved))
    out["actions"][3][1] = 9999
    return out


def unknown_option(saved: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(saved))
    out["settings"]["options"]["colour"] = "green"
    return out


def unknown_game(saved: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(saved))
    out["settings"]["game"] = "chess"
    return out


@pytest.fixture
def finished() -> dict[str, Any]:
    return play("zodiac", 11)


def test_refusals_store_nothing(site: LiveServer, ann: Browser,
                                finished: dict[str, Any]) -> None:
    """Each refusal: its status, one sentence; and not a row stored."""
    empty = stored(site)
    unfinished = play("zodiac", 11, until=20, table_id="half")
    cases: list[tuple[Any, int, str]] = [
        ({"saved": unfinished, "seat": 0}, 409, "not over"),
        ({"saved": tampered(finished), "seat": 0}, 400, "does not replay"),
        ({"saved": finished, "seat": 1}, 400, "bot"),
        ({"saved": finished, "seat": 9}, 400, "seat"),
        ({"saved": finished, "seat": -1}, 400, "seat"),
        ({"saved": finished}, 400, "seat"),
        ({"saved": unknown_game(finished), "seat": 0}, 400, "chess"),
        ({"saved": unknown_option(finished), "seat": 0}, 400, "colour"),
        ({"saved": {**finished, "format": 2}, "seat": 0}, 400, "format"),
        ({"saved": {**finished, "actions": "lots"}, "seat": 0}, 400, "actions"),
        ({"saved": {**finished, "settings": []}, "seat": 0}, 400, "settings"),
        ({"saved": [], "seat": 0}, 400, "saved"),
        ({"saved": finished, "seat": 0, "more": 1}, 400, "more"),
        ("not an object", 400, ""),
    ]
    for body, status, words in cases:
        refused(ann.post(PATH, body), status, words)
    garbage = ann.http.post(PATH, content=b"{not json", headers={
        **ann.token(), "content-type": "application/json"})
    refused(garbage, 400)
    too_long = {**finished, "actions": [[0, 0, "human"]] * 20_001}
    refused(ann.post(PATH, {"saved": too_long, "seat": 0}), 413, "20000")
    huge = {**finished, "written": [[0, 0, "answer", "x" * 1000]] * 600}
    refused(ann.post(PATH, {"saved": huge, "seat": 0}), 413, "512 KB")
    refused(ann.http.post(PATH, json={"saved": finished, "seat": 0}), 403, "CSRF")
    with Browser(site) as guest:
        refused(guest.post(PATH, {"saved": finished, "seat": 0}), 401)
    assert stored(site) == empty
    assert ann.get("/api/players/Ann").json()["games"] == []


def test_uploads_are_throttled_per_account(db_url: str) -> None:
    with LiveServer(db_url, **ROOMY, offline_uploads_burst=2, offline_uploads_per_hour=1.0) \
            as site, Browser(site) as ann:
        ann.sign_up("Ann")
        answers = [ann.post(PATH, {"saved": play("zodiac", seed), "seat": 0}).status_code
                   for seed in (1, 2)]
        assert answers == [201, 201]
        r = ann.post(PATH, {"saved": play("zodiac", 3), "seat": 0})
        refused(r, 429, "too many")
        assert "Retry-After" in r.headers
        assert len(all_rows(site, TableRow)) == 2


@pytest.fixture
def pg_site(database_server: Postgres) -> Iterator[LiveServer]:
    with LiveServer(database_server.create_database("offline_uploads"), **ROOMY) as server:
        yield server


def test_the_same_on_postgresql(pg_site: LiveServer, finished: dict[str, Any]) -> None:
    """The unique index on (account, offline id) and the rows, on PostgreSQL."""
    with Browser(pg_site) as ann:
        ann.sign_up("Ann")
        first = ann.post(PATH, {"saved": finished, "seat": 0})
        assert first.status_code == 201, first.text
        assert ann.post(PATH, {"saved": finished, "seat": 0}).json()["id"] == first.json()["id"]
        refused(ann.post(PATH, {"saved": tampered(play("zodiac", 12)), "seat": 0}), 400)
        table_id = first.json()["id"]
        total = len(finished["actions"])
        assert ann.get(f"/api/tables/{table_id}/replay/{total}").status_code == 200
        assert ann.get("/api/players/Ann").json()["games"][0]["offline"] is True
    assert stored(pg_site)["furuba_tables"] == 1


def test_a_deleted_accounts_uploads_stay_and_free_their_key(site: LiveServer, ann: Browser,
                                                            finished: dict[str, Any]) -> None:
    """A deleted account's offline games stay (under "deleted player", still played offline);
    an account made afterwards, even with the same id, uploads the same game afresh."""
    first = ann.post(PATH, {"saved": finished, "seat": 0}).json()["id"]
    assert ann.delete("/api/me", {"password": PASSWORD}).status_code == 204
    ann.sign_up("Ann")
    second = ann.post(PATH, {"saved": finished, "seat": 0})
    assert second.status_code == 201, second.text
    assert second.json()["id"] != first
    rows = {row.id: row for row in all_rows(site, TableRow)}
    assert rows[first].offline_id == rows[second.json()["id"]].offline_id == finished["settings"]["id"]
    assert rows[first].creator_account is None
