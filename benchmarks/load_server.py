"""Load test of the web server: a swarm of scripted players over real WebSockets.

By default one ``furuba serve`` process (uvicorn, SQLite in WAL mode) is started on a free loopback
port. With ``--processes N`` (N ≥ 2) the worked example of docs/DEPLOY.md is started instead:
PostgreSQL, Redis, N processes sharing them and nginx running ``deploy/nginx/furuba.conf`` in
front, all on loopback (the test helpers in ``tests/server/`` start them), and every socket goes
through nginx.

This process opens one WebSocket per seat (all seats human, so every action crosses the network)
and plays: when a seat must decide, it waits the think time (the fixed mean, ±50% so that tables
do not move in lockstep), then sends a random legal action. Each socket follows the documented
client algorithm (docs/WEB-API.md): a closed socket is reopened through the same address with
``hello`` {tokens, last_seq, epoch}, a gap is filled with ``sync``. It measures, for every action,
the time from sending it to receiving the resulting event (at the actor, and at every seat of the
table), and counts events lost (a gap in ``seq`` never filled with the missing events) and
duplicated (an event received again after it was applied).

Short games see only short logs: with ``--warmup N`` every table first plays ``N`` actions without
think time (not measured), so the measured minute is played in the middle or late part of games,
where views and their logs are largest.

With ``--kill-one``, one server process (the one driving the most tables) is killed with SIGKILL a
third of the way into the measured time; the time from the kill until another process holds the
lease of every table the killed one drove is the takeover time
(``takeover_s``, one per kill; per table in ``takeover_s_per_table``), and the time until each
such table's next event reaches a client (after its players reconnected and one of them, or a
bot, acted) is ``next_event_s``.

    python -m benchmarks.load_server                       # 200 seats, 60 s
    python -m benchmarks.load_server --warmup 150          # the same, 150 actions into each game
    python -m benchmarks.load_server --tables 60 --seconds 30 --think 0.5 --json out.json
    python -m benchmarks.load_server --processes 3 --kill-one --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.wsclient import TableClient  # noqa: E402 - the project root is on the path now

from furuba.server.serve import GC_THRESHOLDS  # noqa: E402

if TYPE_CHECKING:
    from tests.server.services import ServerProcess

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "load_server.json"


@dataclass
class Stats:
    actor_ms: list[float] = field(default_factory=list)
    fanout_ms: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """(table, seat) → time the seat's pending action was sent."""
    pending: set[tuple[str, int]] = field(default_factory=set)
    """(table, seat) of actions sent and not seen confirmed yet."""
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    events: int = 0
    finished_tables: int = 0
    play_seconds: float = 0.0
    clients: list[TableClient] = field(default_factory=list)


@dataclass
class Phase:
    """The warm-up, then the measured phase, shared by all the seats."""

    warmup: int
    """Actions each table plays without think time before the measured phase."""
    seats: int
    seconds: float
    warmed: int = 0
    started: asyncio.Event = field(default_factory=asyncio.Event)
    start: float = 0.0
    stop: float = float("inf")
    on_start: Callable[[], None] | None = None

    def seat_warmed(self) -> None:
        """One more seat is past its table's warm-up (or its game ended); the last one starts
        the clock."""
        self.warmed += 1
        if self.warmed == self.seats:
            if self.on_start is not None:
                self.on_start()
            self.start = time.monotonic()
            self.stop = self.start + self.seconds
            self.started.set()


IN_FLIGHT = 0.1
"""Seconds after the kill during which an event may still arrive that the killed process sent
(through nginx's buffers or another process's relay): not yet the takeover's."""


