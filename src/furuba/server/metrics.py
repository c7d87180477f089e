"""The server's metrics, for Prometheus (``GET /metrics``).

Each app has its own :class:`Metrics` (and its own registry, so that several apps in one process
never clash), made at start-up. Every metric carries a ``process`` label, the process's name
(:func:`furuba.server.logs.process_name`), so that the series of several server processes behind
one load balancer stay apart.

=================================== ========= ====================================================
metric                              type      what
=================================== ========= ====================================================
``furuba_actions_total``            counter   actions taken (``rate()`` gives actions per second)
``furuba_action_broadcast_seconds`` histogram from the moment an action is handed to the database
                                              to the moment its event is queued to every connection
``furuba_websockets_open``          gauge     WebSockets being served (upgrade request to close)
``furuba_tables``                   gauge     tables held in memory by this process (read at scrape)
``furuba_db_call_seconds``          histogram a database call, queueing and commit included,
                                              labelled ``query`` (``Storage.append_action``, …)
``furuba_redis_roundtrip_seconds``  histogram a Redis round trip, as the cluster code measures it
``furuba_lease_takeovers_total``    counter   tables this process took over from another one
``furuba_work_queued``              gauge     jobs of CPU work waiting for their turn, labelled
                                              ``work`` (``reviews``, ``hints``, ``file checks``)
``furuba_work_running``             gauge     jobs of CPU work running, labelled ``work``
``furuba_work_wait_seconds``        histogram a job's wait for its turn, labelled ``work``
=================================== ========= ====================================================

The API is one object with one method per thing that happens:

>>> metrics = Metrics("web-1")
>>> metrics.action_taken(0.0021)             # moves.commit_action, after the broadcast
>>> metrics.db_call("Storage.append_action", 0.0012)   # Database.run and Database.call
>>> metrics.socket_opened(); metrics.socket_closed()   # CountSockets, around every WebSocket
>>> metrics.count_tables(lambda: 3)          # app start-up: how to count the tables
>>> metrics.observe_redis(0.0004)            # the cluster code, after each Redis round trip
>>> metrics.lease_taken_over()               # the cluster code, when it takes a table over
>>> metrics.work_changed("reviews", 2, 1)    # an Admission, when its line changes
>>> metrics.work_waited("reviews", 0.5)      # an Admission, when a job's turn comes
>>> text = metrics.exposition().decode()
>>> 'furuba_actions_total{process="web-1"} 1.0' in text
True
>>> 'furuba_tables{process="web-1"} 3.0' in text
True
>>> 'furuba_db_call_seconds_count{process="web-1",query="Storage.append_action"} 1.0' in text
True

Every method costs a microsecond or two (a histogram's observation is the dearest): the
per-process series are bound once, when the object is made, and a query's series the first time
that query runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from starlette.types import ASGIApp, Receive, Scope, Send

from furuba.server.admission import WorkObserver

__all__ = ["CONTENT_TYPE_LATEST", "CountSockets", "Metrics"]

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an action or a database call takes about a millisecond, and more under load."""
WAIT_BUCKETS = (0.001, 0.01, 0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
"""Seconds: a job of CPU work waits from nothing to a few of its kind's length."""
REDIS_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
"""Seconds: a Redis round trip on a local network takes a fraction of a millisecond."""


class Metrics:
    """The metrics of one app, labelled with its process's name (see the module docstring)."""

    def __init__(self, process: str) -> None:
        self.process = process
        self.registry = CollectorRegistry(auto_describe=True)
        reg = self.registry
        label = ("process",)
        self._actions = Counter("furuba_actions", "Actions taken.", label,
                                registry=reg).labels(process)
        self._broadcast = Histogram(
            "furuba_action_broadcast_seconds",
            "Seconds from handing an action to the database to its event queued to every "
            "connection.", label, buckets=LATENCY_BUCKETS, registry=reg).labels(process)
        self._sockets = Gauge("furuba_websockets_open", "WebSockets being served.", label,
                              registry=reg).labels(process)
        self._tables = Gauge("furuba_tables", "Tables held in memory by this process.", label,
                             registry=reg).labels(process)
        self._db = Histogram("furuba_db_call_seconds",
                             "Seconds of a database call, queueing and commit included.",
                             ("process", "query"), buckets=LATENCY_BUCKETS, registry=reg)
        self._db_queries: dict[str, Any] = {}
        self._redis = Histogram("furuba_redis_roundtrip_seconds", "Seconds of a Redis round trip.",
                                label, buckets=REDIS_BUCKETS, registry=reg).labels(process)
        self._takeovers = Counter("furuba_lease_takeovers",
                                  "Tables this process took over from another process.", label,
                                  registry=reg).labels(process)
        work = ("process", "work")
        self._work_queued = Gauge("furuba_work_queued", "Jobs of CPU work waiting for their turn.",
                                  work, registry=reg)
        self._work_running = Gauge("furuba_work_running", "Jobs of CPU work running.", work,
                                   registry=reg)
        self._work_wait = Histogram("furuba_work_wait_seconds",
                                    "Seconds a job of CPU work waited for its turn.", work,
                                    buckets=WAIT_BUCKETS, registry=reg)

    # -- what happens -------------------------------------------------------------------------
    def action_taken(self, seconds: float) -> None:
        """An action was stored and announced, ``seconds`` after it was handed to the database."""
        self._actions.inc()
        self._broadcast.observe(seconds)

    def db_call(self, query: str, seconds: float) -> None:
        """A database call named ``query`` (``Storage.append_action``) took ``seconds``."""
        series = self._db_queries.get(query)
        if series is None:
            series = self._db_queries[query] = self._db.labels(self.process, query)
        series.observe(seconds)

    def socket_opened(self) -> None:
        """A WebSocket is being served."""
        self._sockets.inc()

    def socket_closed(self) -> None:
        """A WebSocket :meth:`socket_opened` counted has ended."""
        self._sockets.dec()

    def count_tables(self, count: Callable[[], int]) -> None:
        """Count the tables with ``count()`` whenever the metrics are read."""
        self._tables.set_function(count)

    def observe_redis(self, seconds: float) -> None:
        """A Redis round trip took ``seconds``."""
        self._redis.observe(seconds)

    def lease_taken_over(self) -> None:
        """This process took over a table whose lease another process had let lapse."""
        self._takeovers.inc()

    def work_changed(self, work: str, queued: int, running: int) -> None:
        """The line of a kind of CPU work (``work``) now holds ``queued`` jobs waiting and
        ``running`` jobs running."""
        self._work_queued.labels(self.process, work).set(queued)
        self._work_running.labels(self.process, work).set(running)

    def work_waited(self, work: str, seconds: float) -> None:
        """A job of ``work`` waited ``seconds`` for its turn."""
        self._work_wait.labels(self.process, work).observe(seconds)

    def work_observer(self) -> WorkObserver:
        """What an :class:`~furuba.server.admission.Admission` reports its line to."""
        return WorkObserver(changed=self.work_changed, waited=self.work_waited)

    # -- reading ------------------------------------------------------------------------------
    def exposition(self) -> bytes:
        """Every metric in Prometheus's text format (served as :data:`CONTENT_TYPE_LATEST`)."""
        return generate_latest(self.registry)


class CountSockets:
    """ASGI middleware: each WebSocket counts as open from its upgrade request to its end.

    It finds the metrics in ``app.state.metrics`` (set at start-up). Only the start and the end of
    a socket pass through it; the messages a socket sends and receives do not.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        metrics: Metrics = scope["app"].state.metrics
        metrics.socket_opened()
        try:
            await self.app(scope, receive, send)
        finally:
            metrics.socket_closed()
