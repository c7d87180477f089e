"""``furuba uecda bridge``: programs written for the UECda contest hold seats at a table of
furuba's web app (D29), where people and furuba's bots play against them and spectators watch.

The bridge is a client of the web app's public API (docs/WEB-API.md), nothing more: it reads the
table (``GET /api/tables/{id}``) and refuses one that is not five players under the UECda preset,
then listens for UECda clients. Each client that connects (its profile table: protocol 20070 and
its name) is given the next of the seats named on the command line, in connection order: the
bridge claims that seat under the client's name (``POST /api/tables/{id}/join``), tells the
client its player number — the seat's number — and opens the seat's WebSocket. From then on it
translates, as the standard server would speak (:mod:`furuba.daihinmin.uecda.server`):

- every event of the seat's log becomes that client's messages
  (:class:`~furuba.daihinmin.uecda.bridge_frames.SeatFrames`): a dealt table for each round (a
  UECda game), for each play or pass the hand table before it, the stage after it and the end;
- the client's play becomes the action ``play_of_cells`` reads: sent when legal and answered 9,
  otherwise answered 8 and sent as a pass (a pass on a non-empty pile is answered 8, as the
  standard server does);
- the daifugo's and the fugo's gift table becomes ``give`` actions, one card at a time (a gift
  the standard server would not take is replaced by the strongest cards, as there).

A client that disconnects or stops answering leaves its seat to the table's own rules: its
socket closes, and after the table's grace period a bot plays the seat. The bridge says so on
standard error and goes on with the others.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from furuba.daihinmin.exchange import strongest_cards
from furuba.daihinmin.moves import GIFT_CARD, GIVE_JOKER, PASS
from furuba.daihinmin.ranks import JOKER_SHIFT, cards_of
from furuba.daihinmin.text import _
from furuba.daihinmin.uecda.bridge_frames import Frame, GiftWanted, Message, Number, SeatFrames
from furuba.daihinmin.uecda.cells import play_of_cells
from furuba.daihinmin.uecda.links import no_delay
from furuba.daihinmin.uecda.server import gift_taken
from furuba.daihinmin.uecda.table import (
    ACCEPTED,
    PLAYERS,
    PROTOCOL,
    REFUSED,
    TABLE_BYTES,
    cells_of_table,
    decode_table,
    encode_int,
    encode_table,
    name_of_profile,
)

UECDA = "uecda"
GAME = "daihinmin"
RECONNECTS = 5
"""How many times in a row a seat's WebSocket is opened again after the server closed it."""


class BridgeError(Exception):
    """The bridge cannot go on; the message is one sentence for the operator."""


class ClientGoneError(Exception):
    """A UECda client closed its connection or stopped answering; the message says which."""


Say = Callable[[str], object]


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# -- the web app's HTTP API ----------------------------------------------------------------------
def _detail(response: httpx.Response) -> str:
    """The sentence of a refusal (``detail``), or its status."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("detail"), str):
        return str(body["detail"])
    return f"HTTP {response.status_code}"


def refusal(table: Mapping[str, Any], seats: Sequence[int]) -> str | None:
    """Why the bridge cannot seat UECda programs at ``table`` (its public description) in
    ``seats``, or ``None`` when it can."""
    options = table.get("options") or {}
    if table.get("game") != GAME or table.get("players") != PLAYERS \
            or options.get("rules") != UECDA:
        return _("table {table} is not a game of Dai Hin Min for 5 players under the UECda "
                 "contest's rules (rules=uecda): UECda programs can only sit at such a "
                 "table.").format(table=table.get("id", "?"))
    if table.get("status") in ("finished", "abandoned"):
        return _("table {table} is over: nobody can take a seat there any more.").format(
            table=table.get("id", "?"))
    if len(set(seats)) != len(seats):
        return _("each --seat must be another seat.")
    described = {int(s["seat"]): s for s in table.get("seats") or []}
    for seat in seats:
        entry = described.get(seat)
        if entry is None:
            return _("table {table} has no seat {seat}: its seats are 0 to 4.").format(
                table=table.get("id", "?"), seat=seat)
        if entry.get("kind") != "human" or entry.get("claimed"):
            return _("seat {seat} of table {table} is not free for a program: it is a bot's "
                     "or someone holds it.").format(seat=seat, table=table.get("id", "?"))
    return None


async def read_table_info(http: httpx.AsyncClient, table_id: str) -> dict[str, Any]:
    """The table's public description; :class:`BridgeError` when there is none."""
    try:
        response = await http.get(f"/api/tables/{table_id}")
    except httpx.HTTPError as exc:
        raise BridgeError(_("cannot reach the web app at {url} ({reason}).").format(
            url=http.base_url, reason=exc)) from None
    if response.status_code != 200:
        raise BridgeError(_("cannot read table {table}: {reason}").format(
            table=table_id, reason=_detail(response)))
    info: dict[str, Any] = response.json()
    return info


