"""Starting a game of Friends of the Zodiac: a card set and options compiled, the deal dealt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from furuba.core.errors import OptionsError
from furuba.spec import is_whole
from furuba.zodiac.cardset import CardSet
from furuba.zodiac.rules import make_rules
from furuba.zodiac.state import GameState
from furuba.zodiac.text import _


def new_game(players: int = 4, seed: int = 0, *, cardset: CardSet | str | Path | None = None,
             **options: Any) -> GameState:
    """A new game of Friends of the Zodiac, dealt from ``seed``.

    Options: ``sets`` (copies of the game, default ceil(players / 4)), ``target`` (7; 13 in the
    Long Game), ``variant`` (``standard``, ``long``, ``coop``, ``true-friends``, combinable with
    commas), ``max_rounds`` (the safety cap, 100), ``cardset`` (a file path or ``None``).

    >>> state = new_game(players=4, seed=11)
    >>> state.num_players, len(state.hands[0])
    (4, 3)
    """
    if not is_whole(seed):
        raise OptionsError(_("seed must be a whole number, not {value!r}").format(value=seed))
    rules = make_rules(cardset, players=players, **options)
    return GameState.deal(rules, seed)
