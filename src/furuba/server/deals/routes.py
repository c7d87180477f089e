"""``/api/deals…``: the deals of the day, a try at one, and where it stands.

* ``GET /api/deals?day=YYYY-MM-DD``: the deals of a day (today when not said: made for every
  game on first ask), each with the asker's try and the field so far;
* ``GET /api/deals/{id}``: one deal, likewise;
* ``POST /api/deals/{id}/play`` (signed in): the asker's try — a new table at which they hold
  the deal's seat against its bots, or the table of the try they began (one try each).

While a deal is open its seed stays secret, and so do the records of the tables that play it:
their replays and reviews open to those who finished the deal (they know its cards), and to
everyone once it closes (:func:`guard_record`). Refusals are sentences: ``404`` no such deal or
day, ``401`` a try without signing in, ``409`` a try at a closed deal, ``403`` a record kept
secret.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from furuba import games
from furuba.bots.levels import LEVELS
from furuba.bots.registry import plays
from furuba.server.accounts.signed import account_of, required_account
from furuba.server.bodies import CreateTable
from furuba.server.deals import days
from furuba.server.deals.standing import Field, Result
from furuba.server.deals.store import Deal, DealStore, NewDeal, Play
from furuba.server.errors import RoomError
from furuba.server.routing import hub_of, make_table, refuse
from furuba.server.security import new_seed
from furuba.spec import GameSpec
from furuba.text import N_, _

DEAL_LEVEL = "normal"
"""The bots' level at every deal (the first level after it that plays a game, else ``easy``)."""
HISTORY_DAYS = 30
"""How far back the deals of earlier days are shown."""
BEST = 10
"""The best results a deal lists."""
FIELD_SECONDS = 5.0
"""How long a process reuses a deal's field before reading it again."""
SETTLE_SECONDS = 1.0
"""A field read less than this after a result's game ended may not hold it yet (the game's row
is committed a moment after its time is taken): the asker's own result is then read again."""
KEPT_FIELDS = 64
"""Deals whose field a process keeps (a deal of each game for the 30 days shown)."""
KEPT_TABLES = 4096
"""Tables whose deal (or lack of one) a process remembers for :func:`guard_record`."""
NO_DEAL = N_("there is no such deal")
MAX_TABLE_ID = 32
"""Table ids are shorter (16 characters): a longer one is no table's."""


def deal_bot(game: str) -> str:
    """The level the bots of ``game``'s deals play at."""
    names = [level.name for level in LEVELS]
    for name in names[names.index(DEAL_LEVEL):]:
        if plays(name, game):
            return name
    return "easy"


def new_deal(spec: GameSpec) -> NewDeal:
    """A fresh deal of ``spec``'s game: its usual number of players and options, a seat drawn
    for everyone, and a seed nobody knows."""
    players = spec.players.default
    return NewDeal(options={}, players=players, seat=secrets.randbelow(players),
                   bot=deal_bot(spec.name), seed=new_seed())


@dataclass
class Memory:
    """What one process keeps: recent fields by deal, and which deal a finished table plays."""

    fields: dict[str, tuple[float, Field]]
    tables: OrderedDict[str, Deal | None]


def memory_of(request: Request) -> Memory:
    state = request.app.state
    found: Memory | None = getattr(state, "deals_memory", None)
    if found is None:
        found = state.deals_memory = Memory({}, OrderedDict())
    return found


async def field_of(request: Request, deal: Deal, now: float,
                   holding: float | None = None) -> Field:
    """The deal's field summed up, read again after :data:`FIELD_SECONDS` (a closed deal's field
    still grows by the tables that finish after the close, so it is read the same way), or when
    it was read too soon to hold a result that finished at ``holding``. What a process keeps is
    a few numbers per deal, whatever the number of players."""
    kept = memory_of(request).fields
    found = kept.get(deal.id)
    stale = found is None or now - found[0] >= FIELD_SECONDS or (
        holding is not None and found[0] < holding + SETTLE_SECONDS)
    if found is not None and not stale:
        return found[1]
    field = await hub_of(request).db.run(DealStore.summed_field, deal, BEST)
    if len(kept) >= KEPT_FIELDS:
        kept.clear()
    kept[deal.id] = (now, field)
    return field


