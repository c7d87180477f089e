"""The checks of a player's action and written input at a table, before anything changes: the
seat's turn, a decision made on a position that changed since (stale), the action named, and the
written input's name and length. Each check raises the host's error (``refuse``) with a sentence.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=1)
>>> resolve(state, state.legal_actions()[0], ValueError) == state.legal_actions()[0]
True
>>> check_act(0, 0, seen=2, seq=5, state_seq=4, refuse=ValueError)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: ('stale', 'the position changed at event 4, after the 2 you saw; look again ...')
"""

from __future__ import annotations

from furuba.core.errors import FurubaError
from furuba.core.protocol import State
from furuba.spec import GameSpec
from furuba.tables.refusals import Refuse
from furuba.text import _, listing


def check_act(seat: int, current: int, *, seen: int, seq: int, state_seq: int,
              refuse: Refuse) -> None:
    """Whether ``seat`` may act now, having seen event ``seen`` of a table at event ``seq``
    whose position last changed at ``state_seq``: its turn (``current``), and a position it saw."""
    if seen > seq:
        raise refuse("bad_message", _("seq_seen {seq_seen} is ahead of the table ({seq})").format(
            seq_seen=seen, seq=seq))
    if seat != current:
        raise refuse("not_your_turn", _("it is player {current_player}'s turn, not seat "
                                        "{seat}'s").format(current_player=current, seat=seat))
    if seen < state_seq:
        raise refuse("stale", _("the position changed at event {state_seq}, after the "
                                "{seq_seen} you saw; look again and decide").format(
            state_seq=state_seq, seq_seen=seen))


def resolve(state: State, wanted: int | str, refuse: Refuse) -> int:
    """The legal action ``wanted`` names, by id or by text."""
    legal = state.legal_actions()
    if isinstance(wanted, int):
        if wanted in legal:
            return wanted
        raise refuse("illegal", _("action {wanted} is not legal now").format(wanted=wanted))
    try:
        action = state.string_to_action(wanted)
    except (FurubaError, ValueError, KeyError, IndexError):
        raise refuse("illegal", _("no action is called {wanted!r}").format(
            wanted=wanted[:80])) from None
    if action not in legal:
        raise refuse("illegal", _("{wanted!r} is not legal now").format(wanted=wanted[:80]))
    return action


def input_name(spec: GameSpec, wanted: str | None, refuse: Refuse) -> str:
    """The written input ``wanted`` names (``None``: the game's first)."""
    names = [w.name for w in spec.written]
    if not names:
        raise refuse("not_allowed", _("{title} takes no written input").format(
            title=spec.said_title))
    if wanted is None:
        return names[0]
    if wanted not in names:
        raise refuse("bad_message", _("{title} takes no written input {wanted!r}; its inputs "
                                      "are: {inputs}").format(
            title=spec.said_title, wanted=wanted, inputs=listing(names)))
    return wanted


def input_text(spec: GameSpec, name: str, text: str, refuse: Refuse) -> str:
    """The text of the written input ``name`` as it is kept: its spaces collapsed, 1 to the
    input's ``max_length`` characters."""
    kept = " ".join(text.split())
    limit = next(w.max_length for w in spec.written if w.name == name)
    if not kept or len(kept) > limit:
        raise refuse("bad_answer", _("{name} must have 1 to {limit} characters").format(
            name=name, limit=limit))
    return kept
