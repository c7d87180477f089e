"""Never a 500: numbers out of range and nested input get a ``400`` sentence, and what nobody
expected gets a sentence without internals (and a line in the log), on a real server."""

from __future__ import annotations

import logging

import httpx
import pytest
from fastapi import Request
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

from .harness import LiveServer


def refused(answer: httpx.Response, *words: str) -> str:
    assert answer.status_code == 400, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    detail = answer.json()["detail"]
    assert isinstance(detail, str)
    for word in words:
        assert word in detail, detail
    return detail


def test_a_huge_seat_to_review_is_a_400_sentence(live: LiveServer) -> None:
    """Issue 41, finding 7: ``?seat=99999999999999999999999`` on the review route ended in an
    OverflowError, a 500 and a reset connection."""
    answer = live.http.get("/api/tables/nope/review", params={"seat": "99999999999999999999999"})
    refused(answer, "seat must be", "0 to 63", "99999999999999999999999")


def test_a_huge_leaderboard_offset_is_a_400_sentence(live: LiveServer) -> None:
    """Issue 41, finding 7: ``?offset=9223372036854775808`` on the leaderboard ended in an
    OverflowError, a 500 and a reset connection."""
    answer = live.http.get("/api/leaderboard/zodiac", params={"offset": "9223372036854775808"})
    refused(answer, "offset must be", "0 to 1000000")
    for params, words in (({"limit": "1" + "0" * 30}, ("limit must be", "1 to 100")),
                          ({"players": "-" + "9" * 30}, ("players must be", "1 to 64"))):
        refused(live.http.get("/api/leaderboard/zodiac", params=params), *words)
    assert live.http.get("/api/leaderboard/zodiac", params={"offset": 0}).status_code == 200


def test_every_numeric_parameter_is_bounded(live: LiveServer) -> None:
    """Each whole number a route reads from its path or query refuses a number no 64-bit
    integer holds, with a sentence naming it."""
    table_id = live.create(game="zodiac", seats=["human", "greedy"])["id"]
    for path in (f"/api/tables/{table_id}/replay/{2**64}", f"/api/tables/{table_id}/replay/-{2**64}",
                 f"/api/tables/{table_id}/review?seat={2**64}",
                 f"/api/leaderboard/zodiac?players={2**64}"):
        refused(live.http.get(path), str(2**64))
    answer = live.http.post(f"/api/tables/{table_id}/join", json={"seat": 2**64, "name": "Ann"})
    refused(answer, "seat")


@pytest.mark.parametrize("path", ["/api/tables", "/api/lobby/play", "/api/session"])
def test_a_deeply_nested_json_body_is_a_400_sentence(live: LiveServer, path: str) -> None:
    """Deep JSON (20,000 levels, well within the body limits) is refused with a sentence."""
    deep = "[" * 20_000 + "]" * 20_000
    answer = live.http.post(path, content=deep, headers={"content-type": "application/json"})
    refused(answer, "nests too deeply")
    assert live.http.get("/api/health/live").status_code == 200


def test_what_nobody_expected_is_a_sentence_and_a_log_line(db_url: str,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    """A route that raises answers ``500`` with a sentence — no traceback, no exception name —
    on a connection that stays usable, and the exception goes to the log with its traceback; a
    RecursionError (input nested too deeply) answers ``400``; a middleware that raises, the
    same ``500`` sentence."""
    server = LiveServer(db_url)

    async def broken(request: Request) -> None:
        raise RuntimeError("secret internals at /srv/furuba")

    async def recursing(request: Request) -> None:
        def down(n: int) -> int:
            return down(n + 1) + 1
        down(0)

    class BrokenMiddleware:
        def __init__(self, app: ASGIApp) -> None:
            self.app = app

        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            if scope.get("path") == "/api/test/middleware":
                raise RuntimeError("secret internals of a middleware")
            await self.app(scope, receive, send)

    server.app.add_api_route("/api/test/broken", broken, include_in_schema=False)
    server.app.add_api_route("/api/test/recursing", recursing, include_in_schema=False)
    server.app.user_middleware.insert(1, Middleware(BrokenMiddleware))   # among the app's own
    with server, caplog.at_level(logging.INFO, logger="furuba.server"):
        answer = server.http.get("/api/test/broken")
        assert answer.status_code == 500
        detail = answer.json()["detail"]
        assert "something went wrong on the server" in detail
        for secret in ("RuntimeError", "Traceback", "/srv/furuba", "secret"):
            assert secret not in answer.text
        assert any(r.exc_info and "secret internals" in str(r.exc_info[1]) for r in caplog.records), \
            "the exception was not logged"
        refused(server.http.get("/api/test/recursing"), "nests too deeply")
        outside = server.http.get("/api/test/middleware")
        assert outside.status_code == 500
        assert outside.json()["detail"] == detail and "secret" not in outside.text
        assert server.http.get("/api/health/live").status_code == 200
