"""A client of an offline table as the table page is one (``web/js/table.js``, ``socket.js``):
it applies snapshots and events, rebuilds each seat's log from its deltas, and checks every frame
against the server's pydantic models — the same shape, field for field, as the server would send.
"""

from __future__ import annotations

import json
import random
from typing import Any

from furuba.offline.table import LocalTable
from furuba.server import bodies as b
from furuba.server import messages as m

MODELS: dict[str, type[Any]] = {"welcome": m.Welcome, "snapshot": m.Snapshot, "event": m.Event,
                                 "error": m.ErrorMsg, "hint": m.HintMsg, "pong": m.Pong}


def check_frame(frame: dict[str, Any]) -> None:
    """``frame`` is plain JSON and exactly what the server's model of its type serialises."""
    plain = json.loads(json.dumps(frame, allow_nan=False))
    assert plain == frame, "a frame holds something JSON changes (a tuple, an int key)"
    model = MODELS[frame["type"]].model_validate(frame)
    dumped = m.dump_event(model) if isinstance(model, m.Event) else m.dump(model)
    assert json.loads(dumped) == plain


def check_table(out: dict[str, Any]) -> None:
    assert json.loads(m.TableOut.model_validate(out).model_dump_json()) == json.loads(
        json.dumps(out))


def check_replay(table: LocalTable) -> None:
    summary = table.replay()
    assert json.loads(b.ReplaySummary.model_validate(summary).model_dump_json()) == \
        json.loads(json.dumps(summary))
    total = len(summary["steps"])
    for n in {0, 1, total // 2, total}:
        step = table.replay_step(n)
        b.ReplayStep.model_validate(step)
        assert step["total"] == total


class Client:
    """What the table page holds: the table, each seat's view, log and legal actions."""

    def __init__(self, table: LocalTable) -> None:
        self.table = table
        self.seq: int | None = None
        self.seats: list[int] = []
        self.status = ""
        self.current: int | None = None
        self.views: dict[int | None, dict[str, Any]] = {}
        self.frames: list[dict[str, Any]] = []

    def hello(self) -> list[dict[str, Any]]:
        return self.take(self.table.hello())

    def send(self, message: Any) -> list[dict[str, Any]]:
        return self.take(self.table.receive(message))

    def bot(self) -> list[dict[str, Any]]:
        return self.take(self.table.bot_turn())

    def take(self, frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for frame in frames:
            check_frame(frame)
            self.apply(frame)
        self.frames.extend(frames)
        return frames

    def apply(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "welcome":
            self.seats = frame["seats"]
        elif kind == "snapshot":
            self.seq = frame["seq"]
            self.status = frame["table"]["status"]
            self.current = frame["table"]["current_player"]
            self.views = {v["seat"]: self.entry(v, None) for v in frame["views"]}
        elif kind == "event":
            assert self.seq is not None and frame["seq"] == self.seq + 1, "events come in order"
            self.seq = frame["seq"]
            if "views" in frame:
                self.status = frame["status"]
                self.current = frame.get("current_player")
                for v in frame["views"]:
                    self.views[v["seat"]] = self.entry(v, self.views.get(v["seat"]))
            actor = frame["event"].get("player")
            if "action" in frame["event"]:
                assert actor in self.seats, "an action's name goes to its seat's holder only"

    @staticmethod
    def entry(v: dict[str, Any], prev: dict[str, Any] | None) -> dict[str, Any]:
        start = v["log"]["from"]
        log = v["log"]["entries"] if start == 0 or prev is None else \
            prev["log"][:start] + v["log"]["entries"]
        assert start == 0 or prev is not None
        return {"view": v["view"], "log": log, "legal": v["legal"], "undo": v["undo"]}

    def check_views(self) -> None:
        """Each seat holds exactly what its own view of the game says: no more."""
        state = self.table.state
        for seat, held in self.views.items():
            whole = state.view(seat)
            assert {**held["view"], "log": held["log"]} == json.loads(json.dumps(whole))
            legal = [a["id"] for a in held["legal"]]
            must = seat is not None and self.status == "playing" and state.current_player == seat
            assert legal == (state.legal_actions() if must else [])

    def act(self, rng: random.Random) -> list[dict[str, Any]]:
        """A random legal action of the seat that must decide."""
        seat = self.current
        assert seat is not None and seat in self.seats
        choice = rng.choice(self.views[seat]["legal"])
        frames = self.send({"type": "act", "action": choice["id"], "seq_seen": self.seq,
                            "seat": seat})
        assert [f["type"] for f in frames] == ["event"], frames
        assert frames[0]["event"]["action"]["id"] == choice["id"]
        return frames

    def step(self, rng: random.Random) -> list[dict[str, Any]]:
        """One action: a bot's when one is due, else a person's."""
        return self.bot() if self.table.bot_due() else self.act(rng)


def play_out(table: LocalTable, seed: int, check_every: int = 1,
             limit: int = 5000) -> Client:
    """Play ``table`` to the end, people choosing at random (seeded), checking every frame and,
    every ``check_every`` actions, that each seat holds only its own view."""
    client = Client(table)
    client.hello()
    rng = random.Random(seed)
    for n in range(limit):
        if client.status != "playing":
            break
        client.step(rng)
        if n % check_every == 0:
            client.check_views()
    client.check_views()
    return client
