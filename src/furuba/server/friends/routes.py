"""The friends' routes (every one for a signed-in player; ``401`` signed out).

Follows: ``GET/POST /api/me/follows``, ``GET/DELETE /api/me/follows/{name}``. Who is online:
``GET /api/me/friends/online``. Challenges: ``GET/POST /api/me/challenges``,
``POST /api/me/challenges/{id}/accept`` and ``…/decline``. Friends' games:
``GET /api/me/friends/games``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParameter
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from furuba import games
from furuba.bots.registry import plays
from furuba.core.errors import FurubaError
from furuba.server.accounts.signed import required_account
from furuba.server.bodies import CreateTable
from furuba.server.errors import RoomError
from furuba.server.friends import challenges, store
from furuba.server.friends import models as _models  # noqa: F401  (the app's metadata holds them)
from furuba.server.friends.games import followed_games
from furuba.server.friends.online import online_friends
from furuba.server.messages import JSONDict
from furuba.server.moderation.routes import call
from furuba.server.routing import hub_of, make_table, refuse, throttle
from furuba.server.throttle import AddressBuckets
from furuba.tables.bots import available_bots
from furuba.text import N_, _

ID_MAX = 2**31 - 1
CHALLENGES_PER_HOUR = 30
CHALLENGES_BURST = 5
Name = Annotated[StrictStr, Field(min_length=1, max_length=64, description=N_("a player's name"))]


class FollowBody(BaseModel):
    """``POST /api/me/follows``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Name


class ChallengeBody(BaseModel):
    """``POST /api/me/challenges``: a new table for you and a friend, bots in the other seats."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Name
    game: Annotated[StrictStr, Field(min_length=1, max_length=40,
                                     description=N_("a game's name (GET /api/games lists them)"))]
    players: Annotated[StrictInt, Field(ge=2, le=64, description=N_(
        "how many play, from 2 to 64 (the game says how many it allows)"))] | None = None
    options: Annotated[JSONDict, Field(description=N_("an object of the game's options "
                                                      "(GET /api/games lists them)"))] = {}
    bot: Annotated[StrictStr, Field(max_length=60, description=N_(
        "the bot in the other seats (GET /api/games lists them); empty: the usual one"))] = ""


def challenge_buckets(request: Request) -> AddressBuckets:
    """This app's throttle of challenges, per account (shared in Redis with several processes)."""
    state = request.app.state
    found: AddressBuckets | None = getattr(state, "friend_challenges", None)
    if found is None:
        found = AddressBuckets(CHALLENGES_PER_HOUR / 3600, CHALLENGES_BURST)
        state.friend_challenges = found
    return found


def challenge_seats(game: str, players: int | None, bot: str) -> list[str]:
    """The seats of a challenge's table: the challenger's, the friend's, then bots (``400`` /
    ``404`` with a sentence for a game, a count or a bot that will not do)."""
    try:
        spec = games.spec(game)
    except FurubaError:
        raise HTTPException(404, _("there is no game called {game!r}").format(
            game=game[:40])) from None
    count = players if players is not None else max(2, spec.players.default)
    low, high = max(2, spec.players.low), spec.players.high
    if not low <= count <= high:
        raise HTTPException(400, _("{title} is played by {low} to {high} players").format(
            title=spec.said_title, low=low, high=high))
    usable = [b for b in available_bots() if plays(b, spec.name)]
    chosen = bot or ("normal" if "normal" in usable else usable[0] if usable else "")
    if count > 2 and chosen not in usable:
        raise HTTPException(400, _("choose a bot that plays {title} (GET /api/games lists "
                                   "them)").format(title=spec.said_title))
    return ["human", "human", *[chosen] * (count - 2)]


def add_friends(router: APIRouter) -> None:
    """Every friends' route."""
    add_follow_routes(router)
    add_challenge_routes(router)

    @router.get("/api/me/friends/online")
    async def friends_online(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"friends": await hub_of(request).db.run(online_friends, account.id)}

    @router.get("/api/me/friends/games")
    async def friends_games(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"games": await hub_of(request).db.run(followed_games, account.id)}


def add_follow_routes(router: APIRouter) -> None:
    @router.get("/api/me/follows")
    async def my_follows(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return await hub_of(request).db.run(store.follows, account.id)

    @router.post("/api/me/follows")
    async def follow(body: FollowBody, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"followed": await call(request, store.follow, account.id, body.name)}

    @router.get("/api/me/follows/{name}")
    async def relation(name: Annotated[str, PathParameter(max_length=64)],
                       request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return await call(request, store.relation, account.id, name)

    @router.delete("/api/me/follows/{name}")
    async def unfollow(name: Annotated[str, PathParameter(max_length=64)],
                       request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"unfollowed": await call(request, store.unfollow, account.id, name)}


def add_challenge_routes(router: APIRouter) -> None:
    @router.get("/api/me/challenges")
    async def my_challenges(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return await hub_of(request).db.run(challenges.listed, account.id)

    @router.post("/api/me/challenges", status_code=201)
    async def challenge(body: ChallengeBody, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        hub = hub_of(request)
        seats = challenge_seats(body.game, body.players, body.bot)
        friend = await call(request, challenges.challengeable, account.id, body.name)
        await throttle(request, challenge_buckets(request), f"account:{account.id}",
                       N_("challenges"), N_("from your account"))
        create = CreateTable(game=body.game, seats=seats, options=dict(body.options))
        room = await make_table(request, create, account_id=account.id)
        try:
            _table, token = await hub.join(room.id, 0, "", account)
        except RoomError as exc:
            raise refuse(exc) from None
        challenge_id = await call(request, challenges.record, account.id, friend.account_id,
                                  room.id, 1, room.game)
        hub.changed(lobby=False, turns=True)   # the friend's pages, on every process
        return {"id": challenge_id, "name": friend.name, "table": room.id,
                "url": f"/t/{room.id}", "seat": 0, "token": token}

    @router.post("/api/me/challenges/{challenge_id}/accept")
    async def accept(challenge_id: Annotated[int, PathParameter(ge=1, le=ID_MAX)],
                     request: Request) -> dict[str, Any]:
        account = await required_account(request)
        hub = hub_of(request)
        found = await call(request, challenges.answer, account.id, challenge_id, True)
        try:
            _table, token = await hub.join(found["table"], found["seat"], "", account)
        except RoomError as exc:
            raise refuse(exc) from None
        await hub.db.run(challenges.forget, challenge_id)
        hub.changed(lobby=False, turns=True)
        return {**found, "token": token}

    @router.post("/api/me/challenges/{challenge_id}/decline")
    async def decline(challenge_id: Annotated[int, PathParameter(ge=1, le=ID_MAX)],
                      request: Request) -> dict[str, Any]:
        account = await required_account(request)
        found = await call(request, challenges.answer, account.id, challenge_id, False)
        hub_of(request).changed(lobby=False, turns=True)
        return {"declined": found["id"]}
