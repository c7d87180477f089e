"""Several server processes on one PostgreSQL and one Redis, each socket placed on a chosen process:
tables played across processes, every Redis message watched for secrets, the owner killed.

Sockets connect to the processes directly (not through nginx) so that each test knows which
process holds which socket; ``test_deploy.py`` plays the same games through nginx.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time
from typing import Any

import httpx
import pytest
import redis
import websockets

from furuba.server.cluster.leases import Fenced
from furuba.server.errors import RoomError
from furuba.server.storage import Storage

from .harness import LiveServer, is_event, run_coroutine, wait_for
from .services import Cluster, ServerProcess
from .wsclient import TableClient

pytestmark = pytest.mark.cluster


class Watcher:
    """Every message published on Redis while it runs (channel, parsed messages)."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url, decode_responses=True)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        self.pubsub.psubscribe("furuba:*")
        self.seen: list[tuple[str, dict[str, Any]]] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.is_set():
            item = self.pubsub.get_message(timeout=0.1)
            if item and item["type"] == "pmessage":
                for line in item["data"].split("\n"):
                    if line.startswith("o"):    # a frame for a relayed socket: o<conn> <frame>
                        conn_id, text = line[1:].split(" ", 1)
                        self.seen.append((item["channel"], {"k": "out", "c": int(conn_id), "t": text}))
                    else:
                        self.seen.append((item["channel"], json.loads(line)))

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)
        self.pubsub.close()


def owner_of(cluster: Cluster, table_id: str) -> ServerProcess:
    """The server process holding the table's lease."""
    node = redis.Redis.from_url(cluster.redis.url, decode_responses=True).get(f"furuba:lease:{table_id}")
    assert isinstance(node, str)
    return next(s for s in cluster.servers if node.startswith(f"{s.name}."))


def create(server: ServerProcess, seats: list[str], **options: Any) -> str:
    with httpx.Client(base_url=server.base, timeout=10) as http:
        made = http.post("/api/tables", json={"game": "daihinmin", "seats": seats,
                                              "options": options, "seed": 7})
        assert made.status_code == 201, made.text
        table_id: str = made.json()["id"]
        return table_id


def join(server: ServerProcess, table_id: str, seat: int, name: str) -> str:
    with httpx.Client(base_url=server.base, timeout=10) as http:
        joined = http.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
        assert joined.status_code == 200, joined.text
        token: str = joined.json()["token"]
        return token


async def play(players: list[TableClient], watchers: list[TableClient], timeout: float,
               until: float | None = None) -> None:
    """Every player acts (first legal action) when it must, until the game ends (or the loop
    time ``until``, when given)."""
    deadline = time.monotonic() + timeout

    refusals: list[str] = []

    async def run(client: TableClient, acts: bool) -> None:
        acted_at: int | None = None
        while not client.finished and time.monotonic() < deadline:
            if until is not None and time.monotonic() > until:
                return
            seat = client.to_decide() if acts else None
            if client.errors:            # a refusal: try again once, a moment later
                refusals.extend(str(e.get("code")) for e in client.errors)
                client.errors.clear()
                acted_at = None
                await asyncio.sleep(0.2)
            elif seat is not None and client.seq != acted_at:
                acted_at = client.seq      # once per position
                legal = client.legal[seat]
                await client.send({"type": "act", "seat": seat, "action": legal[0]["id"],
                                   "seq_seen": client.seq})
            await client.receive(0.3)

    await asyncio.gather(*(run(c, True) for c in players), *(run(c, False) for c in watchers))
    for c in [*players, *watchers]:
        assert 1008 not in c.close_codes, f"closed for flooding; refusals: {refusals}"


def check_same_events(a: TableClient, b: TableClient) -> None:
    """Where both clients were listening they saw the same events under the same numbers, and
    both saw the game's last action."""
    mine, theirs = {x.seq: x for x in a.applied}, {x.seq: x for x in b.applied}
    common = mine.keys() & theirs.keys()
    assert len(common) > 10
    assert all((mine[q].epoch, mine[q].kind) == (theirs[q].epoch, theirs[q].kind) for q in common)
    last = max(q for q, x in mine.items() if x.kind == "action")
    assert last == max(q for q, x in theirs.items() if x.kind == "action")


