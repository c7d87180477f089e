"""``furuba uecda fit``: a model of how UECda programs play, fitted to their recorded plays.

A search plans against the other players' replies: by default furuba's greedy policy stands in
for them, inside the tree (``opp=policy``) and in the playouts. A program of the contest plays
its own way — the development kit's ``default`` client leads its runs and its largest sets
first and follows with its lowest card whatever it breaks — so :func:`fit` learns a softmax
policy over Dai Hin Min's action features (:mod:`furuba.daihinmin.learning`, linear) from every
decision of the chosen players in a match's records (:mod:`furuba.daihinmin.uecda.records`):
the likelihood of the play each one made, climbed with Adam. Every fifth game is held out, and
the fit reports how often its favourite is the play made there, beside how often furuba's
greedy policy is. The weights load as any learned policy does, so a search models those
players with them: ``expert:opp=best,oppweights=FILE`` (inside the tree, where the model was
measured to help: docs/experiments/daihinmin-uecda-opponent-model.md).

>>> fit([], players=(1, 7))
Traceback (most recent call last):
...
furuba.daihinmin.uecda.records.RecordError: the players are numbered 0 to 4, not 7
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from furuba.daihinmin.learning import LEARNING
from furuba.daihinmin.playout import rollout_action
from furuba.daihinmin.state import GameState
from furuba.daihinmin.text import _
from furuba.daihinmin.uecda.records import RecordError, replay
from furuba.daihinmin.uecda.table import PLAYERS
from furuba.learn.adam import Adam
from furuba.learn.policy import Matrix, SoftmaxPolicy, matrix

HOLD_OUT = 5
"""Every fifth game is held out: the agreement is measured on its decisions."""
BATCH = 256
RATE = 0.02
EPOCHS = 30
"""Passes over the decisions (the held-out agreement stops growing after about 20)."""
MAX_EPOCHS = 1_000


@dataclass
class Fitted:
    """A fitted model, and how well it foresees the held-out plays."""

    policy: SoftmaxPolicy
    decisions: int
    """The decisions fitted to (those with more than one legal action, in the games not held
    out)."""
    held_out: int
    """The decisions of the held-out games."""
    agreement: float
    """The share of the held-out decisions where the model's favourite is the play made."""
    greedy_agreement: float
    """The same share for furuba's greedy policy."""
    games: int


@dataclass
class _Decision:
    rows: Matrix
    chosen: int
    greedy: int


Match = list[dict[str, Any]]
"""A match's records, game by game from the first."""


def decisions(matches: Sequence[Match], players: Sequence[int]
              ) -> tuple[list[_Decision], list[_Decision]]:
    """The decisions of ``players`` with a choice in them, in every match (fitted, held out):
    each one's feature rows, the index of the action taken and of the greedy policy's."""
    kept: tuple[list[_Decision], list[_Decision]] = ([], [])
    chosen = set(players)
    rng = random.Random(0)

    def seen(state: GameState, legal: list[int], action: int) -> None:
        if state.current_player in chosen and len(legal) > 1:
            rows = matrix(LEARNING.featurize(state, legal))
            greedy = legal.index(rollout_action(state, rng))
            kept[state.round % HOLD_OUT == 0].append(_Decision(rows, legal.index(action), greedy))

    for records in matches:
        try:
            tally = replay(records, seen)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError,
                StopIteration) as exc:
            raise RecordError(_("the records are not those of a UECda match from its first "
                                "game ({what}: {detail})").format(what=type(exc).__name__,
                                                                  detail=exc)) from None
        if tally.problems:
            raise RecordError(_("the records do not replay under UECda's rules: {problem}"
                                ).format(problem=tally.problems[0]))
    return kept


def fit(matches: Sequence[Match], players: Sequence[int] = tuple(range(PLAYERS)), *,
        epochs: int = EPOCHS, seed: int = 0, about: dict[str, Any] | None = None) -> Fitted:
    """A linear softmax policy fitted to the plays of ``players`` in the records of
    ``matches`` (each a whole match), ``about`` added to its provenance; :class:`RecordError`
    when the records cannot be replayed or hold too few of those players' decisions."""
    bad = [p for p in players if not (type(p) is int and 0 <= p < PLAYERS)]
    if bad or not players:
        raise RecordError(_("the players are numbered 0 to 4, not {players}").format(
            players=", ".join(map(str, bad or players))))
    if not 1 <= epochs <= MAX_EPOCHS:
        raise RecordError(_("--epochs must be from 1 to {most}, not {epochs}").format(
            most=MAX_EPOCHS, epochs=epochs))
    train, test = decisions(matches, players)
    games = sum(len(records) for records in matches)
    if not train or not test:
        raise RecordError(_("the records hold too few decisions of those players to fit to "
                            "({count}; at least {games} games are needed)").format(
            count=len(train) + len(test), games=HOLD_OUT))
    names = LEARNING.names
    policy = SoftmaxPolicy(LEARNING.start_weights(), provenance={
        "game": "daihinmin", "features": list(names), "players": sorted(set(players)),
        "games": games, "decisions": len(train), "epochs": epochs, "seed": seed,
        **(about or {})})
    adam = Adam(len(names), rate=RATE)
    order = list(range(len(train)))
    shuffler = random.Random(seed)
    for _epoch in range(epochs):
        shuffler.shuffle(order)
        for start in range(0, len(order), BATCH):
            batch = order[start:start + BATCH]
            gradient = np.zeros(len(names))
            for i in batch:
                d = train[i]
                coefficients = -policy.probs(d.rows)
                coefficients[d.chosen] += 1.0
                gradient += policy.gradient(d.rows, coefficients)
            policy.weights = adam.step(policy.weights, gradient / len(batch))
    agreement = sum(policy.best(d.rows) == d.chosen for d in test) / len(test)
    greedy = sum(d.greedy == d.chosen for d in test) / len(test)
    policy.provenance.update(held_out=len(test), agreement=round(agreement, 4),
                             greedy_agreement=round(greedy, 4))
    return Fitted(policy, len(train), len(test), agreement, greedy, games)
