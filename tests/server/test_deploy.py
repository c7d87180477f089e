"""The worked example of docs/DEPLOY.md, started for real on loopback: PostgreSQL, Redis, two
``furuba serve`` processes and nginx running the documented config (``deploy/``); players go
through nginx only, as browsers would.

The tests that start the whole example are marked ``cluster`` (``pytest -m cluster`` runs them
alone, ``-m "not cluster"`` leaves them out); the checks of the deploy files start nothing.
"""

from __future__ import annotations

import asyncio
import random
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine

from furuba.server import schema

from .harness import run_coroutine
from .next_release import next_release
from .postgres import Postgres, free_port
from .services import (
    NGINX_CONF,
    ROOT,
    Cluster,
    ServerProcess,
    render_site,
    running_cluster,
    running_nginx,
    running_redis,
)
from .wsclient import TableClient

DEPLOY = ROOT / "deploy"
PACE = 0.15
"""Seconds between two actions of one socket (the server allows 10 messages a second)."""
SLOW_PACE = 1.0
"""Seconds between two actions of one socket while the processes restart (:func:`play_while`)."""
TRANSIENT = {"moved", "busy"}
"""Errors an action may get while its table changes process; the client acts again."""


# -- the deploy files, without starting anything ------------------------------------------------
def env_example() -> dict[str, str]:
    pairs = (line.split("=", 1) for line in (DEPLOY / "furuba.env.example").read_text().splitlines()
             if line.strip() and not line.startswith("#"))
    return {k.strip(): v.strip() for k, v in pairs}


def serve_args(words: list[str]) -> None:
    """Parse ``words`` (after the program name) as the real ``furuba`` command line does."""
    import typer

    from furuba.cli.main import app

    group: Any = typer.main.get_command(app)
    assert words[0] == "serve", words
    parent = group.make_context("furuba", list(words))
    command = group.get_command(parent, "serve")
    assert command is not None
    ctx = command.make_context("serve", words[1:], parent=parent)
    assert ctx.params["database_url"].startswith("postgresql+psycopg://")
    assert ctx.params["redis_url"].startswith("redis://")
    assert ctx.params["host"] == "127.0.0.1"
    assert ctx.params["metrics_port"] is not None, "Prometheus scrapes each process's metrics port"
    assert ctx.params["metrics_host"] == "127.0.0.1" and not ctx.params["api_docs"]


def test_the_systemd_unit_and_procfile_run_furuba_serve_with_flags_it_has() -> None:
    env = env_example()
    unit = (DEPLOY / "systemd" / "furuba@.service").read_text()
    exec_start = re.search(r"^ExecStart=(.*?)(?<!\\)$", unit.replace("\\\n", " "), re.MULTILINE)
    assert exec_start is not None
    line = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], exec_start.group(1))
    words = shlex.split(line.replace("%i", "8001").replace("%H", "web"))
    assert words[0].endswith("/furuba")
    serve_args(words[1:])
    assert "EnvironmentFile=/etc/furuba/furuba.env" in unit
    assert "KillSignal=SIGTERM" in unit
    procfile = [line for line in (DEPLOY / "Procfile").read_text().splitlines()
                if line and not line.startswith("#")]
    assert len(procfile) >= 2
    for entry in procfile:
        command = re.sub(r"\$(\w+)", lambda m: env[m.group(1)], entry.split(":", 1)[1])
        words = shlex.split(command)
        assert words[0] == "furuba"
        serve_args(words[1:])


