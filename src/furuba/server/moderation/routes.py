"""Moderation's routes: a player's blocks, standing and reports; the moderators' page, queue,
actions and audit log.

Players (signed in): ``GET/POST /api/me/blocks``, ``DELETE /api/me/blocks/{name}``,
``GET /api/me/standing`` (role, mute, warnings) and ``POST /api/reports``. Moderators and admins:
``GET /moderation`` (the page), ``GET /api/moderation/reports``,
``POST /api/moderation/reports/{id}/close``, ``POST /api/moderation/actions`` and
``GET /api/moderation/audit``; anyone else gets ``403``.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParameter
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy.orm import Session

from furuba import i18n
from furuba.server.accounts.signed import required_account
from furuba.server.logs import security_event
from furuba.server.moderation import actions, blocks, reports, store
from furuba.server.moderation.checks import enforce_ban
from furuba.server.routing import hub_of
from furuba.text import N_

T = TypeVar("T")
ID_MAX = 2**31 - 1
Name = Annotated[StrictStr, Field(min_length=1, max_length=64, description=N_("a player's name"))]
Reason = Annotated[StrictStr, Field(max_length=2000, description=N_("why, in a few words"))]


class BlockBody(BaseModel):
    """``POST /api/me/blocks``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Name


class ReportBody(BaseModel):
    """``POST /api/reports``: a player (``player``) or a chat line (``table`` and ``seq``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    reason: Annotated[StrictStr, Field(max_length=16, description=N_(
        "abuse, spam, cheating, name or other"))]
    text: Reason = ""
    player: Name | None = None
    table: Annotated[StrictStr, Field(min_length=1, max_length=64, description=N_(
        "a table's id"))] | None = None
    seq: Annotated[StrictInt, Field(ge=0, le=ID_MAX, description=N_(
        "the event number of the chat line"))] | None = None


class ActionBody(BaseModel):
    """``POST /api/moderation/actions``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal["warn", "mute", "unmute", "ban", "unban"]
    player: Name
    reason: Reason = ""
    minutes: Annotated[StrictInt, Field(ge=1, le=actions.MUTE_MINUTES_MAX, description=N_(
        "how long a mute lasts, in minutes"))] | None = None
    report: Annotated[StrictInt, Field(ge=1, le=ID_MAX, description=N_(
        "the report this action answers (it is closed)"))] | None = None


class CloseBody(BaseModel):
    """``POST /api/moderation/reports/{id}/close``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    reason: Reason = ""


async def call(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """``fn(session, *args)`` on the database's thread, its refusals said in the request's
    language (the thread does not share the request's context) and answered with their status."""
    language = i18n.current()

    @functools.wraps(fn)
    def speaking(s: Session, *values: Any) -> T:
        with i18n.speaking(language):
            return fn(s, *values)

    try:
        return await hub_of(request).db.run(speaking, *args)
    except store.ModerationError as exc:
        raise HTTPException(exc.status, exc.message) from None


async def staff(request: Request) -> actions.Actor:
    """The signed-in moderator or admin (``401`` signed out, ``403`` a player)."""
    account = await required_account(request)
    role = await hub_of(request).db.run(store.role_of, account.id)
    actor = actions.Actor(account.name, role, account.id)
    try:
        actions.check_staff(actor)
    except store.ModerationError as exc:
        raise HTTPException(exc.status, exc.message) from None
    return actor


def add_moderation(router: APIRouter, page: str) -> None:
    """Every moderation route, and the moderators' page (the file ``page``)."""
    add_player_routes(router)
    add_staff_routes(router)

    @router.get("/moderation", include_in_schema=False)
    async def moderation_page() -> FileResponse:
        return FileResponse(page)


def add_player_routes(router: APIRouter) -> None:
    """Blocks, standing and reports: any signed-in player."""

    @router.get("/api/me/blocks")
    async def my_blocks(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"blocks": await hub_of(request).db.run(blocks.blocks, account.id)}

    @router.post("/api/me/blocks")
    async def block(body: BlockBody, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"blocked": await call(request, blocks.block, account.id, body.name)}

    @router.delete("/api/me/blocks/{name}")
    async def unblock(name: Annotated[str, PathParameter(max_length=64)],
                      request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"unblocked": await call(request, blocks.unblock, account.id, name)}

    @router.get("/api/me/standing")
    async def standing(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        found = await hub_of(request).db.run(store.standing, account.id)
        return {"role": found.role, "muted_until": found.muted_until, "notices": found.notices}

    @router.post("/api/reports", status_code=201)
    async def report(body: ReportBody, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        hub = hub_of(request)
        new = reports.NewReport(reporter_id=account.id, reporter_name=account.name,
                                reason=body.reason, text=body.text, player=body.player,
                                table_id=body.table, seq=body.seq)
        return {"id": await call(request, reports.make_report, new, hub.config.reports_per_hour)}


def add_staff_routes(router: APIRouter) -> None:
    """The queue, the actions and the audit log: moderators and admins."""

    @router.get("/api/moderation/reports")
    async def queue(request: Request,
                    status: Literal["open", "closed", "all"] = "open") -> dict[str, Any]:
        await staff(request)
        return {"reports": await hub_of(request).db.run(reports.list_reports, status)}

    @router.post("/api/moderation/reports/{report_id}/close")
    async def close(report_id: Annotated[int, PathParameter(ge=1, le=ID_MAX)], body: CloseBody,
                    request: Request) -> dict[str, Any]:
        actor = await staff(request)
        await call(request, actions.close_report, actor, report_id, body.reason)
        return {"closed": report_id}

    @router.post("/api/moderation/actions")
    async def act(body: ActionBody, request: Request) -> dict[str, Any]:
        actor = await staff(request)
        hub = hub_of(request)
        decision = actions.Decision(body.action, body.player, body.reason, body.minutes,
                                    body.report)
        done = await call(request, actions.act, actor, decision)
        security_event("moderation", level=logging.WARNING, action=done.action,
                       actor=actor.name, target=done.name, account=done.account_id)
        if done.action == "ban":
            await enforce_ban(hub, done.account_id)
        return {"action": done.action, "player": done.name, "until": done.until}

    @router.get("/api/moderation/audit")
    async def audit(request: Request) -> dict[str, Any]:
        await staff(request)
        return {"audit": await hub_of(request).db.run(store.audit)}