@dataclass
class Takeover:
    """When a process was killed, the tables it drove, and when each produced its next event: the
    first event with a seq no client had seen at the kill (or of a new epoch), arriving after
    ``IN_FLIGHT``."""

    killed: str = ""
    at: float = 0.0
    tables: set[str] = field(default_factory=set)
    basis: str = ""
    seen: dict[str, dict[str, int]] = field(default_factory=dict)
    """Table → epoch → the highest seq any client had applied (frozen at the kill)."""
    first: dict[str, float] = field(default_factory=dict)
    """Table → when its first event produced after the kill arrived."""
    leased: dict[str, float] = field(default_factory=dict)
    """Table → seconds from the kill until another process held its lease."""

    def saw(self, table_id: str, epoch: str, seq: int, now: float) -> None:
        if not self.at:
            by_epoch = self.seen.setdefault(table_id, {})
            by_epoch[epoch] = max(seq, by_epoch.get(epoch, 0))
        elif (seq > self.seen.get(table_id, {}).get(epoch, 0) and table_id not in self.first
              and now - self.at >= IN_FLIGHT):
            self.first[table_id] = now

    def seconds(self) -> list[float | None]:
        return [round(self.first[t] - self.at, 3) if t in self.first else None for t in sorted(self.tables)]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


# -- the servers ---------------------------------------------------------------------------------
@dataclass
class Site:
    """Where the players connect, and the processes behind it."""

    base: str
    ws_base: str
    servers: list[ServerProcess]
    redis_url: str | None
    others: dict[str, int]
    """Other processes whose CPU is reported (nginx's workers, Redis), by name."""


@contextmanager
def started(processes: int, database: str, redis: bool, nginx: bool, bot_delay: float) -> Iterator[Site]:
    """``processes`` servers on one database (SQLite or a new PostgreSQL), with Redis and nginx
    in front when asked for (always with several processes)."""
    from tests.server import postgres, services

    for name, needed in (("PostgreSQL", database == "postgres"), ("redis-server", redis), ("nginx", nginx)):
        why = postgres.unavailable() if name == "PostgreSQL" else services.unavailable(name)
        if needed and why is not None:
            raise SystemExit(f"load_server: {why}")
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="furuba-load-")))
        others: dict[str, int] = {}
        if database == "postgres":
            url = stack.enter_context(postgres.running_postgres()).create_database("load")
        else:
            url = f"sqlite:///{folder / 'load.sqlite3'}"
        redis_url = None
        if redis:
            rd = stack.enter_context(services.running_redis())
            redis_url, others["redis"] = rd.url, rd.proc.pid
        servers = [stack.enter_context(services.ServerProcess(
            url, folder, redis_url=redis_url, name=f"s{i + 1}", bot_delay=bot_delay, log_level="warning"))
            for i in range(processes)]
        if nginx:
            ng = stack.enter_context(services.running_nginx([s.port for s in servers]))
            others.update({f"nginx-{pid}": pid for pid in children(ng.proc.pid)})
            yield Site(ng.base, ng.ws_base, servers, redis_url, others)
        else:
            yield Site(servers[0].base, servers[0].ws_base, servers, redis_url, others)


def watch_leases(redis_url: str, takeover: Takeover, limit: float = 30.0) -> None:
    """After the kill: poll the leases of the killed process's tables until another process
    holds each, noting when (the takeover proper, before any client has to act)."""
    tables = sorted(takeover.tables)
    while len(takeover.leased) < len(tables) and time.monotonic() - takeover.at < limit:
        owners = lease_owners(redis_url, tables)
        now = time.monotonic()
        for table_id in tables:
            node = owners.get(table_id, "")
            if table_id not in takeover.leased and node and not node.startswith(f"{takeover.killed}."):
                takeover.leased[table_id] = now - takeover.at
        time.sleep(0.02)


def lease_owners(redis_url: str, tables: list[str]) -> dict[str, str]:
    """Table → the node that drives it now (from its lease in Redis; empty if unknown)."""
    import redis

    try:
        from furuba.server.cluster.leases import lease_key
    except ImportError:
        return {}
    with redis.Redis.from_url(redis_url) as r:
        found = r.mget([lease_key(t) for t in tables])
    return {t: v.decode() for t, v in zip(tables, found, strict=True) if v is not None}


