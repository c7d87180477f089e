"""The five levels a player chooses from, weakest first: ``beginner``, ``easy``, ``normal``,
``hard`` and ``expert``.

A level is one of the project's bots at fixed settings, with a title and a sentence a player
understands (in the reader's language: they are marked for translation). Each names the bots
it may be, best first; it plays the first that can play the game at hand, judged from the
game's spec (``beginner``, ``hard`` and ``expert`` lean on a game's learned policy; a game
without one gets the bot after it). How far apart the levels are is measured in docs/BOTS.md.

>>> [level.name for level in LEVELS]
['beginner', 'easy', 'normal', 'hard', 'expert']
>>> level_named("hard").specs
('ismcts:hard', 'ismcts:sims=1000')
>>> from furuba import games
>>> from furuba.bots.registry import make_bot
>>> bot = make_bot("beginner", seed=1)
>>> state = games.new_game("daihinmin", players=4, seed=2)
>>> bot.choose(state) in state.legal_actions(), bot.name, bot.spec_for("daihinmin")
(True, 'beginner', 'policy:temperature=3')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from furuba.bots.base import Bot, ChoosesAmong
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.i18n import N_
from furuba.text import _


@dataclass(frozen=True)
class Level:
    """One level: its name, what a player reads of it, and the bots it may be."""

    name: str
    title: str
    """Its name as a player reads it (marked for translation)."""
    summary: str
    """One sentence on how it plays (marked for translation)."""
    specs: tuple[str, ...]
    """The bot specs it may be, best first; the first that plays the game is used."""
    takes_settings: bool = False
    """Whether settings may follow the name (``hard:c=0.5``): the search levels."""
    fallback_summaries: tuple[str, ...] = ()
    """How it plays as each of the bots after the first in ``specs`` (marked for translation):
    what it is in a game the first cannot play."""

    def summary_as(self, index: int) -> str:
        """The sentence on how it plays as its ``index``-th bot, in the reader's language.

        >>> level_named("expert").summary_as(1)
        'Thinks longest: tries its moves in two thousand imagined deals.'
        """
        return _(([self.summary, *self.fallback_summaries])[index])

    @property
    def said_title(self) -> str:
        return _(self.title)

    @property
    def said_summary(self) -> str:
        return _(self.summary)


LEVELS: tuple[Level, ...] = (
    Level("beginner", N_("Beginner"),
          N_("Plays like someone new to the game: sensible moves, but often not the best one."),
          ("policy:temperature=3", "greedy"),
          fallback_summaries=(N_("Plays the obvious move at once and never looks ahead."),)),
    Level("easy", N_("Easy"),
          N_("Plays the obvious move at once and never looks ahead."),
          ("greedy",)),
    Level("normal", N_("Normal"),
          N_("Thinks for a moment: tries its moves in dozens of imagined deals."),
          ("ismcts:normal",), takes_settings=True),
    Level("hard", N_("Hard"),
          N_("Thinks harder: tries its moves in four hundred imagined deals, guided by what it "
             "learned from thousands of games."),
          ("ismcts:hard", "ismcts:sims=1000"), takes_settings=True,
          fallback_summaries=(N_("Thinks harder: tries its moves in a thousand imagined deals."),)),
    Level("expert", N_("Expert"),
          N_("Thinks as hard and knows more: tries its moves in four hundred imagined deals, "
             "guided by the best of what it learned from thousands of games, and plans for each "
             "other player's likeliest reply."),
          ("ismcts:expert", "ismcts:sims=2000"), takes_settings=True,
          fallback_summaries=(N_("Thinks longest: tries its moves in two thousand imagined "
                                 "deals."),)),
)
"""The levels, weakest first."""


def level_named(name: str) -> Level:
    """The level called ``name``; :class:`OptionsError` naming the levels otherwise."""
    for level in LEVELS:
        if level.name == name:
            return level
    raise OptionsError(_("unknown level {name!r}; the levels are: {levels}").format(
        name=name, levels=", ".join(level.name for level in LEVELS)))


def level_spec(level: Level, settings: dict[str, str]) -> tuple[str, ...]:
    """The level's bot specs with ``settings`` added to each (a search level's only)."""
    if settings and not level.takes_settings:
        raise OptionsError(_("the {level} bot takes no settings (got {settings})").format(
            level=level.name, settings=", ".join(sorted(settings))))
    extra = ",".join(f"{key}={value}" for key, value in settings.items() if key != "level")
    return tuple(f"{spec},{extra}" if extra else spec for spec in level.specs)


Build = Callable[[str, int], Bot]
"""Makes the bot a spec names, with a seed (the bots' registry's ``make_bot``)."""
Judge = Callable[[str, str], bool]
"""Whether a spec's bot can play a game (the registry's ``plays``)."""


class LevelBot:
    """A level: plays the first of its bots that can play the game, built on the first
    decision in each game and kept. The registry hands it the means to build and judge bots.

    Its ``name`` is the level's, so a summary or a league table reads ``hard``, not the bot
    behind it.
    """

    def __init__(self, level: Level, build: Build, judge: Judge, seed: int = 0,
                 settings: dict[str, str] | None = None) -> None:
        self.level = level
        self.name = level.name
        self.seed = seed
        self.specs = level_spec(level, settings or {})
        self._build, self._judge = build, judge
        build(self.specs[0], seed)   # a bad setting is refused now, not at the first decision
        self._bots: dict[str, Bot] = {}

    def spec_for(self, game: str) -> str:
        """The spec this level plays ``game`` with."""
        return next((spec for spec in self.specs if self._judge(spec, game)), self.specs[-1])

    def bot_for(self, game: str) -> Bot:
        """The bot that plays ``game`` for this level (one per game, kept)."""
        bot = self._bots.get(game)
        if bot is None:
            bot = self._bots[game] = self._build(self.spec_for(game), self.seed)
        return bot

    def choose(self, state: State) -> int:
        return self.bot_for(state.game_name).choose(state)

    def choose_among(self, state: State, allowed: list[int]) -> int:
        bot = self.bot_for(state.game_name)
        if isinstance(bot, ChoosesAmong):
            return bot.choose_among(state, allowed)
        return bot.choose(state)
