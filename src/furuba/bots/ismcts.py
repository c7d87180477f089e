"""Information-set Monte Carlo tree search (SO-ISMCTS), one implementation for every game.

Each iteration of the search

1. samples a world with :meth:`~furuba.core.protocol.State.determinize` (through the game's
   :meth:`~furuba.core.protocol.State.sampler`, which works out once what every sample of the
   search shares) from the searching player's seat — the bot never reads another seat's hand or
   the order of the deck. A game may offer to refine the sample with what the public log
   suggests (``world_sampler``, used with ``infer=on``): it still starts from ``determinize``
   and reads only what the player may know;
2. descends the tree with UCT over the actions legal *in that world*. Different worlds offer
   different actions, so each child counts how often it was available (its *availability*) and
   UCT uses that count in place of the parent's visits (Cowling, Powley and Whitehouse, 2012);
3. adds one new node, then plays a short playout with the game's fast rollout policy
   (``rollout_action``; uniform random with ``rollout=random``; the game's learned policy with
   ``rollout=policy``, see :mod:`furuba.bots.learned`) for at most ``depth`` steps,
   stopping early once the game's ``playout_mark`` differs from the searched state's (e.g. at the
   end of a round);
4. scores the end of the playout with ``returns()`` at a terminal state, else with the game's
   heuristic ``evaluate`` (each player's estimated win share), and backs the whole vector up
   (``value=points``: each player's share of the points, from ``scores()`` at the end, else from
   the game's estimate of them, its spec's ``points``).

In a multiplayer game each node keeps one value per player and the player who acts at a node
picks the child that is best *for that player* (max-n backups). Two refinements, both switchable:

* *progressive bias* (``bias``): the game's policy action at a node gets ``bias / (visits + 1)``
  added to its UCT score, and is expanded first — the search leaves the policy's choice only when
  its simulations show a better one. With ``prior=policy`` every action gets a share of ``bias``
  in proportion to the learned policy's probability of it (the learned favourite the whole of
  it), and the untried actions are expanded in that order;
* *opponent model* (``opp=policy``): the other players' moves inside the tree follow the game's
  policy instead of UCT (``opp=learned``: they are drawn from the learned policy's softmax), so
  the search spends its simulations on the bot's own choices (as FujiGokoro does: sampled
  worlds, a bandit over its own moves, good playouts).

The game-specific parts come from the game's spec (:class:`furuba.bots.kit.BotKit`):
``rollout(state, rng)``, ``evaluate(state)``, and optionally ``playout_mark(state)``,
``world_sampler(state, player)`` and ``search`` (the game's tuned ``c``, ``bias``,
``opp``, ``depth`` and ``infer``). A level fixes a number
of simulations, so the same seed always gives the same decisions; a time budget (``time=0.5``)
is for interactive play only.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> bot = ISMCTSBot(Settings(sims=50), seed=1)
>>> bot.choose(state) in state.legal_actions(), bot.last.iterations
(True, 50)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from furuba.bots.search_plan import Plan
from furuba.bots.search_settings import LEVELS, MAX_SIMS, Settings, parse_settings
from furuba.core.protocol import State

TIME_CHECK: Final = 16
"""With a time budget, the clock is read every this many iterations."""

__all__ = ["LEVELS", "ISMCTSBot", "Plan", "Search", "SearchResult", "Settings", "make_ismcts",
           "parse_settings"]


class Node:
    """One edge of the tree: the action that leads here, seen from every world at once."""

    __slots__ = ("avail", "bonus", "children", "value", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.bonus: dict[int, float] | None = None
        """The progressive bias of the actions here (the game's policy action: ``bias``; or the
        learned policy's share of it), worked out once, in the first world that selects from the
        node; ``None`` until then."""
        self.value = [0.0] * players
        """Sum of the backed-up values, one per player."""


@dataclass
class ActionStats:
    """What the search learned about one action at the root."""

    action: int
    visits: int
    value: float
    """Mean backed-up value for the searching player: an estimated win share in [0, 1]."""


@dataclass
class SearchResult:
    """The root statistics of one search."""

    player: int
    iterations: int
    seconds: float
    actions: list[ActionStats] = field(default_factory=list)
    """Every root action tried, most visited first."""

    @property
    def best(self) -> int:
        """The most visited action (ties: the higher value, then the lower id)."""
        return self.actions[0].action


class Search:
    """One search from one player's information set; :meth:`run` does the iterations."""

    def __init__(self, state: State, settings: Settings, rng: random.Random) -> None:
        self.state = state
        self.settings = settings
        self.rng = rng
        self.player = state.current_player
        self.players = state.num_players
        self.plan = Plan.of(state.game_name, settings)
        sampler = self.plan.sampler
        self.sample: Callable[[random.Random], State] = (
            sampler(state, self.player) if sampler is not None
            else state.sampler(self.player))
        self.root = Node(self.players)
        mark = self.plan.mark
        self.start_mark = mark(state) if mark is not None else 0

    def run(self) -> SearchResult:
        """Iterate until the simulation or time budget is spent; return the root statistics."""
        started = time.perf_counter()
        budget = self.settings.time
        deadline = started + budget if budget is not None else math.inf
        count = 0
        limit = self.plan.sims if budget is None else MAX_SIMS
        while count < limit:
            self.iterate()
            count += 1
            if budget is not None and count % TIME_CHECK == 0 and time.perf_counter() >= deadline:
                break
        return self.result(count, time.perf_counter() - started)

    def iterate(self) -> None:
        """One simulation: sample a world, select, expand, play out, back up."""
        world = self.sample(self.rng)
        path = self.descend(world)
        values = self.playout(world)
        for node in path:
            node.visits += 1
            total = node.value
            for p, v in enumerate(values):
                total[p] += v

    def descend(self, world: State) -> list[Node]:
        """Select down the tree in ``world`` (playing the moves in it) and expand one node; the
        nodes passed, from the root."""
        rng = self.rng
        plan = self.plan
        node = self.root
        path = [node]
        c, bias, me = plan.c, plan.bias, self.player
        model = plan.opponent
        prior = bias > 0
        log, sqrt = math.log, math.sqrt
        while not world.is_terminal():
            if model is not None and world.current_player != me:
                action = model(world, rng)
                child = node.children.get(action)
                world.apply(action)
                if child is None:
                    child = node.children[action] = Node(self.players)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            legal = world.legal_actions()
            children = node.children
            bonus = node.bonus
            if bonus is None:
                bonus = node.bonus = self.bonus(world, legal) if prior and len(legal) > 1 else {}
            untried = [a for a in legal if a not in children]
            if untried:
                path.append(self.expand(node, legal, untried, bonus, world))
                break
            mover = world.current_player
            best_score = -math.inf
            best = legal[0]
            for a in legal:
                child = children[a]
                child.avail += 1
                n = child.visits
                score = child.value[mover] / n + c * sqrt(log(child.avail) / n)
                if a in bonus:
                    score += bonus[a] / (n + 1)
                if score > best_score:
                    best_score, best = score, a
            node = children[best]
            world.apply(best)
            path.append(node)
        return path

    def bonus(self, world: State, legal: list[int]) -> dict[int, float]:
        """The progressive bias of a node's actions, asked in the first world that selects there:
        ``bias`` for the game's policy action, or the learned policy's share of it."""
        plan = self.plan
        if plan.bonus is not None:
            return plan.bonus(world, legal, plan.bias)
        return {plan.policy(world, self.rng): plan.bias}

    def expand(self, node: Node, legal: list[int], untried: list[int], bonus: dict[int, float],
               world: State) -> Node:
        """Add the child of one untried action (the one with the largest bias first, else one at
        random) and play it in ``world``; the actions tried before count one more
        availability."""
        children = node.children
        for a in legal:
            child = children.get(a)
            if child is not None:
                child.avail += 1
        favoured = [a for a in untried if a in bonus]
        if favoured:
            action = max(favoured, key=bonus.__getitem__)
        else:
            rng = self.rng
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        child = children[action] = Node(self.players)
        child.avail = 1
        world.apply(action)
        return child

    def playout(self, world: State) -> list[float]:
        """Play ``world`` forward with the rollout policy; its value for every player."""
        return self.plan.playout(world, self.rng, self.start_mark, self.player)

    def result(self, iterations: int, seconds: float) -> SearchResult:
        """The root statistics, most visited action first."""
        me = self.player
        stats = [ActionStats(a, ch.visits, ch.value[me] / ch.visits if ch.visits else 0.0)
                 for a, ch in self.root.children.items()]
        stats.sort(key=lambda s: (-s.visits, -s.value, s.action))
        return SearchResult(me, iterations, seconds, stats)


class ISMCTSBot:
    """The search bot. ``name`` is ``ismcts``, or ``ismcts:<level>`` for a plain level.

    One generator, seeded once, drives every decision, so a game played with the same seeds is
    played the same way.
    """

    def __init__(self, settings: Settings | None = None, seed: int = 0,
                 name: str = "ismcts") -> None:
        self.settings = settings or Settings()
        self.rng = random.Random(seed)
        self.name = name
        self.last: SearchResult | None = None
        """The statistics of the last search (``None`` when the last decision was forced)."""

    def search(self, state: State) -> SearchResult:
        """Search from ``state.current_player``'s information set; ``state`` is not changed."""
        return Search(state, self.settings, self.rng).run()

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last = None
            return legal[0]
        self.last = self.search(state)
        return self.last.best

    def choose_among(self, state: State, allowed: list[int]) -> int:
        """The most visited of ``allowed`` after a search (its best choice when the search
        visited none of them)."""
        self.last = self.search(state)
        for stats in self.last.actions:                # most visited first
            if stats.action in allowed:
                return stats.action
        return self.last.best


def make_ismcts(settings: dict[str, str], seed: int, level: str | None = None) -> ISMCTSBot:
    """The factory the bot registry uses for ``ismcts`` and the level aliases."""
    parsed = parse_settings(settings, level)
    name = "ismcts" if parsed.plain_level is None else f"ismcts:{parsed.plain_level}"
    return ISMCTSBot(parsed, seed=seed, name=name)