def kill_one(site: Site, tables: list[str], takeover: Takeover) -> ServerProcess:
    """SIGKILL the process driving the most tables; note which tables those were."""
    owners = lease_owners(site.redis_url, tables) if site.redis_url else {}

    def drives(server: ServerProcess) -> set[str]:
        return {t for t, node in owners.items() if node == server.name or node.startswith(f"{server.name}.")}

    victim = max(site.servers, key=lambda s: len(drives(s)))
    takeover.tables = drives(victim)
    takeover.basis = "leases in Redis" if owners else "owner unknown: every table"
    if not owners:
        takeover.tables = set(tables)
    takeover.killed = victim.name or str(victim.port)
    takeover.at = time.monotonic()
    victim.kill()
    return victim


# -- the players ---------------------------------------------------------------------------------
def player_address(table: int) -> str:
    """The loopback address the players of table number ``table`` connect from, one per table, as
    if each table's players were at home: the server's limits per address then count each table
    apart."""
    return f"127.1.{table // 250}.{table % 250 + 1}"


async def seat_player(ws_url: str, table_id: str, token: str, seat: int, think: float,
                      phase: Phase, stats: Stats, seed: int, takeover: Takeover, address: str,
                      routes: bool) -> None:
    rng = random.Random(seed)
    played = 0

    def on_event(client: TableClient, msg: dict[str, Any], now: float) -> None:
        nonlocal played
        assert client.epoch is not None
        takeover.saw(table_id, client.epoch, msg["seq"], now)
        stats.events += 1 if phase.started.is_set() else 0
        event = msg["event"]
        if event["kind"] == "action":
            played += 1
            sent = stats.sent.get((table_id, event["player"]))
            if sent is not None:
                ms = (now - sent) * 1000
                stats.fanout_ms.append(ms)
                if event["player"] == seat:
                    stats.actor_ms.append(ms)
                    stats.pending.discard((table_id, seat))

    client = TableClient(ws_url, table_id, [token], reconnect_for=60.0, on_event=on_event,
                         local_address=address, follow_routes=routes)
    stats.clients.append(client)
    await client.connect()
    due: float | None = None
    acted_at: tuple[str | None, int | None] | None = None
    errors = 0
    # A seat counts as ready once its socket is settled: its first snapshot received (after the
    # move to a direct socket, when it follows routes), so that the measured phase does not pay
    # for opening a thousand sockets.
    warm = False
    try:
        while time.monotonic() < phase.stop:
            measuring = phase.started.is_set()
            wake = due if due is not None else (phase.stop if measuring else time.monotonic() + 0.05)
            await client.receive(min(1.0, max(0.0, wake - time.monotonic())))
            now = time.monotonic()
            for error in client.errors[errors:]:
                stats.errors[error["code"]] = stats.errors.get(error["code"], 0) + 1
                acted_at = None  # refused: decide again
            errors = len(client.errors)
            if client.finished:
                stats.finished_tables += 1 if seat == 0 and measuring else 0
                if not warm:
                    phase.seat_warmed()
                return
            if not warm and client.table is not None and played >= phase.warmup:
                warm = True
                phase.seat_warmed()
            deciding = client.to_decide() == seat and acted_at != (client.epoch, client.seq)
            if not deciding:
                due = None
            elif due is None:
                if not warm:
                    due = now
                elif phase.started.is_set():
                    due = now + think * rng.uniform(0.5, 1.5)
            if due is not None and now >= due and deciding:
                choice = rng.choice(client.legal[seat])
                if warm:
                    stats.sent[(table_id, seat)] = time.monotonic()
                    stats.pending.add((table_id, seat))
                    stats.actions += 1
                else:
                    stats.sent.pop((table_id, seat), None)
                await client.send({"type": "act", "seq_seen": client.seq, "action": choice["id"]})
                acted_at, due = (client.epoch, client.seq), None
    finally:
        await client.close()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def swarm(site: Site, tables: int, think: float, seconds: float, warmup: int,
                on_start: Callable[[], None], kill: Callable[[list[str]], None] | None,
                takeover: Takeover, routes: bool) -> tuple[Stats, int]:
    stats = Stats()
    players = []
    for t in range(tables):
        address = player_address(t)
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=site.base, timeout=30, transport=transport) as http:
            game = "zodiac" if t % 2 == 0 else "daihinmin"
            made = await http.post("/api/tables", json={
                "game": game, "seats": ["human"] * 4, "seed": t, "grace_seconds": None})
            made.raise_for_status()
            table_id = made.json()["id"]
            for seat in range(4):
                r = await http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": f"P{seat}"})
                r.raise_for_status()
                players.append((table_id, r.json()["token"], seat, address))
    phase = Phase(warmup=warmup, seats=len(players), seconds=seconds, on_start=on_start)

    async def killer() -> None:
        assert kill is not None
        await phase.started.wait()
        await asyncio.sleep(seconds / 3)
        await asyncio.to_thread(kill, sorted({p[0] for p in players}))
        if site.redis_url:
            await asyncio.to_thread(watch_leases, site.redis_url, takeover)

    tasks = [seat_player(site.ws_base, table_id, token, seat, think, phase, stats, i, takeover, address,
                         routes)
             for i, (table_id, token, seat, address) in enumerate(players)]
    await asyncio.gather(*tasks, *([killer()] if kill is not None else []))
    stats.play_seconds = time.monotonic() - phase.start
    return stats, len(players)


