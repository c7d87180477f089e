"""The analysis of a finished game: :func:`analyse` a record for one seat into a :class:`Review`.

Two estimates, each honest about what it knows:

* **Each decision of the seat** (a position where the seat had more than one legal action) is
  judged as the Hint judges it (:func:`furuba.bots.hint.judge`, with the Hint's seed for that
  seat and step and the Hint's budgets): ISMCTS from the seat's own information set finds its
  favourite move — the Hint's — and it and the move played are weighed in the same worlds
  sampled from that information (common random numbers). The bot's preferred move is the
  Hint's, unless the move played did at least as well there (then the review says the Hint would
  have suggested another move, and why they differ): it is never shown worse than the move
  played. The gain over the move played comes with its standard error, so a difference within
  the noise is called *as good*. Only what the player could know then is used.
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
record, seat and budgets give the same review; with the record's seed and the Hint's budgets,
each decision's preferred move is the move the Hint gives there.

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

import dataclasses
import random
from collections.abc import Callable, Generator

from furuba import games, i18n
from furuba.bots import hint
from furuba.bots.hint import WORLDS, hint_seed, judge, reasons_for
from furuba.bots.ismcts import Plan, Settings
from furuba.bots.kit import BotKit
from furuba.bots.weigh import Weighed, compare, is_real, weigh
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.review.model import Answer, Decision, Move, Review
from furuba.text import _

DEFAULT_SIMS = hint.DEFAULT_SIMS
"""The search's simulations per decision: the Hint's, so the review gives the Hint's move."""
DEFAULT_PLAYOUTS = 8
"""Playouts per player and step behind the graph."""

Progress = Callable[[float], None]
"""Told the share of the work done, from 0 to 1; it may raise to stop the analysis."""


def analyse(record: GameRecord, seat: int, *, sims: int = DEFAULT_SIMS,
            playouts: int = DEFAULT_PLAYOUTS, seed: int | None = None, worlds: int = WORLDS,
            progress: Progress | None = None) -> Review:
    """The review of ``seat``'s play in the finished game ``record``.

    Raises :class:`~furuba.core.errors.OptionsError` for a game that is not over, a seat the
    game does not have, or a budget below 1.
    """
    steps = analysing(record, seat, sims=sims, playouts=playouts, seed=seed, worlds=worlds)
    while True:
        try:
            share = next(steps)
        except StopIteration as finished:
            review: Review = finished.value
            return review
        if progress is not None:
            progress(share)


def analysing(record: GameRecord, seat: int, *, sims: int = DEFAULT_SIMS,
              playouts: int = DEFAULT_PLAYOUTS, seed: int | None = None,
              worlds: int = WORLDS) -> Generator[float, None, Review]:
    """:func:`analyse` a piece at a time: yields the share of the work done (0 first, once the
    record is checked, then after each step of the graph and each decision, up to 1), and
    returns the review. Whoever drives it may stop between two pieces (the browser's worker
    does a slice at a time, so its page hears the progress and stays answered)."""
    positions = record.positions()
    final = positions[-1]
    check(final, seat, sims, playouts)
    if worlds < 1:
        raise OptionsError(_("a review needs at least 1 world to weigh the moves in"))
    seed = record.seed if seed is None else seed
    spec = games.spec_of(final)
    deciding = [i for i in range(len(record.actions)) if is_decision(positions[i], seat)]
    players = final.num_players
    weighing = 2 * worlds
    total = max(1, len(positions) * players * playouts + len(deciding) * (sims + weighing))
    done = 0
    yield 0.0
    plan = playout_plan(spec.name)
    chances = []
    for step, state in enumerate(positions):
        chances.append(win_chances(state, plan, playouts, mix(seed, step, 1)))
        done += players * playouts
        yield min(1.0, done / total)
    decisions = []
    for i in deciding:
        decisions.append(decide(positions[i], seat, record.actions[i], i + 1, sims,
                                hint_seed(seed, seat, i), worlds))
        done += sims + weighing
        yield min(1.0, done / total)
    return Review(game=spec.name, seat=seat, players=players,
                  cooperative=spec.cooperative(final), sims=sims, playouts=playouts, seed=seed,
                  decisions=tuple(decisions), chances=tuple(chances),
                  returns=tuple(final.returns()), worlds=worlds)


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


def decide(state: State, seat: int, played: int, step: int, sims: int, seed: int,
           worlds: int = WORLDS) -> Decision:
    """One decision judged: the search's favourite (the Hint's move) and the move played,
    weighed in the same worlds; the better of the two against the move played."""
    judged = judge(state, sims, seed, candidates=1, worlds=worlds, extra=(played,))
    hinted, mine = judged.choice, judged.of(played)
    best = hinted if hinted.mean >= mine.mean else mine
    say = reasons_for(state, seat, seed)

    def move(weighed: Weighed) -> Move:
        action = weighed.action
        info = state.action_info(action)
        reason, reasons = say(action, i18n.LANGUAGES)
        return Move(action, state.action_to_string(action), info["kind"], dict(info["params"]),
                    weighed.mean, judged.visits(action), reason, reasons, weighed.error)

    gain, error = compare(best, mine)
    decision = Decision(step, seat, len(state.legal_actions()), move(mine), move(best), gain,
                        error, best.worlds, None if hinted.action == best.action else move(hinted),
                        contrasted(state, seat, played, best.action, seed))
    if decision.judgement is None:
        return decision
    # A mistake becomes a puzzle: its answer is the move best on average among every legal move
    # weighed in the same worlds (the bot's, unless another did really better there).
    every = {w.action: w for w in weigh(state, seat, state.legal_actions(), worlds, judged.seed)}
    top = max(every.values(), key=lambda w: w.mean)
    answer = top if is_real(*compare(top, every[best.action])) else every[best.action]
    accepted = [answer.action] + [a for a, w in every.items() if a not in (answer.action, played)
                                  and not is_real(*compare(answer, w))]
    found = Answer(move(answer), tuple(accepted), *compare(answer, mine),
                   contrasted(state, seat, played, answer.action, seed))
    return dataclasses.replace(decision, answer=found)


def contrasted(state: State, seat: int, played: int, better: int, seed: int) -> dict[str, str]:
    """What ``better`` keeps that ``played`` gave up, in every language the game can say it in
    (empty: the two moves' reasons say it all)."""
    contrast = games.spec_of(state).kit(BotKit).policies.contrast
    why: dict[str, str] = {}
    if contrast is None or better == played:
        return why
    world = state.determinize(seat, random.Random(seed ^ 0x3EA5))
    for language in i18n.LANGUAGES:
        with i18n.speaking(language):
            said = contrast(world, played, better, seat)
        if said:
            why[language] = said
    return why


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
