"""Hints: the search bot's best few actions for a player, with a win chance and a reason.

:func:`hint` runs the ISMCTS search from ``seat``'s information set; the hint is the move it
visited most (then the next ones), and each is weighed in the same :data:`WORLDS` worlds sampled
from that information (:mod:`furuba.bots.weigh`): its win chance is the mean there, with a
standard error. A game review judges each decision the same way (:func:`judge`, with the same
seed, :func:`hint_seed`, and budget), weighing the move played in those same worlds — so the
move a Hint gives is the review's bot's move for the same position, and the two moves' figures
are comparable. (Choosing the hint by the weighed means instead of the search's visits showed no
gain — −0.14 wins a deal [−0.54, +0.25] — and the search looks further ahead than one move played
out in each world: docs/experiments/hint-best-of-three.md.)
Each hint has a short reason in words, from the game's ``explain_action(world, action,
player)``, which compares a world sampled from ``seat``'s view before and after the action — so
a hint never tells a player anything they could not know.

:func:`say_hint` puts a hint into one sentence in the context's language, the action first as
the reader's screen names it, then the game's reason:

>>> from furuba import games
>>> state = games.new_game("zodiac", players=3, seed=4)
>>> hints = hint(state, 0, sims=60, worlds=8)
>>> all(state.is_legal(h.action) and 0.0 <= h.win_chance <= 1.0 and h.reason for h in hints)
True
>>> [h.visits for h in hints] == sorted((h.visits for h in hints), reverse=True)
True
>>> say_hint("draw a card", 0.27, "more memories to match with")
'Draw a card — about 27% to win. More memories to match with.'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     say_hint("カードを引く", 0.27, "記憶のカードが増えます")
'カードを引く（勝率 約27%）。記憶のカードが増えます。'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from furuba import games, i18n
from furuba.bots.ismcts import ActionStats, Search, Settings
from furuba.bots.kit import BotKit
from furuba.bots.weigh import Weighed, weigh
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.text import _, sentence

DEFAULT_SIMS = 400
"""Simulations of a hint: more than a ``normal`` bot thinks, so a hint is worth asking for."""
DEFAULT_COUNT = 3
WORLDS = 64
"""The shared worlds the candidates are weighed in: enough that the standard error of a
difference between two moves is a few tenths of a point of win chance in both games."""


def hint_seed(game_seed: int, seat: int, step: int) -> int:
    """The seed of the hint for ``seat`` after ``step`` actions of the game seeded
    ``game_seed``: the web table, the terminal and the game review all use it, so they give the
    same move for the same position.

    >>> hint_seed(7, 1, 3) == hint_seed(7, 1, 3) != hint_seed(7, 1, 4)
    True
    """
    return ((game_seed ^ 0x5EED) * 1_000_003 + seat * 7919 + step) % 2**63


@dataclass(frozen=True)
class Judged:
    """A position judged for the player to move: the search's root and the moves weighed."""

    search: list[ActionStats]
    """Every root action the search tried, most visited first."""
    weighed: list[Weighed]
    """The candidates (the search's favourites, most visited first, then any other move asked
    for), each weighed in the same worlds, in that order."""
    seed: int = 0
    """The seed of the worlds: :func:`~furuba.bots.weigh.weigh` with it weighs any other move
    in the same worlds."""

    @property
    def choice(self) -> Weighed:
        """The search's favourite, weighed: the Hint's move."""
        return self.weighed[0]

    def of(self, action: int) -> Weighed:
        """The weighing of ``action`` (one of the candidates)."""
        return next(w for w in self.weighed if w.action == action)

    def visits(self, action: int) -> int:
        """How many of the search's simulations went through ``action``."""
        return next((a.visits for a in self.search if a.action == action), 0)


def judge(state: State, sims: int, seed: int, *, candidates: int = DEFAULT_COUNT,
          worlds: int = WORLDS, extra: Sequence[int] = ()) -> Judged:
    """Search the position for the player to move, then weigh the ``candidates`` moves it
    visited most, and the moves in ``extra``, in ``worlds`` shared worlds."""
    player = state.current_player
    rng = random.Random(seed)
    result = Search(state, Settings(sims=sims, level=None), rng).run()
    chosen = [a.action for a in result.actions[:candidates]]
    chosen += [a for a in dict.fromkeys(extra) if a not in chosen]
    seed = rng.getrandbits(63)
    return Judged(result.actions, weigh(state, player, chosen, worlds, seed), seed)


@dataclass(frozen=True)
class Hint:
    """One suggested action."""

    action: int
    name: str
    """``state.action_to_string(action)``."""
    win_chance: float
    """The player's mean win share after this action over the shared worlds, in [0, 1]."""
    visits: int
    """How many of the search's simulations went through this action (its confidence)."""
    reason: str
    """Why, in the context's language."""
    reasons: Mapping[str, str] = field(default_factory=dict)
    """Why, in each language asked for (``hint(..., languages=…)``): what is kept for readers
    of several languages, such as a game review."""
    error: float = 0.0
    """The standard error of :attr:`win_chance` over the shared worlds."""


def hint(state: State, seat: int | None = None, sims: int = DEFAULT_SIMS, count: int = DEFAULT_COUNT,
         seed: int = 0, languages: Sequence[str] = (), worlds: int = WORLDS) -> list[Hint]:
    """The best ``count`` actions for ``seat`` (the player to move), best first.

    Raises :class:`~furuba.core.errors.OptionsError` when the game is over, when ``seat`` is not
    the player to move, or for a budget below 1.
    """
    if state.is_terminal():
        raise OptionsError(_("the game is over: there is nothing to hint"))
    player = state.current_player
    if seat is not None and seat != player:
        raise OptionsError(_("hints are for the player to move (player {player}), not player "
                             "{seat}").format(player=player, seat=seat))
    if sims < 1 or count < 1 or worlds < 1:
        raise OptionsError(_("a hint needs at least 1 simulation and at least 1 action"))
    judged = judge(state, sims, seed, candidates=count, worlds=worlds)
    say = reasons_for(state, player, seed)
    out = []
    for weighed in judged.weighed:
        reason, reasons = say(weighed.action, languages)
        out.append(Hint(weighed.action, state.action_to_string(weighed.action),
                        min(1.0, max(0.0, weighed.mean)), judged.visits(weighed.action), reason,
                        reasons, weighed.error))
    return out


def reasons_for(state: State, player: int, seed: int,
                ) -> Callable[[int, Sequence[str]], tuple[str, dict[str, str]]]:
    """Words for why ``player`` would take an action in ``state``: the reason in the context's
    language and in each of ``languages``, from one world sampled from the player's view."""
    explain = games.spec_of(state).kit(BotKit).policies.explain
    world = state.determinize(player, random.Random(seed ^ 0x3EA5))

    def say(action: int, languages: Sequence[str]) -> tuple[str, dict[str, str]]:
        reasons = {}
        for language in languages:
            with i18n.speaking(language):
                reasons[language] = explain(world, action, player)
        return explain(world, action, player), reasons

    return say


def say_hint(action: str, win_chance: float | None, reason: str | None = None) -> str:
    """A hint as the player reads it: ``action`` (the words the player's screen has for it),
    the win chance when there is one, then ``reason`` as a sentence."""
    if action[:1].isalpha():
        action = action[:1].upper() + action[1:]
    said = (_("{action} — about {percent}% to win.") if win_chance is not None
            else _("{action}.")).format(action=action, percent=round((win_chance or 0) * 100))
    if not reason or not reason.strip():
        return said
    return _("{hint} {reason}").format(hint=said, reason=sentence(reason))
