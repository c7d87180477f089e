"""What every group of routes uses: the hub and limits of the app, the client's address,
refusals as HTTP errors, and throttles per address (shared in Redis with several processes)."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fastapi import HTTPException, Request, WebSocket

from furuba.core.errors import FurubaError
from furuba.server.bodies import CreateTable
from furuba.server.editors.uploads import upload_files
from furuba.server.errors import RoomError, in_words
from furuba.server.logs import security_event
from furuba.server.security import address_hash
from furuba.server.storage import Storage
from furuba.server.throttle import AddressBuckets, RequestLimits
from furuba.spec import UPLOADED
from furuba.text import N_, _, ngettext

if TYPE_CHECKING:
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room

STATUS = {"no_table": 404, "not_over": 409, "taken": 409, "closed": 409, "bad_seat": 400,
          "bad_name": 400, "busy": 503, "moved": 503,
          "not_signed_in": 401}


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def refuse(exc: RoomError) -> HTTPException:
    return HTTPException(STATUS.get(exc.code, 400), exc.message)


def limits_of(request: Request) -> RequestLimits:
    limits: RequestLimits = request.app.state.limits
    return limits


def client_address(request: Request) -> str:
    """The client's address (behind a proxy, the one it forwarded: uvicorn trusts it from
    loopback)."""
    return request.client.host if request.client is not None else "unknown"


def cap_sentence(cap: int, abandon_seconds: float | None) -> str:
    """The refusal of a table beyond an address's cap on unfinished tables."""
    if abandon_seconds is None:
        return ngettext("your address already has {cap} unfinished table: finish or leave it, "
                        "then try again", "your address already has {cap} unfinished tables: "
                        "finish or leave one, then try again", cap).format(cap=cap)
    return ngettext("your address already has {cap} unfinished table: finish or leave it (a "
                    "table nobody plays is closed after {idle}), then try again",
                    "your address already has {cap} unfinished tables: finish or leave one (a "
                    "table nobody plays is closed after {idle}), then try again",
                    cap).format(cap=cap, idle=in_words(abandon_seconds))


async def make_table(request: Request, body: CreateTable,
                     settings: Mapping[str, Any] | None = None,
                     account_id: int | None = None) -> Room:
    """A new table for this client (``account_id``: its account, when signed in): throttled,
    and refused beyond its address's cap on unfinished tables (``429``); ``400`` with a
    sentence for a request the game refuses."""
    hub, limits = hub_of(request), limits_of(request)
    address = client_address(request)
    await throttle(request, limits.tables, address, N_("new tables"))
    if body.files or any(isinstance(v, str) and v.startswith(UPLOADED)
                         for v in body.options.values()):
        options = dict(body.options)
        await upload_files(hub, body.game, body.files, options, address)
        body = body.model_copy(update={"options": options, "files": {}})
    creator = address_hash(address, hub.config.address_key)
    cap = hub.config.open_tables_per_address
    async with limits.creating(creator):
        if cap is not None and await hub.db.run(Storage.count_open_tables, creator) >= cap:
            raise HTTPException(429, cap_sentence(cap, hub.config.abandon_seconds))
        try:
            room = await hub.create(body, creator=creator, settings=settings,
                                    creator_account=account_id)
        except FurubaError as exc:
            raise HTTPException(400, str(exc)) from None
    hub.feeds.nudge()
    return room


async def spend(request: Request, buckets: AddressBuckets, key: str, what: str) -> float:
    """Take one of ``key``'s tokens of the throttle ``what``: ``0.0`` when there was one, else the
    seconds to wait for one (nothing is taken). With several processes, the tokens are counted in
    Redis for all of them."""
    cluster = hub_of(request).cluster
    if cluster is not None:
        return await cluster.rates.take(what, key, buckets.rate, buckets.burst)
    return buckets.take(key, time.monotonic())


def too_many(what: str, whose: str, wait: float) -> HTTPException:
    """The ``429`` of a throttle: what there was too much of, from whom, and when to retry."""
    return HTTPException(429, _("too many {what} {whose}: try again in {wait}").format(
        what=_(what), whose=_(whose), wait=in_words(wait)),
        headers={"Retry-After": str(math.ceil(wait))})


async def throttle(request: Request, buckets: AddressBuckets, address: str, what: str,
                   whose: str = N_("from your address")) -> None:
    """Take one of ``address``'s tokens (or another key's), else refuse with ``429`` saying when
    to retry (:func:`spend`, :func:`too_many`).

    ``what`` names the throttle (and its counters in Redis); ``what`` and ``whose`` are English
    words marked with :func:`~furuba.text.N_`, said in the client's language in the refusal.
    """
    wait = await spend(request, buckets, address, what)
    if wait > 0:
        security_event("throttled", what=what, key=address)
        raise too_many(what, whose, wait)
