"""What a game gives the bots (:class:`BotKit`): its fast decisions, its evaluations, the search
settings tuned for it, and how strong its levels measured.

The bots define the kit; a game registers one in its spec and the bots look it up
(``spec.kit(BotKit)``), so tuning a bot never touches the core contract of a game
(:class:`furuba.spec.GameSpec`).

>>> from furuba import games
>>> kit = games.spec("zodiac").kit(BotKit)
>>> callable(kit.policies.rollout), kit.search["c"] > 0, kit.ladder[0].below
(True, True, 'easy')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

Policy = Callable[[Any, random.Random], int]
"""A fast policy: ``policy(state, rng)`` → a legal action of the current player."""


@dataclass(frozen=True, slots=True)
class Rung:
    """One measured step between two bot levels in a game: ``level``'s share of the wins against
    ``players - 1`` bots of ``below``, on duplicate deals (docs/BOTS.md, *The ladder*); with
    ``rounds``, the wins of single rounds of a game that plays several, not of whole games. A
    game won on points may give ``points`` too: the level's points as a multiple of an even
    share of them, measured on the same deals (what a step is worth where wins say too little).
    ``setting`` says in a few words what games were measured where they were not the game as
    it is played by default (``"games to 4 friendships"``), in the game's text domain (said
    through :attr:`furuba.spec.GameSpec.gettext`).

    >>> Rung("hard", "normal", 0.283)
    Rung(level='hard', below='normal', share=0.283, players=4, rounds=False, points=None, setting='')
    >>> Rung("hard", "normal", 1.2)
    Traceback (most recent call last):
    ...
    ValueError: a rung's share of the wins is between 0 and 1 (not 1.2)
    >>> Rung("expert", "hard", 0.247, rounds=True, points=-1.0)
    Traceback (most recent call last):
    ...
    ValueError: a rung's points are a positive multiple of an even share (not -1.0)
    """

    level: str
    below: str
    share: float
    players: int = 4
    rounds: bool = False
    points: float | None = None
    setting: str = ""

    def __post_init__(self) -> None:
        if not 0.0 < self.share < 1.0:
            raise ValueError(f"a rung's share of the wins is between 0 and 1 (not {self.share})")
        if self.players < 2:
            raise ValueError(f"a rung is measured at a table of 2 or more (not {self.players})")
        if self.points is not None and not self.points > 0.0:
            raise ValueError(f"a rung's points are a positive multiple of an even share (not "
                             f"{self.points})")
        if self.level == self.below:
            raise ValueError(f"a rung steps from one level to another (not {self.level!r} to "
                             "itself)")


@dataclass(frozen=True, slots=True)
class Policies:
    """A game's own fast decisions and evaluations, for the bots.

    * ``greedy(state, rng)``: the greedy bot's choice (a one-step heuristic);
    * ``among(state, allowed, rng)``: the greedy bot's choice when only ``allowed``, some of the
      legal actions in their order, may be played (the balance lab's restricted bot); ``None``:
      the greedy choice is made from all the legal actions;
    * ``rollout(state, rng)``: the search's playout policy (fast; may equal ``greedy``);
    * ``evaluate(state)``: each player's estimated win share of a non-terminal state;
    * ``evaluations``: other estimates of the win shares the game offers, by name; a search
      judges by one with ``eval=NAME`` (or its level's ``eval`` in :attr:`BotKit.search`), and by
      ``evaluate`` (``eval=standard``) otherwise;
    * ``points(state)``: each player's points at the end of the game as far as can be told now
      (its ``scores`` when it ends), for a search that plays for points (``value=points``);
      ``None``: the scores as they stand;
    * ``explain(state, action, player)``: a short reason for ``player``'s action, for hints;
    * ``contrast(state, played, better, player)``: for a game review's mistake, what ``better``
      does that ``played`` does not, in words (``""``: nothing to add to each move's reason);
      ``None``: the review gives each move's reason only;
    * ``playout_mark(state)``: a value that changes when a playout should stop early (the end of
      a round), or ``None``;
    * ``world_sampler(state, player)``: a sampler of worlds refined with what the public log
      suggests (used with ``infer=on``), or ``None``;
    * ``model_sampler(state, player, policy)``: the same, the worlds weighed by how well
      ``policy`` — the search's learned model of the other players — explains their plays
      (used with ``infer=on`` when the search has such a model), or ``None``.
    """

    greedy: Policy
    rollout: Policy
    evaluate: Callable[[Any], list[float]]
    explain: Callable[[Any, int, int], str]
    contrast: Callable[[Any, int, int, int], str] | None = None
    playout_mark: Callable[[Any], Hashable] | None = None
    points: Callable[[Any], list[float]] | None = None
    evaluations: Mapping[str, Callable[[Any], list[float]]] = field(default_factory=dict)
    world_sampler: Callable[[Any, int], Callable[[random.Random], Any]] | None = None
    model_sampler: Callable[[Any, int, Policy], Callable[[random.Random], Any]] | None = None
    among: Callable[[Any, list[int], random.Random], int] | None = None


@dataclass(frozen=True, slots=True)
class BotKit:
    """What the bots need of a game.

    * ``policies``: its fast decisions and evaluations (:class:`Policies`);
    * ``search``: the search settings tuned for this game (``c``, ``bias``, ``opp``, ``depth``,
      ``infer``, ``value``, ``eval``), and under ``levels`` what differs for one of the search's
      levels (``{"expert": {"sims": 400, "opp": "best"}}``);
    * ``ladder``: how strong the bot levels measured in this game (:class:`Rung`), from which
      the ratings set a level's fixed skill in it; empty: the ratings' fixed skills per level;
    * ``level_summaries``: how a level plays in this game where the sentence all games share
      would mislead (a level's name to one sentence in the game's text domain, said through
      :attr:`furuba.spec.GameSpec.gettext`): the game tunes that level its own way.
    """

    policies: Policies
    search: Mapping[str, Any] = field(default_factory=dict)
    ladder: tuple[Rung, ...] = ()
    level_summaries: Mapping[str, str] = field(default_factory=dict)
