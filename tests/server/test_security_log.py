"""Refusals that an attack produces are security events in the log (one ``security event=…`` line
each), so an operator can see a flood, a hostile upload or a throttled client without reading the
access log: bodies refused before they are read, throttles, costly work refused, files that hit
the sandbox's limits, event streams beyond an address's cap."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .harness import LiveServer


def events(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "furuba.security"]


def test_a_body_over_the_limit_is_a_security_event(db_url: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    with LiveServer(db_url) as live:
        r = live.http.post("/api/tables", content=b"{" + b" " * (2 * 1024 * 1024) + b"}",
                           headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert any(e.startswith("security event=body_refused path=/api/tables limit=")
               and e.endswith("address=127.0.0.1") for e in events(caplog)), events(caplog)


def test_a_throttled_client_is_a_security_event(db_url: str,
                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    with LiveServer(db_url, tables_per_minute=1.0, tables_burst=1) as live:
        codes = [live.http.post("/api/tables", json={"game": live.http.get("/api/games").json()
                                                     ["games"][0]["name"]}).status_code
                 for _ in range(2)]
    assert codes == [201, 429]
    assert "security event=throttled what=\"new tables\" key=127.0.0.1" in events(caplog)


def test_costly_work_refused_is_a_security_event(db_url: str,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """A third file check at once from one address is refused (429) and logged."""
    caplog.set_level(logging.INFO, logger="furuba.security")
    with LiveServer(db_url, file_checks_per_address=1, file_checks_at_once=1) as live:
        paths = [p for p in live.app.openapi()["paths"] if p.endswith("/check")]
        assert paths, "a game checks files"
        slow = "\n".join(f"k{i} = {i}" for i in range(15_000)).encode()   # a second to read
        with ThreadPoolExecutor(4) as pool:
            codes = list(pool.map(lambda _: httpx.post(live.base + paths[0], content=slow,
                                                       timeout=30).status_code, range(4)))
    assert 429 in codes
    assert any(e.startswith("security event=work_refused work=\"file checks\" status=429 ")
               for e in events(caplog)), events(caplog)


def test_an_event_stream_beyond_the_cap_is_a_security_event(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    with LiveServer(db_url, streams_per_address=1) as live, \
            httpx.Client(base_url=live.base, timeout=10) as first, \
            first.stream("GET", "/api/lobby/events") as held:
        assert held.status_code == 200
        refused = live.http.get("/api/lobby/events")
    assert refused.status_code == 429
    assert "security event=streams_refused address=127.0.0.1 limit=1" in events(caplog)