def check_gapless(client: TableClient) -> None:
    result = client.result()
    assert result["lost"] == 0 and result["duplicated"] == 0, result
    seqs = [a.seq for a in client.applied]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "events not consecutive"


def test_a_game_across_processes_keeps_every_secret_on_its_own_process(cluster: Cluster) -> None:
    """Ann's socket is on the table's own process, Bob's and a spectator's on the other: both
    players see every event in order, the stored record is what they saw, and no Redis message
    carries a view of a seat that the receiving process holds no socket for."""
    s1, s2 = cluster.servers
    table_id = create(s1, ["human", "human", "greedy", "greedy"], max_rounds=1)
    assert owner_of(cluster, table_id) is s1
    watcher = Watcher(cluster.redis.url)
    spectator = TableClient(s2.ws_base, table_id, [])
    clients: list[TableClient] = []

    async def scenario() -> None:
        await spectator.connect()                # there from the start: sees every action
        ann = join(s2, table_id, 0, "Ann")       # joined through the other process
        bob = join(s1, table_id, 1, "Bob")
        clients.extend([TableClient(s1.ws_base, table_id, [ann]),
                        TableClient(s2.ws_base, table_id, [bob])])
        for c in clients:
            await c.connect()
        await play(clients, [spectator], timeout=90)
        await clients[1].send({"type": "chat", "text": "good game"})
        while not any(a.kind == "chat" for a in clients[0].applied):
            assert await clients[0].receive(5) is not None, "the chat line never came"
        for c in [*clients, spectator]:
            await c.close()

    try:
        run_coroutine(scenario())
    finally:
        watcher.stop()
    assert all(c.finished for c in clients)
    for c in [*clients, spectator]:
        check_gapless(c)
        assert len(c.snapshots) == 1
    # Both players and the spectator saw the same events, numbered alike.
    check_same_events(clients[0], clients[1])
    check_same_events(clients[0], spectator)
    with httpx.Client(base_url=s2.base, timeout=10) as http:
        replay = http.get(f"/api/tables/{table_id}/replay").json()
    actions = [a for a in spectator.applied if a.kind == "action"]
    assert len(replay["record"]["actions"]) == len(actions) > 10
    # Secrecy: what reached s2 over Redis is only for the sockets s2 holds (Bob: seat 1; the
    # spectator: the public view); seat tokens cross only as hashes.
    to_s2 = [msg for channel, msg in watcher.seen if channel.startswith(f"furuba:p:{s2.name}.")]
    frames = [json.loads(msg["t"]) for msg in to_s2 if msg["k"] == "out"]
    assert len(frames) > 20
    seats_seen = {view["seat"] for frame in frames for view in frame.get("views") or []}
    assert seats_seen == {1, None}
    raw = json.dumps([msg for _channel, msg in watcher.seen])
    assert all(token not in raw for c in clients for token in c.tokens)
    # Ann's hand reached s2 in no form: s2 holds no socket of hers.
    assert all(0 not in [v["seat"] for v in frame.get("views") or []] for frame in frames)


