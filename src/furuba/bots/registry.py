"""Bots by name: ``random``, ``greedy``, the search bot ``ismcts`` (``ismcts:hard``,
``ismcts:sims=800``), the learned ``policy`` (``policy:temperature=0.5``, ``policy:file=PATH``),
and the five levels a player chooses from (:mod:`furuba.bots.levels`: ``beginner`` to
``expert``).

A bot spec is a name with optional settings, ``name:key=value,key=value``. A bad spec gets a
clear :class:`~furuba.core.errors.OptionsError`.

>>> make_bot("greedy", seed=1).name
'greedy'
>>> make_bot("wizard")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: unknown bot 'wizard'; the bots are: random, greedy, ismcts, ...
>>> make_bot("ismcts:hard").name, make_bot("normal").name, make_bot("ismcts:sims=800").name
('ismcts:hard', 'normal', 'ismcts')
"""

from __future__ import annotations

from collections.abc import Callable

from furuba.bots.base import Bot, RandomBot
from furuba.bots.greedy import GreedyBot
from furuba.bots.ismcts import make_ismcts
from furuba.bots.kit import BotKit
from furuba.bots.levels import LEVELS, Level, LevelBot, level_spec
from furuba.bots.policy import make_policy_bot, plays_with_features
from furuba.bots.search_plan import Plan
from furuba.bots.search_settings import parse_settings, uses_learned_policy
from furuba.core.errors import OptionsError
from furuba.text import _

BotFactory = Callable[[dict[str, str], int], Bot]


def _plain(cls: type[RandomBot] | type[GreedyBot]) -> BotFactory:
    def make(settings: dict[str, str], seed: int) -> Bot:
        if settings:
            raise OptionsError(f"the {cls.name} bot takes no settings "
                               f"(got {', '.join(sorted(settings))})")
        return cls(seed=seed)

    return make


def _level(level: Level) -> BotFactory:
    """A level of :mod:`furuba.bots.levels` (a search level's settings may follow its name)."""
    def make(settings: dict[str, str], seed: int) -> Bot:
        if "level" in settings:
            raise OptionsError(_("the {level} bot is a level already; give it settings such as "
                                 "{level}:c=0.5, not another level").format(level=level.name))
        return LevelBot(level, make_bot, plays, seed, settings)

    return make


BOTS: dict[str, BotFactory] = {
    "random": _plain(RandomBot),
    "greedy": _plain(GreedyBot),
    "ismcts": make_ismcts,
    "policy": make_policy_bot,
    **{level.name: _level(level) for level in LEVELS},
}
"""Bot name → factory. Other modules may register more bots here."""

def _policy_plays(game: str, settings: dict[str, str]) -> bool:
    return plays_with_features(game)


def _kit_plays(game: str, settings: dict[str, str]) -> bool:
    """The greedy bot and the search play the games that give the bots their kit
    (:class:`~furuba.bots.kit.BotKit`)."""
    from furuba import games

    return games.spec(game).kit_or_none(BotKit) is not None


def _search_plays(game: str, settings: dict[str, str]) -> bool:
    """The search plays every game that gives the bots their kit, unless its settings lean on a
    learned policy (a bad setting is left to :func:`make_bot`, which says what is wrong with
    it); settings that this game refuses (a missing ``weights=`` file) raise
    :class:`OptionsError` with a sentence."""
    if not _kit_plays(game, settings):
        return False
    try:
        parsed = parse_settings(settings)
    except OptionsError:
        return True
    if uses_learned_policy(parsed) and not plays_with_features(game):
        return False
    Plan.of(game, parsed)
    return True


def _level_plays(level: Level) -> Callable[[str, dict[str, str]], bool]:
    """A level plays a game when one of the bots it may be does."""
    def judge(game: str, settings: dict[str, str]) -> bool:
        try:
            specs = level_spec(level, settings)
        except OptionsError:
            return True
        return any(plays(spec, game) for spec in specs)

    return judge


PLAYS: dict[str, Callable[[str, dict[str, str]], bool]] = {
    "policy": _policy_plays,
    "greedy": _kit_plays,
    "ismcts": _search_plays,
    **{level.name: _level_plays(level) for level in LEVELS},
}
"""Bot name → which games it can play with the given settings (by game name, judged from the
game's spec); a bot not listed plays every game through the shared protocol."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:sims=800"`` → ``("ismcts", {"sims": "800"})``."""
    name, _, rest = str(spec).strip().partition(":")
    settings: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            settings.setdefault("level", key.strip())
            continue
        settings[key.strip()] = value.strip()
    return name.strip().lower(), settings


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list. A part that is only a setting (``key=value``
    with no bot name before it) belongs to the bot before it, so a bot with several settings
    can sit in a list; empty parts are dropped.

    >>> split_specs("ismcts:sims=320,prior=policy, greedy,,hard:c=0.5")
    ['ismcts:sims=320,prior=policy', 'greedy', 'hard:c=0.5']
    """
    specs: list[str] = []
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        equals, colon = part.find("="), part.find(":")
        if specs and equals > 0 and (colon < 0 or equals < colon):
            specs[-1] = f"{specs[-1]},{part}"
        else:
            specs.append(part)
    return specs


def make_bot(spec: str, seed: int = 0) -> Bot:
    """The bot named by ``spec``, seeded with ``seed``."""
    name, settings = parse_spec(spec)
    factory = BOTS.get(name)
    if factory is None:
        raise OptionsError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    return factory(settings, seed)


def plays(spec: str, game: str) -> bool:
    """Whether the bot ``spec`` names can play ``game`` (the ``policy`` bot, and the search with
    ``rollout=policy`` or ``prior=policy``, need the features a game's spec hands a learner).

    >>> plays("greedy", "zodiac"), plays("policy:temperature=0.5", "daihinmin")
    (True, True)
    """
    name, settings = parse_spec(spec)
    judge = PLAYS.get(name)
    return judge is None or judge(game, settings)


def check_spec(spec: str, game: str | None = None) -> str:
    """Validate ``spec`` by building the bot once, and that it can play ``game`` when one is
    given; returns it unchanged."""
    make_bot(spec)
    if game is not None and not plays(spec, game):
        from furuba import games

        raise OptionsError(_("the {bot} bot cannot play {game}").format(
            bot=spec.strip(), game=games.spec(game).said_title))
    return spec


def level_summary(level: Level, game: str) -> str:
    """How ``level`` plays ``game``, in the reader's language: the game's own sentence for it
    when the game tunes the level its own way (its spec's ``level_summaries``), else the
    sentence of the bot the level is there.

    >>> from furuba.bots.levels import level_named
    >>> level_summary(level_named("easy"), "zodiac") == level_named("easy").said_summary
    True
    >>> print(level_summary(level_named("normal"), "daihinmin"))
    Thinks for a moment: tries its moves in twenty imagined deals.
    """
    from furuba import games

    spec = games.spec(game)
    kit = spec.kit_or_none(BotKit)
    own = kit.level_summaries.get(level.name) if kit is not None else None
    if own:
        return spec.gettext(own)
    index = next((i for i, bot in enumerate(level.specs) if plays(bot, game)),
                 len(level.specs) - 1)
    return level.summary_as(index)
