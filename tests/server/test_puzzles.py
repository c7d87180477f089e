"""Puzzles from a player's own mistakes (``furuba.server.puzzles``): made when a review is stored
as done (once, however often a review is made), served as the seat saw the position and
nothing more, answered right or wrong with the answer explained, listed for the account that
held the seat, and the daily puzzle chosen from finished public games only."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.server import schema
from furuba.server.puzzles.models import PuzzleRow
from furuba.server.puzzles.store import PuzzleStore
from furuba.server.review_store import ReviewStore

from .account_client import ROOMY, Browser
from .harness import LiveServer, play_to_end, wait_for
from .postgres import Postgres
from .test_secrecy import CARD, hidden_cards

SETTINGS = {**ROOMY, "review_workers": 0}
"""Reviews on a thread of the test server (its search budget is the tests' 30 simulations)."""
DAIHINMIN = {"game": "daihinmin", "options": {"max_rounds": 1}}


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url, **SETTINGS) as server:
        yield server


def finished(live: LiveServer, seed: int, seats: list[str] | None = None, public: bool = False,
             game: dict[str, Any] | None = None) -> str:
    """A bots-only table played to its end."""
    body = {**(game or DAIHINMIN), "seats": seats or ["random", "random", "greedy", "random"],
            "seed": seed, "public": public}
    table_id: str = live.create(**body)["id"]
    wait_for(lambda: live.table(table_id)["status"] == "finished", 60)
    return table_id


