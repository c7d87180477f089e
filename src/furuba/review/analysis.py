"""The analysis of a finished game: :func:`analyse` a record for one seat into a :class:`Review`.

Two estimates, each honest about what it knows:

* **Each decision of the seat** (a position where the seat had more than one legal action) is
  searched with :func:`furuba.bots.hint.hint` — ISMCTS from the seat's own information set, so
  the bot's preferred move uses only what the player could know then. The win chance after a
  move is the search's root value for it: the mean win share its simulations backed up. Every
  legal action gets at least one simulation, so the move played always has an estimate; a move
  the search visited little has a rough one (its ``visits`` say how rough).
* **The graph**: after every step, each player's win chance *as that player could have judged
  it*: the mean win share of ``playouts`` worlds sampled from their own information
  (:meth:`~furuba.core.protocol.State.determinize`), each played on exactly as the search plays
  a simulation out — the game's rollout policy for the game's tuned search depth, stopping at
  the end of a round where the game marks rounds — and scored with ``returns()`` at the end of
  the game, else with the game's own evaluation. A line therefore never uses another player's
  hidden cards or the real order of the deck: it moves when the game moves, not when hindsight
  says so. Lines need not add up to 1 (each is its own player's estimate); the last step is the
  actual result. (Playing every world to the end instead cost 7 times as much on a one-round
  Dai Hin Min game and 25 times on a Friends of the Zodiac game, and with a few playouts gives
  far noisier lines.)

Everything is seeded from ``seed`` (the record's own seed by default) and the step, so the same
record, seat and budgets give the same review.

>>> from furuba import games
>>> from furuba.core.record import GameRecord
>>> state = games.new_game("daihinmin", players=4, seed=5, max_rounds=1)
>>> record = GameRecord("daihinmin", {"players": 4, "max_rounds": 1}, 5)
>>> while not state.is_terminal():
...     record.play(state, state.legal_actions()[-1])
>>> review = analyse(record, 0, sims=8, playouts=2)
>>> len(review.chances) == len(record.actions) + 1, review.chances[-1] == tuple(state.returns())
(True, True)
>>> all(record.replay(d.step - 1).current_player == 0 for d in review.decisions)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from furuba import games, i18n
from furuba.bots.hint import hint
from furuba.bots.ismcts import Plan, Settings
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.review.model import Decision, Move, Review
from furuba.text import _

DEFAULT_SIMS = 200
"""The search's simulations per decision."""
DEFAULT_PLAYOUTS = 8
"""Playouts per player and step behind the graph."""

Progress = Callable[[float], None]
"""Told the share of the work done, from 0 to 1; it may raise to stop the analysis."""


def analyse(record: GameRecord, seat: int, *, sims: int = DEFAULT_SIMS,
            playouts: int = DEFAULT_PLAYOUTS, seed: int | None = None,
            progress: Progress | None = None) -> Review:
    """The review of ``seat``'s play in the finished game ``record``.

    Raises :class:`~furuba.core.errors.OptionsError` for a game that is not over, a seat the
    game does not have, or a budget below 1.
    """
    positions = record.positions()
    final = positions[-1]
    check(final, seat, sims, playouts)
    seed = record.seed if seed is None else seed
    spec = games.spec_of(final)
    deciding = [i for i in range(len(record.actions)) if is_decision(positions[i], seat)]
    players = final.num_players
    work = Work(len(positions) * players * playouts
                + sum(max(sims, len(positions[i].legal_actions())) for i in deciding), progress)
    plan = playout_plan(spec.name)
    chances = []
    for step, state in enumerate(positions):
        chances.append(win_chances(state, plan, playouts, mix(seed, step, 1)))
        work.done(players * playouts)
    decisions = []
    for i in deciding:
        decisions.append(decide(positions[i], seat, record.actions[i], i + 1, sims,
                                mix(seed, i, 2)))
        work.done(max(sims, decisions[-1].choices))
    return Review(game=spec.name, seat=seat, players=players,
                  cooperative=spec.cooperative(final), sims=sims, playouts=playouts, seed=seed,
                  decisions=tuple(decisions), chances=tuple(chances),
                  returns=tuple(final.returns()))