async def create_table(http: httpx.AsyncClient, seats: Sequence[int], games: int,
                       bots: Sequence[str], seed: int | None = None) -> dict[str, Any]:
    """A new table of the UECda preset with ``games`` rounds: ``seats`` for programs, the
    others for ``bots`` (one spec for all, or one per seat in order). What ``POST /api/tables``
    answers."""
    others = [s for s in range(PLAYERS) if s not in seats]
    specs = ["human" if seat in seats
             else bots[min(others.index(seat), len(bots) - 1)] if bots else "greedy"
             for seat in range(PLAYERS)]
    body: dict[str, Any] = {"game": GAME, "seats": specs, "options": {
        "players": PLAYERS, "rules": UECDA, "target": None, "max_rounds": games}}
    if seed is not None:
        body["seed"] = seed
    try:
        response = await http.post("/api/tables", json=body)
    except httpx.HTTPError as exc:
        raise BridgeError(_("cannot reach the web app at {url} ({reason}).").format(
            url=http.base_url, reason=exc)) from None
    if response.status_code != 201:
        raise BridgeError(_("the web app did not make the table: {reason}").format(
            reason=_detail(response)))
    made: dict[str, Any] = response.json()
    return made


def web_name(name: str, seat: int) -> str:
    """The name a client's seat is claimed under: its UECda name, kept to what the web app takes
    (letters, digits, spaces and ``- _ . '``), else ``UECda <seat>``."""
    kept = "".join(ch if ch.isalnum() or ch in " -_.'" else " " for ch in name)
    kept = " ".join(kept.split()).strip(" -_.'")
    return kept[:24] if any(ch.isalnum() for ch in kept) else f"UECda {seat}"


async def join(http: httpx.AsyncClient, table_id: str, seat: int, name: str) -> str:
    """Claim ``seat`` under ``name`` (or ``UECda <seat>`` when the web app refuses the name);
    the seat's token."""
    response = None
    for tried in dict.fromkeys((name, f"UECda {seat}")):
        try:
            response = await http.post(f"/api/tables/{table_id}/join",
                                       json={"seat": seat, "name": tried})
        except httpx.HTTPError as exc:
            raise BridgeError(_("cannot reach the web app at {url} ({reason}).").format(
                url=http.base_url, reason=exc)) from None
        if response.status_code == 200:
            token: str = response.json()["token"]
            return token
        if response.status_code != 400:
            break
    assert response is not None
    raise BridgeError(_("cannot take seat {seat}: {reason}").format(
        seat=seat, reason=_detail(response)))


def socket_url(base: str, table_id: str) -> str:
    """The WebSocket address of a table on the web app at ``base`` (``http://…``)."""
    if base.startswith("https://"):
        return "wss://" + base[len("https://"):].rstrip("/") + f"/ws/tables/{table_id}"
    rest = base[len("http://"):] if base.startswith("http://") else base
    return "ws://" + rest.rstrip("/") + f"/ws/tables/{table_id}"


def card_of_action(action: Mapping[str, Any]) -> int:
    """The card a ``give`` action (as data) gives: furuba's card id, the joker as
    :data:`~furuba.daihinmin.ranks.JOKER_SHIFT`, -1 for none."""
    action_id = int(action.get("id", -1))
    if action_id == GIVE_JOKER or (action.get("params") or {}).get("joker"):
        return JOKER_SHIFT
    return GIFT_CARD.get(action_id, -1)


def card_or_joker(cards: int) -> int:
    """The lowest card of a mask, any joker as :data:`~furuba.daihinmin.ranks.JOKER_SHIFT`."""
    listed = cards_of(cards)
    return min(listed[0], JOKER_SHIFT) if listed else -1


