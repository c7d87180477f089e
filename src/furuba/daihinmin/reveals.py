"""Which actions reveal something (D12): what a table's undo may take back.

A player may take back their own last action only while nobody has learnt anything from it.
Hidden in Dai Hin Min are the hands, the deal and the gifts of the exchange until the cards
change hands. So:

* a **play** reveals: its cards leave a hidden hand face up (and going out may end the round,
  whose next deal is a chance outcome);
* **declaring a revolution** reveals that the Poor Man holds both jokers;
* the **last gift** of the exchange (the Second Richest's) reveals: all the cards change hands at
  once, and each receiver sees what they got;
* a **pass** reveals nothing: a follower may pass even when able to play (D5), so it says nothing
  of the hand, and clearing the pile is public and decided by the rules;
* **keeping quiet** reveals nothing: the Poor Man is asked in every round and may keep quiet
  holding both jokers (D10);
* the **Rich Man's gifts** reveal nothing: each is a choice only he sees until the exchange, and
  the exchange waits for the Second Richest's choice.

>>> from furuba.daihinmin import new_game
>>> from furuba.daihinmin.moves import PASS
>>> s = new_game(players=4, seed=7)
>>> reveals(s, s.legal_actions()[0]), reveals(s, PASS)
(True, False)
"""

from __future__ import annotations

from furuba.core.protocol import State
from furuba.daihinmin.moves import KEEP_QUIET, PASS, is_gift
from furuba.daihinmin.scoring import roles
from furuba.daihinmin.state import GameState


def reveals(state: State, action: int) -> bool:
    """Whether taking the legal ``action`` in ``state`` reveals anything (D12; see the module)."""
    assert isinstance(state, GameState)
    if action in (PASS, KEEP_QUIET):
        return False
    if is_gift(action):
        rich = roles(state.titles)[0]
        return state.current_player != rich     # the Second Richest's gift sets off the swap
    return True
