"""Seeded games of every level of every game, a hint and a review, printed as one JSON record.

Run by :mod:`tests.test_pure_core` twice — in a virtual environment with furuba alone (no numpy,
no pydantic) and in the project's own — whose outputs must be equal. ``--block`` also refuses
the optional packages inside this process (for a quick check without a second environment).
Searching levels play their games at a small budget (``hard:sims=30``) to stay quick; plain
``hard`` and ``expert`` then decide in a few positions at their full budgets.
"""

from __future__ import annotations

import importlib.abc
import json
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

OPTIONAL = {"numpy", "pydantic", "pydantic_core", "typer", "rich", "typing_extensions", "click",
            "tomlkit"}
"""What the pure core must run without."""
OPTIONS: dict[str, dict[str, Any]] = {"zodiac": {"players": 3, "target": 2},
                                      "daihinmin": {"players": 4, "max_rounds": 1}}
"""Short games: two friendships, one round."""
SMALL = {"normal": "normal:sims=20", "hard": "hard:sims=30", "expert": "expert:sims=30"}
"""The budgets the searching levels play whole games at."""
FULL_BUDGET_DECISIONS = 2
"""Decisions plain ``hard`` and ``expert`` make at their full budgets, per game."""


class Refuse(importlib.abc.MetaPathFinder):
    """Refuses to import the optional packages."""

    def find_spec(self, name: str, path: Any = None, target: ModuleType | None = None,
                  ) -> ModuleSpec | None:
        if name.split(".")[0] in OPTIONAL:
            raise ImportError(f"refused {name}", name=name)
        return None


def play(game: str, level: str, seed: int) -> dict[str, Any]:
    """One game of ``level`` in every seat: its actions, returns and the full-budget choices."""
    from furuba import games
    from furuba.bots.registry import make_bot

    options = OPTIONS[game]
    state = games.new_game(game, seed=seed, **options)
    bots = [make_bot(SMALL.get(level, level), seed=seed * 10 + p)
            for p in range(options["players"])]
    actions, positions = [], []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and len(positions) < FULL_BUDGET_DECISIONS:
            positions.append(state.clone())
        action = bots[state.current_player].choose(state)
        actions.append(action)
        state.apply(action)
    full = []
    if level in ("hard", "expert"):
        bot = make_bot(level, seed=seed)
        full = [bot.choose(position) for position in positions]
    return {"actions": actions, "returns": state.returns(), "scores": state.scores(),
            "full_budget": full}


def hint_and_review(game: str, seed: int) -> dict[str, Any]:
    """A hint at the start of a game of ``game``, and the review of a short game's first seat."""
    from furuba import games
    from furuba.bots.hint import hint
    from furuba.bots.registry import make_bot
    from furuba.core.record import GameRecord
    from furuba.review.analysis import analyse

    options = OPTIONS[game]
    state = games.new_game(game, seed=seed, **options)
    hints = [[h.action, h.name, h.win_chance, h.visits, h.reason]
             for h in hint(state, sims=20, worlds=4, seed=seed)]
    record = GameRecord(game, dict(options), seed)
    bot = make_bot("easy", seed=seed)
    while not state.is_terminal():
        record.play(state, bot.choose(state))
    review = analyse(record, 0, sims=6, playouts=2, worlds=3)
    return {"hints": hints, "review": review.to_json()}


def main() -> None:
    if "--block" in sys.argv:
        sys.meta_path.insert(0, Refuse())
    from furuba import games
    from furuba.bots.levels import LEVELS

    out: dict[str, Any] = {}
    for game in games.names():
        for i, level in enumerate(LEVELS):
            out[f"{game} {level.name}"] = play(game, level.name, seed=11 + i)
        out[f"{game} hint and review"] = hint_and_review(game, seed=5)
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
