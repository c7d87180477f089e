"""Friends of the Zodiac: befriend the Sohmas by matching memories with what they ask for.

>>> from furuba.zodiac import new_game
>>> state = new_game(players=4, seed=11)
>>> state.num_players, len(state.hands[0])
(4, 3)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from furuba.core.errors import OptionsError
from furuba.zodiac.cardset import CardSet, resolve_cardset
from furuba.zodiac.explain import explain_action
from furuba.zodiac.options import Options
from furuba.zodiac.playout import SEARCH_DEFAULTS, evaluate, rollout_action
from furuba.zodiac.rules import Rules, compile_rules
from furuba.zodiac.state import GameState

__all__ = ["SEARCH_DEFAULTS", "GameState", "Options", "Rules", "evaluate", "explain_action",
           "make_rules", "new_game", "rollout_action"]


def make_rules(cardset: CardSet | str | Path | None = None, **options: Any) -> Rules:
    """Compile a card set (default, path or :class:`CardSet`) and options into rules."""
    return compile_rules(resolve_cardset(cardset), Options.make(**options))


def new_game(players: int = 4, seed: int = 0, *, cardset: CardSet | str | Path | None = None,
             **options: Any) -> GameState:
    """A new game of Friends of the Zodiac, dealt from ``seed``.

    Options: ``sets`` (copies of the game, default ceil(players / 4)), ``target`` (7; 13 in the
    Long Game), ``variant`` (``standard``, ``long``, ``coop``, ``true-friends``, combinable with
    commas), ``max_rounds`` (the safety cap, 100), ``cardset`` (a file path or ``None``).
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionsError(f"seed must be a whole number, not {seed!r}")
    rules = make_rules(cardset, players=players, **options)
    return GameState.deal(rules, seed)


def greedy_action(state: GameState, rng: Any) -> int:
    """The greedy bot's choice (see :mod:`furuba.zodiac.greedy`)."""
    from furuba.zodiac.greedy import greedy_action as choose

    return choose(state, rng)


def summarize(state: GameState) -> dict[str, Any]:
    """What a simulation keeps of a finished game (public information only).

    ``rounds``, ``truncated``, ``befriended`` (``[sohma, side, player]`` for every friendship
    card won), ``friendships`` (the scores) and ``played``: for each player, the sorted names of
    the card kinds they played (memories and events; every play is named in every view's log).
    In co-op also ``coop_won`` and ``coop_score``.

    >>> import random
    >>> s = new_game(players=2, seed=4)
    >>> rng = random.Random(0)
    >>> while not s.is_terminal():
    ...     s.apply(greedy_action(s, rng))
    >>> out = summarize(s)
    >>> len(out["played"]), all(out["played"][p] == sorted(set(out["played"][p])) for p in (0, 1))
    (2, True)
    """
    view = state.view(None)
    befriended = [[f["sohma"], f["side"], p] for p, team in enumerate(view["friendships"])
                  for f in team]
    played: list[set[str]] = [set() for _ in range(state.num_players)]
    for actor, code, kind, _ in state.log_entries():
        if code == "play":
            played[actor].add(state.rules.kind_names[kind])
    out: dict[str, Any] = {"rounds": view["round"], "truncated": view["outcome"] == "truncated",
                           "befriended": befriended, "friendships": state.scores(),
                           "played": [sorted(p) for p in played]}
    if state.rules.options.coop:
        out["coop_won"] = view["outcome"] == "won"
        out["coop_score"] = state.scores()[0]
    return out
