"""Bots at a table: which specs a seat may use, the seed of a bot's decision, and its choice.

A bot is built afresh for every decision with a seed drawn from the table's seed, the seat and
the number of actions so far (:func:`bot_seed`), so a table rebuilt after a restart — or the
same table played offline — makes the same choices. A seeded table (an offline one, which must
play the same game again from the same seed and the same human actions) also refuses a search
bot with a time budget (``time=``).

>>> check_table_bot("hard:c=0.5", "daihinmin"), check_table_bot("easy", "daihinmin")
('hard:c=0.5', 'easy')
>>> check_table_bot("policy:file=/etc/hosts", "daihinmin")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: a table's bots play what the game ships: file= is ...
>>> check_table_bot("normal:time=1", "zodiac", seeded=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: an offline table's bots are seeded: ...
>>> bot_seed(7, 1, 3)
7007943
"""

from __future__ import annotations

import logging
import re

from furuba.bots.levels import LEVELS
from furuba.bots.registry import BOTS, check_spec, level_summary, make_bot, parse_spec
from furuba.core.errors import FurubaError, OptionsError
from furuba.core.protocol import State
from furuba.text import _

log = logging.getLogger("furuba.tables")

SEARCH = "ismcts"
FILE_SETTINGS = frozenset({"file", "weights", "oppweights"})
"""Bot settings that name a file (``policy:file=``, ``hard:weights=``): the command line's, never
a table's — at a table they would have the server open a file its client names. ``weights=``
and ``oppweights=`` may name weights the game ships (a bare name such as ``network`` or
``uecda_default``, :func:`ships_weights`)."""
SHIPPED_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""What a name of shipped weights looks like: no path, no suffix."""
MAX_TABLE_SIMS = 4000
"""The most simulations a table's search bot may spend a decision (``expert`` spends 1,000)."""
MAX_TABLE_SECONDS = 5.0
"""The longest a table's search bot may think a decision (``time=``)."""


def available_bots() -> list[str]:
    """The bot specs a seat may use: the five levels weakest first (:mod:`furuba.bots.levels`),
    then the other bots by name (``random``, ``greedy``, ``policy``; the bare search bot,
    ``ismcts``, is the ``normal`` level under its engine's name, so it is left out)."""
    names = {level.name for level in LEVELS}
    return [level.name for level in LEVELS if level.name in BOTS] + [
        name for name in BOTS if name not in names and name != SEARCH]


def levels_described(game: str | None = None) -> list[dict[str, str]]:
    """The levels as a seat menu shows them, in the context's language: ``name``, ``title``
    and ``summary`` (one sentence on how it plays: in ``game`` when one is named, which may
    tune a level its own way)."""
    return [{"name": level.name, "title": level.said_title,
             "summary": level.said_summary if game is None else level_summary(level, game)}
            for level in LEVELS if level.name in BOTS]


def ships_weights(game: str, name: str) -> bool:
    """Whether ``name`` is weights ``game`` ships beside its learned policy (a bare name, the
    file in the game's own folder of weights).

    >>> ships_weights("daihinmin", "network"), ships_weights("daihinmin", "../policy")
    (True, False)
    """
    from furuba.bots.learned import weights_path
    from furuba.bots.policy import features_of

    if not SHIPPED_NAME.fullmatch(name):
        return False
    try:
        features = features_of(game)
    except FurubaError:
        return False
    return features.shipped is not None and weights_path(features, name).is_file()


def check_table_bot(spec: str, game: str, *, seeded: bool = False) -> str:
    """:func:`~furuba.bots.registry.check_spec` for a seat at a table, which also refuses a
    setting that names a file and a search longer than a table allows — and, at a ``seeded``
    table, any time budget — each with a sentence (:class:`OptionsError`)."""
    _name, settings = parse_spec(spec)
    named = sorted(key for key in FILE_SETTINGS & set(settings)
                   if not (key != "file" and ships_weights(game, settings[key])))
    if named:
        raise OptionsError(_("a table's bots play what the game ships: {setting}= is for the "
                             "command line").format(setting=named[0]))
    if seeded and "time" in settings:
        raise OptionsError(_("an offline table's bots are seeded: a time budget (time=) would "
                             "make them play differently each time; give sims= instead"))
    checked = check_spec(spec, game)
    if _over(settings.get("sims"), MAX_TABLE_SIMS) or _over(settings.get("time"),
                                                             MAX_TABLE_SECONDS):
        raise OptionsError(_("a table's bots think at most {sims} simulations or {seconds:g} "
                             "seconds a move").format(sims=MAX_TABLE_SIMS,
                                                      seconds=MAX_TABLE_SECONDS))
    return checked


def _over(text: str | None, most: float) -> bool:
    """Whether a setting checked by :func:`check_spec` (so a number) is above ``most``."""
    return text is not None and float(text) > most


def bot_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a bot's decision: the same table, seat and moment give the same seed."""
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
