"""Saving and loading states: the full JSON form and human-written positions.

:func:`to_json` writes every field (all hands, the whole log). :func:`from_json` reads that back,
and also a partial position a person can write, with defaults for everything left out:

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"game": "daihinmin", "players": 4,
...     "hands": [["3", "5", "5", "joker"], ["5", "K♠"], ["7", "7"], ["2"]],
...     "pile": [{"player": 3, "cards": ["4", "4"]}], "turn": 0})
>>> s.legal_action_strings()
['pass', 'play 5+joker', 'play 5x2']
>>> s.to_json()["hands"][0], s.to_json()["pile"]
(['3♦', '5♦', '5♥', 'joker1'], [{'player': 3, 'play': 'play 4x2', 'cards': ['4♦', '4♥']}])
>>> GameState.from_json(s.to_json()).to_json() == s.to_json()
True

Cards are written ``"7♦"`` (or ``"7d"``), ``"10♣"``, ``"joker1"``/``"joker2"``; a rank alone
(``"7"``, ``"joker"``) takes the lowest card of that rank no other entry names. Positions that
break the rules raise :class:`~furuba.core.errors.SaveFileError` saying what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from furuba.core.deck import SUITS
from furuba.core.errors import OptionsError, SaveFileError
from furuba.core.protocol import JSON
from furuba.daihinmin import events
from furuba.daihinmin.moves import ACTION_NAMES
from furuba.daihinmin.phases import PHASE_NAMES
from furuba.daihinmin.position import read_position
from furuba.daihinmin.ranks import CARD_NAMES, names_of
from furuba.daihinmin.reading import fail
from furuba.daihinmin.revolution import DIRECTION_NAMES
from furuba.daihinmin.scoring import title_name

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")

FORMAT = 1


def to_json(state: GameState) -> JSON:
    """The whole state, every hidden card included."""
    options = state.options
    return {
        "game": "daihinmin",
        "format": FORMAT,
        "players": options.players,
        "target": options.target,
        "max_rounds": options.max_rounds,
        "seed": state.seed,
        "counter": state.counter,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase_code],
        "turn": None if state.is_terminal() else state.current,
        "dealer": state.dealer,
        "seating": list(state.seating),
        "direction": DIRECTION_NAMES[state.direction],
        "revolution": state.revolution,
        "scores": list(state.points),
        "titles": [title_name(t) for t in state.titles],
        "hands": [names_of(h) for h in state.hands],
        "pile": [{"player": p, "play": ACTION_NAMES[a], "cards": names_of(c)}
                 for p, a, c in state.pile],
        "passes": state.passes,
        "finished": list(state.finished),
        "gifts": [{"from": g, "to": r, "card": CARD_NAMES[c]} for g, r, c in state.gifts],
        "exchange": [{"from": g, "to": r, "cards": names_of(c)} for g, r, c in state.exchange],
        "truncated": state.truncated,
        "log": events.render_log(state.log, state.private, None, everything=True),
        **house_fields(state),
        **state.options.settings(),
    }


def house_fields(state: GameState) -> JSON:
    """The house rules in force and the state of the trick under them (none in the rulebook's
    game): ``back`` (D16), ``lock`` (D17), ``fallen`` (D15)."""
    if not state.rules.house:
        return {}
    return {**state.options.house_options(), "back": state.back,
            "lock": [SUITS[s] for s in range(4) if state.lock >> s & 1],
            "fallen": state.fallen if state.fallen >= 0 else None,
            "reversed": state.ranks_reversed,
            "passed": [p for p in range(state.num_players) if state.passed >> p & 1],
            "leader": state.leader}


def from_json(cls: type[S], data: JSON) -> S:
    """A state from :func:`to_json` output or from a partial, human-written position
    (:mod:`furuba.daihinmin.position`)."""
    try:
        return read_position(cls, data)
    except SaveFileError:
        raise
    except (OptionsError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise fail(str(exc)) from None


__all__ = ["FORMAT", "from_json", "to_json"]
