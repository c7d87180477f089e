"""The tournament director: one task per server process that moves every tournament on — starts
it when its time comes, pairs each round (an arena: seats each wave of free players), makes and
seats its tables, counts each finished table, and ends the tournament after its last round (an
arena: once its time is up and its last table counted).

Several processes may run at once: a process advances a tournament only while it holds the
tournament's lease (``TournamentStore.take_lease``, renewed at each step), and every step is
guarded in the database (see :mod:`.store`), so when a process dies — even killed in the middle
of a step — another takes the lease over once it runs out and finishes the step: no table is
made twice for a round, no result lost or counted twice.

The round's tables are ordinary rated (or not) tables, made private and seated with the paired
accounts, so the games are played, resumed and handed over between processes as any other; a
player who is not there is played by the server's stand-in bot after the grace period, as at any
table, so a round always ends. An arena's and a duplicate's seats that no entrant fills are
played by bots of one level (:data:`BOT_LEVEL`); a duplicate's tables all deal its round's seed
and are sealed (nobody watches them before their game is over).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import TYPE_CHECKING

from furuba import games
from furuba.server.accounts.store import Account
from furuba.server.bodies import CreateTable
from furuba.server.deals.routes import deal_bot
from furuba.server.errors import RoomError
from furuba.server.logs import process_name
from furuba.server.moderation.blocks import pairs_apart
from furuba.server.tournaments import arena, duplicate, kinds, schedule, swiss
from furuba.server.tournaments.store import (
    CANCELLED,
    FINISHED,
    OPEN,
    RUNNING,
    RoundTable,
    SiteTournament,
    TableState,
    Tournament,
    TournamentStore,
    standing,
)

if TYPE_CHECKING:
    from furuba.server.hub import Hub

BOT_LEVEL = deal_bot
"""The level of the bots in an arena's or a duplicate's seats no entrant fills: the deal of the
day's, the same at every table."""

log = logging.getLogger("furuba.server")
TICK_SECONDS = 1.0
"""How often a process looks for tournaments to move on."""
SCHEDULE_SECONDS = 60.0
"""How often a process adds the site's tournaments that are due (:mod:`.schedule`)."""
LEASE_SECONDS = 15.0
"""How long a process may advance a tournament before renewing; a dead process's lease runs
out this long after its last step."""
FEWEST = 2
"""The fewest entrants an arena or a duplicate begins with."""


def low_players(game: str) -> int:
    """The fewest players a tournament's table of ``game`` may have (two, at least: nobody
    plays a tournament alone)."""
    return max(2, games.spec(game).players.low)


def site_due(now: float) -> list[SiteTournament]:
    """Every game's tournaments of the site's schedule that are listed by ``now``."""
    return [SiteTournament(schedule.tournament_id(slot, spec.name, at), slot.key,
                           slot.name.format(game=spec.title), spec.name, slot.kind,
                           spec.players.default, slot.rounds, slot.minutes, slot.rated, at)
            for spec in games.specs() for slot in schedule.SLOTS
            for at in schedule.starts(slot, now)]


def enough(t: Tournament, active: int) -> bool:
    """Whether ``active`` entrants are enough to begin ``t``."""
    if t.kind == kinds.SWISS:
        return bool(swiss.table_sizes(active, t.table_size, low_players(t.game))[0])
    return active >= FEWEST