def test_nginx_systemd_and_procfile_name_the_same_ports() -> None:
    site = NGINX_CONF.read_text()
    upstream = re.search(r"upstream furuba \{(.*?)\}", site, re.DOTALL)
    assert upstream is not None
    ports = re.findall(r"^\s*server 127\.0\.0\.1:(\d+) max_fails=\d+ fail_timeout=\d+s;", upstream.group(1),
                       re.MULTILINE)
    assert len(ports) >= 2
    target = (DEPLOY / "systemd" / "furuba.target").read_text()
    assert re.findall(r"furuba@(\d+)\.service", target) == ports
    assert re.findall(r"--port (\d+)", (DEPLOY / "Procfile").read_text()) == ports
    routes = re.search(r"map \$arg_via \$furuba_socket \{(.*?)\}", site, re.DOTALL)
    assert routes is not None
    assert re.findall(r"^\s*(\d+)\s+127\.0\.0\.1:(\d+);", routes.group(1), re.MULTILINE) == \
        [(p, p) for p in ports], "each process's route is its port, one line per upstream server"
    assert re.findall(r"--port (\d+) .*--route (\d+)", (DEPLOY / "Procfile").read_text()) == \
        [(p, p) for p in ports]
    assert "--route %i" in (DEPLOY / "systemd" / "furuba@.service").read_text()
    assert re.findall(r"--metrics-port (\d+)", (DEPLOY / "Procfile").read_text()) == [f"1{p}" for p in ports]
    assert "--metrics-port 1%i" in (DEPLOY / "systemd" / "furuba@.service").read_text()


def test_the_documented_nginx_config_proxies_websockets_and_hides_metrics() -> None:
    site = NGINX_CONF.read_text()
    for needed in ("least_conn;", "proxy_next_upstream error timeout",
                   "proxy_set_header Upgrade $http_upgrade;",
                   "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
                   "proxy_set_header X-Real-IP $remote_addr;", "location ^~ /metrics {\n        deny all;"):
        assert needed in site, needed
    retries = re.findall(r"^\s*proxy_next_upstream ([^;]*);", site, re.MULTILINE)
    assert retries and not any("non_idempotent" in r for r in retries), "a POST must never be resent"
    assert re.search(r"location /ws/ \{[^}]*proxy_read_timeout 1h;", site)
    assert "# server {\n#     listen 443 ssl;" in site
    rendered = render_site(site, [7001, 7002, 7003], 9000)
    assert re.findall(r"server 127\.0\.0\.1:(\d+) max_fails=2 fail_timeout=5s;", rendered) == \
        ["7001", "7002", "7003"]
    assert re.findall(r"^\s*listen (\S+);", rendered, re.MULTILINE) == ["127.0.0.1:9000"]
    assert re.findall(r"^\s*(\d+)\s+127\.0\.0\.1:(\d+);", rendered, re.MULTILINE) == \
        [("7001", "7001"), ("7002", "7002"), ("7003", "7003")]
    assert re.search(r"location /ws/ \{\s*proxy_pass http://\$furuba_socket;", site)
    assert rendered.count("#     listen 443 ssl;") == 1


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    furuba = Path(shutil.which("furuba") or ROOT / ".venv" / "bin" / "furuba")
    unit = (DEPLOY / "systemd" / "furuba@.service").read_text()
    (tmp_path / "furuba@.service").write_text(unit.replace("/opt/furuba/venv/bin/furuba", str(furuba)))
    shutil.copy(DEPLOY / "systemd" / "furuba.target", tmp_path)
    for name in ("furuba@8001.service", "furuba.target"):
        done = subprocess.run(["systemd-analyze", "verify", f"./{name}"], cwd=tmp_path,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0 and not done.stderr.strip(), done.stderr


# -- nginx in front of real processes -----------------------------------------------------------
def dead_port() -> int:
    """A loopback port nothing listens on."""
    port = free_port()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
        pass
    return port


@pytest.mark.cluster
def test_nginx_passes_requests_and_websockets_past_a_dead_process(tmp_path: Path) -> None:
    """One upstream is down for good: every request still gets through (nginx's passive check and
    proxy_next_upstream), table creation included, and so does a WebSocket."""
    with ServerProcess(f"sqlite:///{tmp_path / 'one.sqlite3'}", tmp_path, name="alone") as server, \
            running_nginx([dead_port(), server.port]) as nginx, \
            httpx.Client(base_url=nginx.base, timeout=10) as http:
        for _ in range(4):
            assert http.get("/api/health").status_code == 200
        assert http.get("/metrics").status_code == 403
        assert httpx.get(f"{server.base}/metrics", timeout=10).status_code == 404, \
            "the app never serves /metrics"
        assert httpx.get(server.metrics_url, timeout=10).status_code == 200, \
            "the process serves its metrics on its own loopback port"
        made = http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"]})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        assert made.json()["invite_url"] == f"{nginx.base}/t/{table_id}", "Host is not passed on"
        player = httpx.HTTPTransport(local_address="127.1.0.7")
        with httpx.Client(base_url=nginx.base, transport=player, timeout=10) as elsewhere:
            assert elsewhere.get("/api/games").status_code == 200
        assert '127.1.0.7:0 - "GET /api/games' in server.logs(), "the player's address is not passed on"
        token = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).json()["token"]
        client = run_coroutine(open_and_snapshot(nginx.ws_base, table_id, token))
        assert client.seats == [0]
        assert client.status == "playing"
        assert "connect() failed" in nginx.logs(), "the dead upstream was never tried"
        # An event stream passes nginx unbuffered: the lobby's first event comes at once.
        listed = http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"],
                                                "public": True}).json()["id"]
        started = time.monotonic()
        with http.stream("GET", "/api/lobby/events") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            first = next(line for line in stream.iter_lines() if line.startswith("data: "))
        assert listed in first and time.monotonic() - started < 3.0


