"""Bots on the server: which specs a seat may use, a bot's choice, and hints.

Search bots register themselves in :data:`furuba.bots.registry.BOTS` when their module is
imported; :func:`load_bot_plugins` imports the known ones if they are installed. A bot is built
afresh for every decision with a seed drawn from the table's seed, the seat and the number of
actions so far, so a table rebuilt after a restart makes the same choices.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Any

from furuba.bots.registry import BOTS, make_bot
from furuba.core.protocol import State

log = logging.getLogger("furuba.server")

PLUGINS = ("furuba.bots.ismcts",)
SEARCH_LEVELS = ("easy", "normal", "hard")
ZOMBIE_BOT = "greedy"
"""Who plays a seat whose player timed out or left."""
INLINE = frozenset({"random", "greedy"})
"""Bots fast enough to run on the event loop; others run on a worker thread."""


def load_bot_plugins() -> None:
    """Import the optional bot modules that are installed, so that they register."""
    for name in PLUGINS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue


def available_bots() -> list[str]:
    """The bot specs a seat may use: ``random``, ``greedy``, and ``ismcts:<level>`` if installed."""
    out: list[str] = []
    for name in BOTS:
        if name == "ismcts":
            out.extend(f"ismcts:{level}" for level in SEARCH_LEVELS)
        else:
            out.append(name)
    return out


def bot_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a bot's decision: the same table, seat and moment give the same seed."""
    return (table_seed * 1_000_003 + seat * 7919 + actions) % 2**63


def is_inline(spec: str) -> bool:
    return spec.partition(":")[0].strip().lower() in INLINE


def choose(spec: str, seed: int, state: State) -> int:
    """The action the bot ``spec`` takes in ``state`` (a legal one, whatever the bot does)."""
    legal = state.legal_actions()
    try:
        action = make_bot(spec, seed).choose(state.clone())
    except Exception:  # a faulty bot must not stop the table
        log.exception("bot %s failed; playing the first legal action", spec)
        return legal[0]
    return action if action in legal else legal[0]


def hint_function(spec: str | None) -> tuple[str, Callable[[State, int], int]]:
    """Who gives hints and how: ``furuba.bots.hint`` if installed, else the search bot, else greedy."""
    if spec is None:
        try:
            module = importlib.import_module("furuba.bots.hint")
        except ImportError:
            module = None
        fn: Any = getattr(module, "hint", None)
        if callable(fn):
            def by_module(state: State, seed: int) -> int:
                out = fn(state.clone())
                return int(getattr(out, "action", out))

            return "hint", by_module
        spec = "ismcts:normal" if "ismcts" in BOTS else "greedy"
    chosen = spec

    def by_bot(state: State, seed: int) -> int:
        return choose(chosen, seed, state)

    return chosen, by_bot