def test_killing_the_owner_mid_game_loses_nothing(cluster: Cluster) -> None:
    """kill -9 of the process driving a table, with a player on it and one on the other process:
    the other process takes the table over within 2 s, both players reconnect (to the survivor)
    and finish the game with no event lost, duplicated or re-sent as a snapshot."""
    s1, s2 = cluster.servers
    table_id = create(s1, ["human", "human", "greedy", "greedy"], max_rounds=2)
    spectator = TableClient(s2.ws_base, table_id, [])
    clients: list[TableClient] = []
    took: list[float] = []

    async def scenario() -> None:
        await spectator.connect()                # there from the start: sees every action
        ann, bob = join(s1, table_id, 0, "Ann"), join(s2, table_id, 1, "Bob")
        clients.extend([TableClient(s1.ws_base, table_id, [ann]),
                        TableClient(s2.ws_base, table_id, [bob])])
        for c in clients:
            await c.connect()
        await play(clients, [spectator], timeout=60, until=time.monotonic() + 2.0)
        assert not any(c.finished for c in clients), "the game ended before the kill"
        for c in [*clients, spectator]:
            c.ws_base = s2.ws_base      # where a proxy would send them once s1 is gone
        killed = time.monotonic()
        s1.kill()
        while True:
            holder = redis.Redis.from_url(cluster.redis.url, decode_responses=True).get(
                f"furuba:lease:{table_id}")
            if isinstance(holder, str) and holder.startswith(f"{s2.name}."):
                took.append(time.monotonic() - killed)
                break
            assert time.monotonic() - killed < 5, "nobody took the table over"
            await asyncio.sleep(0.05)
        await play(clients, [spectator], timeout=90)
        for c in [*clients, spectator]:
            await c.close()

    run_coroutine(scenario())
    assert took and took[0] <= 2.0, took
    assert all(c.finished for c in clients)
    for c in clients:
        check_across_takeover(c)
        assert c.reconnects >= 1
    in_snapshot = check_across_takeover(spectator)
    assert spectator.reconnects >= 1
    check_same_events(clients[0], clients[1])
    check_same_events(clients[0], spectator)
    with httpx.Client(base_url=s2.base, timeout=10) as http:
        replay = http.get(f"/api/tables/{table_id}/replay").json()
    actions = sum(a.kind == "action" for a in spectator.applied)
    # The events the spectator had only within the second snapshot hold the actions it did not
    # see one by one, and may hold other events too (a seat's disconnection, a round's end).
    assert actions <= len(replay["record"]["actions"]) <= actions + in_snapshot, \
        (len(replay["record"]["actions"]), actions, in_snapshot)
    if in_snapshot == 0:
        assert len(replay["record"]["actions"]) == actions