async def open_and_snapshot(ws_base: str, table_id: str, token: str) -> TableClient:
    client = TableClient(ws_base, table_id, [token])
    await client.connect()
    deadline = time.monotonic() + 10
    while not client.snapshots and time.monotonic() < deadline:
        await client.receive(1.0)
    await client.close()
    return client


# -- the whole worked example -------------------------------------------------------------------
@pytest.fixture
def cluster(database_server: Postgres) -> Iterator[Cluster]:
    with running_redis() as redis, \
            running_cluster(2, database=f"deploy_{uuid.uuid4().hex[:12]}", postgres=database_server,
                            redis=redis) as c:
        yield c
        print(c.logs()[-20000:])  # shown when the test failed


@pytest.fixture
def http(cluster: Cluster) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=cluster.base, timeout=20) as client:
        yield client


def new_table(http: httpx.Client, seed: int) -> tuple[str, list[str]]:
    """A Friends of the Zodiac table of two human seats, both claimed: its id and the tokens."""
    made = http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "human"], "seed": seed,
                                          "options": {"target": 3}, "grace_seconds": None})
    assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    tokens = []
    for seat, name in enumerate(("Ann", "Ben")):
        joined = http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return table_id, tokens


class Game:
    """Two players (through nginx) and, optionally, a spectator on each process directly; the
    players act in turn with legal actions until the game ends."""

    def __init__(self, ws_base: str, table_id: str, tokens: list[str], watch: list[str],
                 follow_routes: bool = False) -> None:
        self.actions: dict[int, int] = {}
        """seq → action id, of the actions the players saw confirmed."""
        self.players = [TableClient(ws_base, table_id, [t], on_event=self.saw, follow_routes=follow_routes)
                        for t in tokens]
        self.watchers = [TableClient(base, table_id) for base in watch]
        self.pace = PACE
        """The least time between two actions of a player (slower while processes restart)."""

    def saw(self, client: TableClient, msg: dict[str, Any], now: float) -> None:
        event = msg["event"]
        if event["kind"] == "action" and "action" in event:
            self.actions[msg["seq"]] = event["action"]["id"]

    @property
    def everyone(self) -> list[TableClient]:
        return self.players + self.watchers

    async def open(self) -> None:
        for client in self.everyone:
            await client.connect()
        deadline = time.monotonic() + 20
        while not all(c.snapshots for c in self.everyone):
            assert time.monotonic() < deadline, "no snapshot within 20 s"
            await asyncio.gather(*(c.receive(0.2) for c in self.everyone if not c.snapshots))

    async def play(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        await asyncio.gather(*(self.seat(c, deadline) for c in self.players),
                             *(self.watch(c, deadline) for c in self.watchers))

    async def seat(self, client: TableClient, deadline: float) -> None:
        acted_at: tuple[str | None, int | None] | None = None
        last = 0.0
        errors = 0
        while not client.finished:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the game did not end: {client.result()}, status {client.status}")
            seat = client.to_decide()
            if seat is not None and acted_at != (client.epoch, client.seq) \
                    and time.monotonic() - last >= self.pace:
                legal = client.legal[seat]
                played = sum(1 for a in client.applied if a.kind == "action")
                choice = legal[random.Random(played).randrange(len(legal))]
                await client.send({"type": "act", "seq_seen": client.seq, "action": choice["id"],
                                   "seat": seat})
                acted_at, last = (client.epoch, client.seq), time.monotonic()
            await client.receive(PACE)
            if len(client.errors) > errors:
                errors = len(client.errors)
                acted_at = None  # refused: decide again

    async def watch(self, client: TableClient, deadline: float) -> None:
        while not client.finished:
            if time.monotonic() > deadline:
                raise TimeoutError(f"a spectator did not see the end: {client.result()}")
            await client.receive(0.5)

    async def close(self) -> None:
        for client in self.everyone:
            await client.close()


def check_stream(client: TableClient, final_seq: int) -> None:
    """One epoch, one snapshot, then every event up to the last, each once."""
    assert client.result() == {"duplicated": 0, "lost": 0, "gaps": 0, "snapshots": 1, "reconnects": 0,
                               "errors": 0, "routed": client.routed}, \
        (client.result(), client.errors, client.close_codes)
    (_, first), = client.snapshots
    assert [a.seq for a in client.applied] == list(range(first + 1, final_seq + 1))


@pytest.mark.cluster
def test_two_players_play_a_game_through_nginx(cluster: Cluster, http: httpx.Client) -> None:
    live = http.get("/api/health/live")
    assert live.status_code == 200 and live.json()["ok"] is True, live.text
    ready = http.get("/api/health/ready")
    assert ready.status_code == 200 and ready.json()["ok"] is True, ready.text
    for server in cluster.servers:
        assert httpx.get(f"{server.base}/api/health/ready", timeout=10).status_code == 200
    assert http.get("/metrics").status_code == 403

    table_id, tokens = new_table(http, seed=5)
    game = Game(cluster.ws_base, table_id, tokens, [s.ws_base for s in cluster.servers])

    async def scenario() -> None:
        await game.open()
        try:
            await game.play(timeout=120)
        finally:
            await game.close()

    run_coroutine(scenario())
    table = http.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished" and table["result"] is not None
    for client in game.everyone:
        check_stream(client, table["seq"])
    first_seq = max(c.snapshots[0][1] for c in game.everyone)
    kinds = [[(a.seq, a.kind) for a in c.applied if a.seq > first_seq] for c in game.everyone]
    assert len(kinds[0]) > 20
    assert all(k == kinds[0] for k in kinds), f"the clients saw different events: {kinds}"
    replay = http.get(f"/api/tables/{table_id}/replay")
    assert replay.status_code == 200, replay.text
    assert [game.actions[s] for s in sorted(game.actions)] == replay.json()["record"]["actions"]


@pytest.mark.cluster
def test_a_relayed_player_moves_to_the_process_driving_the_table(cluster: Cluster,
                                                                  http: httpx.Client) -> None:
    """A socket nginx sends to a process that does not drive its table is told the route of the
    one that does (``welcome.route``); the client opens a socket with ``?via=`` that nginx sends
    there, is served directly, and closes the relayed one before its seat ever looks empty."""
    table_id, tokens = new_table(http, seed=5)
    owner = lease_holder(cluster, table_id)
    other = next(s for s in cluster.servers if s is not owner)
    game = Game(cluster.ws_base, table_id, tokens, [], follow_routes=True)
    ann, ben = game.players
    ann.via = str(other.port)   # through nginx to the process that does not drive the table
    ben.via = str(owner.port)

    seen: list[tuple[int | None, str | None]] = []

    def ben_saw(client: TableClient, msg: dict[str, Any], now: float) -> None:
        game.saw(client, msg, now)
        if msg["event"]["kind"] == "table":
            seen.append((msg["event"].get("seat"), msg["event"].get("reason")))

    ben.on_event = ben_saw

    async def scenario() -> None:
        for client in (ben, ann):   # Ben is in when Ann arrives and moves: he sees her seat's changes
            await client.connect()
            while not client.snapshots:
                await client.receive(1.0)
        assert (ann.routed, ann.via) == (1, str(owner.port)), (ann.routed, ann.via)
        assert (ben.routed, ben.via) == (0, str(owner.port)), (ben.routed, ben.via)
        try:
            await game.play(timeout=120)
        finally:
            await game.close()

    run_coroutine(scenario())
    table = http.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished"
    for client in game.players:
        check_stream(client, table["seq"])
    assert (0, "disconnect") not in seen, f"Ann's seat looked empty while she moved: {seen}"
    replay = http.get(f"/api/tables/{table_id}/replay").json()
    assert [game.actions[s] for s in sorted(game.actions)] == replay["record"]["actions"]


def lease_holder(cluster: Cluster, table_id: str) -> ServerProcess:
    """The process that drives ``table_id`` now, by its lease in Redis."""
    import redis

    from furuba.server.cluster.leases import lease_key

    with redis.Redis.from_url(cluster.redis.url) as r:
        owner = r.get(lease_key(table_id))
    assert owner is not None, "nobody holds the table's lease"
    node = owner.decode()  # the process's name, and which incarnation of it
    found = [s for s in cluster.servers if node == s.name or node.startswith(f"{s.name}.")]
    assert found, f"the lease names {owner!r}, not one of the processes"
    return found[0]


def check_resumed(game: Game, table: dict[str, Any]) -> None:
    """Every client saw the end; nothing was applied twice and no gap stayed open."""
    assert table["status"] == "finished" and table["result"] is not None
    for client in game.everyone:
        counted = client.result()
        assert counted["duplicated"] == 0 and counted["lost"] == 0, (counted, client.close_codes)
        assert client.finished
        # Across a restart a client may act on a position that has moved on (its act crossed the
        # close, or the events it missed are still on their way): the table refuses it as stale,
        # changes nothing, and the client decides again. Only a reconnected client may see that.
        allowed = TRANSIENT | {"stale"} if client.reconnects else TRANSIENT
        unexpected = [e for e in client.errors if e.get("code") not in allowed]
        assert not unexpected, (unexpected, client.close_codes)


async def wait_actions(game: Game, count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(game.actions) < count:
        assert time.monotonic() < deadline, f"only {len(game.actions)} actions within {timeout} s"
        await asyncio.sleep(0.05)


def restart_each(cluster: Cluster) -> None:
    """A rolling restart: each process in turn stopped with SIGTERM (it hands its tables over)
    and started again."""
    for server in cluster.servers:
        code = server.terminate()
        assert code in (0, -signal.SIGTERM), f"exit {code}: {server.logs()[-5000:]}"
        server.start()
        time.sleep(1.0)


def play_while(game: Game, during: Callable[[], None]) -> None:
    """Play ``game`` to its end, running ``during()`` (on a thread) once 8 actions are in; the
    players go on acting meanwhile, at :data:`SLOW_PACE`, so that the game is still on when
    ``during()`` ends however long restarting processes takes on a busy machine."""

    async def scenario() -> None:
        await game.open()
        playing = asyncio.ensure_future(game.play(timeout=180))
        try:
            await wait_actions(game, 8)
            game.pace = SLOW_PACE
            await asyncio.to_thread(during)
            game.pace = PACE
            await playing
        finally:
            playing.cancel()
            await game.close()

    run_coroutine(scenario())


@pytest.mark.cluster
def test_a_rolling_restart_does_not_stop_a_game(cluster: Cluster, http: httpx.Client) -> None:
    """Every process in turn is stopped with SIGTERM and started again while a game is played:
    each player's socket is closed with 1012 at least once, reconnects through nginx with its
    last seq and epoch, and the game goes on to its end."""
    table_id, tokens = new_table(http, seed=0)
    game = Game(cluster.ws_base, table_id, tokens, [], follow_routes=True)
    restarted_mid_game: list[bool] = []

    def restart_all() -> None:
        restart_each(cluster)
        restarted_mid_game.append(not any(c.finished for c in game.players))

    play_while(game, restart_all)
    assert restarted_mid_game == [True], "the game ended before the restarts: make it longer"
    check_resumed(game, http.get(f"/api/tables/{table_id}").json())
    for client in game.players:
        assert 1012 in client.close_codes, client.close_codes
        assert client.reconnects >= 1


@pytest.mark.cluster
def test_a_rolling_restart_across_a_migration_does_not_stop_a_game(
        cluster: Cluster, http: httpx.Client, tmp_path: Path) -> None:
    """A release with a schema change is rolled out while a game is played (docs/DEPLOY.md,
    "Upgrades that change the schema"): its expand migration is applied while both processes
    serve (as its first process does when it starts), every process is restarted in turn — each
    starting on a database a newer release migrated, which it serves as it is — then its
    contract migration is applied (``furuba db upgrade``). The game goes on to its end."""
    location = next_release(tmp_path / "migrations")
    engine = create_engine(cluster.servers[0].database_url)
    table_id, tokens = new_table(http, seed=0)
    game = Game(cluster.ws_base, table_id, tokens, [], follow_routes=True)
    steps: list[str] = []

    def roll_out() -> None:
        steps.extend(s.revision for s in schema.upgrade(engine, location=location))
        restart_each(cluster)
        steps.append(f"mid-game: {not any(c.finished for c in game.players)}")
        steps.extend(s.revision for s in schema.upgrade(engine, contract=True, location=location))

    try:
        play_while(game, roll_out)
    finally:
        engine.dispose()
    assert steps == ["0900", "mid-game: True", "0901"], steps
    check_resumed(game, http.get(f"/api/tables/{table_id}").json())
    for server in cluster.servers:
        assert "revision 0900, which a newer release made" in server.logs()


@pytest.mark.cluster
def test_a_killed_process_loses_no_table(cluster: Cluster, http: httpx.Client) -> None:
    """The process driving a game is killed (SIGKILL): another takes the table over within a few
    seconds and the players, reconnected through nginx, finish the game."""
    table_id, tokens = new_table(http, seed=0)
    game = Game(cluster.ws_base, table_id, tokens, [], follow_routes=True)
    killed_at: list[float] = []

    async def scenario() -> None:
        await game.open()
        playing = asyncio.ensure_future(game.play(timeout=180))
        try:
            await wait_actions(game, 8)
            holder = lease_holder(cluster, table_id)
            killed_at.append(time.monotonic())
            holder.kill()
            await playing
        finally:
            playing.cancel()
            await game.close()

    run_coroutine(scenario())
    check_resumed(game, http.get(f"/api/tables/{table_id}").json())
    after = [a.at for c in game.players for a in c.applied if a.at > killed_at[0] and a.kind == "action"]
    assert after, "no action after the kill"
    takeover = min(after) - killed_at[0]
    assert takeover < 5.0, f"the table waited {takeover:.1f} s for a new driver"

