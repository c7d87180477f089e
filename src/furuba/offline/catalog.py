"""The games an offline table may play, as the home page's form reads them: ``GET /api/games``
without a server.

The same shape as the server's (``furuba.server.tables.games_catalog``): every registered game as
its spec describes it online, with the bots that play it and the levels as its seat menu shows
them, then the bots, the levels and the table defaults — said in the language asked for. Only the
defaults differ: an offline table has no chat, no turn timer and no grace period.

>>> described = games_catalog("ja")
>>> [g["name"] for g in described["games"]], described["defaults"]["chat"]
(['zodiac', 'daihinmin'], False)
>>> described["games"][1]["title"], described["levels"][0]["title"]
('大貧民', '入門')
"""

from __future__ import annotations

from typing import Any

from furuba import games, i18n
from furuba.bots.registry import plays
from furuba.offline.bots import available_bots, levels_described

DEFAULTS: dict[str, Any] = {"turn_seconds": None, "grace_seconds": None, "chat": False,
                            "hints": True, "spectator_chat": False, "undo": False}
"""The defaults of an offline table's settings (the form's switches start from them)."""


def games_catalog(lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """``GET /api/games`` for an offline table, in ``lang`` (English for a language furuba
    does not speak)."""
    with i18n.speaking(lang):
        bots = available_bots()
        return {"games": [{**spec.describe(online=True),
                           "bots": [b for b in bots if plays(b, spec.name)],
                           "levels": levels_described(spec.name)} for spec in games.specs()],
                "bots": bots, "levels": levels_described(None), "defaults": dict(DEFAULTS)}