class Director:
    """Moves the tournaments on, from one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.owner = f"{process_name(hub.config.process_name)}.{secrets.token_hex(3)}"
        self.wake = asyncio.Event()
        self.scheduled = -SCHEDULE_SECONDS
        """When this process last added the site's tournaments (``time.monotonic``)."""

    async def run(self, tick: float = TICK_SECONDS) -> None:
        """Step every due tournament, every ``tick`` seconds (sooner when woken)."""
        while True:
            try:
                await self.step_all()
            except Exception:   # a failed step is tried again at the next tick
                log.exception("the tournament director's step failed")
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), tick)

    async def step_all(self) -> None:
        db = self.hub.db
        now = time.time()
        if self.hub.config.site_tournaments and \
                time.monotonic() - self.scheduled >= SCHEDULE_SECONDS:
            self.scheduled = time.monotonic()
            added = await db.run(TournamentStore.add_site, site_due(now), now)
            if added:
                log.info("%d of the site's tournaments added", added)
        for tournament_id in await db.run(TournamentStore.due, now):
            if await db.run(TournamentStore.take_lease, tournament_id, self.owner, now,
                            LEASE_SECONDS):
                await self.step(tournament_id)

    async def step(self, tournament_id: str) -> None:
        """One tournament's step: whatever it is waiting for, if it has come."""
        db = self.hub.db
        t = await db.run(TournamentStore.get, tournament_id)
        if t is None:
            return
        if t.status == OPEN:
            if t.starts_at > time.time():
                return
            active = [e for e in await db.run(TournamentStore.entrants, t.id) if not e.withdrawn]
            if not enough(t, len(active)):
                await db.run(TournamentStore.end, t.id, CANCELLED, time.time())
                log.info("tournament %s cancelled: %d players", t.id, len(active))
                return
            await db.run(TournamentStore.begin, t.id, time.time())
            t = await db.run(TournamentStore.get, t.id)
            assert t is not None
        if t.status != RUNNING:
            return
        if t.kind == kinds.ARENA:
            await self.step_arena(t)
            return
        if t.round == 0:
            await self.pair(t)
            return
        await self.tend(t, await db.run(TournamentStore.tables, t.id, t.round))
        tables = await db.run(TournamentStore.tables, t.id, t.round)
        if all(x.counted for x in tables):
            if t.round >= t.rounds:
                await db.run(TournamentStore.end, t.id, FINISHED, time.time())
                log.info("tournament %s finished after %d rounds", t.id, t.round)
            else:
                await self.pair(t)

    async def step_arena(self, t: Tournament) -> None:
        """An arena's step: its tables under way made, seated and counted; a wave of free
        players seated while time is left; the end once time is up and every table counted."""
        db = self.hub.db
        await self.tend(t, await db.run(TournamentStore.unfinished, t.id))
        now = time.time()   # after the counts: a player freed now has waited nothing yet
        ends = t.ends_at or now
        if now < ends:
            await self.seat_wave(t, now)
        elif not await db.run(TournamentStore.unfinished, t.id):
            await db.run(TournamentStore.end, t.id, FINISHED, now)
            log.info("tournament %s (an arena) finished after %d waves", t.id, t.round)

    async def seat_wave(self, t: Tournament, now: float) -> None:
        """Seat the arena's free players who have waited long enough (:func:`arena.wave`)."""
        db = self.hub.db
        since = (t.ends_at or now) - 60 * (t.minutes or 0)
        free = await db.run(TournamentStore.free, t.id, since, now, arena.BOT_SECONDS)
        if not free or max(free.values()) < arena.GATHER_SECONDS:
            return
        _, lines = await db.run(standing, t, t.round)
        ranked = [arena.Free(x, free[x.account_id]) for x in lines if x.account_id in free]
        apart = await db.run(pairs_apart, [f.line.account_id for f in ranked])
        tables = arena.wave(ranked, t.table_size, apart)
        if not tables:
            return
        if await db.run(TournamentStore.add_round, t.id, t.round + 1, tables, [], 0.0, now):
            self.wake.set()

    async def pair(self, t: Tournament) -> None:
        """Pair the next round from the standings (or end a tournament too few are left in)."""
        db = self.hub.db
        _, lines = await db.run(standing, t)
        active = [x for x in lines if not x.withdrawn]
        if t.kind == kinds.DUPLICATE:
            sizes, byes = ([t.table_size] if len(active) >= FEWEST else []), 0
        else:
            sizes, byes = swiss.table_sizes(len(active), t.table_size, low_players(t.game))
        if not sizes:
            await db.run(TournamentStore.end, t.id, FINISHED, time.time())
            log.info("tournament %s ended: %d players left", t.id, len(active))
            return
        apart = await db.run(pairs_apart, [x.account_id for x in active])
        bye: list[int] = []
        if t.kind == kinds.DUPLICATE:
            tables = duplicate.pair(active, t.table_size, t.round + 1, apart)
        else:
            tables, bye = swiss.pair(active, sizes, byes, apart)
        if await db.run(TournamentStore.add_round, t.id, t.round + 1, tables, bye,
                        swiss.bye_points(t.table_size), time.time()):
            log.info("tournament %s: round %d paired, %d tables", t.id, t.round + 1,
                     len(tables))
            self.wake.set()

    async def tend(self, t: Tournament, tables: list[RoundTable]) -> None:
        """Make the tables not made yet, seat the players of those still waiting for them
        (after a process died between making and seating), and count those whose game is
        over — from one read of their states."""
        made = [x.table_id for x in tables if x.table_id is not None and not x.counted]
        states = await self.hub.db.run(TournamentStore.table_states, made) if made else {}
        for table in tables:
            if table.table_id is None:
                await self.make_table(t, table)
                continue
            state = states.get(table.table_id)
            if table.counted or state is None:
                continue
            if state.status == "waiting":
                await self.seat(t, table, table.table_id)
            elif state.status != "playing":
                await self.count(t, table, state)

    async def make_table(self, t: Tournament, table: RoundTable) -> None:
        """Make the round's table (unless another process just did) and seat its players."""
        options = {k: v for k, v in t.options.items() if k != "players"}
        bot = BOT_LEVEL(t.game)
        seed = None
        if t.kind == kinds.DUPLICATE and t.secret is not None:
            seed = duplicate.seed_of(t.secret, table.round)
        create = CreateTable(game=t.game, seats=["human" if a > 0 else bot
                                                 for a in table.accounts],
                             options=options, seed=seed, public=False, rated=t.rated,
                             hints=False, undo=False,
                             pace="correspondence" if t.move_hours else "live",
                             move_hours=t.move_hours, on_timeout="end",
                             sealed=t.kind == kinds.DUPLICATE)
        room = await self.hub.create(create)
        kept = await self.hub.db.run(TournamentStore.set_table, t.id, table.round, table.number,
                                     room.id)
        await self.seat(t, table, kept)

    async def seat(self, t: Tournament, table: RoundTable, table_id: str) -> None:
        """Give each paired account its seat at the round's table (those it holds already are
        left as they are)."""
        found = await self.hub.db.run(TournamentStore.accounts, table.accounts)
        for seat, account_id in enumerate(table.accounts):
            if account_id <= 0:
                continue   # a bot's seat
            if account_id not in found:
                continue   # deleted since: its seat waits for the stand-in bot
            name, handle, created = found[account_id]
            try:
                await self.hub.join(table_id, seat, name, Account(account_id, name, handle,
                                                                  created))
            except RoomError as exc:
                if exc.code not in ("taken", "closed"):
                    log.warning("tournament %s: could not seat %s at %s: %s", t.id, name,
                                table_id, exc.message)

    async def count(self, t: Tournament, table: RoundTable, state: TableState) -> None:
        """Count the round's table, whose game is over (``state``)."""
        results: list[tuple[float, float]]
        if state.result is None:   # abandoned: nobody scores
            results = [(0.0, 0.0)] * len(table.accounts)
        else:
            returns = [float(r) for r in state.result.get("returns", [])]
            scores = [float(x) for x in state.result.get("scores") or []]
            scores += [0.0] * (len(returns) - len(scores))
            results = list(zip(returns, scores, strict=True))
        points = swiss.table_points(results)
        best = max(results)
        outcomes = [swiss.Outcome(a, table.round, points[i], results[i] == best and best[0] > 0,
                                  tuple(x for x in table.accounts if x != a and x > 0),
                                  seat=i, returns=results[i][0], score=results[i][1])
                    for i, a in enumerate(table.accounts) if i < len(points) and a > 0]
        await self.hub.db.run(TournamentStore.count_table, t.id, table.round, table.number,
                              outcomes, time.time())
        self.wake.set()
