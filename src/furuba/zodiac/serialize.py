"""Friends of the Zodiac states to and from JSON.

``to_json`` writes everything (every hand, the deck order) with cards by name. ``from_json``
reads that back exactly (:mod:`furuba.zodiac.position`), and also accepts a *position*: a
partial state written by hand, where anything left out gets a sensible default: hands not given
are dealt from the cards left, and the rest become the deck — or, when the deck is given, are
set aside in the ``box``, out of play.
The rulebook's Example Turn, for instance:

>>> from furuba.zodiac import GameState
>>> s = GameState.from_json({"players": 2, "tohru": "Hatori",
...                          "hands": [["Brotherly Love", "Insecurity"], None],
...                          "center": ["Trust", "Sharing Heartache"]})
>>> s.legal_action_strings()
['draw', 'move', 'play Insecurity', 'play Brotherly Love']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from furuba.core.deck import NUM_SOHMAS, SOHMA_NAMES
from furuba.core.errors import FurubaError, SaveFileError
from furuba.core.protocol import JSON
from furuba.zodiac.cardset import default_cardset
from furuba.zodiac.codes import OUTCOME_NAMES, PENDING_NAMES
from furuba.zodiac.position import read_position
from furuba.zodiac.text import _

if TYPE_CHECKING:
    from furuba.zodiac.state import GameState

G = TypeVar("G", bound="GameState")

FORMAT_VERSION = 1


def _to_lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_lists(v) for v in value]
    return value


def state_to_json(s: GameState) -> JSON:
    """The whole state, every hidden card included, cards by name."""
    rules = s.rules
    names = rules.kind_names
    cs = rules.cardset
    entries = s.log_entries()
    return {
        "game": "zodiac",
        "version": FORMAT_VERSION,
        "options": rules.options.to_json(),
        "cardset": "default" if cs is default_cardset() else cs.model_dump(mode="json"),
        "seed": s.seed,
        "counter": s.counter,
        "hands": [[names[k] for k in h] for h in s.hands],
        "deck": [names[k] for k in s.deck],
        "discard": [names[k] for k in s.discard],
        "center": [names[k] for k in s.center],
        "limbo": names[s.limbo] if s.limbo >= 0 else None,
        "tohru": SOHMA_NAMES[s.tohru],
        "tohru_side": "back" if s.tohru_back else "front",
        "flipped": [SOHMA_NAMES[i] for i in range(NUM_SOHMAS) if s.flipped >> i & 1],
        "stacks": list(s.stacks),
        "friends": [list(f) for f in s.friends],
        "known": [[names[k] for k in h] for h in s.known],
        "turn": s.turn,
        "actions_taken": s.actions_taken,
        "round": s.round,
        "pending": PENDING_NAMES[s.pending],
        "pending_player": s.pending_player,
        "pending_arg": _to_lists(s.pending_arg),
        "queue": _to_lists(s.queue),
        "ender": s.ender,
        "final_left": s.final_left,
        "outcome": OUTCOME_NAMES[s.outcome],
        "log": [list(e) for e in entries],
        "journal": [[p, names[k], a] for p, k, a in s.journal],
        "box": [names[k] for k in s.box],
        "reshuffled": [names[k] for k in s.reshuffled],
    }


def state_from_json(cls: type[G], data: JSON) -> G:
    """A ``cls`` state from :func:`state_to_json` output or from a hand-written position."""
    if not isinstance(data, dict):
        raise SaveFileError(_("a Friends of the Zodiac state must be a JSON object"))
    if data.get("game", "zodiac") != "zodiac":
        raise SaveFileError(_("this is a {game!r} state, not Friends of the Zodiac")
                            .format(game=data.get("game")))
    try:
        return read_position(cls, data)
    except FurubaError as exc:
        raise SaveFileError(_("cannot read the position: {problem}").format(problem=exc)) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFileError(_("cannot read the position: bad or missing field ({problem!r})")
                            .format(problem=exc)) from None
