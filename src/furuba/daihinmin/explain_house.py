"""Why a play is good under the house rules (D13–D18), in a few words: the reasons of hints.

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "eight_cut": "on", "hands": [["3", "8", "8", "K"],
...     ["4"], ["5"], ["6"]], "turn": 0})
>>> house_reason(s, s.string_to_action("play 8x2"))
'the 8s end the trick at once, and you lead the next one'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.daihinmin.house import EIGHT, EIGHT_CUT, ELEVEN_BACK, JACK, SPADE_THREE
from furuba.daihinmin.house_plays import is_spade_counter
from furuba.daihinmin.moves import PLAY_COVERS, PLAY_RUN, PLAY_TOTAL
from furuba.daihinmin.text import _, ngettext

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def house_reason(state: GameState, action: int) -> str | None:
    """A reason for ``action`` that a house rule gives, or ``None``."""
    bits = state.rules.house
    covers = PLAY_COVERS[action]
    top = state.pile[-1][1] if state.pile else -1
    if bits & SPADE_THREE and is_spade_counter(action, top, state.back):
        return _("the 3♠ beats the lone 2 and ends the trick: you lead next")
    if bits & EIGHT_CUT and covers & EIGHT:
        return _("the 8s end the trick at once, and you lead the next one")
    if PLAY_RUN[action]:
        return ngettext("the run sheds {count} card at once", "the run sheds {count} cards at once",
                        PLAY_TOTAL[action]).format(count=PLAY_TOTAL[action])
    if bits & ELEVEN_BACK and covers & JACK and not state.back:
        return _("the Jacks reverse the order: lower ranks win until the trick ends")
    return None
