"""What a simulation keeps of a finished game of Friends of the Zodiac (public information only)."""

from __future__ import annotations

from typing import Any

from furuba.core.protocol import State
from furuba.zodiac.state import GameState


def summarize(state: State) -> dict[str, Any]:
    """``rounds``, ``truncated``, ``befriended`` (``[sohma, side, player]`` for every friendship
    card won), ``friendships`` (the scores), ``played``: for each player, the sorted names of
    the card kinds they played (memories and events; every play is named in every view's log),
    and ``reshuffles``: how many times the deck ran out and the discard pile became the deck
    (Z8). In co-op also ``coop_won`` and ``coop_score``.

    >>> import random
    >>> from furuba.zodiac import greedy_action, new_game
    >>> s = new_game(players=2, seed=4)
    >>> rng = random.Random(0)
    >>> while not s.is_terminal():
    ...     s.apply(greedy_action(s, rng))
    >>> out = summarize(s)
    >>> len(out["played"]), all(out["played"][p] == sorted(set(out["played"][p])) for p in (0, 1))
    (2, True)
    """
    assert isinstance(state, GameState)
    view = state.view(None, log_from=state.log_len)     # the log is read below, not rendered
    befriended = [[f["sohma"], f["side"], p] for p, team in enumerate(view["friendships"])
                  for f in team]
    played: list[set[str]] = [set() for _ in range(state.num_players)]
    reshuffles = 0
    for actor, code, kind, _ in state.log_entries():
        if code == "play":
            played[actor].add(state.rules.kind_names[kind])
        elif code == "reshuffle":
            reshuffles += 1
    out: dict[str, Any] = {"rounds": view["round"], "truncated": view["outcome"] == "truncated",
                           "befriended": befriended, "friendships": state.scores(),
                           "played": [sorted(p) for p in played], "reshuffles": reshuffles}
    if state.rules.options.coop:
        out["coop_won"] = view["outcome"] == "won"
        out["coop_score"] = state.scores()[0]
    return out
