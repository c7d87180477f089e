"""Secrecy over whole games: no frame sent to a seat names another seat's hidden cards.

Tables of both games are played to the end over real WebSockets by scripted players (random legal
actions, now and then a refused message, a hint, a chat line, a True Friends answer) while a
spectator watches. Afterwards the true state at every event is rebuilt from the database's action
log, and every frame each connection received is checked against it:

* each view, with its log rebuilt from the deltas, equals the game's own ``view(seat)`` of the true
  state (so the server adds nothing to what the game lets that seat know), and its legal actions
  are the true ones;
* the same view comes out of a re-dealt world (``determinize``): the frame would have been the same
  whatever the other hands held;
* Dai Hin Min: no card held by another seat and unknown to this one is named anywhere in the frame;
  Friends of the Zodiac: no other hand is shown, and nothing outside the views names a memory
  except this seat's own action, hint and error.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from websockets.asyncio.client import connect

from furuba.core.protocol import State
from furuba.server.models import ActionRow, AnswerRow
from furuba.server.tables import new_state
from furuba.zodiac.state import GameState as ZodiacState

from .harness import LiveServer, run_coroutine

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♥♦♣]|joker[12]")


@dataclass
class Seen:
    """Every frame one connection received, with the seats it held."""

    seat: int | None
    frames: list[str] = field(default_factory=list)


async def player(base: str, table_id: str, token: str | None, seat: int | None, seed: int,
                 seen: Seen, chatty: bool) -> None:
    """A scripted player (``seat`` None: a spectator) that plays until the game ends."""
    rng = random.Random(seed)
    async with connect(f"{base}/ws/tables/{table_id}", compression=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token] if token else []}))
        seq, status, current, legal = 0, "", None, []
        hinted = answered = 0
        while True:
            text = await asyncio.wait_for(ws.recv(), 60)
            assert isinstance(text, str)
            seen.frames.append(text)
            msg = json.loads(text)
            if msg["type"] == "snapshot":
                seq, status, current = msg["seq"], msg["table"]["status"], msg["table"]["current_player"]
                legal = msg["views"][0]["legal"]
            elif msg["type"] == "event":
                seq = msg["seq"]
                if "views" in msg:
                    status, current = msg["status"], msg.get("current_player")
                    legal = msg["views"][0]["legal"]
                    journal = msg["views"][0]["view"].get("journal") or []
                    if seat is not None and answered < 2 and any(
                            j["player"] == seat and not j["answer"] for j in journal):
                        answered += 1
                        await ws.send(json.dumps({"type": "answer", "text": f"seat {seat} remembers"}))
                elif "table" in msg:
                    status, current = msg["table"]["status"], msg["table"]["current_player"]
            if status == "finished":
                return
            if seat is None or current != seat or not legal:
                continue
            roll = rng.random()
            if chatty and roll < 0.03:
                await ws.send(json.dumps({"type": "act", "seq_seen": seq, "action": "play the moon"}))
            elif chatty and roll < 0.05:
                await ws.send(json.dumps({"type": "act", "seq_seen": 0, "action": legal[0]["id"]}))
            elif chatty and roll < 0.07:
                await ws.send(json.dumps({"type": "chat", "text": f"hmm <{seat}>"}))
            elif chatty and roll < 0.08 and hinted < 1:
                hinted += 1
                await ws.send(json.dumps({"type": "hint"}))
            choice = rng.choice(legal)
            await ws.send(json.dumps({"type": "act", "seq_seen": seq, "action": choice["name"]}))
            legal = []


@dataclass
class TableRun:
    game: str
    seats: list[str]
    options: dict[str, Any]
    spectator: bool = True


async def play_tables(live: LiveServer, runs: list[TableRun]) -> list[tuple[str, list[Seen]]]:
    out: list[tuple[str, list[Seen]]] = []
    tasks = []
    for i, run in enumerate(runs):
        made = live.create(game=run.game, seats=run.seats, options=run.options, seed=1000 + i,
                           hints=True)
        table_id = made["id"]
        humans = [s for s, spec in enumerate(run.seats) if spec == "human"]
        tokens = {s: live.join(table_id, s, f"P{s}") for s in humans}
        seen = [Seen(s) for s in humans] + ([Seen(None)] if run.spectator else [])
        for j, watch in enumerate(seen):
            token = tokens.get(watch.seat) if watch.seat is not None else None
            tasks.append(player(live.ws_base, table_id, token, watch.seat, i * 10 + j, watch,
                                chatty=True))
        out.append((table_id, seen))
    await asyncio.wait_for(asyncio.gather(*tasks), 150)
    return out


def true_states(live: LiveServer, table_id: str,
                undone: list[tuple[int, int | None]] | None = None) -> tuple[list[int], list[State]]:
    """The state after every state-changing event: (their seqs, the states), from the database.

    ``undone``: the actions taken back, which the database no longer holds, as their actors were
    told — ``(seq, action)`` of each, and ``(seq, None)`` of each undo — so that the positions in
    between are rebuilt too.
    """
    room = live.hub.rooms.get(table_id)
    if room is None:   # a finished table nobody watches is forgotten: read it back
        from furuba.server.storage import Storage

        data = live.hub.db.call(Storage.load_table, table_id)
        assert data is not None
        game, options, seed = data.game, data.options, data.seed
    else:
        game, options, seed = room.game, room.options, room.seed

    def rows(s: Any) -> tuple[list[ActionRow], list[AnswerRow]]:
        acts = list(s.scalars(select(ActionRow).where(ActionRow.table_id == table_id)
                              .order_by(ActionRow.idx)))
        answers = list(s.scalars(select(AnswerRow).where(AnswerRow.table_id == table_id)
                                 .order_by(AnswerRow.id)))
        for a in [*acts, *answers]:
            s.expunge(a)
        return acts, answers

    actions, answers = live.hub.db.call(rows)
    changes = sorted([(a.seq, "act", a.action, 0, "", "") for a in actions]
                     + [(w.seq, "answer", 0, w.seat, w.name, w.text) for w in answers]
                     + [(seq, "act" if a is not None else "undo", a or 0, 0, "", "")
                        for seq, a in undone or []])
    state = new_state(game, options, seed)
    seqs, states = [0], [state.clone()]
    before: list[State] = []
    for seq, kind, action, seat, name, text in changes:
        if kind == "act":
            before.append(state.clone())
            state.apply(action)
        elif kind == "undo":
            state = before.pop()
        else:
            state.write(seat, name, text)
        seqs.append(seq)
        states.append(state.clone())
    assert state.is_terminal()
    return seqs, states


def state_at(seqs: list[int], states: list[State], seq: int) -> State:
    k = 0
    while k + 1 < len(seqs) and seqs[k + 1] <= seq:
        k += 1
    return states[k]


def hidden_cards(state: State, seat: int | None) -> set[str]:
    """Dai Hin Min: the names of cards in other hands that ``seat`` does not know about."""
    full = state.to_json()
    hands = full["hands"]
    known = {k["player"]: set(k["cards"]) for k in state.view(seat)["known"]}
    out: set[str] = set()
    for q, hand in enumerate(hands):
        if q == seat:
            continue
        cards = hand if isinstance(hand, list) else []
        out |= {c for c in map(str, cards)} - known.get(q, set())
    return out


def strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for s in [str(k), *strings(v)]]
    if isinstance(obj, list):
        return [s for v in obj for s in strings(v)]
    return []


def check_table(live: LiveServer, table_id: str, seen: list[Seen],
                undone: list[tuple[int, int | None]] | None = None) -> int:
    seqs, states = true_states(live, table_id, undone)
    game = states[0].game_name
    kinds: set[str] = set()
    if isinstance(states[0], ZodiacState):
        kinds = set(states[0].rules.kind_names)
    checked = 0
    rng = random.Random(7)
    for watch in seen:
        logs: list[Any] = []
        for text in watch.frames:
            msg = json.loads(text)
            seq = msg.get("seq")
            if msg["type"] in ("snapshot", "event") and msg.get("views"):
                state = state_at(seqs, states, seq)
                (entry,) = msg["views"]
                assert entry["seat"] == watch.seat
                start = entry["log"]["from"]
                assert start <= len(logs)
                logs = logs[:start] + entry["log"]["entries"]
                view = {**entry["view"], "log": logs}
                assert view == state.view(watch.seat), f"table {table_id} seq {seq} seat {watch.seat}"
                playing = not state.is_terminal()
                if watch.seat is not None and playing and state.current_player == watch.seat \
                        and msg["type"] == "snapshot":
                    assert [a["id"] for a in entry["legal"]] == state.legal_actions()
                if watch.seat is not None and state.current_player != watch.seat:
                    assert entry["legal"] == []
                if playing and watch.seat is not None and checked % 3 == 0:
                    world = state.determinize(watch.seat, rng)
                    assert world.view(watch.seat) == view, "the frame depends on hidden cards"
                checked += 1
            state = state_at(seqs, states, seq if isinstance(seq, int) else seqs[-1])
            if state.is_terminal():
                continue
            if game == "daihinmin":
                # Cards are dealt again every round: earlier rounds' log entries name cards that
                # may be in any hand now, and are left out of the scan.
                current = dict(msg)
                if msg["type"] == "event" and "action" in msg["event"]:
                    # The action as data names the actor's cards as they were before it (the
                    # last play of a round names a card that the next deal may give anyone).
                    event = dict(msg["event"])
                    action = event.pop("action")
                    current["event"] = event
                    before = state_at(seqs, states, seq - 1)
                    named = set(CARD.findall(json.dumps(action, ensure_ascii=False)))
                    assert not named & hidden_cards(before, watch.seat), \
                        f"seat {watch.seat} was told of {named} in an action"
                if msg.get("views"):
                    rounds = [i for i, e in enumerate(logs) if e.get("event") == "round"]
                    first = rounds[-1] if rounds else 0
                    entry = dict(msg["views"][0])
                    start = entry["log"]["from"]
                    entry["log"] = {"from": start, "entries": [e for i, e in enumerate(
                        entry["log"]["entries"], start) if i >= first]}
                    current["views"] = [entry]
                secret = hidden_cards(state, watch.seat)
                named = set(CARD.findall(json.dumps(current, ensure_ascii=False)))
                assert not named & secret, f"seat {watch.seat} was told of {named & secret}"
            else:
                outside = dict(msg)
                outside.pop("views", None)
                if msg["type"] in ("hint", "error"):
                    continue
                event = dict(outside.get("event") or {})
                event.pop("action", None)   # only ever sent to the actor's own seat
                outside["event"] = event
                words = set(strings(outside))
                assert not words & kinds, f"seat {watch.seat} was told of {words & kinds} outside its view"
                for entry in msg.get("views") or []:
                    view = entry["view"]
                    if not view["team"]:
                        expected = [] if watch.seat is None else [str(watch.seat)]
                        assert list(view["hands"]) == expected
    return checked


RUNS = [
    TableRun("zodiac", ["human"] * 4, {"target": 4}),
    TableRun("zodiac", ["human", "human", "human"], {"variant": "true-friends", "target": 4}),
    TableRun("zodiac", ["human", "greedy", "human", "random", "greedy"], {}),
    TableRun("daihinmin", ["human"] * 4, {"max_rounds": 2}),
    TableRun("daihinmin", ["human"] * 5, {"max_rounds": 1}),
    TableRun("daihinmin", ["human", "greedy", "human", "greedy", "random", "human", "greedy"],
             {"max_rounds": 2}),
    TableRun("daihinmin", ["greedy"] * 4, {"max_rounds": 2}),
]


def test_no_frame_reveals_another_seats_hidden_cards(db_url: str) -> None:
    with LiveServer(db_url) as live:
        scan(live)


def scan(live: LiveServer) -> None:
    results = run_coroutine(play_tables(live, RUNS))
    total_frames = 0
    for table_id, seen in results:
        assert live.table(table_id)["status"] == "finished"
        assert check_table(live, table_id, seen) > 0
        total_frames += sum(len(w.frames) for w in seen)
    assert total_frames > 3000
