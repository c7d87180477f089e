"""What a game gives the tables on the web and offline (:class:`WebKit`): the browser module that
draws it.

The tables define the kit; a game registers one in its spec and the tables look it up
(``spec.kit_or_none(WebKit)``: a game without one is drawn by the generic module).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WebKit:
    """``frontend``: the browser module that draws this game (``web/js/<frontend>.js``)."""

    frontend: str = "generic"
