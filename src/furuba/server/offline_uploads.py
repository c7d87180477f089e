"""``POST /api/me/offline-games``: a finished offline game put on its player's profile.

A game played in the browser (:mod:`furuba.offline`) is kept there as
:meth:`LocalTable.saved() <furuba.offline.table.LocalTable.saved>`. Its signed-in player may
send that record, with the seat that was theirs, and the server stores it as a finished table like
any other — its seats, actions, written inputs and game row — so that ``/replay/{id}``, the review
and the profile read it as they read every finished game. It is unrated (ratings and leaderboards
never count it, nor a profile's win rates: a player chooses which games to show), never listed in
the lobby, and marked as played offline (``furuba_tables.offline_id``). The uploader's seat is
bound to their account; the other seats keep their names (hot-seat players) or their bots.

Everything in the body is a stranger's until checked, and checking it costs CPU, so:

* the body is at most :data:`~furuba.server.body_limits.OFFLINE_GAME_BYTES` (``413`` beyond);
* uploads are throttled per account (``ServerConfig.offline_uploads_*``, ``429``);
* a record of more than ``ServerConfig.offline_upload_actions`` actions is refused (``413``)
  before anything is replayed;
* the replay — every action checked as it is played (:meth:`LocalTable.restore
  <furuba.offline.table.LocalTable.restore>`), then the stored record replayed again as the
  server will read it — runs on a thread, in its turn of the uploads' work line
  (:class:`~furuba.server.admission.Admission`, with its cap per address: ``429``/``503``);
* whatever does not fit is a ``4xx`` with a sentence, and nothing is stored: a game not over
  (``409``), an unknown game or option, an action that is not legal, a seat that is not a
  person's, a body that is not a record (``400``).

The same offline game (its ``settings.id``) uploaded again by the same account answers ``200``
with the table made the first time (a new one is ``201``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from furuba import games, i18n
from furuba.bots.names import bot_name
from furuba.core.errors import FurubaError
from furuba.core.protocol import State
from furuba.offline import LocalTable
from furuba.server.accounts.signed import required_account
from furuba.server.accounts.store import Account
from furuba.server.bots import check_table_bot
from furuba.server.models import ActionRow, AnswerRow, GameRow, TableRow
from furuba.server.rooms import record_of
from furuba.server.routing import client_address, hub_of, limits_of, throttle
from furuba.server.security import address_hash, new_table_id
from furuba.server.storage import SeatData, Storage, StoredInput, TableData
from furuba.server.workloads import work_of
from furuba.spec import UPLOADED
from furuba.text import N_, _

log = logging.getLogger("furuba.server")
PATH = "/api/me/offline-games"


class OfflineGame(BaseModel):
    """``POST /api/me/offline-games``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    saved: Annotated[dict[str, Any], Field(description=N_(
        "a finished offline game as the browser keeps it (format 1)"))]
    seat: Annotated[StrictInt, Field(ge=0, le=63, description=N_(
        "the seat that was yours: a whole number from 0 to 63"))]


class Uploaded(BaseModel):
    """The table a finished offline game became (``201``), or had become (``200``)."""

    id: str
    replay_url: str


class UploadError(Exception):
    """The upload does not fit: ``status`` and a sentence (nothing is stored)."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Upload:
    """A checked upload, ready to store: the table, its game row's result and record."""

    table: TableData
    result: dict[str, Any]
    record: dict[str, Any]