@dataclass
class Cpu:
    """CPU seconds of the server processes (and of nginx and Redis) during the measured phase."""

    pids: dict[str, int]
    start: dict[str, float] = field(default_factory=dict)
    last: dict[str, float] = field(default_factory=dict)

    def read(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # gone: its last reading stands
            self.last[name] = cpu_seconds(self.pids[name])

    def begin(self) -> None:
        for name in self.pids:
            self.read(name)
        self.start = dict(self.last)

    def used(self, names: list[str]) -> float:
        for name in names:
            self.read(name)
        return sum(self.last[n] - self.start[n] for n in names if n in self.start)


def run(tables: int, think: float, seconds: float, warmup: int = 0, processes: int = 1,
        database: str | None = None, redis: bool | None = None, nginx: bool | None = None,
        kill_one_process: bool = False, routes: bool = True) -> dict[str, Any]:
    several = processes > 1
    database = database or ("postgres" if several else "sqlite")
    redis = several if redis is None else redis
    nginx = several if nginx is None else nginx
    if several and (database != "postgres" or not redis):
        raise SystemExit("load_server: several processes need PostgreSQL and Redis")
    if kill_one_process and not several:
        raise SystemExit("load_server: --kill-one needs --processes 2 or more")
    mark: dict[str, Any] = {}
    takeover = Takeover()
    with started(processes, database, redis, nginx, bot_delay=0.6) as site:
        servers = [s.name or str(s.port) for s in site.servers]
        cpu = Cpu({**{n: s.pid for n, s in zip(servers, site.servers, strict=True)}, **site.others})

        def on_start() -> None:
            cpu.begin()
            mark.update(load0=os.getloadavg()[0], wall0=time.monotonic(),
                        own0=resource.getrusage(resource.RUSAGE_SELF))

        def kill(table_ids: list[str]) -> None:
            for name in servers:
                cpu.read(name)
            kill_one(site, table_ids, takeover)

        try:
            stats, seats = asyncio.run(swarm(site, tables, think, seconds, warmup, on_start,
                                             kill if kill_one_process else None, takeover, routes))
        except BaseException:
            for server in site.servers:   # what the servers said, before their logs are gone
                print(f"--- {server.name or server.port}\n{server.logs()[-6000:]}", file=sys.stderr)
            raise
        wall = time.monotonic() - mark["wall0"]
        server_cpu = cpu.used(servers)
        other_cpu = {n: round(cpu.used([n]), 2) for n in site.others}
        own1 = resource.getrusage(resource.RUSAGE_SELF)
        load1 = os.getloadavg()[0]
    own0, load0 = mark["own0"], mark["load0"]
    client_cpu = (own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)
    counted = [c.result() for c in stats.clients]
    lost = sum(c["lost"] for c in counted)
    duplicated = sum(c["duplicated"] for c in counted)
    actions = len(stats.actor_ms)
    a = stats.actor_ms
    return {
        "processes": processes, "database": database, "redis": redis, "nginx": nginx,
        "follow_routes": routes, "routed": sum(c["routed"] for c in counted),
        "seats": seats, "tables": tables, "games": "half Friends of the Zodiac, half Dai Hin Min, 4 seats",
        "warmup_actions_per_table": warmup, "finished_tables": stats.finished_tables,
        "think_s": think, "seconds": round(stats.play_seconds, 1), "actions": actions,
        "actions_per_s": round(actions / stats.play_seconds, 1),
        "p50_ms": round(percentile(a, 50), 2), "p99_ms": round(percentile(a, 99), 2),
        "max_ms": round(max(a, default=float("nan")), 2),
        "lost": lost, "duplicated": duplicated,
        "takeover_s": ([round(max(takeover.leased.values()), 3)]
                       if kill_one_process and len(takeover.leased) == len(takeover.tables)
                       and takeover.leased else [] if not kill_one_process else [None]),
        "takeover_s_per_table": sorted(round(v, 3) for v in takeover.leased.values()),
        "next_event_s": takeover.seconds(),
        "killed": ({"process": takeover.killed, "tables": len(takeover.tables), "basis": takeover.basis}
                   if kill_one_process else None),
        "server_cpu_s_per_action": round(server_cpu / max(1, actions), 5),
        "events_received": stats.events,
        "actor_latency_ms": {"p50": round(percentile(a, 50), 2), "p99": round(percentile(a, 99), 2),
                             "max": round(max(a, default=float("nan")), 2),
                             "mean": round(statistics.fmean(a), 2) if a else None},
        "fanout_latency_ms": {"p50": round(percentile(stats.fanout_ms, 50), 2),
                              "p99": round(percentile(stats.fanout_ms, 99), 2),
                              "max": round(max(stats.fanout_ms, default=float("nan")), 2)},
        "lost_events": lost, "duplicated_events": duplicated, "errors": stats.errors,
        "gaps": sum(c["gaps"] for c in counted),
        "reconnects": sum(c["reconnects"] for c in counted),
        "close_codes": dict(Counter(str(code) for c in stats.clients for code in c.close_codes)),
        "snapshots_after_the_first": sum(max(0, c["snapshots"] - 1) for c in counted),
        "unconfirmed_actions": len(stats.pending),
        "server_cpu_share": round(server_cpu / wall, 3), "client_cpu_share": round(client_cpu / wall, 3),
        "server_cpu_ms_per_action": round(1000 * server_cpu / max(1, actions), 2),
        "other_cpu_s": other_cpu,
        "load_average_1min": [round(load0, 2), round(load1, 2)],
        "python": sys.version.split()[0], "cores": os.cpu_count(),
    }


def default_json(processes: int, warmup: int, kill: bool) -> Path:
    if processes == 1 and not kill:
        return DEFAULT_JSON.with_name("load_server_warmup.json") if warmup else DEFAULT_JSON
    name = f"load_server_p{processes}{'_warmup' if warmup else ''}{'_kill' if kill else ''}.json"
    return DEFAULT_JSON.with_name(name)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables of 4 seats (default 50: 200 seats)")
    parser.add_argument("--seats", type=int, default=None,
                        help="seats in all (a multiple of 4; instead of --tables)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a seat waits before acting")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play")
    parser.add_argument("--warmup", type=int, default=0,
                        help="actions each table plays first, without think time and unmeasured")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes; 2 or more start PostgreSQL, Redis and nginx in front")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default=None,
                        help="sqlite (default with one process) or postgres (several processes)")
    parser.add_argument("--redis", action=argparse.BooleanOptionalAction, default=None,
                        help="give the processes a Redis (default: with several processes)")
    parser.add_argument("--nginx", action=argparse.BooleanOptionalAction, default=None,
                        help="connect through nginx (default: with several processes)")
    parser.add_argument("--routes", action=argparse.BooleanOptionalAction, default=True,
                        help="clients move a relayed socket to the process that drives its table "
                             "when welcome names its route (default; --no-routes: stay relayed)")
    parser.add_argument("--kill-one", action="store_true",
                        help="SIGKILL one process a third of the way in and time the takeover")
    parser.add_argument("--json", type=Path, default=None,
                        help="where to write the results (default results/load_server.json, "
                             "load_server_warmup.json with --warmup, load_server_pN….json with N processes)")
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.seats is not None:
        if args.seats < 4 or args.seats % 4:
            parser.error("--seats must be a multiple of 4")
        args.tables = args.seats // 4
    # The swarm is a Python process too: tuned as the server is, so that its own collector's
    # pauses are not counted as the server's latency.
    gc.set_threshold(*GC_THRESHOLDS)
    path = args.json or default_json(args.processes, args.warmup, args.kill_one)
    report = run(args.tables, args.think, args.seconds, args.warmup, args.processes, args.database,
                 args.redis, args.nginx, args.kill_one, args.routes)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    a, f = report["actor_latency_ms"], report["fanout_latency_ms"]
    where = f"{report['processes']} process(es), {report['database']}" + \
        (", Redis" if report["redis"] else "") + (", through nginx" if report["nginx"] else "")
    print(where)
    if args.warmup:
        print(f"measured after {args.warmup} actions per table "
              f"({report['finished_tables']} games ended during the measured phase)")
    print(f"{report['seats']} seats on {report['tables']} tables, {report['seconds']} s: "
          f"{report['actions']} actions ({report['actions_per_s']}/s), {report['events_received']} events")
    print(f"action → update, at the actor: p50 {a['p50']} ms, p99 {a['p99']} ms, max {a['max']} ms")
    print(f"action → update, at every seat: p50 {f['p50']} ms, p99 {f['p99']} ms, max {f['max']} ms")
    print(f"lost events: {report['lost']}, duplicated: {report['duplicated']}, "
          f"errors: {report['errors'] or 'none'}; reconnects {report['reconnects']}, "
          f"snapshots after the first {report['snapshots_after_the_first']}; "
          f"moved to a direct socket {report['routed']}")
    if report["killed"]:
        k = report["killed"]
        done = [t for t in report["next_event_s"] if t is not None]
        leased = report["takeover_s_per_table"]
        print(f"killed {k['process']}, which drove {k['tables']} tables ({k['basis']}): taken over "
              f"after {min(leased, default=float('nan')):.2f}–{max(leased, default=float('nan')):.2f} s "
              f"(takeover_s {report['takeover_s']}); next event after "
              f"{min(done, default=float('nan')):.2f}–{max(done, default=float('nan')):.2f} s; "
              f"{len(report['next_event_s']) - len(done)} never resumed")
    print(f"CPU: servers {report['server_cpu_share']:.0%} of a core "
          f"({report['server_cpu_ms_per_action']} ms per action), clients {report['client_cpu_share']:.0%}; "
          f"machine load average {report['load_average_1min'][0]} → {report['load_average_1min'][1]}")
    print(f"written to {path}")


if __name__ == "__main__":
    main()