# -- one seat ------------------------------------------------------------------------------------
@dataclass
class SeatResult:
    """What became of one program's seat."""

    seat: int
    name: str
    plays: int = 0
    refused: int = 0
    finished: bool = False
    """Whether the program saw the game to its end."""
    games: int = 0


@dataclass
class SeatBridge:
    """One UECda client at its seat: the seat's WebSocket on one side, the client's connection
    on the other."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    seat: int
    token: str
    ws_url: str
    timeout: float
    result: SeatResult
    frames: SeatFrames = field(init=False)
    log: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    legal: list[dict[str, Any]] = field(default_factory=list)
    status: str = "waiting"
    seq: int = 0
    epoch: str | None = None
    waiting: bool = False
    """An action was sent and neither its event nor an error came yet."""
    decided: tuple[int, int] | None = None
    choices: dict[tuple[int, int], int] = field(default_factory=dict)
    gifts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.frames = SeatFrames(me=self.seat)

    async def run(self) -> None:
        """Play the seat until the game ends; :class:`ClientGoneError` when the client leaves,
        :class:`BridgeError` when the web app does."""
        failures = 0
        while not self.frames.over:
            try:
                async with connect(self.ws_url, compression=None, max_size=None,
                                   open_timeout=20) as ws:
                    hello: dict[str, Any] = {"type": "hello", "tokens": [self.token]}
                    if self.epoch is not None:
                        hello.update(last_seq=self.seq, epoch=self.epoch)
                    await ws.send(json.dumps(hello))
                    self.waiting, self.decided = False, None
                    await self._listen(ws)
                    if self.frames.over or self.status in ("finished", "abandoned"):
                        return
                    if ws.close_code in (4404, 4401):
                        raise BridgeError(_("the web app closed seat {seat}'s connection for "
                                            "good ({reason}).").format(
                            seat=self.seat, reason=ws.close_reason or ws.close_code))
                    failures += 1
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code in (4404, 4401):
                    raise BridgeError(_("the web app closed seat {seat}'s connection for "
                                        "good ({reason}).").format(
                        seat=self.seat, reason=exc.rcvd.reason if exc.rcvd else code)) from None
                failures += 1
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
                failures += 1
                if failures > RECONNECTS:
                    raise BridgeError(_("cannot reach the web app's table for seat {seat} "
                                        "({reason}).").format(seat=self.seat,
                                                              reason=exc)) from None
            if failures > RECONNECTS:
                raise BridgeError(_("seat {seat}'s connection to the web app keeps closing."
                                    ).format(seat=self.seat))
            await asyncio.sleep(min(0.2 * 2 ** failures, 5.0))

    async def _listen(self, ws: ClientConnection) -> None:
        async for text in ws:
            msg = json.loads(text)
            kind = msg.get("type")
            if kind == "welcome":
                self.epoch = msg.get("epoch")
                if msg.get("resync") == "none":
                    self.seq = int(msg.get("seq", self.seq))
            elif kind == "snapshot":
                self.seq = int(msg["seq"])
                self.epoch = msg.get("epoch", self.epoch)
                self.status = msg["table"]["status"]
                self._views(msg.get("views") or [])
                await self._advance(ws)
            elif kind == "event":
                seq = int(msg["seq"])
                if seq <= self.seq:
                    continue
                if seq != self.seq + 1:
                    await ws.send(json.dumps({"type": "sync", "last_seq": self.seq}))
                    continue
                self.seq = seq
                if msg.get("table") is not None:
                    self.status = msg["table"]["status"]
                if msg.get("views") is not None:
                    self.status = msg.get("status", self.status)
                    self._views(msg["views"])
                    self.waiting = False
                    await self._advance(ws)
            elif kind == "error" and msg.get("ref") == "act":
                self.waiting = False
                self.decided = None
                if msg.get("code") == "stale":
                    await ws.send(json.dumps({"type": "sync", "last_seq": self.seq}))
                else:
                    await self._decide(ws)
            if self.frames.over or self.status in ("finished", "abandoned"):
                return

    def _views(self, entries: Sequence[Mapping[str, Any]]) -> None:
        for entry in entries:
            if entry.get("seat") != self.seat:
                continue
            start = int(entry["log"]["from"])
            self.log = self.log[:start] + list(entry["log"]["entries"])
            self.view = dict(entry["view"])
            self.legal = list(entry.get("legal") or [])
            settings = self.view.get("settings") or {}
            self.frames.jokers = int(settings.get("jokers", self.frames.jokers))
            self.frames.reset_every = int(settings.get("reset_every", 0) or 0)

    # -- the client's side ------------------------------------------------------------------------
    async def _write(self, data: bytes) -> None:
        if self.writer.is_closing():
            raise ClientGoneError(_("seat {seat} ({name}) closed its connection.").format(
                seat=self.seat, name=self.result.name))
        self.writer.write(data)
        try:
            await asyncio.wait_for(self.writer.drain(), self.timeout)
        except (OSError, TimeoutError):
            raise ClientGoneError(_("seat {seat} ({name}) was lost.").format(
                seat=self.seat, name=self.result.name)) from None

    async def _read_table(self, gift: bool) -> bytes:
        """The client's next table: its gift (``gift``) or its play."""
        try:
            return await asyncio.wait_for(self.reader.readexactly(TABLE_BYTES), self.timeout)
        except (asyncio.IncompleteReadError, OSError):
            said = _("seat {seat} ({name}) closed its connection instead of sending the cards "
                     "it gives.") if gift else _("seat {seat} ({name}) closed its connection "
                                                 "instead of sending its play.")
            raise ClientGoneError(said.format(seat=self.seat, name=self.result.name)) from None
        except TimeoutError:
            said = _("seat {seat} ({name}) sent nothing for {seconds:g} seconds while the "
                     "bridge waited for the cards it gives.") if gift else _(
                "seat {seat} ({name}) sent nothing for {seconds:g} seconds while the bridge "
                "waited for its play.")
            raise ClientGoneError(said.format(seat=self.seat, name=self.result.name,
                                              seconds=self.timeout)) from None

    async def _send(self, messages: Sequence[Message]) -> None:
        for message in messages:
            if isinstance(message, Frame):
                await self._write(encode_table(message.table))
            elif isinstance(message, Number):
                await self._write(encode_int(message.value))
                if message.value:
                    self.result.games += 1
            elif isinstance(message, GiftWanted):
                table = decode_table(await self._read_table(gift=True))
                cards = gift_taken(table, message.hand, message.count, message.strict)
                self.gifts = [min(card, JOKER_SHIFT) for card in cards_of(cards)]

    # -- the table's side -----------------------------------------------------------------------
    async def _advance(self, ws: ClientConnection) -> None:
        """Send the client what the new events make, then decide if the seat must."""
        await self._send(self.frames.feed(self.log) + self.frames.flush())
        if self.status in ("finished", "abandoned") and not self.frames.over:
            self.frames.over = True
        if self.frames.over:
            self.result.finished = self.status == "finished"
            return
        await self._decide(ws)

    async def _decide(self, ws: ClientConnection) -> None:
        if self.waiting or self.status != "playing" or not self.legal \
                or self.view.get("turn") != self.seat:
            return
        key = (self.frames.last_n, self.frames.privates)
        if self.decided == key:
            return
        ids = {int(a["id"]): a for a in self.legal}
        choice = self.choices.get(key)
        if choice is None or choice not in ids:
            kinds = {a.get("kind") for a in self.legal}
            if "give" in kinds:
                choice = self._gift(ids)
            elif "play" in kinds or "pass" in kinds:
                choice = await self._play(ids)
            else:       # a question the UECda rules never ask: keep quiet
                choice = next((i for i, a in ids.items()
                               if a.get("params", {}).get("declare") is False), min(ids))
            self.choices = {key: choice}
        self.decided = key
        self.waiting = True
        await ws.send(json.dumps({"type": "act", "seq_seen": self.seq, "action": choice,
                                  "seat": self.seat}))

    def _gift(self, ids: Mapping[int, Mapping[str, Any]]) -> int:
        """The next card of the client's gift, as a legal ``give`` action."""
        while self.gifts:
            card = self.gifts.pop(0)
            for action_id, action in ids.items():
                if action.get("kind") == "give" and card_of_action(action) == card:
                    return action_id
        gives = {card_of_action(action): i for i, action in ids.items()
                 if action.get("kind") == "give"}
        hand = sum(1 << card for card in gives if card >= 0)
        return gives.get(card_or_joker(strongest_cards(hand, 1)), min(ids))

    async def _play(self, ids: Mapping[int, Mapping[str, Any]]) -> int:
        """Ask the client for its play: the hand table, its play, 9 or 8."""
        new_trick = self.frames.empty_pile
        await self._write(encode_table(self.frames.decision_table()))
        table = decode_table(await self._read_table(gift=False))
        action = play_of_cells(cells_of_table(table))
        accepted = action is not None and action != PASS and action in ids
        ack = ACCEPTED if accepted or (action == PASS and new_trick) else REFUSED
        await self._write(encode_int(ack))
        if accepted and action is not None:
            self.result.plays += 1
            return action
        if action != PASS:
            self.result.refused += 1
        return next((i for i, a in ids.items() if a.get("kind") == "pass"), min(ids))


