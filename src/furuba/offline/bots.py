"""Bots at an offline table: which specs a seat may use, their seeds, and their choices.

The same rules as the server's tables (``furuba.server.bots``, which this package may not import:
it needs pydantic), with one more: a search bot with a time budget (``time=``) is refused, since
an offline table must play the same game again from the same seed and the same human actions.

>>> check_table_bot("easy", "daihinmin")
'easy'
>>> check_table_bot("normal:time=1", "zodiac")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: an offline table's bots are seeded: ...
>>> bot_seed(7, 1, 3)
7007943
"""

from __future__ import annotations

import logging

from furuba.bots.levels import LEVELS
from furuba.bots.registry import BOTS, check_spec, level_summary, make_bot, parse_spec
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.text import _

log = logging.getLogger("furuba.offline")

SEARCH = "ismcts"
FILE_SETTINGS = frozenset({"file", "weights", "oppweights"})
"""Bot settings that name a file: the command line's, never a table's."""
MAX_TABLE_SIMS = 4000
"""The most simulations a table's search bot may spend on a decision (as on the server)."""
MAX_TABLE_SECONDS = 5.0
"""The server's cap on ``time=``: said in the server's sentence for ``sims=``."""


def available_bots() -> list[str]:
    """The bot specs a seat may use: the levels weakest first, then the other bots by name
    (the bare search bot is the ``normal`` level under its engine's name, so it is left out)."""
    names = {level.name for level in LEVELS}
    return [level.name for level in LEVELS if level.name in BOTS] + [
        name for name in BOTS if name not in names and name != SEARCH]


def levels_described(game: str | None = None) -> list[dict[str, str]]:
    """The levels as a seat menu shows them, in the context's language: ``name``, ``title``
    and ``summary`` (how it plays ``game`` when one is named)."""
    return [{"name": level.name, "title": level.said_title,
             "summary": level.said_summary if game is None else level_summary(level, game)}
            for level in LEVELS if level.name in BOTS]


def check_table_bot(spec: str, game: str) -> str:
    """``spec`` if a seat of an offline table of ``game`` may be that bot; else
    :class:`OptionsError` with a sentence."""
    _name, settings = parse_spec(spec)
    named = sorted(FILE_SETTINGS & set(settings))
    if named:
        raise OptionsError(_("a table's bots play what the game ships: {setting}= is for the "
                             "command line").format(setting=named[0]))
    if "time" in settings:
        raise OptionsError(_("an offline table's bots are seeded: a time budget (time=) would "
                             "make them play differently each time; give sims= instead"))
    checked = check_spec(spec, game)
    sims = settings.get("sims")
    if sims is not None and float(sims) > MAX_TABLE_SIMS:
        raise OptionsError(_("a table's bots think at most {sims} simulations or {seconds:g} "
                             "seconds a move").format(sims=MAX_TABLE_SIMS,
                                                      seconds=MAX_TABLE_SECONDS))
    return checked


def bot_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a bot's decision, as the server computes it (``furuba.server.bots``): the
    same table, seat and moment give the same seed, online and offline."""
    return (table_seed * 1_000_003 + seat * 7919 + actions) % 2**63


def choose(spec: str, seed: int, state: State) -> int:
    """The action the bot ``spec`` takes in ``state`` (a legal one, whatever the bot does)."""
    legal = state.legal_actions()
    try:
        action = make_bot(spec, seed).choose(state.clone())
    except Exception:  # a faulty bot must not stop the table
        log.exception("bot %s failed; playing the first legal action", spec)
        return legal[0]
    return action if action in legal else legal[0]
