"""``furuba bots``: the levels a player chooses from, and the other bots, with what each is.

>>> from typer.testing import CliRunner
>>> from furuba.cli.main import build_app
>>> out = CliRunner().invoke(build_app(), ["bots"]).output
>>> "beginner" in out and "expert" in out and "greedy" in out
True
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from furuba import games
from furuba.bots.ismcts import ISMCTSBot
from furuba.bots.kit import BotKit
from furuba.bots.levels import LEVELS, LevelBot
from furuba.bots.registry import BOTS, level_summary, make_bot
from furuba.bots.search_plan import STANDARD, Plan
from furuba.cli.console import console, fail
from furuba.core.errors import FurubaError
from furuba.i18n import N_
from furuba.text import _, ngettext

OTHERS: dict[str, str] = {
    "random": N_("Plays any legal move at random: for testing, not for company."),
    "greedy": N_("The game's own quick rule of thumb (the easy level is this bot)."),
    "policy": N_("Plays the policy the game learned by self-play, at once, without searching."),
    "ismcts": N_("The search behind the normal, hard and expert levels, with settings of your "
                 "own: ismcts:sims=800,c=0.5 (docs/BOTS.md lists them)."),
}
"""What the bots that are not levels are, by name."""


def level_bot(level: str, game: str) -> str:
    """The bot a level is in ``game``, with the simulations a decision when it searches, the
    weights it leans on when they are not the game's policy, and what it plays for when it is
    not the win.

    >>> level_bot("expert", "zodiac"), level_bot("easy", "zodiac")
    ('ismcts:expert (400 simulations a decision, eval=learned)', 'greedy')
    >>> level_bot("expert", "daihinmin")
    'ismcts:expert (400 simulations a decision, weights=network, value=points)'
    """
    bot = make_bot(level)
    if not isinstance(bot, LevelBot):
        return level
    spec, inner = bot.spec_for(game), bot.bot_for(game)
    if not isinstance(inner, ISMCTSBot) or inner.settings.time is not None:
        return spec
    plan = Plan.of(game, inner.settings)
    simulations = ngettext("{n} simulation a decision", "{n} simulations a decision",
                           plan.sims).format(n=plan.sims)
    named = [f"weights={plan.weights}"] if plan.weights is not None else []
    if plan.value != "wins":
        named.append(f"value={plan.value}")
    if plan.evaluation != STANDARD:
        named.append(f"eval={plan.evaluation}")
    for setting in named:
        simulations = _("{simulations}, {setting}").format(simulations=simulations,
                                                          setting=setting)
    return _("{bot} ({simulations})").format(bot=spec, simulations=simulations)


def measured(level: str, game: str) -> str:
    """How strong ``level`` measured in ``game`` (its spec's ladder), or ``""``.

    >>> measured("hard", "zodiac")
    '28.3% of the wins against 3 normal (an even share: 25%), in games to 4 friendships'
    >>> measured("expert", "daihinmin")
    '29.3% of the wins in single rounds against 3 hard (an even share: 25%); 1.223 × an even ...'
    >>> measured("easy", "zodiac")
    ''
    """
    spec = games.spec(game)
    rung = next((r for r in spec.kit(BotKit).ladder if r.level == level), None)
    if rung is None:
        return ""
    if rung.rounds:
        said = ngettext(
            "{share} of the wins in single rounds against {count} {below} (an even share: {fair})",
            "{share} of the wins in single rounds against {count} {below} (an even share: {fair})",
            rung.players - 1)
    else:
        said = ngettext("{share} of the wins against {count} {below} (an even share: {fair})",
                        "{share} of the wins against {count} {below} (an even share: {fair})",
                        rung.players - 1)
    said = said.format(share=_percent(rung.share), count=rung.players - 1, below=rung.below,
                       fair=_percent(1 / rung.players))
    if rung.setting:
        said = _("{measured}, in {setting}").format(
            measured=said, setting=spec.gettext(rung.setting))
    if rung.points is None:
        return said
    return _("{measured}; {points} × an even share of the points").format(
        measured=said, points=f"{rung.points:g}")


def _percent(x: float) -> str:
    return f"{x * 100:.1f}".removesuffix(".0") + "%"


def bots(
    game: Annotated[str | None, typer.Argument(
        help=_("show which bot each level is in this game"))] = None,
) -> None:
    """The levels, weakest first, with how each plays; then the other bots."""
    try:
        name = games.canonical_name(game) if game is not None else None
    except FurubaError as exc:
        raise fail(str(exc)) from None
    table = Table(title=_("Levels, weakest first"), title_justify="left")
    table.add_column(_("level"), style="bold")
    # fold, not cut short: a Japanese sentence has no spaces to wrap at
    table.add_column(_("how it plays"), overflow="fold")
    if name is not None:
        table.add_column(_("the bot"), overflow="fold")
        table.add_column(_("measured"), overflow="fold")
    for level in LEVELS:
        row = [level.name, level.said_summary if name is None else level_summary(level, name)]
        if name is not None:
            row += [level_bot(level.name, name), measured(level.name, name)]
        table.add_row(*row)
    console.print(table)
    others = Table(title=_("Other bots"), title_justify="left")
    others.add_column(_("bot"), style="bold")
    others.add_column(_("what it is"), overflow="fold")
    for bot_name, about in OTHERS.items():
        if bot_name in BOTS:
            others.add_row(bot_name, _(about))
    console.print(others)
    console.print(_("Seat them with furuba play --seats you,hard,normal,beginner; a search level "
                    "takes settings after its name, e.g. hard:c=0.5."), highlight=False)