def reviewed(http: Any, table_id: str, seat: int, timeout: float = 90) -> dict[str, Any]:
    """Ask for the review of ``seat`` until it is done; the review."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = http.get(f"/api/tables/{table_id}/review?seat={seat}")
        if r.status_code == 200:
            out: dict[str, Any] = r.json()
            return out
        assert r.status_code == 202, r.text
        time.sleep(0.05)
    raise AssertionError("the review did not finish in time")


def puzzles_of(live: LiveServer, table_id: str) -> list[Any]:
    found: list[Any] = live.hub.db.call(PuzzleStore.of_table, table_id)
    return found


def with_mistakes(live: LiveServer, seed: int, **kwargs: Any) -> tuple[str, int, dict[str, Any]]:
    """A finished table and a seat whose review judged some of its moves: (table, seat, review)."""
    for attempt in range(6):
        table_id = finished(live, seed + attempt, **kwargs)
        for seat in range(len(live.table(table_id)["seats"])):
            review = reviewed(live.http, table_id, seat)
            if any(d["judgement"] for d in review["decisions"]):
                return table_id, seat, review
    raise AssertionError("no reviewed seat made a mistake")


def position(live: LiveServer, table_id: str, step: int) -> State:
    """The true position before move ``step``, from the public replay."""
    record = live.http.get(f"/api/tables/{table_id}/replay").json()["record"]
    return GameRecord.from_json(record).replay(step - 1)


# -- making ---------------------------------------------------------------------------------------
def test_a_finished_review_makes_one_puzzle_per_mistake_and_only_once(live: LiveServer) -> None:
    table_id, seat, review = with_mistakes(live, 21)
    judged = {d["step"]: d for d in review["decisions"] if d["judgement"]}
    made = puzzles_of(live, table_id)
    assert {p.step for p in made} == set(judged)
    for p in made:
        d = judged[p.step]
        assert (p.seat, p.game, p.account_id) == (seat, "daihinmin", None)
        answer = d["answer"]
        assert (p.answer, p.played, p.judgement) == (answer["move"]["action"],
                                                     d["played"]["action"], d["judgement"])
        assert p.accepted == tuple(answer["accepted"]) and p.played not in p.accepted
        assert p.margin == pytest.approx(answer["gain"], abs=1e-4)
        assert p.margin_error == pytest.approx(answer["gain_error"], abs=1e-4)
        assert p.why and all(isinstance(text, str) and text for text in p.why.values())
    # The review asked again, and made again: no new puzzle, the same ids.
    assert reviewed(live.http, table_id, seat) == review
    again = live.hub.db.call(PuzzleStore.make, table_id, seat, review, time.time())
    assert again == 0
    assert [p.id for p in puzzles_of(live, table_id)] == [p.id for p in made]
    # Only the transaction that stores the review as done makes them (not a late second finish).
    db = live.hub.db
    db.call(ReviewStore.finish, table_id, seat, "elsewhere", review, time.time())
    assert len(puzzles_of(live, table_id)) == len(made)


def judged(step: int, answer: int, played: int, why: str) -> dict[str, Any]:
    """A judged decision as a review keeps it (only what puzzles read)."""
    return {"step": step, "judgement": "mistake", "loss": 0.11, "played": {"action": played},
            "best": {"action": answer, "reason": why, "reasons": {"en": why}}}


def test_a_review_made_again_by_a_newer_method_brings_the_puzzles_up_to_date(
        live: LiveServer) -> None:
    """The same puzzle (id, tries) takes the new answer; a decision no longer judged a mistake
    loses its puzzle (and its tries); a new mistake gets one."""
    table_id = finished(live, 101)
    db = live.hub.db
    first = {"game": "daihinmin", "decisions": [judged(5, 3, 0, "a"), judged(8, 4, 0, "b")]}
    assert db.call(PuzzleStore.make, table_id, 1, first, 1.0) == 2
    before = {p.step: p for p in puzzles_of(live, table_id)}
    again = {"game": "daihinmin", "decisions": [judged(5, 6, 0, "c"), judged(9, 2, 1, "d"),
                                                {**judged(8, 4, 0, "b"), "judgement": None}]}
    assert db.call(PuzzleStore.make, table_id, 1, again, 2.0) == 1
    after = {p.step: p for p in puzzles_of(live, table_id)}
    assert sorted(after) == [5, 9]
    assert after[5].id == before[5].id and after[5].created_at == 1.0
    assert (after[5].answer, after[5].why) == (6, {"en": "C."})
    assert after[9].answer == 2 and after[9].created_at == 2.0
    r = live.http.get(f"/api/puzzles/{before[8].id}")
    assert r.status_code == 404
    assert db.call(PuzzleStore.make, table_id, 1, {"game": "daihinmin"}, 3.0) == 0
    assert sorted(p.step for p in puzzles_of(live, table_id)) == [5, 9]


def test_a_move_as_good_as_the_answer_solves_the_puzzle_too(live: LiveServer) -> None:
    """A review's answer is the move best on average among every legal move; the moves as good
    as it in the same worlds are right too, and the answer names them; the move played never."""
    table_id = finished(live, 121)
    record = live.http.get(f"/api/tables/{table_id}/replay").json()["record"]
    positions = GameRecord.from_json(record).positions()
    step = next(i + 1 for i, s in enumerate(positions[:-1])
                if not s.is_terminal() and len(s.legal_actions()) >= 3)
    seat = positions[step - 1].current_player
    first, second, played = positions[step - 1].legal_actions()[:3]
    decision = {**judged(step, first, played, "a"), "answer": {
        "move": {"action": first, "reasons": {"en": "it is best"}}, "accepted": [first, second],
        "gain": 0.2, "gain_error": 0.01, "why": {"en": "you gave up more"}}}
    assert live.hub.db.call(PuzzleStore.make, table_id, seat,
                            {"game": "daihinmin", "decisions": [decision]}, 1.0) == 1
    (p,) = puzzles_of(live, table_id)
    assert (p.answer, p.accepted, p.margin) == (first, (first, second), 0.2)
    assert p.why == {"en": "It is best. You gave up more."}
    url = f"/api/puzzles/{p.id}/answer"
    also = live.http.post(url, json={"action": second}).json()
    assert also["right"] is True and also["answer"]["id"] == first
    assert [m["id"] for m in also["as_good"]] == [second]
    assert live.http.post(url, json={"action": played}).json()["right"] is False


def test_two_processes_on_one_database_make_the_puzzles_once(db_url: str) -> None:
    with LiveServer(db_url, process_name="first", **SETTINGS) as first, \
            LiveServer(db_url, process_name="second", **SETTINGS) as second:
        table_id, seat, review = with_mistakes(first, 31)
        assert reviewed(second.http, table_id, seat) == review
        ids = [p.id for p in puzzles_of(second, table_id)]
        assert ids and len(set(ids)) == len(ids)
        got = second.http.get(f"/api/puzzles/{ids[0]}")
        assert got.status_code == 200 and got.json()["id"] == ids[0]


def test_the_answer_is_explained_by_the_bots_reason_and_what_it_keeps(live: LiveServer) -> None:
    """A puzzle's explanation is the answer's reason, then what it keeps that the move played
    gave up, in the reader's language; its margin is the answer's gain in the shared worlds,
    with its standard error."""
    table_id, _seat, review = with_mistakes(live, 111)
    by_step = {d["step"]: d for d in review["decisions"]}
    for p in puzzles_of(live, table_id):
        answer = by_step[p.step]["answer"]
        for language in ("en", "ja"):
            reason = answer["move"]["reasons"][language]
            assert p.why[language].startswith(reason[:1].upper() + reason[1:])
            if answer["why"]:
                assert answer["why"][language][1:] in p.why[language]
        url = f"/api/puzzles/{p.id}/answer"
        english = live.http.post(url, json={"action": p.answer}).json()
        assert english["margin"] == pytest.approx(answer["gain"], abs=1e-4)
        assert english["margin_error"] == pytest.approx(answer["gain_error"], abs=1e-4)
        assert english["why"] == p.why["en"]
        japanese = live.http.post(url, json={"action": p.answer},
                                  headers={"accept-language": "ja"}).json()
        assert japanese["why"] == p.why["ja"] != p.why["en"]


def test_a_puzzle_is_the_seats_view_and_its_moves_without_the_answer(live: LiveServer) -> None:
    table_id, seat, _review = with_mistakes(live, 41)
    for p in puzzles_of(live, table_id):
        r = live.http.get(f"/api/puzzles/{p.id}")
        assert r.status_code == 200, r.text
        out = r.json()
        state = position(live, table_id, p.step)
        assert (out["game"], out["seat"], out["players"], out["frontend"]) == \
            ("daihinmin", seat, 4, "daihinmin")
        assert {**out["view"], "log": out["log"]["entries"]} == state.view(seat)
        assert out["log"]["from"] == 0
        assert [a["id"] for a in out["legal"]] == state.legal_actions()
        assert all(set(a) == {"id", "name", "text", "kind", "params"} for a in out["legal"])
        assert [s["name"] for s in out["seats"]] == [s["name"] for s in live.table(table_id)["seats"]]
        assert not {"answer", "played", "why", "margin", "table_id", "replay"} & set(out)
        assert table_id not in r.text


def test_answers_right_wrong_and_refused(live: LiveServer) -> None:
    table_id, _seat, _review = with_mistakes(live, 51)
    p = puzzles_of(live, table_id)[0]
    url = f"/api/puzzles/{p.id}/answer"
    right = live.http.post(url, json={"action": p.answer})
    assert right.status_code == 200, right.text
    out = right.json()
    assert out["right"] is True and out["answer"]["id"] == p.answer == out["action"]["id"]
    assert out["played"]["id"] == p.played
    assert out["replay"] == f"/replay/{table_id}#step={p.step}"
    assert out["margin"] == pytest.approx(p.margin, abs=1e-4) and out["judgement"] == p.judgement
    assert isinstance(out["why"], str) and out["why"]
    assert out["attempt"] is None                                  # a guest's try is not kept
    wrong = live.http.post(url, json={"action": p.played}).json()
    assert wrong["right"] is False and wrong["answer"]["id"] == p.answer
    japanese = live.http.post(url, json={"action": p.answer}, headers={"accept-language": "ja"})
    if "ja" in p.why:
        assert japanese.json()["why"] == p.why["ja"]
    legal = {a["id"] for a in live.http.get(f"/api/puzzles/{p.id}").json()["legal"]}
    illegal = next(a for a in range(1000) if a not in legal)
    for body, status, words in (
            ({"action": illegal}, 400, f"{illegal} is not one of this puzzle's moves"),
            ({"action": "pass"}, 400, "action must be the id of one of the puzzle's legal actions"),
            ({"action": -1}, 400, "action must be"),
            ({"action": 2**70}, 400, "action must be"),
            ({"action": 1.0}, 400, "action must be"),
            ({}, 400, "action"),
            ({"action": p.answer, "extra": 1}, 400, "unknown field 'extra'"),
            ([1, 2], 400, "the body must be a JSON object")):
        r = live.http.post(url, json=body)
        assert r.status_code == status, (body, r.text)
        assert isinstance(r.json()["detail"], str) and words in r.json()["detail"], r.json()
    r = live.http.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["detail"]
    r = live.http.post(url, content=b'{"action": 1, "pad": "' + b"x" * 70_000 + b'"}',
                       headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    for path in ("/api/puzzles/nope", "/api/puzzles/" + "x" * 500):
        r = live.http.get(path)
        assert r.status_code == 404 and r.json()["detail"] == "there is no such puzzle"
        r = live.http.post(path + "/answer", json={"action": 0})
        assert r.status_code == 404 and r.json()["detail"] == "there is no such puzzle"


# -- mine ------------------------------------------------------------------------------------------
def played_by(live: LiveServer, browser: Browser, seed: int) -> str:
    """A one-round Dai Hin Min game in which ``browser``'s account held seat 0 (always its first
    legal move: passing when it may, which the review calls a mistake soon enough)."""
    made = browser.post("/api/tables", {**DAIHINMIN, "seats": ["human", "greedy", "random",
                                                                "greedy"], "seed": seed})
    assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    joined = browser.post(f"/api/tables/{table_id}/join", {"seat": 0, "name": "x"})
    assert joined.status_code == 200, joined.text
    with live.client(table_id, [joined.json()["token"]]) as client:
        play_to_end(client)
    return table_id


def test_mine_lists_the_accounts_puzzles_with_how_it_did(site: LiveServer) -> None:
    with Browser(site) as ann, Browser(site) as ben:
        ann.sign_up("Ann")
        ben.sign_up("Ben")
        assert ann.get("/api/puzzles/mine").json() == {"total": 0, "offset": 0, "limit": 50,
                                                       "puzzles": []}
        for seed in range(61, 67):
            table_id = played_by(site, ann, seed)
            reviewed(ann.http, table_id, 0)
            if puzzles_of(site, table_id):
                break
        made = puzzles_of(site, table_id)
        assert made and all(p.account_id is not None for p in made)
        mine = ann.get("/api/puzzles/mine")
        assert mine.status_code == 200 and mine.headers["cache-control"] == "no-store"
        listed = mine.json()["puzzles"]
        assert {p["id"] for p in listed} == {p.id for p in made}
        assert [p["created_at"] for p in listed] == sorted((p["created_at"] for p in listed),
                                                           reverse=True)
        assert {p["state"] for p in listed} == {"new"}
        first, second = made[0], made[-1]
        # The first answer decides: wrong, then right, stays missed.
        assert ann.post(f"/api/puzzles/{first.id}/answer",
                        {"action": first.played}).json()["attempt"] == {"solved": False, "tries": 1}
        assert ann.post(f"/api/puzzles/{first.id}/answer",
                        {"action": first.answer}).json()["attempt"] == {"solved": False, "tries": 2}
        if second.id != first.id:
            assert ann.post(f"/api/puzzles/{second.id}/answer",
                            {"action": second.answer}).json()["attempt"]["solved"] is True
        states = {p["id"]: p["state"] for p in ann.get("/api/puzzles/mine").json()["puzzles"]}
        assert states[first.id] == "missed"
        if second.id != first.id:
            assert states[second.id] == "solved"
        opened = ann.get(f"/api/puzzles/{first.id}").json()
        assert opened["mine"] is True and opened["attempt"] == {"solved": False, "tries": 2}
        # Someone else's: Ben has none, may solve Ann's, and his try is his own.
        assert ben.get("/api/puzzles/mine").json()["puzzles"] == []
        theirs = ben.get(f"/api/puzzles/{first.id}").json()
        assert theirs["mine"] is False and theirs["attempt"] is None
        assert ben.post(f"/api/puzzles/{first.id}/answer",
                        {"action": first.answer}).json()["attempt"] == {"solved": True, "tries": 1}
        assert ben.get("/api/puzzles/mine").json()["puzzles"] == []
        assert states == {p["id"]: p["state"]
                          for p in ann.get("/api/puzzles/mine").json()["puzzles"]}
        # A guest, and a page out of range.
        r = site.http.get("/api/puzzles/mine")
        assert r.status_code == 401 and r.json()["detail"] == "sign in first"
        r = ann.get("/api/puzzles/mine?limit=0")
        assert r.status_code == 400 and "limit must be a whole number from 1 to 100" in r.json()["detail"]
        # A deleted account's puzzles stay (for the daily puzzle) but are nobody's.
        assert ann.delete("/api/me", {"password": "correct horse battery"}).status_code == 204
        assert all(p.account_id is None for p in puzzles_of(site, table_id))


# -- the daily puzzle ------------------------------------------------------------------------------
def test_the_daily_puzzle_is_stable_and_only_from_public_finished_games(live: LiveServer) -> None:
    r = live.http.get("/api/puzzles/daily?game=daihinmin")
    assert r.status_code == 404 and "there is no puzzle of Dai Hin Min today" in r.json()["detail"]
    private, _seat, _review = with_mistakes(live, 71)            # invite-only: never the daily
    assert puzzles_of(live, private)
    r = live.http.get("/api/puzzles/daily?game=daihinmin")
    assert r.status_code == 404
    assert live.hub.db.call(PuzzleStore.daily, "2030-01-01", "daihinmin", time.time()) is None
    public, _seat, _review = with_mistakes(live, 81, public=True)
    first = live.http.get("/api/puzzles/daily?game=daihinmin")
    assert first.status_code == 200, first.text
    chosen = first.json()
    assert chosen["daily"] == time.strftime("%Y-%m-%d", time.gmtime())
    assert chosen["id"] in {p.id for p in puzzles_of(live, public)}
    assert public not in first.text and "answer" not in chosen
    # More public puzzles later the same day do not change it; other dates are chosen alike.
    for seat in range(4):
        reviewed(live.http, public, seat)
    assert live.http.get("/api/puzzles/daily?game=daihinmin").json()["id"] == chosen["id"]
    days = [live.hub.db.call(PuzzleStore.daily, f"2031-02-{d:02}", "daihinmin", time.time())
            for d in range(1, 8)]
    assert days == [live.hub.db.call(PuzzleStore.daily, f"2031-02-{d:02}", "daihinmin",
                                     time.time()) for d in range(1, 8)]
    ids = {p.id for p in puzzles_of(live, public)}
    assert set(days) <= ids and not set(days) & {p.id for p in puzzles_of(live, private)}
    # An unknown game, no game at all, a game without puzzles.
    r = live.http.get("/api/puzzles/daily?game=chess")
    assert r.status_code == 404 and r.json()["detail"].startswith("there is no game called “chess”")
    r = live.http.get("/api/puzzles/daily")
    assert r.status_code == 400 and "say which game" in r.json()["detail"]
    r = live.http.get("/api/puzzles/daily?game=zodiac")
    assert r.status_code == 404 and "Friends of the Zodiac" in r.json()["detail"]


# -- secrecy ---------------------------------------------------------------------------------------
GAMES = [({**DAIHINMIN, "seats": ["random", "random", "greedy", "random"]}, 91),
         ({"game": "zodiac", "options": {"target": 4}, "seats": ["random", "greedy", "random"]},
          95)]


@pytest.mark.parametrize(("game", "seed"), GAMES, ids=["daihinmin", "zodiac"])
def test_no_puzzle_reveals_what_its_seat_could_not_see(live: LiveServer, game: dict[str, Any],
                                                       seed: int) -> None:
    """The puzzle (and its answer) is the seat's view: equal to ``view(seat)`` of the true
    position, the same in a world re-dealt from that view, with the true legal actions; and no
    card another seat held unseen is named anywhere but the game's catalog (every card)."""
    table_id, seat, _review = with_mistakes(live, seed, seats=game["seats"],
                                            game={"game": game["game"],
                                                  "options": game["options"]})
    rng = random.Random(5)
    made = puzzles_of(live, table_id)
    assert made
    for p in made:
        state = position(live, table_id, p.step)
        puzzle = live.http.get(f"/api/puzzles/{p.id}").json()
        view = {**puzzle["view"], "log": puzzle["log"]["entries"]}
        assert view == state.view(seat)
        for _world in range(3):
            world = state.determinize(seat, rng)
            assert world.view(seat) == view, "the puzzle depends on hidden cards"
            assert world.legal_actions() == [a["id"] for a in puzzle["legal"]]
        answers = [live.http.post(f"/api/puzzles/{p.id}/answer", json={"action": a}).json()
                   for a in (p.answer, p.played)]
        if game["game"] == "daihinmin":
            secret = hidden_cards(state, seat)
            outside = {k: v for k, v in puzzle.items() if k != "catalog"}
            for said in (outside, *answers):
                named = set(CARD.findall(json.dumps(said, ensure_ascii=False)))
                assert not named & secret, f"puzzle at step {p.step} names {named & secret}"
        else:
            assert list(puzzle["view"]["hands"]) == [str(seat)]
        assert table_id not in json.dumps(puzzle)


