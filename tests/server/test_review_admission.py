"""Reviews and hints wait their turn: one address cannot queue them without limit (``429`` with
``Retry-After`` beyond its share), nobody can once the line is full (``503``), asking for a
review already under way or kept is free, a refused hint is told over its socket, and the line
shows in the metrics."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from furuba.review import analysis
from furuba.server import bots
from furuba.server.review_store import ReviewStore

from .harness import LiveServer, wait_for, wait_my_turn
from .test_review import GAME, finished_table, poll

ON_A_THREAD = {"review_workers": 0}
"""The analysis runs in this process, so that a test holds it until it lets it go."""
ANALYSE = analysis.analyse
"""The analysis itself: a test puts its own in place of ``analysis.analyse``, which the server
calls (through :func:`furuba.review.kept.review_json`)."""


class Held:
    """``analyse`` (with few playouts) that waits until :meth:`release`, so that the reviews a
    test starts stay under way while it asks for more."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = 0

    def release(self) -> None:
        self.go.set()

    def __call__(self, record: Any, seat: int, *, sims: int, playouts: int,
                 progress: Callable[[float], None]) -> Any:
        self.started += 1
        progress(0.0)
        self.go.wait(timeout=60)
        return ANALYSE(record, seat, sims=sims, playouts=2, progress=progress)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    analysis_held = Held()
    monkeypatch.setattr(analysis, "analyse", analysis_held)
    yield analysis_held
    analysis_held.release()


def busy(answer: Any, status: int, words: str) -> str:
    """Check a refusal: its status, its sentence, its ``Retry-After``; the sentence."""
    assert answer.status_code == status, answer.text
    assert int(answer.headers["retry-after"]) >= 1
    detail: str = answer.json()["detail"]
    assert words in detail, detail
    return detail


def test_a_flood_of_reviews_from_one_address_is_refused_beyond_its_share(
        db_url: str, held: Held) -> None:
    with LiveServer(db_url, **ON_A_THREAD) as live:          # 2 reviews per address
        tables = [finished_table(live) for _ in range(3)]
        asked = [live.http.get(f"/api/tables/{t}/review?seat={seat}")
                 for t in tables for seat in range(4)]
        assert [r.status_code for r in asked[:2]] == [202, 202]
        for refused in asked[2:]:
            busy(refused, 429, "too many reviews at once from your address")
        assert held.started <= 2
        held.release()
        for seat in (0, 1):
            assert poll(live.http, f"/api/tables/{tables[0]}/review?seat={seat}")[-1] \
                .status_code == 200
        later = live.http.get(f"/api/tables/{tables[2]}/review?seat=3")   # its turns are back
        assert later.status_code == 202


def test_when_the_line_is_full_everyone_is_told_to_come_back(db_url: str, held: Held) -> None:
    with LiveServer(db_url, reviews_per_address=10, reviews_waiting=1, **ON_A_THREAD) as live:
        table_id = finished_table(live)
        codes = [live.http.get(f"/api/tables/{table_id}/review?seat={s}").status_code
                 for s in (0, 1)]
        assert codes == [202, 202]                  # one computed, one waiting
        busy(live.http.get(f"/api/tables/{table_id}/review?seat=2"), 503,
             "the server is busy with other reviews")
        assert live.hub.db.call(ReviewStore.read, table_id, 2) is None


def test_asking_for_a_review_under_way_or_kept_is_free(db_url: str, held: Held) -> None:
    with LiveServer(db_url, reviews_per_address=1, **ON_A_THREAD) as live:
        table_id = finished_table(live)
        url = f"/api/tables/{table_id}/review?seat=0"
        for _ in range(5):
            r = live.http.get(url)
            assert r.status_code == 202 and r.json()["status"] == "running", r.text
        busy(live.http.get(f"/api/tables/{table_id}/review?seat=1"), 429, "too many reviews")
        held.release()
        assert poll(live.http, url)[-1].status_code == 200
        for _ in range(5):
            assert live.http.get(url).status_code == 200
        assert live.http.get(f"/api/tables/{table_id}/review?seat=1").status_code == 202
        wait_for(lambda: held.started == 2)     # seat 0's analysis ran once, seat 1's starts


def metric(live: LiveServer, name: str, work: str) -> float:
    """A gauge's value for ``work`` in this process, from the app's exposition."""
    for line in live.app.state.metrics.exposition().decode().splitlines():
        if line.startswith(f"{name}{{") and f'work="{work}"' in line:
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} has no line for {work}")


def test_the_line_is_in_the_metrics(db_url: str, held: Held) -> None:
    with LiveServer(db_url, reviews_per_address=10, **ON_A_THREAD) as live:
        table_id = finished_table(live)
        for seat in (0, 1, 2):
            assert live.http.get(f"/api/tables/{table_id}/review?seat={seat}").status_code == 202
        wait_for(lambda: held.started == 1)
        assert metric(live, "furuba_work_running", "reviews") == 1
        assert metric(live, "furuba_work_queued", "reviews") == 2
        held.release()
        for seat in (0, 1, 2):
            poll(live.http, f"/api/tables/{table_id}/review?seat={seat}")
        assert metric(live, "furuba_work_running", "reviews") == 0
        assert metric(live, "furuba_work_queued", "reviews") == 0
        text = live.app.state.metrics.exposition().decode()
        assert 'furuba_work_wait_seconds_count{process="' in text
        waits = [line for line in text.splitlines()
                 if line.startswith("furuba_work_wait_seconds_count") and 'work="reviews"' in line]
        assert waits and float(waits[0].rsplit(" ", 1)[1]) == 3


def test_a_hint_beyond_the_cap_is_refused_over_its_socket(db_url: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()
    searched = bots.hints

    def slow_hints(*args: Any) -> Any:
        go.wait(timeout=60)
        return searched(*args)

    monkeypatch.setattr(bots, "hints", slow_hints)   # as the hints module calls it
    with LiveServer(db_url, hints_per_address=1) as live:
        seated = []
        for _ in range(2):
            table_id = live.create(game="zodiac", seats=["human", "greedy", "greedy"])["id"]
            seated.append((table_id, live.join(table_id, 0, "Ann")))
        try:
            (one, one_token), (two, two_token) = seated
            with live.client(one, [one_token]) as first, live.client(two, [two_token]) as second:
                for c in (first, second):
                    c.until_type("snapshot")
                    wait_my_turn(c)
                first.send({"type": "hint"})
                wait_for(lambda: live.app.state.work.hints.running == 1)
                second.send({"type": "hint"})
                error = second.until_type("error", timeout=10)
                assert error["code"] == "busy" and error["ref"] == "hint"
                assert error["message"] == ("too many hints at once from your address: wait for "
                                            "yours to finish")
                go.set()
                assert first.until_type("hint")["seat"] == 0
                second.send({"type": "hint"})            # its turn has come back
                assert second.until_type("hint")["seat"] == 0
        finally:
            go.set()


def test_reviews_of_finished_games_need_a_finished_game_first(db_url: str, held: Held) -> None:
    """A refused request (an unfinished game) takes no turn."""
    with LiveServer(db_url, reviews_per_address=1, **ON_A_THREAD) as live:
        waiting = live.create(game="daihinmin")["id"]
        for _ in range(3):
            assert live.http.get(f"/api/tables/{waiting}/review?seat=0").status_code == 409
        table_id = live.create(**GAME)["id"]
        wait_for(lambda: live.table(table_id)["status"] == "finished", 60)
        assert live.http.get(f"/api/tables/{table_id}/review?seat=0").status_code == 202
