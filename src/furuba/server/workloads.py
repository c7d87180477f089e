"""The app's kinds of CPU work, each with its :class:`~furuba.server.admission.Admission`.

Made once at start-up (``app.state.work``) from the :class:`~furuba.server.config.ServerConfig`;
a route takes a turn with ``async with work_of(request).reviews.turn(address): …`` and a refusal
(:class:`~furuba.server.admission.BusyError`) becomes ``429``/``503`` with ``Retry-After``
(:func:`busy_answer`, the app's handler).

>>> from furuba.server.config import ServerConfig
>>> work = Workloads(ServerConfig())
>>> work.reviews.limit_running, work.hints.per_address, work.file_checks.limit_waiting
(1, 2, 16)
>>> work.measures.limit_running, work.measures.limit_waiting
(1, 4)
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from fastapi import Request
from fastapi.responses import JSONResponse

from furuba.server.admission import Admission, BusyError, WorkObserver
from furuba.server.logs import security_event
from furuba.text import N_

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig
    from furuba.server.hub import Hub


class Workloads:
    """One :class:`Admission` per kind of work the server does for a client on demand."""

    def __init__(self, config: ServerConfig, observer: WorkObserver | None = None) -> None:
        self.reviews = Admission(N_("reviews"), running=config.reviews_at_once,
                                 waiting=config.reviews_waiting,
                                 per_address=config.reviews_per_address,
                                 typical_seconds=20.0, observer=observer)
        self.hints = Admission(N_("hints"), running=config.hints_at_once,
                               waiting=config.hints_waiting, per_address=config.hints_per_address,
                               typical_seconds=1.0, observer=observer)
        self.file_checks = Admission(N_("file checks"), running=config.file_checks_at_once,
                                     waiting=config.file_checks_waiting,
                                     per_address=config.file_checks_per_address,
                                     typical_seconds=1.0, observer=observer)
        self.uploads = Admission(N_("game uploads"), running=config.uploads_at_once,
                                 waiting=config.uploads_waiting,
                                 per_address=config.uploads_per_address,
                                 typical_seconds=1.0, observer=observer)
        """Finished offline games replayed before they are stored
        (:mod:`furuba.server.offline_uploads`)."""
        at_once, waiting = max(1, config.measures_at_once), config.measure_queue
        self.measures = Admission(N_("measures"), running=at_once, waiting=waiting,
                                  per_address=at_once + waiting, typical_seconds=60.0,
                                  observer=observer)
        """Measures of a file's balance: the line of this process. Their cap per address
        (``measures_per_address``) is counted in the database, over every process
        (:mod:`furuba.server.editors.measure`), so this line does not count one of its own."""


def work_of(request: Request) -> Workloads:
    """The app's :class:`Workloads` (made at start-up)."""
    work: Workloads = request.app.state.work
    return work


_of_hub: weakref.WeakKeyDictionary[Hub, Workloads] = weakref.WeakKeyDictionary()


def attach(hub: Hub, work: Workloads) -> None:
    """Make ``work`` the :class:`Workloads` of ``hub``'s tables (at start-up), for work asked
    over a table's socket (hints), which has no request to find the app by."""
    _of_hub[hub] = work


def work_of_hub(hub: Hub) -> Workloads:
    """The :class:`Workloads` attached to ``hub`` (:func:`attach`); a hub made without an app
    (a test's) gets one of its own, with the hub's limits."""
    work = _of_hub.get(hub)
    if work is None:
        work = _of_hub[hub] = Workloads(hub.config)
    return work


async def busy_answer(_request: Request, exc: Exception) -> JSONResponse:
    """The app's answer to a :class:`BusyError`: its status, its sentence, ``Retry-After``."""
    assert isinstance(exc, BusyError)
    security_event("work_refused", work=exc.work, status=exc.status,
                   address=_request.client.host if _request.client is not None else "")
    return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)
