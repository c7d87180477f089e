"""``TypedDict`` for the types of the games' views and logs, with or without typing_extensions.

The views' types are closed TypedDicts (``closed=True``, PEP 728), which only typing_extensions'
``TypedDict`` takes today; pydantic, which checks views on the server, also reads only that one
on Python 3.11. Both are there wherever pydantic is. Without them (the engines in a browser, on
the standard library alone) nothing reads these types at run time — they are annotations, and a
spec's ``view_type`` is data for the server — so a stand-in takes the same two spellings
(``class V(TypedDict, total=False, closed=True)`` and ``TypedDict("V", {...}, closed=True)``)
and makes plain classes of them.

>>> class Seat(TypedDict, total=False, closed=True):
...     name: str
>>> class Plain(_stand_in, total=False, closed=True):   # the stand-in
...     name: str
>>> Plain.__annotations__, Plain.__total__
({'name': 'str'}, False)
>>> _stand_in("Pair", {"a": int}, closed=True).__annotations__
{'a': <class 'int'>}
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

__all__ = ["TypedDict"]


class _StandInMeta(type):
    """Takes (and forgets) a TypedDict's ``total`` and ``closed``."""

    __total__: bool

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **keywords: Any) -> _StandInMeta:
        cls = super().__new__(mcls, name, bases, namespace)
        cls.__total__ = bool(keywords.get("total", True))
        return cls

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                 **keywords: Any) -> None:
        super().__init__(name, bases, namespace)


class _Base(dict[str, Any], metaclass=_StandInMeta):
    """The base of the stand-in types."""


class _StandIn:
    """The stand-in ``TypedDict``: a base in a class statement, or called with the fields."""

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type, ...]:
        return (_Base,)

    def __call__(self, name: str, fields: Mapping[str, Any], /, **keywords: Any) -> type:
        """``TypedDict("V", {"key": type}, total=False, closed=True)``."""
        module = sys._getframe(1).f_globals.get("__name__", __name__)
        namespace = {"__annotations__": dict(fields), "__module__": module}
        return _StandInMeta(name, (_Base,), namespace, **keywords)


_stand_in = _StandIn()

if TYPE_CHECKING:
    from typing_extensions import TypedDict
else:
    try:
        from typing_extensions import TypedDict
    except ImportError:  # the standard library alone: nothing reads the types at run time
        TypedDict = _stand_in
