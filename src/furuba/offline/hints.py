"""Hints at an offline table: the server's (``furuba.server.hints`` and ``bots.hints``) — the
search bot's best few moves (:func:`furuba.bots.hint.hint`) with their win chances and reasons,
seeded by :func:`~furuba.bots.hint.hint_seed` from the table's seed, the seat and the number of
actions so far, with the server's budget (400 simulations) — so a position gets the same hint
offline as online.
"""

from __future__ import annotations

import logging
from typing import Any

from furuba.bots.hint import hint
from furuba.bots.registry import BOTS
from furuba.core.protocol import State
from furuba.offline.bots import choose
from furuba.text import sentence

log = logging.getLogger("furuba.offline")
Suggestion = dict[str, Any]
"""``{"id", "name", "win_chance", "reason"}`` (the server's ``Suggestion``)."""


def suggestions(state: State, seat: int, seed: int) -> tuple[str, list[Suggestion]]:
    """Who made the hint for ``seat`` (the player to move), and its suggestions, best first;
    the reasons are sentences in the context's language."""
    legal = state.legal_actions()
    try:
        found = hint(state.clone(), seat, seed=seed)
        out = [{"id": int(h.action), "name": state.action_to_string(int(h.action)),
                "win_chance": _chance(h.win_chance), "reason": _reason(h.reason)}
               for h in found if int(h.action) in legal]
        if out:
            return "ismcts", out
    except Exception:  # a failing hint: fall back to a bot's choice, as the server does
        log.exception("furuba.bots.hint failed; falling back to a bot's choice")
    spec = "normal" if "normal" in BOTS else "greedy"
    action = choose(spec, seed, state)
    return spec, [{"id": action, "name": state.action_to_string(action), "win_chance": None,
                   "reason": None}]


def _chance(value: float | None) -> float | None:
    return None if value is None else round(float(value), 3)


def _reason(value: Any) -> str | None:
    return sentence(value) if isinstance(value, str) and value.strip() else None
