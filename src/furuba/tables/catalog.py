"""The games a table may play, as a form to make one reads them (``GET /api/games``, online and
offline): every registered game as its spec describes it online, with the bots that play it and
the levels as its seat menu shows them; then the bots, the levels as all games share them, and
the host's table defaults (see ``docs/WEB-API.md``).

>>> described = games_catalog({"chat": False})
>>> [g["name"] for g in described["games"]], described["defaults"]
(['zodiac', 'daihinmin'], {'chat': False})
"""

from __future__ import annotations

from typing import Any

from furuba import games
from furuba.bots.registry import plays
from furuba.tables.bots import available_bots, levels_described


def games_catalog(defaults: dict[str, Any]) -> dict[str, Any]:
    """``GET /api/games`` with the host's ``defaults``, in the context's language."""
    bots = available_bots()
    return {"games": [{**spec.describe(online=True),
                       "bots": [b for b in bots if plays(b, spec.name)],
                       "levels": levels_described(spec.name)} for spec in games.specs()],
            "bots": bots, "levels": levels_described(None), "defaults": defaults}
