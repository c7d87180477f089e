"""The games an offline table may play, as the home page's form reads them: ``GET /api/games``
without a server.

The server's shape (:func:`furuba.tables.catalog.games_catalog`), said in the language asked for;
only the defaults differ: an offline table has no chat, no turn timer and no grace period.

>>> described = games_catalog("ja")
>>> [g["name"] for g in described["games"]], described["defaults"]["chat"]
(['zodiac', 'daihinmin'], False)
>>> described["games"][1]["title"], described["levels"][0]["title"]
('大貧民', '入門')
"""

from __future__ import annotations

from typing import Any

from furuba import i18n
from furuba.tables import catalog

DEFAULTS: dict[str, Any] = {"turn_seconds": None, "grace_seconds": None, "chat": False,
                            "hints": True, "spectator_chat": False, "undo": False}
"""The defaults of an offline table's settings (the form's switches start from them)."""


def games_catalog(lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """``GET /api/games`` for an offline table, in ``lang`` (English for a language furuba
    does not speak)."""
    with i18n.speaking(lang):
        return catalog.games_catalog(dict(DEFAULTS))