# -- the store on PostgreSQL -----------------------------------------------------------------------
def test_the_store_on_postgresql(database_server: Postgres) -> None:
    """Made once (ON CONFLICT on the decision), tries counted, the daily choice kept, on
    PostgreSQL as on SQLite."""
    engine = create_engine(database_server.create_database("puzzles_store"))
    try:
        schema.upgrade(engine)
        review = {"game": "daihinmin", "decisions": [
            {"step": 5, "judgement": "blunder", "loss": 0.3, "best": {"action": 3, "reason": "r"},
             "played": {"action": 0}},
            {"step": 8, "judgement": None, "loss": 0.0, "best": {"action": 1}, "played": {"action": 1}}]}
        with Session(engine) as s, s.begin():
            from furuba.server.models import TableRow

            s.add(TableRow(id="pgtable", game="daihinmin", options={}, seed=1, settings={},
                           status="finished", created_at=0.0, updated_at=0.0, public=True))
        with Session(engine) as s, s.begin():
            assert PuzzleStore.make(s, "pgtable", 2, review, 1.0) == 1
            assert PuzzleStore.make(s, "pgtable", 2, review, 2.0) == 0
        with Session(engine) as s, s.begin():
            assert s.scalar(select(func.count()).select_from(PuzzleRow)) == 1
            (puzzle,) = PuzzleStore.of_table(s, "pgtable")
            assert (puzzle.step, puzzle.answer, puzzle.played, puzzle.why) == (5, 3, 0, {"en": "R."})
            day = PuzzleStore.daily(s, "2030-05-05", "daihinmin", 3.0)
            assert day == puzzle.id == PuzzleStore.daily(s, "2030-05-05", "daihinmin", 4.0)
    finally:
        engine.dispose()
