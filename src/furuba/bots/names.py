"""What people call the bots: a first name at the table, and what kind of bot it is.

A bot sits at a table under a first name, as a fellow player would (the web server's tables and
``furuba play`` alike); the kind of bot — "hard bot", "greedy bot" — is said beside it, in the
reader's language, and never the search's internal name.

>>> bot_name(1), bot_name(9)
('Kaito', 'Kaito')
>>> bot_kind("ismcts:hard"), bot_kind("greedy"), bot_kind("beginner"), bot_kind("ismcts:sims=50")
('hard bot', 'greedy bot', 'beginner bot', 'search bot')
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     bot_kind("hard"), bot_kind("random")
('つよいボット', 'ランダムボット')
"""

from __future__ import annotations

from furuba.bots.search_settings import LEVELS
from furuba.text import N_, _

BOT_NAMES = ("Aoi", "Kaito", "Mio", "Ren", "Sora", "Yui", "Haruto", "Emi")
"""The names bots go by at a table, one per seat: what a person would call a fellow player.
Names are the same in every language (a table's players all read the same names)."""

KINDS = {"random": N_("random bot"), "greedy": N_("greedy bot"), "policy": N_("learned bot"),
         "beginner": N_("beginner bot"), "easy": N_("easy bot"), "normal": N_("normal bot"),
         "hard": N_("hard bot"), "expert": N_("expert bot"), "search": N_("search bot")}
"""What each kind of bot is called; the search bot at a level goes by its level."""
SEARCH = "ismcts"


def bot_name(seat: int) -> str:
    """A bot's first name, by its seat (a table of up to eight never has two alike)."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


def kind_of(spec: str) -> str:
    """The kind of bot ``spec`` names: its level for the search bot (``search`` with settings
    of its own), else its name (``greedy``).

    >>> kind_of("ismcts:normal"), kind_of("ismcts"), kind_of("Greedy"), kind_of("hard:c=0.5")
    ('normal', 'search', 'greedy', 'hard')
    >>> kind_of("ismcts:level=hard,sims=40"), kind_of("ismcts:sims=800"), kind_of("expert")
    ('hard', 'search', 'expert')
    """
    name, _colon, rest = spec.strip().lower().partition(":")
    if name != SEARCH:
        return name
    for part in (p.strip() for p in rest.split(",")):
        key, eq, value = part.partition("=")
        level = value.strip() if eq and key.strip() == "level" else key if not eq else ""
        if level in LEVELS:
            return level
    return "search"


def bot_kind(spec: str) -> str:
    """What kind of bot ``spec`` is, in the context's language ("hard bot")."""
    kind = kind_of(spec)
    return _(KINDS[kind]) if kind in KINDS else _("{name} bot").format(name=kind)
