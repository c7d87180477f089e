"""Who is online, and where: each server process's accounts with a page or a table socket open.

A page is online while it listens to the signed-in event stream (``/api/me/events``, which every
page of a signed-in player opens: ``lobby/feeds.py`` tells :meth:`Online.page`); a table socket
attaches and detaches at the process that drives the table (``presence.py`` tells
:meth:`Online.attached` and :meth:`Online.detached`, after the room's lock is let go: counting
is all they do there). The database is the only truth across processes: each process writes its
own rows of ``furuba_presence`` from a task of its own, on the database's thread — what changed,
a moment after it changed, and every :data:`HEARTBEAT_SECONDS` the time it last saw them all
(one statement). A row older than :data:`STALE_SECONDS` is offline: that is how the rows of a
process that was killed go away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import weakref
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from furuba.server.friends.models import PresenceRow
from furuba.server.friends.store import friend_ids
from furuba.server.models import AccountRow, TableRow
from furuba.server.storage import OPEN_STATUSES

if TYPE_CHECKING:
    from furuba.server.conn import Conn
    from furuba.server.rooms import Room, Store

log = logging.getLogger("furuba.server")
HEARTBEAT_SECONDS = 10.0
"""How often a process writes that the accounts it holds are still there."""
STALE_SECONDS = 35.0
"""A row not refreshed for this long is offline (its process stopped, or lost the database)."""
MIN_GAP_SECONDS = 0.1
"""Changes closer together than this are written at once."""
TABLES_SHOWN = 10
"""Tables listed at most for one friend."""
Key = tuple[int, str]
"""(account, table): ``""`` for a page only."""
_registries: weakref.WeakKeyDictionary[Any, Online] = weakref.WeakKeyDictionary()


class Online:
    """This process's accounts online, and the task that writes them."""

    def __init__(self, db: Store) -> None:
        self.db = db
        self.process = f"{db.metrics.process}:{secrets.token_hex(4)}"[-64:]
        """This process's name in the rows it writes (random per start: a restart's rows never
        meet the previous run's)."""
        self.pages: dict[int, int] = {}
        """Account → open event streams."""
        self.sockets: dict[Key, list[int | None]] = {}
        """(account, table) → the seat of each open socket (``None``: watching)."""
        self._written: dict[Key, int | None] = {}
        self._refreshed = 0.0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @staticmethod
    def of(store: Store) -> Online:
        """The registry of the process whose database is ``store`` (a table's fenced store
        names the same one), made on first use."""
        for _ in range(4):   # a fenced store wraps the database (cluster/leases.py)
            inner = getattr(store, "db", None)
            if inner is None:
                break
            store = inner
        found = _registries.get(store)
        if found is None:
            found = _registries[store] = Online(store)
        return found

    # -- what the process tells -----------------------------------------------------------------
    def page(self, account_id: int, delta: int) -> None:
        """An event stream of ``account_id`` opened (``+1``) or closed (``-1``)."""
        count = self.pages.get(account_id, 0) + delta
        if count > 0:
            self.pages[account_id] = count
        else:
            self.pages.pop(account_id, None)
        self._changed()

    def attached(self, room: Room, conn: Conn) -> None:
        """A table socket of a signed-in account attached to ``room``."""
        if conn.account_id is None:
            return
        seat = min(conn.seats) if conn.seats else None
        self.sockets.setdefault((conn.account_id, room.id), []).append(seat)
        self._changed()

    def detached(self, room: Room, conn: Conn) -> None:
        """That socket closed."""
        key = (conn.account_id or 0, room.id)
        seats = self.sockets.get(key)
        if conn.account_id is None or not seats:
            return
        seat = min(conn.seats) if conn.seats else None
        if seat in seats:
            seats.remove(seat)
        else:
            seats.pop()
        if not seats:
            del self.sockets[key]
        self._changed()

    def rows(self) -> dict[Key, int | None]:
        """What this process holds now: (account, table) → seat (the lowest one held there)."""
        out: dict[Key, int | None] = {(a, ""): None for a in self.pages}
        for key, seats in self.sockets.items():
            held = [s for s in seats if s is not None]
            out[key] = min(held) if held else None
        return out

    # -- the writer -----------------------------------------------------------------------------
    def _changed(self) -> None:
        if self._closed:   # the process stops: the sockets closing now are not written
            return
        self._wake.set()
        if self._task is None or self._task.done():
            with contextlib.suppress(RuntimeError):   # no loop running: nothing to write yet
                self._task = asyncio.get_running_loop().create_task(self._run(), name="online")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(MIN_GAP_SECONDS)
            self._wake.clear()
            try:
                await self.flush()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("who is online could not be written; trying again")
                self._written = {k: -1 for k in self._written}   # rewrite them all
            if not self._written and not self.pages and not self.sockets:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), HEARTBEAT_SECONDS)

    async def flush(self) -> None:
        """Write what changed since the last write, and refresh every row when it is time."""
        now_rows = self.rows()
        gone = [k for k in self._written if k not in now_rows]
        new = {k: v for k, v in now_rows.items() if self._written.get(k, -1) != v}
        now = time.time()
        refresh = now - self._refreshed >= HEARTBEAT_SECONDS / 2
        if not gone and not new and not refresh:
            return
        await self.db.run(write, self.process, new, gone, now, refresh)
        self._written = now_rows
        if refresh:
            self._refreshed = now

    async def close(self) -> None:
        """The process stops: its rows go now (rather than when they grow old)."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.pages.clear()
        self.sockets.clear()
        with contextlib.suppress(Exception):
            await self.db.run(forget_process, self.process)
        self._written = {}


def write(s: Session, process: str, new: dict[Key, int | None], gone: list[Key], now: float,
          refresh: bool) -> None:
    """``process``'s rows: ``gone`` deleted, ``new`` written (an account deleted meanwhile is
    left out), and, when ``refresh``, all of them seen ``now``."""
    for account_id, table_id in gone:
        s.execute(delete(PresenceRow).where(PresenceRow.account_id == account_id,
                                            PresenceRow.process == process,
                                            PresenceRow.table_id == table_id))
    if new:
        alive = set(s.scalars(select(AccountRow.id).where(
            AccountRow.id.in_(sorted({a for a, _t in new})))))
        for (account_id, table_id), seat in new.items():
            if account_id not in alive:
                continue
            row = s.get(PresenceRow, (account_id, process, table_id))
            if row is None:
                s.add(PresenceRow(account_id=account_id, process=process, table_id=table_id,
                                  seat=seat, seen_at=now))
            else:
                row.seat, row.seen_at = seat, now
    if refresh:
        s.execute(update(PresenceRow).where(PresenceRow.process == process).values(seen_at=now))
        # Rows of processes gone for long: nobody else would ever delete them.
        s.execute(delete(PresenceRow).where(PresenceRow.seen_at < now - 10 * STALE_SECONDS))


def forget_process(s: Session, process: str) -> None:
    s.execute(delete(PresenceRow).where(PresenceRow.process == process))


def online_friends(s: Session, account_id: int, now: float | None = None) -> list[dict[str, Any]]:
    """The friends of ``account_id`` online now, by name: each with the open tables it plays
    (``seat``) or watches (``seat`` ``None``) — a link, the game and its status, nothing more."""
    friends = friend_ids(s, account_id)
    if not friends:
        return []
    now = time.time() if now is None else now
    found = s.execute(select(PresenceRow.account_id, PresenceRow.table_id, PresenceRow.seat)
                      .where(PresenceRow.account_id.in_(friends),
                             PresenceRow.seen_at >= now - STALE_SECONDS))
    where: dict[int, dict[str, int | None]] = {}
    for who, table_id, seat in found:
        places = where.setdefault(who, {})
        if table_id:
            held = places.get(table_id)
            places[table_id] = seat if held is None else held if seat is None else min(seat, held)
    if not where:
        return []
    tables = {r.id: r for r in s.scalars(select(TableRow).where(
        TableRow.id.in_(sorted({t for p in where.values() for t in p})),
        TableRow.status.in_(OPEN_STATUSES)))}
    names = {i: n for i, n in s.execute(select(AccountRow.id, AccountRow.name)
                                        .where(AccountRow.id.in_(sorted(where))))}
    out = []
    for who, places in where.items():
        if who not in names:
            continue
        at = [{"id": t, "url": f"/t/{t}", "game": tables[t].game, "status": tables[t].status,
               "seat": seat} for t, seat in sorted(places.items()) if t in tables]
        out.append({"name": names[who], "tables": at[:TABLES_SHOWN]})
    return sorted(out, key=lambda f: str(f["name"]).casefold())
