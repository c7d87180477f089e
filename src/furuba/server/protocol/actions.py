"""An action as data, as every frame that names one sends it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from furuba.core.protocol import ActionInfo


class LegalAction(BaseModel):
    """An action as data (``State.action_info``): ``id`` to send back in ``act``, ``text`` to
    show, ``kind`` and ``params`` as the game documents them. ``name`` is ``text`` again, for
    clients written before ``text`` existed.

    >>> LegalAction.of({"id": 3, "text": "discard 3", "kind": "discard", "params": {"card": 3}})
    LegalAction(id=3, name='discard 3', text='discard 3', kind='discard', params={'card': 3})
    """

    id: int
    name: str
    text: str
    kind: str
    params: dict[str, Any]

    @classmethod
    def of(cls, info: ActionInfo) -> LegalAction:
        return cls(id=info["id"], name=info["text"], text=info["text"], kind=info["kind"],
                   params=dict(info["params"]))