# -- the bridge ------------------------------------------------------------------------------------
async def _profile(reader: asyncio.StreamReader, timeout: float) -> str:
    """The client's name from its profile table; :class:`ClientGoneError` for anything else."""
    try:
        data = await asyncio.wait_for(reader.readexactly(TABLE_BYTES), timeout)
    except (asyncio.IncompleteReadError, OSError):
        raise ClientGoneError(_("a client closed its connection before sending its "
                           "profile.")) from None
    except TimeoutError:
        raise ClientGoneError(_("a client sent no profile for {seconds:g} seconds.").format(
            seconds=timeout)) from None
    table = decode_table(data)
    if table[0][0] != PROTOCOL:
        raise ClientGoneError(_("a client speaks protocol {version}, not {protocol}.").format(
            version=table[0][0], protocol=PROTOCOL))
    return name_of_profile(table)


async def bridge(url: str, table_id: str, seats: Sequence[int], host: str = "127.0.0.1",
                 port: int = 42485, *, timeout: float = 60.0, say: Say = _stderr,
                 listening: Callable[[int], object] | None = None) -> list[SeatResult]:
    """Seat the UECda clients that connect to ``host:port`` at table ``table_id`` of the web app
    at ``url``, in ``seats`` in connection order, and play until each seat's game ends or its
    client leaves. ``listening`` is told the port once open; ``say`` gets each line for the
    operator. Raises :class:`BridgeError` (one sentence) for a table the bridge cannot use."""
    base = url.rstrip("/")
    results: list[SeatResult] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        info = await read_table_info(http, table_id)
        why = refusal(info, seats)
        if why is not None:
            raise BridgeError(why)
        pending = list(seats)
        tasks: list[asyncio.Task[None]] = []
        all_seated = asyncio.Event()

        async def seat_client(seat: int, reader: asyncio.StreamReader,
                              writer: asyncio.StreamWriter) -> None:
            result = SeatResult(seat, "")
            results.append(result)
            try:
                name = await _profile(reader, timeout)
                result.name = name
                token = await join(http, table_id, seat, web_name(name, seat))
                writer.write(encode_int(seat))
                await writer.drain()
                say(_("seat {seat}: {name} sits at the table.").format(seat=seat, name=name))
                link = SeatBridge(reader, writer, seat, token, socket_url(base, table_id),
                                  timeout, result)
                await link.run()
                if result.finished:
                    say(_("seat {seat} ({name}): the game is over; {plays} plays, {refused} "
                          "refused.").format(seat=seat, name=name, plays=result.plays,
                                             refused=result.refused))
            except ClientGoneError as exc:
                say(_("{reason} Its seat is left to the table: after the table's grace period "
                      "a bot plays it.").format(reason=exc))
            except (BridgeError, OSError) as exc:
                say(_("seat {seat}: {reason}").format(seat=seat, reason=exc))
            finally:
                writer.close()

        def arrived(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            if not pending:
                writer.close()
                return
            no_delay(writer)
            tasks.append(asyncio.create_task(seat_client(pending.pop(0), reader, writer)))
            if not pending:
                all_seated.set()

        try:
            server = await asyncio.start_server(arrived, host, port)
        except OSError as exc:
            raise BridgeError(_("cannot listen on {host}:{port} ({reason}).").format(
                host=host, port=port, reason=exc.strerror or exc)) from None
        bound = server.sockets[0].getsockname()[1]
        if listening is not None:
            listening(bound)
        say(_("listening on {host}:{port}: the UECda programs that connect take seats {seats} "
              "of table {table}, in that order.").format(
            host=host, port=bound, seats=", ".join(map(str, seats)), table=table_id))
        try:
            await all_seated.wait()
            server.close()
            await asyncio.gather(*tasks)
        finally:
            server.close()
            for task in tasks:
                task.cancel()
    return sorted(results, key=lambda r: r.seat)