def test_a_socket_relayed_by_a_process_that_stalled_is_closed_not_left_silent(
        cluster: Cluster) -> None:
    """A process stopped for longer than a lease (the machine paused it) is taken for gone by the
    owner of a table it relays a spectator to, and the owner lets go of that socket. When the
    process runs again the socket is closed, so that its client reconnects and catches up: it is
    never left open and silent while the game goes on without it."""
    s1, s2 = cluster.servers
    table_id = create(s1, ["human", "greedy", "greedy", "greedy"], max_rounds=1)
    assert owner_of(cluster, table_id) is s1
    spectator = TableClient(s2.ws_base, table_id, [])
    clients: list[TableClient] = []

    async def scenario() -> None:
        await spectator.connect()
        while not spectator.snapshots:           # the owner serves it through s2
            assert await spectator.receive(10) is not None, "no snapshot for the spectator"
        clients.append(TableClient(s1.ws_base, table_id, [join(s1, table_id, 0, "Ann")]))
        await clients[0].connect()
        os.kill(s2.pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(3 * 1.5)         # three leases: s1 takes s2 for gone
        finally:
            os.kill(s2.pid, signal.SIGCONT)
        await play(clients, [spectator], timeout=40)
        for c in [*clients, spectator]:
            await c.close()

    run_coroutine(scenario())
    assert clients[0].finished
    assert spectator.finished, "the spectator's socket stayed open and silent"
    assert spectator.reconnects >= 1 and 1012 in spectator.close_codes, spectator.close_codes
    result = spectator.result()
    assert result["lost"] == 0 and result["duplicated"] == 0, result
    check_same_events(clients[0], spectator)


def check_across_takeover(client: TableClient) -> int:
    """Nothing lost or duplicated through a takeover; how many events the client had only
    within a resync snapshot.

    Usually the new owner continues the same epoch and numbering: one snapshot (the first), and
    consecutive events. If the killed owner had stored actions but not yet sent them (a batch
    of sends still queued: on a loaded machine, a bot's next action can be stored before the
    batch of its last one leaves), the database is ahead of what Redis kept: the new owner
    starts a new epoch, and the client gets one more snapshot, holding those actions, right
    after the last event it saw (never behind it: that would be a duplicate)."""
    result = client.result()
    assert result["lost"] == 0 and result["duplicated"] == 0, result
    epochs = list(dict.fromkeys(a.epoch for a in client.applied))
    assert len(epochs) <= 2, epochs
    for epoch in epochs:
        seqs = [a.seq for a in client.applied if a.epoch == epoch]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "events not consecutive"
    if len(epochs) == 1:
        assert len(client.snapshots) == 1, client.snapshots   # reconnected with resync "none"
        return 0
    assert len(client.snapshots) == 2 and client.snapshots[1][0] == epochs[1], client.snapshots
    last_seen = max(a.seq for a in client.applied if a.epoch == epochs[0])
    in_snapshot = client.snapshots[1][1] - last_seen
    assert 0 <= in_snapshot <= 3, (last_seen, client.snapshots)
    return in_snapshot


def test_requests_and_hints_reach_the_process_that_drives_the_table(cluster: Cluster) -> None:
    """Asked of the other process: a table's description, its catalog, a hint, a rematch."""
    s1, s2 = cluster.servers
    table_id = create(s1, ["human", "greedy", "greedy", "greedy"], max_rounds=1)
    token = join(s2, table_id, 0, "Ann")
    with httpx.Client(base_url=s2.base, timeout=10) as http:
        described = http.get(f"/api/tables/{table_id}").json()
        assert described["seats"][0]["name"] == "Ann" and described["status"] == "playing"
        assert http.get(f"/api/tables/{table_id}/catalog").status_code == 200
        assert http.get("/api/tables/nosuchtable/catalog").status_code == 404
        taken = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"})
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    client = TableClient(s2.ws_base, table_id, [token])
    hints: list[dict[str, Any]] = []
    legal_then: list[int] = []
    rematch: list[str] = []

    async def scenario() -> None:
        await client.connect()
        while client.to_decide() is None:
            await client.receive(1)
        legal_then.extend(a["id"] for a in client.legal[0])
        await client.send({"type": "hint"})
        while not hints:
            msg = await client.receive(10)
            assert msg is not None, "no hint came"
            if msg["type"] == "hint":
                hints.append(msg)
        await play([client], [], timeout=60)
        await client.send({"type": "rematch"})
        while not rematch:
            msg = await client.receive(10)
            assert msg is not None, "no rematch came"
            if msg["type"] == "event" and msg["event"]["kind"] == "rematch":
                rematch.append(msg["event"]["table_id"])
        await client.close()

    run_coroutine(scenario())
    assert hints[0]["seat"] == 0 and hints[0]["action"]["id"] in legal_then
    assert owner_of(cluster, rematch[0]) is s1           # made where the table is driven
    with httpx.Client(base_url=s2.base, timeout=10) as http:
        again = http.get(f"/api/tables/{rematch[0]}").json()
        assert again["rematch_of"] == table_id and again["seats"][0]["claimed"]


def test_the_limits_per_address_count_every_process(cluster: Cluster) -> None:
    """A client spreading its new tables over both processes meets the same limit as on one: the
    burst of new tables per address (10) is counted in Redis, not per process."""
    s1, s2 = cluster.servers
    answers = []
    for n in range(11):
        server = (s1, s2)[n % 2]
        with httpx.Client(base_url=server.base, timeout=10) as http:
            made = http.post("/api/tables", json={"game": "daihinmin",
                                                  "seats": ["human", "greedy", "greedy", "greedy"]})
        answers.append(made)
    assert [a.status_code for a in answers[:10]] == [201] * 10
    assert answers[10].status_code == 429
    assert "too many new tables" in answers[10].json()["detail"]
    assert int(answers[10].headers["Retry-After"]) >= 1


def test_a_write_after_the_lease_may_have_lapsed_is_refused_and_changes_nothing() -> None:
    """The fence: once a process cannot be sure it still holds a table's lease, a write is
    refused with ``busy`` (try again) and never reaches the database."""
    calls: list[str] = []

    class Db:
        metrics = None

        async def run(self, fn: Any, *args: Any) -> Any:
            calls.append(fn.__name__)
            return fn(*args)

    held = [True]
    fenced = Fenced(Db(), lambda: held[0])  # type: ignore[arg-type]

    def write() -> str:
        return "stored"

    assert run_coroutine(fenced.run(write)) == "stored"
    held[0] = False
    with pytest.raises(RoomError) as refused:
        run_coroutine(fenced.run(write))
    assert refused.value.code == "busy" and "try again" in refused.value.message
    assert calls == ["write"]


def test_accounts_the_lobby_and_turn_notices_reach_every_process(cluster: Cluster) -> None:
    """An account made on one process is signed in on the other; a public table driven by one
    process shows in the other's lobby stream; a seat taken signed in through the other
    process is held by a socket there with no token; its turn notice comes from the other."""
    s1, s2 = cluster.servers
    with httpx.Client(base_url=s1.base, timeout=10) as one, \
            httpx.Client(base_url=s2.base, timeout=10) as two:
        made = one.post("/api/accounts", json={"name": "Ayame", "password": "correct horse battery"})
        assert made.status_code == 201, made.text
        two.cookies = one.cookies                       # the same browser, the other process
        assert two.get("/api/me").json()["name"] == "Ayame"
        csrf = {"X-CSRF-Token": one.cookies["furuba_csrf"]}
        with two.stream("GET", "/api/lobby/events") as lobby:
            lines = lobby.iter_lines()
            table = one.post("/api/tables", headers=csrf, json={
                "game": "daihinmin", "seats": ["greedy", "human", "greedy", "greedy"],
                "public": True, "seed": 7}).json()["id"]
            assert owner_of(cluster, table) is s1
            seen: list[str] = []
            for line in lines:
                if line.startswith("data: "):
                    seen = [t["id"] for t in json.loads(line[6:])["tables"]]
                    if table in seen:
                        break
            assert table in seen
        joined = two.post(f"/api/tables/{table}/join", headers=csrf, json={"seat": 1})
        assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Ayame"
        cookie = "; ".join(f"{k}={v}" for k, v in two.cookies.items())

        async def holds() -> list[int]:
            async with websockets.connect(f"{s2.ws_base}/ws/tables/{table}",
                                          additional_headers={"Cookie": cookie}) as ws:
                await ws.send(json.dumps({"type": "hello", "tokens": []}))
                while True:
                    msg = json.loads(await ws.recv())
                    if msg["type"] == "welcome":
                        seats: list[int] = msg["seats"]
                        return seats

        assert run_coroutine(holds()) == [1]             # relayed to s1, held by the session
        deadline = time.monotonic() + 20
        with two.stream("GET", "/api/me/events") as turns:
            for line in turns.iter_lines():
                assert time.monotonic() < deadline, "no turn notice came"
                if line.startswith("data: ") and table in json.loads(line[6:])["tables"]:
                    break


def test_an_action_the_fence_refuses_is_busy_and_changes_nothing(db_url: str) -> None:
    """A player's action at a table whose lease this process cannot confirm gets the transient
    ``busy`` (their client acts again), not "the server could not save the action"; nothing is
    stored or applied, and once the lease is sure again the same action is taken."""
    with LiveServer(db_url) as live:
        table_id = str(live.create(game="zodiac", seats=["human", "greedy"], seed=5)["id"])
        token = live.join(table_id, 0)
        held = [False]
        with live.client(table_id, [token]) as c:
            c.until(lambda msg: c.status == "playing" and c.current == 0)
            room = live.hub.rooms[table_id]
            live.call_soon(lambda: setattr(room, "db", Fenced(room.db, lambda: held[0])))
            wait_for(lambda: isinstance(room.db, Fenced))
            action = c.legal[0][0]["id"]
            c.send({"type": "act", "seq_seen": c.seq, "action": action})
            refused = c.until_type("error")
            assert refused["code"] == "busy" and "try again" in refused["message"], refused
            assert room.record.actions == [] and live.table(table_id)["current_player"] == 0
            assert live.hub.db.call(Storage.load_table, table_id).actions == []
            held[0] = True
            c.send({"type": "act", "seq_seen": c.seq, "action": action})
            c.until(is_event("action"))
            assert room.record.actions[0] == action
