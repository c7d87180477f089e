"""Bots on the server: the optional bot modules, who plays a seat left to a bot, and which bots
run on the event loop.

Which specs a seat may use, a bot's seed and choice, and hints are the rules of any table
(:mod:`furuba.tables.bots`, :mod:`furuba.tables.hints`, which an offline table follows too); they
are named here too, as the server's modules call them (``bots.choose``, ``bots.hints``).

Search bots register themselves in :data:`furuba.bots.registry.BOTS` when their module is
imported; :func:`load_bot_plugins` imports the known ones if they are installed.
"""

from __future__ import annotations

import importlib

from furuba.tables.bots import available_bots, bot_seed, check_table_bot, choose, levels_described
from furuba.tables.hints import Suggestion, hints

__all__ = ["INLINE", "PLUGINS", "ZOMBIE_BOT", "Suggestion", "available_bots", "bot_seed",
           "check_table_bot", "choose", "hints", "is_inline", "levels_described",
           "load_bot_plugins"]

PLUGINS = ("furuba.bots.ismcts",)
ZOMBIE_BOT = "greedy"
"""Who plays a seat whose player timed out or left."""
INLINE = frozenset({"random", "greedy", "easy"})
"""Bots fast enough to run on the event loop; others run on a worker thread."""


def load_bot_plugins() -> None:
    """Import the optional bot modules that are installed, so that they register."""
    for name in PLUGINS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue


def is_inline(spec: str) -> bool:
    return spec.partition(":")[0].strip().lower() in INLINE