def result_json(r: Result, replay: bool) -> dict[str, Any]:
    return {"name": r.name, "won": r.returns > 0, "returns": r.returns, "score": r.score,
            "place": r.place, "table_id": r.table_id if replay else None,
            "replay": f"/replay/{r.table_id}" if replay else None}


async def deal_json(request: Request, deal: Deal, account_id: int | None,
                    now: float) -> dict[str, Any]:
    """What anyone sees of ``deal``, and the asker's own try (its result read with the try, so
    a game finished a moment ago counts before the field is read again)."""
    spec = games.spec(deal.game)
    play: Play | None = None
    if account_id is not None:
        play = await hub_of(request).db.run(DealStore.play_of, deal, account_id)
    mine = play.result if play is not None else None
    field = await field_of(request, deal, now, None if mine is None else mine.finished_at)
    is_open = deal.is_open(now)
    see = not is_open or mine is not None
    standing = None
    if mine is not None:
        share, rank = field.standing(mine)
        standing = {"matchpoints": None if share is None else round(share, 4), "rank": rank,
                    "of": field.size, **result_json(mine, True)}
    level = next((lv for lv in LEVELS if lv.name == deal.bot), None)
    return {
        "id": deal.id, "day": deal.day, "game": deal.game, "title": spec.said_title,
        "players": deal.players, "seat": deal.seat, "bot": deal.bot,
        "bot_title": level.said_title if level is not None else deal.bot,
        "options": deal.options, "opens_at": deal.opens_at, "closes_at": deal.closes_at,
        "open": is_open, "seed": None if is_open else deal.seed,
        "played": None if play is None else {
            "table_id": play.table_id, "url": f"/t/{play.table_id}", "status": play.status,
            "finished": play.result is not None},
        "field": {"players": field.size, "mine": standing,
                  "distribution": [{"won": b.won, "score": b.score, "count": b.count,
                                    "mine": mine is not None and b.won == (mine.returns > 0)
                                    and b.score == mine.score}
                                   for b in field.distribution()],
                  "best": [result_json(r, see) for r in field.best]}}


def found_day(day: str | None, now: float) -> str:
    """The day asked for (today when not said), else ``404``."""
    today = days.day_of(now)
    if day is None:
        return today
    try:
        days.parse(day)
    except ValueError:
        raise HTTPException(404, _("there are no deals on “{day}”: give a day as YYYY-MM-DD"
                                   ).format(day=day[:20])) from None
    oldest = days.earlier(today, HISTORY_DAYS)[-1]
    if not oldest <= day <= today:
        raise HTTPException(404, _("deals are kept for the last {count} days ({oldest} to "
                                   "{today})").format(count=HISTORY_DAYS, oldest=oldest,
                                                      today=today))
    return day


async def todays(request: Request, now: float) -> list[Deal]:
    """Today's deals, one per game (made now by whichever process asks first)."""
    today = days.day_of(now)
    opens, closes = days.bounds(today)
    db = hub_of(request).db
    return [await db.run(DealStore.of_day, today, spec.name, opens, closes, new_deal(spec))
            for spec in games.specs()]


async def found_deal(request: Request, deal_id: str) -> Deal:
    if len(deal_id) > 32:
        raise HTTPException(404, _(NO_DEAL))
    deal = await hub_of(request).db.run(DealStore.get, deal_id)
    if deal is None or deal.game not in games.names():
        raise HTTPException(404, _(NO_DEAL))
    return deal


