"""What one process asks of the process driving a table: each request a small typed value.

A request (:class:`Call`) says what it is (``op``, its name on the link), what it carries (its
fields) and what it does at the table (:meth:`Call.run`, at whichever process drives it — this
one included); :meth:`Call.dump` and :meth:`Call.load` carry its answer over the link as JSON.
:data:`CALLS` is the one table from a name on the link back to the request, so a new request is
one class here and nothing else. On the link a call is ``{"op": name, "tbl": table, "args":
fields}``; processes of one release talk to each other only.

>>> call = Join(seat=1, name="Ann", hash="h", account=None)
>>> call.args()
{'seat': 1, 'name': 'Ann', 'hash': 'h', 'account': None}
>>> decode("join", call.args()) == call, decode("table", {})
(True, Describe())
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from furuba.server import messages as m
from furuba.server import presence
from furuba.server.errors import RoomError
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.rooms import Room

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Call(Generic[T]):
    """A request about one table, answered by the process that drives it."""

    op: ClassVar[str]
    """Its name on the link."""

    async def run(self, room: Room) -> T:
        """Do it at ``room`` (driven here)."""
        raise NotImplementedError

    def dump(self, value: T) -> Any:
        """The answer as JSON, for the link."""
        return value

    def load(self, value: Any) -> T:
        """The answer, from the link's JSON."""
        out: T = value
        return out

    def args(self) -> dict[str, Any]:
        """What it carries, for the link."""
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class TableCall(Call[m.TableOut]):
    """A request answered with the table's description."""

    def dump(self, value: m.TableOut) -> Any:
        return value.model_dump(mode="json")

    def load(self, value: Any) -> m.TableOut:
        return m.TableOut.model_validate(value)


@dataclass(frozen=True, slots=True)
class Describe(TableCall):
    """The table's public description (``GET /api/tables/{id}``)."""

    op: ClassVar[str] = "table"

    async def run(self, room: Room) -> m.TableOut:
        return room.table_out()


@dataclass(frozen=True, slots=True)
class Catalog(Call[dict[str, Any]]):
    """The game's static components at the table (public)."""

    op: ClassVar[str] = "catalog"

    async def run(self, room: Room) -> dict[str, Any]:
        out: dict[str, Any] = room.state.catalog()
        return out


@dataclass(frozen=True, slots=True)
class Join(TableCall):
    """Claim ``seat`` as ``name`` with the token of hash ``hash`` (signed in: as ``account``):
    the table then."""

    op: ClassVar[str] = "join"
    seat: int
    name: str
    hash: str
    account: int | None

    async def run(self, room: Room) -> m.TableOut:
        await presence.claim(room, self.seat, self.name, self.hash, self.account)
        return room.table_out()


@dataclass(frozen=True, slots=True)
class Bind(Call[list[int]]):
    """Keep the seats the token of hash ``hash`` holds under ``account`` (named ``name``): the
    seats it holds there then."""

    op: ClassVar[str] = "bind"
    hash: str
    account: int
    name: str

    async def run(self, room: Room) -> list[int]:
        return await presence.bind(room, self.hash, self.account, self.name)


CALLS: dict[str, type[Call[Any]]] = {c.op: c for c in (Describe, Catalog, Join, Bind)}
"""Every request, by its name on the link."""


def decode(op: str, args: dict[str, Any]) -> Call[Any]:
    """The request a call on the link carries (:class:`RoomError` ``bad_message`` for one this
    release does not know)."""
    kind = CALLS.get(op)
    try:
        if kind is None:
            raise TypeError(op)
        return kind(**args)
    except TypeError:
        raise RoomError("bad_message", _("unknown call {op!r}").format(op=op)) from None
