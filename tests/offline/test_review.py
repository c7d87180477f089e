"""The replay and the review of a finished offline game, through the worker's bridge: the replay
steps as the server's route gives them, and the review made a slice at a time that ends as the
very review the server's review worker makes of the same game (same budgets, same seed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from furuba import i18n
from furuba.core.record import GameRecord
from furuba.offline import bridge
from furuba.offline import review as offline_review
from furuba.offline.table import LocalTable
from furuba.review.analysis import DEFAULT_PLAYOUTS, DEFAULT_SIMS
from furuba.server import review_routes, review_workers
from furuba.server.review_store import Found

from .client import play_out

SETTINGS = {"id": "rv1", "game": "daihinmin", "seed": 21, "options": {"max_rounds": 1},
            "seats": ["human", "easy", "easy", "easy"]}


def ask(op: str, args: Any) -> dict[str, Any]:
    """The bridge's answer to ``op``, as the worker reads it."""
    answer: dict[str, Any] = json.loads(bridge.call(op, json.dumps(args)))
    return answer


def result(op: str, args: Any) -> Any:
    answer = ask(op, args)
    assert "result" in answer, answer
    return answer["result"]


@pytest.fixture(scope="module")
def finished() -> LocalTable:
    table = LocalTable.new(SETTINGS)
    play_out(table, seed=4, check_every=50)
    assert table.status == "finished"
    return table


def reviewed(seat: int, lang: str, between: Any = None) -> list[dict[str, Any]]:
    """Every answer of ``review`` for ``seat`` until it is done (``between()`` after each)."""
    answers = [result("review", {"seat": seat, "lang": lang})]
    while answers[-1]["status"] == "running":
        assert len(answers) < 2000
        if between is not None:
            between()
        answers.append(result("review", {"seat": seat, "lang": lang}))
    return answers


def test_the_replay_steps_are_the_tables(finished: LocalTable) -> None:
    result("open", {"saved": finished.saved()})
    summary = result("replay", {})
    assert summary == json.loads(json.dumps(finished.replay()))
    total = len(summary["steps"])
    for step in (0, 1, total):
        assert result("replay_step", {"step": step}) == json.loads(
            json.dumps(finished.replay_step(step)))
    for bad in (-1, total + 1, "3", None, True):
        refused = ask("replay_step", {"step": bad})
        assert refused["code"] == "not_found" and f"0 to {total}" in refused["error"]


def test_the_review_is_the_servers_and_comes_back_at_once_once_kept(
        finished: LocalTable, monkeypatch: pytest.MonkeyPatch) -> None:
    # One piece of work a request, so that the slices do not depend on how fast the engine is
    # (compiled, a slice of SLICE_SECONDS can hold nearly the whole review).
    monkeypatch.setattr(offline_review, "SLICE_SECONDS", 0.0)
    result("open", {"saved": finished.saved(), "lang": "ja"})
    steps: list[int] = []
    answers = reviewed(0, "ja", between=lambda: steps.append(
        result("replay_step", {"step": 3})["step"]))
    progress = [a["progress"] for a in answers[:-1]]
    assert progress[0] == 0.0 and progress == sorted(progress) and len(progress) > 2, progress
    assert set(steps) == {3}, "a replay step asked between two slices is answered"
    done = answers[-1]
    kept = done.pop("kept")

    # What the server answers for the same game: its review worker's review, its route's answer.
    record = GameRecord.from_json(finished.record.to_json())
    server_kept = review_workers.compute(0, record.to_json(), 0, DEFAULT_SIMS, DEFAULT_PLAYOUTS)
    with i18n.speaking("ja"):
        server = json.loads(review_routes.answer(Found("done", 1.0, server_kept), None, {}).body)
    assert kept == json.loads(json.dumps(server_kept))
    assert done == server
    assert done["sims"] == DEFAULT_SIMS and done["seed"] == SETTINGS["seed"]
    assert done["puzzles"] == {}, "offline there are no puzzles"

    again = result("review", {"seat": 0, "kept": kept, "lang": "ja"})
    assert again == done
    english = result("review", {"seat": 0, "kept": kept, "lang": "en"})
    with i18n.speaking("en"):
        assert english == json.loads(review_routes.answer(
            Found("done", 1.0, server_kept), None, {}).body)


def test_a_review_kept_for_another_seat_or_garbled_is_made_again(finished: LocalTable) -> None:
    result("open", {"saved": finished.saved()})
    kept = reviewed(1, "en")[-1]["kept"]
    for wrong in (kept, {**kept, "method": 1}, {"seat": 2}, "garbage", [1, 2]):
        result("open", {"saved": finished.saved()})      # no review under way
        # Not taken as seat 2's review: one is started from nothing.
        assert result("review", {"seat": 2, "kept": wrong}) == {"status": "running", "progress": 0.0}
    assert result("review", {"seat": 1, "kept": kept})["status"] == "done"


@pytest.mark.parametrize("seat", [4, -1, "0", None, True, 1.5])
def test_a_seat_the_game_has_not_is_refused_with_a_sentence(finished: LocalTable,
                                                            seat: Any) -> None:
    result("open", {"saved": finished.saved()})
    refused = ask("review", {"seat": seat})
    assert refused["code"] == "bad_request"
    assert refused["error"].startswith("there is no seat") and "0 to 3" in refused["error"]


def test_an_unfinished_game_is_not_reviewed() -> None:
    table = LocalTable.new({**SETTINGS, "id": "rv2"})
    result("open", {"saved": table.saved()})
    refused = ask("review", {"seat": 0})
    assert refused["code"] == "not_over" and "not over" in refused["error"], refused
    japanese = ask("review", {"seat": 0, "lang": "ja"})
    assert japanese["code"] == "not_over" and japanese["error"] != refused["error"]
    assert ask("replay_step", {"step": 0})["code"] == "not_over"


def test_garbage_is_refused_with_a_sentence() -> None:
    assert json.loads(bridge.call("review", "[1]"))["code"] == "bad_request"
    assert json.loads(bridge.call("review", "{nope"))["error"] == "the request is not a JSON object"