async def guard_record(request: Request, table_id: str) -> None:
    """``403`` when ``table_id`` plays a deal that is still open and the asker has not finished
    it (the record would show the deal's cards); nothing otherwise."""
    if len(table_id) > MAX_TABLE_ID:
        return   # no table has such an id (the replay answers 404); nothing is kept for it
    kept = memory_of(request).tables
    if table_id in kept:
        deal = kept[table_id]
        kept.move_to_end(table_id)
    else:
        deal = await hub_of(request).db.run(DealStore.of_table, table_id)
        kept[table_id] = deal
        while len(kept) > KEPT_TABLES:
            kept.popitem(last=False)
    now = time.time()
    if deal is None or not deal.is_open(now):
        return
    account = await account_of(request)
    if account is not None:
        play = await hub_of(request).db.run(DealStore.play_of, deal, account.id)
        if play is not None and play.result is not None:
            return
    raise HTTPException(403, _("this game played today's deal of {game}: its record opens to "
                               "those who finished the deal, and to everyone when it closes "
                               "(midnight UTC)").format(game=games.spec(deal.game).said_title))


def add_deals(router: APIRouter) -> None:
    """The deals' routes."""

    @router.get("/api/deals")
    async def deals_of_day(request: Request, day: str | None = Query(
            None, max_length=10, description=N_("a day as YYYY-MM-DD (today when not said)"))
                           ) -> JSONResponse:
        """The deals of a day, each with the asker's try and the field so far."""
        now = time.time()
        wanted = found_day(day, now)
        if wanted == days.day_of(now):
            found = await todays(request, now)
        else:
            found = await hub_of(request).db.run(DealStore.of_days, [wanted])
        account = await account_of(request)
        account_id = account.id if account is not None else None
        names = games.names()
        listed = [await deal_json(request, d, account_id, now) for d in found if d.game in names]
        earlier = days.earlier(days.day_of(now), HISTORY_DAYS)
        return JSONResponse({"day": wanted, "today": days.day_of(now), "now": now,
                             "earlier": earlier, "deals": listed},
                            headers={"Cache-Control": "no-store"})

    @router.get("/api/deals/{deal_id}")
    async def one_deal(deal_id: str, request: Request) -> JSONResponse:
        """One deal, with the asker's try and the field so far."""
        deal = await found_deal(request, deal_id)
        account = await account_of(request)
        return JSONResponse(await deal_json(request, deal, account.id if account else None,
                                            time.time()),
                            headers={"Cache-Control": "no-store"})

    @router.post("/api/deals/{deal_id}/play")
    async def play(deal_id: str, request: Request) -> JSONResponse:
        """The asker's try at the deal: its table, made now if they have none."""
        account = await required_account(request)
        deal = await found_deal(request, deal_id)
        now = time.time()
        db = hub_of(request).db
        begun = await db.run(DealStore.play_of, deal, account.id)
        if begun is not None:
            return JSONResponse({"table_id": begun.table_id, "url": f"/t/{begun.table_id}",
                                 "seat": deal.seat, "new": False})
        if not deal.is_open(now):
            raise HTTPException(409, _("this deal closed at the end of {day} (UTC): play "
                                       "today's").format(day=deal.day))
        seats = ["human" if i == deal.seat else deal.bot for i in range(deal.players)]
        create = CreateTable(game=deal.game, seats=seats, options=dict(deal.options),
                             seed=deal.seed, public=False, rated=False, hints=False,
                             undo=False, chat=False, sealed=True)
        room = await make_table(request, create, account_id=account.id)
        kept = await db.run(DealStore.add_play, deal.id, account.id, room.id, now)
        if kept == room.id:
            try:
                await hub_of(request).join(room.id, deal.seat, account.name, account)
            except RoomError as exc:
                raise refuse(exc) from None
        return JSONResponse({"table_id": kept, "url": f"/t/{kept}", "seat": deal.seat,
                             "new": kept == room.id}, status_code=201)
