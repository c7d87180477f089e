"""The games a table may play, as a form to make one reads them (``GET /api/games``, online and
offline): every registered game as its spec describes it online, with the bots that play it and
the levels as its seat menu shows them; then the bots, the levels as all games share them, and
the host's table defaults (see ``docs/WEB-API.md``).

>>> described = games_catalog({"chat": False})
>>> [g["name"] for g in described["games"]], described["defaults"]
(['zodiac', 'daihinmin'], {'chat': False})
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.registry import plays
from furuba.spec import GameSpec
from furuba.tables.bots import available_bots, levels_described
from furuba.tables.kit import WebKit
from furuba.tutorial import TutorialKit


def games_catalog(defaults: dict[str, Any]) -> dict[str, Any]:
    """``GET /api/games`` with the host's ``defaults``, in the context's language."""
    bots = available_bots()
    return {"games": [{**described(spec), "bots": [b for b in bots if plays(b, spec.name)],
                       "levels": levels_described(spec.name)} for spec in games.specs()],
            "bots": bots, "levels": levels_described(None), "defaults": defaults}


def described(spec: GameSpec) -> dict[str, Any]:
    """A game as the form reads it: what its spec says of it online, the browser module that
    draws it, whether it teaches itself, and how strong its bot levels measured (``ladder``,
    from its bots' kit)."""
    say = spec.gettext
    ladder = spec.kit_or_none(BotKit)
    return {**spec.describe(online=True), "frontend": spec.kit_or(WebKit()).frontend,
            "tutorial": spec.kit_or_none(TutorialKit) is not None,
            "ladder": [{**asdict(rung), "setting": say(rung.setting) if rung.setting else ""}
                       for rung in (ladder.ladder if ladder is not None else ())]}
