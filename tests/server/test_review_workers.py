"""Reviews computed in worker processes: the same review as in the server's process, and a worker
that dies fails its review with a sentence while the next review gets a new worker."""

from __future__ import annotations

import os
import signal
from typing import Any

import pytest

from furuba.core.record import GameRecord
from furuba.review import analysis
from furuba.review.analysis import DEFAULT_PLAYOUTS
from furuba.review.model import in_language

from .harness import LiveServer, wait_for
from .test_review import finished_table, poll

LONG_GAME = {"game": "zodiac", "seats": ["greedy"] * 4, "seed": 11}
"""A game whose review takes a few seconds at 400 simulations (108 actions), long enough to kill
its worker while it runs (the worker says who it is as it starts)."""


def not_here(*_args: Any, **_kwargs: Any) -> Any:
    raise AssertionError("the analysis ran in the server's process")


def test_a_review_computed_in_a_worker_is_the_one_computed_in_process(
        live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = finished_table(live)
    data = live.http.get(f"/api/tables/{table_id}/replay").json()["record"]
    here = analysis.analyse(GameRecord.from_json(data), 1, sims=30, playouts=DEFAULT_PLAYOUTS)
    monkeypatch.setattr(analysis, "analyse", not_here)
    answers = poll(live.http, f"/api/tables/{table_id}/review?seat=1")
    assert answers[0].status_code == 202 and answers[-1].status_code == 200, answers[-1].text
    progress = [r.json()["progress"] for r in answers[:-1]]
    assert progress == sorted(progress) and all(0 <= p <= 1 for p in progress)
    review = answers[-1].json()
    assert review.pop("status") == "done"
    puzzles = review.pop("puzzles")               # each mistake became a puzzle, by step
    assert set(puzzles) == {str(d.step) for d in here.mistakes()}
    assert review == in_language(here.to_json(), "en")
    assert review["decisions"] and review["sims"] == 30


def test_a_killed_worker_fails_its_review_and_the_next_one_succeeds(db_url: str) -> None:
    with LiveServer(db_url, hint_sims=400) as live:
        killed_and_replaced(live)


def killed_and_replaced(live: LiveServer) -> None:
    long_id = live.create(**LONG_GAME)["id"]
    wait_for(lambda: live.table(long_id)["status"] == "finished", 120)
    short_id = finished_table(live)
    url = f"/api/tables/{long_id}/review?seat=0"
    assert live.http.get(url).status_code == 202
    jobs = live.app.state.reviews.jobs

    def worker() -> int | None:
        job = jobs.get((long_id, 0))
        return job.pid if job is not None else None

    wait_for(lambda: worker() is not None, 30)
    pid = worker()
    assert pid is not None and pid != os.getpid()
    os.kill(pid, signal.SIGKILL)
    failed = poll(live.http, url)[-1]
    assert failed.status_code == 500
    assert failed.json()["detail"].startswith(
        "the analysis failed (its worker process ended before it finished (stopped, or out of "
        "memory)); ask again in 10 seconds")
    done = poll(live.http, f"/api/tables/{short_id}/review?seat=2")[-1]
    assert done.status_code == 200 and done.json()["seat"] == 2, done.text
    assert live.app.state.work.reviews.running == 0


def test_a_server_can_keep_reviews_on_a_thread(db_url: str) -> None:
    with LiveServer(db_url, review_workers=0) as live:
        assert live.app.state.review_workers is None
        table_id = finished_table(live)
        done = poll(live.http, f"/api/tables/{table_id}/review?seat=0")[-1]
        assert done.status_code == 200 and done.json()["seat"] == 0

