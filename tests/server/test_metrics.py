"""Operations: Prometheus metrics, the health checks, and log lines naming process and table."""

from __future__ import annotations

import asyncio
import logging
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from furuba.server import driver
from furuba.server.logs import FORMAT, ContextFilter, current_table, process_name
from furuba.server.metrics import Metrics

from .harness import LiveServer, wait_for

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]
PROCESS = "test-proc"


@pytest.fixture
def named(db_url: str) -> Iterator[LiveServer]:
    """A live server whose process is called :data:`PROCESS`."""
    with LiveServer(db_url, process_name=PROCESS, metrics_port=0) as server:
        yield server


def scrape(live: LiveServer) -> Samples:
    """Every sample ``GET /metrics`` on the server's metrics port shows, by name and labels."""
    r = httpx.get(f"http://127.0.0.1:{live.app.state.metrics_port.port}/metrics", timeout=10)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain; version=")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    key = (name, frozenset({"process": PROCESS, **labels}.items()))
    assert key in samples, f"no sample {name}{labels}"
    return samples[key]


# -- metrics ----------------------------------------------------------------------------------
def test_metrics_count_actions_their_latency_and_database_calls(named: LiveServer) -> None:
    table_id = named.create(game="zodiac", seats=["greedy", "greedy", "greedy"])["id"]
    wait_for(lambda: value(scrape(named), "furuba_actions_total") >= 3)
    samples = scrape(named)
    actions = value(samples, "furuba_actions_total")
    # One scrape runs between two steps of the event loop: every action counted was also timed
    # and stored exactly once.
    assert value(samples, "furuba_action_broadcast_seconds_count") == actions
    assert value(samples, "furuba_action_broadcast_seconds_sum") > 0
    assert value(samples, "furuba_action_broadcast_seconds_bucket", le="+Inf") == actions
    assert value(samples, "furuba_db_call_seconds_count", query="Storage.append_action") == actions
    assert value(samples, "furuba_db_call_seconds_count", query="Storage.create_table") == 1
    assert value(samples, "furuba_db_call_seconds_sum", query="Storage.create_table") > 0
    assert value(samples, "furuba_tables") == 1 == len(named.hub.rooms)
    assert table_id in named.hub.rooms
    assert value(samples, "furuba_lease_takeovers_total") == 0
    assert value(samples, "furuba_redis_roundtrip_seconds_count") == 0


def test_open_websockets_go_up_and_down(named: LiveServer) -> None:
    table_id = named.create(game="zodiac", seats=["human", "greedy", "greedy"])["id"]
    assert value(scrape(named), "furuba_websockets_open") == 0
    with named.client(table_id) as first:
        first.until_type("snapshot")
        assert value(scrape(named), "furuba_websockets_open") == 1
        with named.client(table_id) as second:
            second.until_type("snapshot")
            assert value(scrape(named), "furuba_websockets_open") == 2
        wait_for(lambda: value(scrape(named), "furuba_websockets_open") == 1)
    wait_for(lambda: value(scrape(named), "furuba_websockets_open") == 0)


def test_each_metrics_object_has_its_own_registry() -> None:
    one, two, same_name = Metrics("a"), Metrics("b"), Metrics("a")
    one.action_taken(0.002)
    one.lease_taken_over()
    two.observe_redis(0.0003)
    two.count_tables(lambda: 7)
    assert one.registry.get_sample_value("furuba_actions_total", {"process": "a"}) == 1
    assert same_name.registry.get_sample_value("furuba_actions_total", {"process": "a"}) == 0
    assert two.registry.get_sample_value("furuba_actions_total", {"process": "b"}) == 0
    assert one.registry.get_sample_value("furuba_lease_takeovers_total", {"process": "a"}) == 1
    assert two.registry.get_sample_value("furuba_redis_roundtrip_seconds_count",
                                         {"process": "b"}) == 1
    assert two.registry.get_sample_value("furuba_tables", {"process": "b"}) == 7
    assert REGISTRY.get_sample_value("furuba_actions_total", {"process": "a"}) is None


# -- health -----------------------------------------------------------------------------------
def test_health_live_and_ready(named: LiveServer) -> None:
    live = named.http.get("/api/health/live")
    assert live.status_code == 200 and live.json() == {"ok": True, "process": PROCESS}
    ready = named.http.get("/api/health/ready")
    assert ready.status_code == 200 and ready.json() == {"ok": True, "process": PROCESS}
    named.create(game="zodiac", seats=["human", "greedy", "greedy"])
    health = named.http.get("/api/health")
    assert health.status_code == 200
    assert health.json() == {"ok": True, "process": PROCESS, "tables": 1}