def check(final: State, seat: int, sims: int, playouts: int) -> None:
    """Refuse what cannot be reviewed, with a sentence."""
    if not final.is_terminal():
        raise OptionsError(_("the game is not over: only a finished game can be reviewed"))
    players = final.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise OptionsError(_("there is no seat {seat} in this game: its seats are 0 to "
                             "{last}").format(seat=seat, last=players - 1))
    check_budget(sims, playouts)


def check_budget(sims: int, playouts: int) -> None:
    """Refuse a budget below 1, with a sentence."""
    if sims < 1 or playouts < 1:
        raise OptionsError(_("a review needs at least 1 simulation and 1 playout"))


def is_decision(state: State, seat: int) -> bool:
    """Whether ``seat`` had to choose in ``state`` (a forced move is no decision)."""
    return not state.is_terminal() and state.current_player == seat and \
        len(state.legal_actions()) > 1


def decide(state: State, seat: int, played: int, step: int, sims: int, seed: int) -> Decision:
    """The search's view of one decision: the move played and the bot's preferred move."""
    legal = state.legal_actions()
    found = hint(state, seat, sims=max(sims, len(legal)), count=len(legal), seed=seed,
                 languages=i18n.LANGUAGES)
    by_action = {h.action: h for h in found}
    best = found[0]

    def move(action: int, win_chance: float, visits: int, reason: str,
             reasons: Mapping[str, str]) -> Move:
        info = state.action_info(action)
        return Move(action, state.action_to_string(action), info["kind"], dict(info["params"]),
                    win_chance, visits, reason, dict(reasons))

    own = by_action.get(played)
    if own is None:      # not tried in any sampled world (only if legality hid in the world)
        chance, visits = sampled_chance(state, seat, played, seed)
        mine = move(played, chance, visits, "", {})
    else:
        mine = move(played, own.win_chance, own.visits, own.reason, own.reasons)
    return Decision(step, seat, len(legal), mine,
                    move(best.action, best.win_chance, best.visits, best.reason, best.reasons))


def sampled_chance(state: State, seat: int, action: int, seed: int, worlds: int = 16,
                   ) -> tuple[float, int]:
    """``seat``'s mean win share after ``action`` over worlds sampled from its information,
    played on with the rollout policy (for a move the search did not try)."""
    rng = random.Random(seed)
    plan = playout_plan(state.game_name)
    sample = state.sampler(seat)
    total, count = 0.0, 0
    for _world in range(worlds):
        world = sample(rng)
        if not world.is_legal(action):
            continue
        world.apply(action)
        total += playout(world, plan, rng)[seat]
        count += 1
    return (total / count if count else 0.0), count


def playout_plan(game: str) -> Plan:
    """How the search plays a simulation out in ``game``: its rollout policy, tuned depth, round
    mark and evaluation."""
    return Plan.of(game, Settings(level=None))


def win_chances(state: State, plan: Plan, playouts: int, seed: int) -> tuple[float, ...]:
    """Each player's own estimate of their win share in ``state`` (the result once it is over)."""
    if state.is_terminal():
        return tuple(state.returns())
    rng = random.Random(seed)
    out = []
    for player in range(state.num_players):
        sample = state.sampler(player)
        total = 0.0
        for _playout in range(playouts):
            total += playout(sample(rng), plan, rng)[player]
        out.append(total / playouts)
    return tuple(out)


def playout(world: State, plan: Plan, rng: random.Random) -> list[float]:
    """Play ``world`` on as the search does (at most its depth, never past the end of the round
    where the game marks rounds); every player's win share there."""
    mark = plan.mark
    return plan.playout(world, rng, mark(world) if mark is not None else None)


def mix(seed: int, step: int, purpose: int) -> int:
    """The seed of one step's work, for one purpose (the graph, a decision).

    >>> mix(7, 3, 1) == mix(7, 3, 1) != mix(7, 3, 2)
    True
    """
    return (seed * 1_000_003 + step * 8 + purpose) % 2**63


class Work:
    """Counts the work done and tells ``progress`` the share of it."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total = max(1, total)
        self.count = 0
        self.progress = progress
        if progress is not None:
            progress(0.0)

    def done(self, amount: int) -> None:
        self.count += amount
        if self.progress is not None:
            self.progress(min(1.0, self.count / self.total))
