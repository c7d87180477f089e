"""The web app: FastAPI + WebSockets, rooms, storage, and a small static front end.

Build it with :func:`create_app`; ``furuba serve`` runs it under uvicorn. The contract with
browsers is ``docs/WEB-API.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> FastAPI:
    """The app (see :func:`furuba.server.app.create_app`); imported lazily so that ``furuba``
    works without the web extra."""
    from furuba.server.app import create_app as make

    return make(*args, **kwargs)
