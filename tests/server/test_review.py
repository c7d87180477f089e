"""``GET /api/tables/{id}/review``: started in the background, its progress, stored once done
(never worked out twice), its refusals, and one analysis per (table, seat) however many ask."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from furuba.review import analysis
from furuba.server.review_store import STALE_SECONDS, ReviewStore

from .harness import LiveServer, my_turn, wait_for

GAME = {"game": "daihinmin", "seats": ["greedy"] * 4, "seed": 11, "options": {"max_rounds": 1}}
ON_A_THREAD = {"review_workers": 0}
"""These tests count and pause the analysis in this process (``test_review_workers.py`` tests
the worker processes)."""
ANALYSE = analysis.analyse
"""The analysis itself: a test puts its own in place of ``analysis.analyse``, which the server
calls (through :func:`furuba.review.kept.review_json`)."""


@pytest.fixture
def live(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url, **ON_A_THREAD) as server:
        yield server


class Counted:
    """``analyse`` with few playouts, counting its calls; ``pause`` seconds after each report
    (so a test sees it running) and ``fail`` to make it raise."""

    def __init__(self, pause: float = 0.0, fail: bool = False) -> None:
        self.calls = 0
        self.pause = pause
        self.fail = fail
        self.lock = threading.Lock()

    def __call__(self, record: Any, seat: int, *, sims: int, playouts: int,
                 progress: Callable[[float], None]) -> Any:
        with self.lock:
            self.calls += 1
        if self.fail:
            raise RuntimeError("no more coffee")

        def slowly(done: float) -> None:
            progress(done)
            time.sleep(self.pause)

        return ANALYSE(record, seat, sims=sims, playouts=2, progress=slowly)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    counter = Counted(pause=0.01)
    monkeypatch.setattr(analysis, "analyse", counter)
    yield counter


def finished_table(live: LiveServer) -> str:
    table_id: str = live.create(**GAME)["id"]
    wait_for(lambda: live.table(table_id)["status"] == "finished", 60)
    return table_id


def poll(http: httpx.Client, url: str, timeout: float = 60) -> list[httpx.Response]:
    """Ask until the review is done; every answer."""
    answers = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = http.get(url)
        answers.append(r)
        if r.status_code != 202:
            return answers
        time.sleep(0.05)
    raise AssertionError("the review did not finish in time")


def test_a_review_runs_in_the_background_and_is_kept(db_url: str, counted: Counted) -> None:
    with LiveServer(db_url, **ON_A_THREAD) as live:
        table_id = finished_table(live)
        url = f"/api/tables/{table_id}/review?seat=1"
        answers = poll(live.http, url)
        first, last = answers[0], answers[-1]
        assert first.status_code == 202 and first.json() == {"status": "running", "progress": 0.0}
        running = [r.json()["progress"] for r in answers[1:-1]]
        assert any(0 < p < 1 for p in running), running
        assert running == sorted(running)
        assert last.status_code == 200, last.text
        review = last.json()
        assert review["status"] == "done" and review["seat"] == 1 and review["sims"] == 30
        record = live.http.get(f"/api/tables/{table_id}/replay").json()["record"]
        assert len(review["chances"]) == len(record["actions"]) + 1
        assert review["decisions"] and all(d["player"] == 1 for d in review["decisions"])
        assert set(review["counts"]) == {"blunder", "mistake", "inaccuracy"}
        again = live.http.get(url)
        assert again.status_code == 200 and again.json() == review
        assert counted.calls == 1
        stored = live.hub.db.call(ReviewStore.read, table_id, 1)
        assert stored.status == "done" and stored.review["decisions"] == [
            {k: v for k, v in d.items() if k != "explained"} for d in review["decisions"]]
        japanese = live.http.get(url, headers={"accept-language": "ja"}).json()
        best = [(d["best"]["reason"], d["best"]["reasons"]) for d in japanese["decisions"]]
        assert all(ja == reasons["ja"] and reasons["en"] and reasons["ja"] != reasons["en"]
                   for ja, reasons in best if ja), best
        assert any(ja for ja, _ in best)
        assert [d["best"]["reason"] for d in review["decisions"]] == \
            [d["best"]["reasons"]["en"] for d in review["decisions"]]
    with LiveServer(db_url, **ON_A_THREAD) as restarted:                  # served from the database
        assert restarted.http.get(url).json() == review
    assert counted.calls == 1


def test_refusals_are_sentences(live: LiveServer, counted: Counted) -> None:
    table_id = finished_table(live)
    r = live.http.get("/api/tables/nope/review?seat=0")
    assert r.status_code == 404 and r.json()["detail"] == "there is no such table"
    waiting = live.create(game="daihinmin")["id"]
    r = live.http.get(f"/api/tables/{waiting}/review?seat=0")
    assert r.status_code == 409
    assert r.json()["detail"] == "this game has not finished: only a finished game can be reviewed"
    for query, words in (("seat=4", "there is no seat 4 at this table: its seats are 0 to 3"),
                         ("seat=-1", "seat must be a seat number (a whole number from 0 to 63)"),
                         ("seat=99999999999999999999999", "from 0 to 63"),
                         ("", "say which seat to review"),
                         ("seat=two", "seat")):
        r = live.http.get(f"/api/tables/{table_id}/review?{query}")
        assert r.status_code == 400, query
        assert isinstance(r.json()["detail"], str) and words in r.json()["detail"], r.json()
    assert counted.calls == 0
    assert live.hub.db.call(ReviewStore.read, table_id, 4) is None


def test_concurrent_requests_start_one_analysis(live: LiveServer, counted: Counted) -> None:
    table_id = finished_table(live)
    url = f"{live.base}/api/tables/{table_id}/review?seat=0"
    codes: list[int] = []

    def ask() -> None:
        with httpx.Client(timeout=20) as http:
            codes.append(http.get(url).status_code)

    askers = [threading.Thread(target=ask) for _ in range(4)]
    for t in askers:
        t.start()
    for t in askers:
        t.join()
    assert codes == [202] * 4
    assert poll(live.http, url)[-1].status_code == 200
    assert counted.calls == 1


def test_another_process_claim_is_respected_until_it_goes_silent(live: LiveServer,
                                                                  counted: Counted) -> None:
    table_id = finished_table(live)
    db = live.hub.db
    claimed = db.call(ReviewStore.claim, table_id, 2, "elsewhere", 30, time.time())
    assert claimed.mine and not db.call(ReviewStore.claim, table_id, 2, "third", 30,
                                        time.time()).mine
    db.call(ReviewStore.report, table_id, 2, "elsewhere", 0.25, time.time())
    url = f"/api/tables/{table_id}/review?seat=2"
    r = live.http.get(url)
    assert r.status_code == 202 and r.json() == {"status": "running", "progress": 0.25}
    assert counted.calls == 0
    db.call(ReviewStore.report, table_id, 2, "elsewhere", 0.5, time.time() - STALE_SECONDS - 1)
    assert live.http.get(url).json() == {"status": "running", "progress": 0.0}   # taken over
    assert poll(live.http, url)[-1].status_code == 200
    assert counted.calls == 1


def test_a_failed_analysis_says_so(live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "analyse", Counted(fail=True))
    table_id = finished_table(live)
    answers = poll(live.http, f"/api/tables/{table_id}/review?seat=0")
    assert answers[-1].status_code == 500
    assert answers[-1].json()["detail"].startswith(
        "the analysis failed (RuntimeError: no more coffee); ask again in 10 seconds")


def test_two_server_processes_on_one_database_run_one_analysis(db_url: str,
                                                               counted: Counted) -> None:
    with LiveServer(db_url, process_name="first", **ON_A_THREAD) as first, \
            LiveServer(db_url, process_name="second", **ON_A_THREAD) as second:
        table_id = finished_table(first)
        path = f"/api/tables/{table_id}/review?seat=3"
        codes: list[int] = []
        askers = [threading.Thread(target=lambda live=live: codes.append(
            live.http.get(path).status_code)) for live in (first, second, first, second)]
        for t in askers:
            t.start()
        for t in askers:
            t.join()
        assert codes == [202] * 4
        done = [poll(live.http, path)[-1] for live in (first, second)]
        assert [r.status_code for r in done] == [200, 200] and done[0].json() == done[1].json()
    assert counted.calls == 1


def test_a_seat_that_follows_the_table_s_hint_is_told_it_played_the_bot_s_move(
        live: LiveServer) -> None:
    """The Hint at the table and the review of the finished game judge a position the same way
    (the same search budget, seed and shared worlds): a player who asked for the Hint at every
    decision and played its move is told the bot agreed every time."""
    table_id = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"],
                           seed=23, options={"max_rounds": 1})["id"]
    token = live.join(table_id, 0, "Ann")
    hinted = 0
    with live.client(table_id, [token]) as client:
        client.until_type("snapshot")
        while client.status != "finished":
            seat = my_turn(client)
            if seat is None:
                client.recv(timeout=15)
                continue
            legal = client.legal[seat]
            if len(legal) > 1:
                client.send({"type": "hint", "seat": seat})
                choice = client.until_type("hint", timeout=60)["action"]["id"]
                hinted += 1
            else:
                choice = legal[0]["id"]
            name = next(a["name"] for a in legal if a["id"] == choice)
            client.send({"type": "act", "seq_seen": client.seq, "action": name, "seat": seat})
            client.legal[seat] = []
    review = poll(live.http, f"/api/tables/{table_id}/review?seat=0")[-1].json()
    assert review["status"] == "done" and len(review["decisions"]) == hinted > 0
    assert all(d["played"]["action"] == d["best"]["action"] and d["hint"] is None
               for d in review["decisions"]), review["decisions"]
    assert review["agreement"] == 1.0 and review["method"] == 2


def test_a_review_kept_by_an_earlier_method_is_made_again(live: LiveServer) -> None:
    """A review kept before the moves were weighed in shared worlds (no ``method``) is not
    served: the next request makes it again, and that one is kept."""
    table_id = finished_table(live)
    now = time.time()
    live.hub.db.call(ReviewStore.claim, table_id, 2, "an-old-process", 30, now)
    live.hub.db.call(ReviewStore.finish, table_id, 2, "an-old-process",
                     {"seat": 2, "decisions": [], "agreement": 0.19}, now)
    assert live.hub.db.call(ReviewStore.read, table_id, 2).status == "outdated"
    answers = poll(live.http, f"/api/tables/{table_id}/review?seat=2")
    assert answers[0].status_code == 202
    review = answers[-1].json()
    assert review["status"] == "done" and review["method"] == 2 and review["decisions"]
    assert live.hub.db.call(ReviewStore.read, table_id, 2).status == "done"