def add_offline_uploads(router: APIRouter) -> None:
    """``POST /api/me/offline-games`` (see the module docstring)."""

    @router.post(PATH, status_code=201, responses={200: {
        "model": Uploaded, "description": "This account put the same offline game on its profile "
                                          "before: the table it became"}})
    async def upload_offline_game(body: OfflineGame, request: Request,
                                  response: Response) -> Uploaded:
        account = await required_account(request)
        await throttle(request, limits_of(request).offline_uploads, f"id:{account.id}",
                       N_("game uploads"), N_("for this account"))
        hub = hub_of(request)
        offline_id = offline_id_of(body.saved)
        found = await hub.db.run(find_upload, account.id, offline_id)
        if found is not None:
            response.status_code = 200
            return uploaded(found)
        cap = hub.config.offline_upload_actions
        actions = body.saved.get("actions")
        if isinstance(actions, list) and len(actions) > cap:
            raise HTTPException(413, _("a game of at most {cap} actions can be put on a profile, "
                                       "not {count}").format(cap=cap, count=len(actions)))
        address = client_address(request)
        async with work_of(request).uploads.turn(address):
            try:
                checked = await asyncio.to_thread(check_upload, body.saved, body.seat, account,
                                                  i18n.current())
            except UploadError as refused:
                raise HTTPException(refused.status, refused.detail) from None
        table = checked.table
        table.creator = address_hash(address, hub.config.address_key)
        try:
            table_id = await hub.db.run(store_upload, checked)
        except IntegrityError:   # the same game, uploaded at the same moment by another request
            again = await hub.db.run(find_upload, account.id, offline_id)
            if again is None:
                raise
            response.status_code = 200
            return uploaded(again)
        return uploaded(table_id)


def uploaded(table_id: str) -> Uploaded:
    return Uploaded(id=table_id, replay_url=f"/replay/{table_id}")


def offline_id_of(saved: Mapping[str, Any]) -> str:
    """The offline game's id (``settings.id``), as its settings must give it; ``400`` else."""
    settings = saved.get("settings")
    found = settings.get("id") if isinstance(settings, Mapping) else None
    if not isinstance(found, str) or not 0 < len(found) <= 64:
        raise HTTPException(400, _("saved.settings.id must be the offline game's id: 1 to 64 "
                                   "letters, digits, - or _"))
    return found


# -- the check (on a thread) -------------------------------------------------------------------
def check_upload(saved: dict[str, Any], seat: int, account: Account, lang: str) -> Upload:
    """The table ``saved`` becomes with ``seat`` bound to ``account``, every action checked;
    :class:`UploadError` with a sentence in ``lang`` when it does not fit."""
    with i18n.speaking(lang):
        table = replayed(saved, lang)
        settings = table.settings
        if table.status != "finished":
            raise UploadError(409, _("the game is not over: only a finished game can be put on a "
                                 "profile"))
        if not 0 <= seat < settings.players:
            raise UploadError(400, _("seat must be one of the game's seats, from 0 to {last}").format(
                last=settings.players - 1))
        if settings.seats[seat].kind != "human":
            raise UploadError(400, _("seat {seat} was a bot's: choose the seat you played").format(
                seat=seat))
        if any(isinstance(v, str) and v.startswith(UPLOADED) for v in settings.options.values()):
            raise UploadError(400, _("a game started from a file cannot be put on a profile"))
        data = table_data(table, seat, account)
        state = server_replay(data, table.state)
        returns = state.returns()
        result = {"returns": returns, "scores": state.scores(),
                  "winners": [p for p, r in enumerate(returns) if r > 0],
                  "cooperative": bool(games.spec(settings.game).cooperative(state))}
        return Upload(data, result, table.record.to_json())


def replayed(saved: dict[str, Any], lang: str) -> LocalTable:
    """The offline table ``saved`` describes, every action checked as it is replayed (its
    refusals said in ``lang``)."""
    settings = saved.get("settings")
    data = {**saved, "settings": {**settings, "lang": lang}} if isinstance(settings, dict) \
        else saved
    try:
        return LocalTable.restore(data)
    except FurubaError as exc:
        raise UploadError(400, str(exc)) from None
    except RecursionError:
        raise UploadError(400, _("the record nests too deeply")) from None
    except Exception:   # a game that fails on a stranger's record: refused, and logged
        log.exception("an uploaded offline game failed to replay")
        raise UploadError(400, _("the record does not replay: it is not a game played "
                             "offline")) from None


