"""Bots on the server: which specs a seat may use, a bot's choice, and hints.

Search bots register themselves in :data:`furuba.bots.registry.BOTS` when their module is
imported; :func:`load_bot_plugins` imports the known ones if they are installed. A bot is built
afresh for every decision with a seed drawn from the table's seed, the seat and the number of
actions so far, so a table rebuilt after a restart makes the same choices.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

from furuba.bots.levels import LEVELS
from furuba.bots.registry import BOTS, check_spec, level_summary, make_bot, parse_spec
from furuba.core.errors import OptionsError
from furuba.core.protocol import State
from furuba.text import _, sentence

log = logging.getLogger("furuba.server")

PLUGINS = ("furuba.bots.ismcts",)
SEARCH = "ismcts"
ZOMBIE_BOT = "greedy"
"""Who plays a seat whose player timed out or left."""
INLINE = frozenset({"random", "greedy", "easy"})
"""Bots fast enough to run on the event loop; others run on a worker thread."""
FILE_SETTINGS = frozenset({"file", "weights", "oppweights"})
"""Bot settings that name a file (``policy:file=``, ``hard:weights=``): the command line's, never
a table's — at a table they would have the server open a file its client names."""
MAX_TABLE_SIMS = 4000
"""The most simulations a table's search bot may spend a decision (``expert`` spends 1,000)."""
MAX_TABLE_SECONDS = 5.0
"""The longest a table's search bot may think a decision (``time=``)."""


def check_table_bot(spec: str, game: str) -> str:
    """:func:`~furuba.bots.registry.check_spec` for a seat at a table, which also refuses a
    setting that names a file and a search longer than a table allows, each with a sentence.

    >>> check_table_bot("hard:c=0.5", "daihinmin")
    'hard:c=0.5'
    >>> check_table_bot("policy:file=/etc/hosts", "daihinmin")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    furuba.core.errors.OptionsError: a table's bots play what the game ships: file= is ...
    """
    _name, settings = parse_spec(spec)
    named = sorted(FILE_SETTINGS & set(settings))
    if named:
        raise OptionsError(_("a table's bots play what the game ships: {setting}= is for the "
                             "command line").format(setting=named[0]))
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


def load_bot_plugins() -> None:
    """Import the optional bot modules that are installed, so that they register."""
    for name in PLUGINS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue


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


def bot_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a bot's decision: the same table, seat and moment give the same seed."""
    return (table_seed * 1_000_003 + seat * 7919 + actions) % 2**63


def is_inline(spec: str) -> bool:
    return spec.partition(":")[0].strip().lower() in INLINE


def choose(spec: str, seed: int, state: State) -> int:
    """The action the bot ``spec`` takes in ``state`` (a legal one, whatever the bot does)."""
    legal = state.legal_actions()
    try:
        action = make_bot(spec, seed).choose(state.clone())
    except Exception:  # a faulty bot must not stop the table
        log.exception("bot %s failed; playing the first legal action", spec)
        return legal[0]
    return action if action in legal else legal[0]


@dataclass(frozen=True)
class Suggestion:
    """One hinted action, with the search's win chance and reason when it gives them (a
    sentence in the asking client's language)."""

    action: int
    name: str
    win_chance: float | None = None
    reason: str | None = None


def hints(state: State, seat: int, seed: int, spec: str | None = None,
          sims: int | None = None) -> tuple[str, list[Suggestion]]:
    """Suggestions for ``seat`` (the player to move), best first, and who made them.

    ``furuba.bots.hint`` (the search bot's hints, with reasons) when installed and ``spec`` is
    ``None``; else the bot ``spec`` (or ISMCTS, or greedy) gives its one choice.
    """
    legal = state.legal_actions()
    if spec is None:
        try:
            module: Any = importlib.import_module("furuba.bots.hint")
        except ImportError:
            module = None
        fn = getattr(module, "hint", None)
        if callable(fn):
            try:
                extra = {"sims": sims} if sims else {}
                found = fn(state.clone(), seat, seed=seed, **extra)
                out = [Suggestion(int(h.action), state.action_to_string(int(h.action)),
                                  _chance(getattr(h, "win_chance", None)),
                                  _reason(getattr(h, "reason", None)))
                       for h in (found if isinstance(found, list) else [found])
                       if int(getattr(h, "action", -1)) in legal]
                if out:
                    return "ismcts", out
            except Exception:  # an incompatible or failing hint module: fall back to a bot
                log.exception("furuba.bots.hint failed; falling back to a bot's choice")
        spec = "normal" if "normal" in BOTS else "greedy"
    action = choose(spec, seed, state)
    return spec, [Suggestion(action, state.action_to_string(action))]


def _chance(value: Any) -> float | None:
    return None if value is None else round(float(value), 3)


def _reason(value: Any) -> str | None:
    """A hint's reason as a sentence, in the asking client's language (the game's words)."""
    return sentence(value) if isinstance(value, str) and value.strip() else None
