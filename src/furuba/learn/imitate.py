"""Learning to play like the search: ``furuba train GAME --teacher normal``.

With a *teacher* the policy is not trained by the policy gradient but by **imitation** (the
first half of expert iteration): at each of the learner's decisions in a training game the
teacher — the search bot at a level, or with settings — searches the position from that
player's seat, and the share of its simulations each legal action received (its root visit
shares), sharpened at :data:`TARGET_TEMPERATURE`, becomes the target ``π`` of the softmax. The
step climbs the log-likelihood of those targets, ``Σ_d (π_d − p_d) · F_d`` (the cross-entropy's
gradient for a softmax over features ``F``), plus the same entropy bonus as the policy
gradient. The teacher's most visited action is played, so the games are the teacher's own; the
other seats of the games against greedy play greedy, as in self-play training.

The teacher is the search, so it is honest: it decides from the seat's information set (the
worlds it samples hide what the seat cannot see), and a teacher seeded from the game's generator
makes a run reproducible from its seed.

>>> from furuba import games
>>> bot = teacher_bot("ismcts:sims=20", seed=1)
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> action, target = visit_shares(bot, state, state.legal_actions())
>>> round(float(target.sum()), 6), action in state.legal_actions()
(1.0, True)
"""

from __future__ import annotations

import numpy as np

from furuba.bots.ismcts import LEVELS, ISMCTSBot, make_ismcts
from furuba.bots.registry import check_spec, parse_spec
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.learn.policy import Vector
from furuba.text import _

SEARCH = "ismcts"
TARGET_TEMPERATURE = 0.25
"""The targets are the visit counts to the power ``1 / TARGET_TEMPERATURE``, normalised. A search
of a hundred simulations spreads its visits nearly evenly (every action is tried, and UCT keeps
coming back to the close ones: the favourite often has under a third of them), so the raw shares
teach little; sharpened, the search's choice carries most of the target and the runners-up keep
a share in their order (AlphaZero's visit-count temperature, here below 1)."""


def teacher_bot(spec: str, seed: int) -> ISMCTSBot:
    """The search that teaches: ``normal``, ``hard`` or ``expert`` (each with settings, as
    ``hard:sims=300``), or ``ismcts:…``; any other bot is refused with a sentence.

    >>> teacher_bot("hard:sims=50", 0).settings.sims
    50
    >>> teacher_bot("greedy", 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    furuba.core.errors.OptionsError: the teacher must be the search ...
    """
    name, settings = parse_spec(spec)
    if name in LEVELS:
        return make_ismcts(settings, seed, level=name)
    if name == SEARCH:
        return make_ismcts(settings, seed)
    raise OptionsError(_("the teacher must be the search (normal, hard, expert or ismcts:…), "
                         "not {spec!r}").format(spec=spec))


def check_teacher(spec: str, game: str) -> None:
    """Refuse a teacher that is not the search or cannot play ``game`` (e.g. ``expert`` leans
    on a learned policy the game may not ship), with the sentence a table would give."""
    teacher_bot(spec, 0)
    check_spec(spec, game)


def visit_shares(bot: ISMCTSBot, state: State, legal: list[int],
                 temperature: float = 1.0) -> tuple[int, Vector]:
    """The teacher's search of ``state`` from its player's seat: the action it plays (its most
    visited) and each of ``legal``'s share of the root visits, in ``legal``'s order, at
    ``temperature`` (the counts to the power ``1 / temperature``)."""
    result = bot.search(state)
    visits = {s.action: s.visits for s in result.actions}
    counts = np.array([visits.get(a, 0) for a in legal], dtype=np.float64)
    if counts.sum() <= 0:
        return result.best, np.full(len(legal), 1.0 / len(legal))
    weights = (counts / counts.max()) ** (1.0 / temperature)
    target: Vector = weights / weights.sum()
    return result.best, target