def test_ready_is_503_when_the_database_is_unreachable(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with LiveServer(f"sqlite:///{folder / 'furuba.sqlite3'}", process_name=PROCESS) as live:
        assert live.http.get("/api/health/ready").status_code == 200
        # The database file and its folder disappear, and the pooled connections are closed:
        # the next connection cannot open it.
        shutil.rmtree(folder)
        live.hub.db.engine.dispose()
        ready = live.http.get("/api/health/ready")
        assert ready.status_code == 503
        body = ready.json()
        assert body["ok"] is False and body["process"] == PROCESS
        assert body["detail"].startswith("the database is unreachable")
        health = live.http.get("/api/health")
        assert health.status_code == 503 and health.json()["tables"] == 0
        assert "database" in health.json()["detail"]
        assert live.http.get("/api/health/live").status_code == 200


class FakeCluster:
    """The cluster's side of the readiness check: a Redis round trip that works or not."""

    def __init__(self, delay: float = 0.0, error: Exception | None = None) -> None:
        self.delay = delay
        self.error = error
        self.pings = 0

    async def ping(self) -> float:
        self.pings += 1
        await asyncio.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return self.delay


@pytest.mark.parametrize(("cluster", "status", "detail"), [
    (FakeCluster(), 200, None),
    (FakeCluster(error=ConnectionError("connection refused")), 503,
     "Redis is unreachable (ConnectionError)"),
    (FakeCluster(delay=5.0), 503, "Redis did not answer within 1 seconds"),
])
def test_ready_asks_redis_through_the_cluster(named: LiveServer, cluster: FakeCluster, status: int,
                                              detail: str | None) -> None:
    named.hub.cluster = cluster
    try:
        r = named.http.get("/api/health/ready")
    finally:
        named.hub.cluster = None
    assert cluster.pings == 1
    assert r.status_code == status
    assert r.json().get("detail") == detail
    assert named.http.get("/api/health/ready").status_code == 200


# -- logs -------------------------------------------------------------------------------------
def test_a_table_tasks_log_records_carry_the_table_and_the_process(
        named: LiveServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    original = driver.bot_move

    async def bot_move(room: Any, seat: int) -> None:
        logging.getLogger("furuba.server").info("seat %d decides", seat)
        await original(room, seat)

    monkeypatch.setattr(driver, "bot_move", bot_move)
    caplog.set_level(logging.INFO, logger="furuba.server")
    caplog.handler.addFilter(ContextFilter(PROCESS))
    try:
        table_id = named.create(game="zodiac", seats=["greedy", "greedy", "greedy"])["id"]
        wait_for(lambda: any(r.getMessage() == "seat 1 decides" for r in caplog.records))
        logging.getLogger("furuba.server").info("outside any table")
    finally:
        caplog.handler.filters.clear()
    decided = next(r for r in caplog.records if r.getMessage() == "seat 1 decides")
    assert decided.__dict__["table"] == table_id
    assert decided.__dict__["process_name"] == PROCESS
    line = logging.Formatter(FORMAT).format(decided)
    assert f" INFO [{PROCESS}] [table {table_id}] seat 1 decides" in line
    outside = next(r for r in caplog.records if r.getMessage() == "outside any table")
    assert outside.__dict__["table"] == "-"
    assert current_table.get() is None


def test_serve_logging_config_names_process_and_table() -> None:
    code = "\n".join([
        "import logging, logging.config",
        "from furuba.server.logs import current_table, log_config",
        "logging.config.dictConfig(log_config('web-7', 'info'))",
        "current_table.set('T1')",
        "logging.getLogger('furuba.server').info('inside')",
        "logging.getLogger('furuba.server').debug('too detailed')",
        "current_table.set(None)",
        "logging.getLogger('furuba.server.ws').warning('outside')",
        "logging.getLogger('uvicorn.error').info('started')",
        "logging.getLogger('uvicorn.access').info('%s - \"%s %s HTTP/%s\" %d',",
        "                                         '1.2.3.4:5', 'GET', '/x', '1.1', 200)",
    ])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    err = done.stderr.splitlines()
    assert [line.split(" ", 2)[2] for line in err] == [
        "INFO [web-7] [table T1] inside",
        "WARNING [web-7] [table -] outside",
        "INFO [web-7] started",
    ]
    assert done.stdout.split(" ", 2)[2] == 'INFO [web-7] 1.2.3.4:5 - "GET /x HTTP/1.1" 200 OK\n'


def test_process_name_defaults_to_host_and_pid() -> None:
    assert process_name("web-1") == "web-1"
    default = process_name(None)
    assert default == process_name() and default.rsplit("-", 1)[1].isdigit()
