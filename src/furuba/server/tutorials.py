"""``POST /api/tutorials/{game}``: a game's guided first game, at a private table of its own.

The game's tutorial (its :class:`furuba.tutorial.TutorialKit`) says the table: its players, options
and deal, the learner's seat and the bots. The table is made as any other (throttled, counted
against the address's unfinished tables), with no chat, hints, undo or turn timer, and with the
settings that make it a tutorial (:mod:`furuba.server.lessons`: the learner's views carry the
lesson, the bots play at a learner's pace); the learner's seat is taken at once, under their name
(a signed-in player's account name), so the game starts straight away. The answer is what
creating a table answers, with the seat and its token.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from furuba import games
from furuba.core.errors import OptionsError
from furuba.server.accounts.signed import account_of
from furuba.server.bodies import Created, CreateTable
from furuba.server.errors import RoomError
from furuba.server.lessons import BOT_DELAY, LEARNER, TUTORIAL_PACE
from furuba.server.routing import hub_of, make_table, refuse
from furuba.text import _
from furuba.tutorial import TutorialKit


class StartTutorial(BaseModel):
    """``POST /api/tutorials/{game}``: the learner's name (a signed-in player's is their
    account's)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[StrictStr, Field(max_length=200, description="a name of 1 to 32 letters, "
                                     "digits, spaces and - _ . '")] = ""


class TutorialStarted(Created):
    """A tutorial table, as a new table is described, with the learner's seat and its token."""

    seat: int
    token: str


def add_tutorials(router: APIRouter) -> None:
    """The route that starts a game's tutorial."""

    @router.post("/api/tutorials/{game}", status_code=201)
    async def start_tutorial(game: str, request: Request,
                             body: StartTutorial | None = None) -> TutorialStarted:
        try:
            spec = games.spec(game)
        except OptionsError as exc:
            raise HTTPException(404, str(exc)) from None
        kit = spec.kit_or_none(TutorialKit)
        if kit is None:
            raise HTTPException(404, _("{title} has no tutorial").format(
                title=spec.gettext(spec.title)))
        tutorial = kit.tutorial()
        hub = hub_of(request)
        table = CreateTable(game=spec.name, seats=tutorial.seats(), options=dict(tutorial.options),
                            seed=tutorial.seed, chat=False, hints=False, undo=False)
        # A learner reads at their own pace (no turn timer, whatever the server's default), and
        # the bots play at a pace a learner can follow.
        settings = {LEARNER: tutorial.seat, BOT_DELAY: hub.config.bot_delay * TUTORIAL_PACE,
                    "turn_seconds": None}
        room = await make_table(request, table, settings=settings)
        name = body.name if body is not None else ""
        try:
            out, token = await hub.join(room.id, tutorial.seat, name, await account_of(request))
        except RoomError as exc:
            raise refuse(exc) from None
        url = f"/t/{room.id}"
        return TutorialStarted(id=room.id, url=url, table=out, seat=tutorial.seat, token=token,
                               invite_url=str(request.base_url).rstrip("/") + url)
