"""Hints at a table: the search bot's best few moves (:func:`furuba.bots.hint.hint`) with their
win chances and reasons, or else one bot's choice — the same for a position online and offline,
since the seed comes from the table's seed, the seat and the number of actions so far
(:func:`~furuba.bots.hint.hint_seed`).

>>> Suggestion(3, "pass").to_json()
{'id': 3, 'name': 'pass', 'win_chance': None, 'reason': None}
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from furuba.bots.hint import DEFAULT_SIMS, hint
from furuba.bots.registry import BOTS
from furuba.core.protocol import State
from furuba.tables.bots import choose
from furuba.text import sentence

log = logging.getLogger("furuba.tables")


@dataclass(frozen=True)
class Suggestion:
    """One hinted action, with the search's win chance and reason when it gives them (a
    sentence in the asking client's language)."""

    action: int
    name: str
    win_chance: float | None = None
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The suggestion as a ``hint`` message carries it (``docs/WEB-API.md``)."""
        return {"id": self.action, "name": self.name, "win_chance": self.win_chance,
                "reason": self.reason}


def hints(state: State, seat: int, seed: int, spec: str | None = None,
          sims: int | None = None) -> tuple[str, list[Suggestion]]:
    """Suggestions for ``seat`` (the player to move), best first, and who made them.

    The search bot's hints, with reasons, when ``spec`` is ``None`` (``sims`` simulations, or
    its default); else — or when the search fails — the bot ``spec`` (or the ``normal`` level,
    or greedy) gives its one choice.
    """
    legal = state.legal_actions()
    if spec is None:
        try:
            found = hint(state.clone(), seat, seed=seed, sims=sims or DEFAULT_SIMS)
            out = [Suggestion(int(h.action), state.action_to_string(int(h.action)),
                              _chance(h.win_chance), _reason(h.reason))
                   for h in found if int(h.action) in legal]
            if out:
                return "ismcts", out
        except Exception:  # a failing search: fall back to a bot
            log.exception("furuba.bots.hint failed; falling back to a bot's choice")
        spec = "normal" if "normal" in BOTS else "greedy"
    action = choose(spec, seed, state)
    return spec, [Suggestion(action, state.action_to_string(action))]


def _chance(value: float | None) -> float | None:
    return None if value is None else round(float(value), 3)


def _reason(value: Any) -> str | None:
    """A hint's reason as a sentence, in the asking client's language (the game's words)."""
    return sentence(value) if isinstance(value, str) and value.strip() else None
