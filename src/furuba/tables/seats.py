"""The seats of a table: how a seat is written when a table is made, and which seat a client's
message acts for.

>>> pick_seat((0, 2), None, 2, ValueError), pick_seat((1,), None, 0, ValueError)
(2, 1)
>>> pick_seat((0, 2), None, 1, ValueError)
Traceback (most recent call last):
...
ValueError: ('not_seated', "say which of your seats (field 'seat')")
"""

from __future__ import annotations

from collections.abc import Sequence

from furuba.tables.refusals import Refuse
from furuba.text import _

DEFAULT_BOT = "greedy"
"""Who plays the seats a new table's request leaves to bots (all but the first)."""
HUMAN_WORDS = ("human", "you", "player")
"""What a seat written as text may say for a person's seat (anything else is a bot spec)."""


def pick_seat(held: Sequence[int], wanted: int | None, current: int, refuse: Refuse) -> int:
    """The seat a message acts for: the one named (``wanted``), the client's only one, or the
    one of its seats (``held``) that must decide now (``current``); else ``refuse``'s error
    (``not_seated``) with a sentence."""
    if not held:
        raise refuse("not_seated", _("you hold no seat at this table (you are watching)"))
    if wanted is not None:
        if wanted not in held:
            raise refuse("not_seated", _("you do not hold seat {wanted}").format(wanted=wanted))
        return wanted
    if len(held) == 1:
        return held[0]
    if current in held:
        return current
    raise refuse("not_seated", _("say which of your seats (field 'seat')"))
