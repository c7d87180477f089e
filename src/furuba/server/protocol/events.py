"""The body of each numbered table event (the ``event`` of an ``event`` frame), one model per
``kind``.

A field listed in a body's :attr:`~EventBody.LEFT_OUT` is left out of the frame when it is
``None`` (the actor's ``action``, the facts only some ``table`` events have), as
:func:`furuba.server.messages.dump_event` does; every other field is always sent.

>>> from furuba.server import messages as m
>>> m.dump_event(m.Event(seq=5, event=TableEvent(reason="join", seat=1)))
'{"type":"event","seq":5,"event":{"kind":"table","reason":"join","seat":1}}'
>>> m.dump_event(m.Event(seq=6, event=HiddenEvent()))
'{"type":"event","seq":6,"event":{"kind":"hidden"}}'
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from furuba.server.protocol.actions import LegalAction

ActionBy = Literal["human", "bot", "zombie"]
"""Who took an action: the seat's player, its bot, or a bot for a player who is away."""
TableReason = Literal["join", "connect", "disconnect", "zombie", "reclaim", "start", "abandoned",
                      "timeout", "rated"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")
    LEFT_OUT: ClassVar[tuple[str, ...]] = ()
    """The fields left out of the frame when they are ``None``."""

    def left_out(self) -> set[str]:
        """The fields this event leaves out of its frame."""
        return {name for name in self.LEFT_OUT if getattr(self, name) is None}


class StartEvent(_Body):
    """The game began (kept as the first event a reconnecting client may be sent again)."""

    kind: Literal["start"] = "start"


class Acted(_Body):
    """An event about an action of ``player``'s: the action as data (its ``action`` field) goes
    only to the connections holding that seat, since it may name cards of its hand."""

    LEFT_OUT: ClassVar[tuple[str, ...]] = ("action",)


class ActionEvent(Acted):
    """An action was taken."""

    kind: Literal["action"] = "action"
    player: int
    by: ActionBy
    action: LegalAction | None = None


class AnswerEvent(_Body):
    """A written input of ``player``'s was kept (its input ``name``)."""

    kind: Literal["answer"] = "answer"
    player: int
    name: str


class UndoEvent(Acted):
    """``player`` took back its last action (``action``: the action taken back)."""

    kind: Literal["undo"] = "undo"
    player: int
    action: LegalAction | None = None


class ChatEvent(_Body):
    """A chat line (``seat`` ``None``: a spectator's; ``text`` HTML-escaped, ``at`` in ms)."""

    kind: Literal["chat"] = "chat"
    seat: int | None
    name: str
    text: str
    at: int


class HiddenEvent(_Body):
    """A chat line from an account this connection's account blocks: nothing to show."""

    kind: Literal["hidden"] = "hidden"


class RatingMove(BaseModel):
    """How a seat's displayed rating moved at the end of a rated game."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    name: str | None
    before: int
    after: int


class TableEvent(_Body):
    """Seats or status changed (the frame carries the table). ``timeout``: ``hours``;
    ``abandoned``: ``idle_seconds``; ``rated``: ``ratings``; these three also a ``message`` in
    English."""

    LEFT_OUT: ClassVar[tuple[str, ...]] = ("hours", "idle_seconds", "ratings", "message")
    kind: Literal["table"] = "table"
    reason: TableReason
    seat: int | None
    hours: int | None = None
    idle_seconds: float | None = None
    ratings: list[RatingMove] | None = None
    message: str | None = None


class RematchEvent(_Body):
    """A rematch table exists; the seat tokens of this table also work there."""

    kind: Literal["rematch"] = "rematch"
    table_id: str
    url: str


EventBody = Annotated[StartEvent | ActionEvent | AnswerEvent | UndoEvent | ChatEvent | HiddenEvent
                      | TableEvent | RematchEvent, Field(discriminator="kind")]
"""What happened, by ``kind``."""