def table_data(table: LocalTable, seat: int, account: Account) -> TableData:
    """What the database keeps of the finished offline ``table``: its seats (``seat``:
    ``account``'s), actions and written inputs numbered as events, written inputs first."""
    settings = table.settings
    seats: list[SeatData] = []
    for i, entry in enumerate(settings.seats):
        if entry.kind == "bot":
            try:
                spec = check_table_bot(entry.bot or "", settings.game)
            except FurubaError as exc:
                raise UploadError(400, _("seats[{i}]: {msg}").format(i=i, msg=str(exc))) from None
            seats.append(SeatData(i, "bot", bot=spec, name=bot_name(i)))
        elif i == seat:
            seats.append(SeatData(i, "human", name=account.name, account_id=account.id))
        else:
            seats.append(SeatData(i, "human", name=entry.name or _("Player {n}").format(n=i + 1)))
    written = sorted(table.record.written, key=lambda w: w.after)
    events: list[tuple[int, int, str]] = []
    stored: list[StoredInput] = []
    seq = 0
    for i, (actor, action) in enumerate(zip(table.actors, table.record.actions, strict=True)):
        while written and written[0].after == i:
            w = written.pop(0)
            seq += 1
            stored.append(StoredInput(w.after, w.player, w.name, w.text, seq))
        events.append((actor[0], action, actor[1]))
        seq += 1
    for w in written:   # after the last action
        seq += 1
        stored.append(StoredInput(w.after, w.player, w.name, w.text, seq))
    server_settings = {
        "turn_seconds": None, "grace_seconds": None, "chat": False, "hints": settings.hints,
        "spectator_chat": False, "public": False, "rated": False, "pace": "live",
        "move_hours": None, "on_timeout": "bot", "bots_after": None, "undo": settings.undo,
        "sealed": False}
    return TableData(id=new_table_id(), game=settings.game, options=dict(settings.options),
                     seed=settings.seed, settings=server_settings, status="finished", seq=seq,
                     seats=seats, creator_account=account.id, offline_id=settings.id,
                     actions=events, written=stored)


def server_replay(data: TableData, offline: State) -> State:
    """The stored table replayed as the server reads it (:func:`~furuba.server.rooms.record_of`):
    it must end where the offline replay did."""
    try:
        state = record_of(data).replay()
    except FurubaError as exc:
        raise UploadError(400, _("the record does not replay on the server: {exc}").format(
            exc=exc)) from None
    if not state.is_terminal() or state.returns() != offline.returns():
        raise UploadError(400, _("the record does not replay on the server as it did offline"))
    return state


# -- the database ------------------------------------------------------------------------------
def find_upload(s: Session, account_id: int, offline_id: str) -> str | None:
    """The table ``account_id`` made of the offline game ``offline_id``, if any."""
    return s.scalars(select(TableRow.id).where(TableRow.creator_account == account_id,
                                               TableRow.offline_id == offline_id)).first()


def store_upload(s: Session, upload: Upload) -> str:
    """Store a checked upload: the finished table, its seats, actions, written inputs and game
    row, in one transaction; its id."""
    t = upload.table
    Storage.create_table(s, t)
    s.flush()
    now = time.time()
    seqs = action_seqs(t)
    for idx, (seat, action, by) in enumerate(t.actions):
        s.add(ActionRow(table_id=t.id, idx=idx, seq=seqs[idx], seat=seat, action=action, by=by,
                        at=now))
    for w in t.written:
        s.add(AnswerRow(table_id=t.id, after=w.after, seq=w.seq, seat=w.seat, text=w.text,
                        name=w.name))
    s.add(GameRow(table_id=t.id, game=t.game, finished_at=now, result=upload.result,
                  record=upload.record))
    return t.id


def action_seqs(t: TableData) -> list[int]:
    """The event number of each action of ``t`` (written inputs take theirs between them)."""
    taken = {w.seq for w in t.written}
    free = (n for n in range(1, t.seq + 1) if n not in taken)
    return [next(free) for _ in t.actions]
