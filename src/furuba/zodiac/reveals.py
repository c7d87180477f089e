"""Which actions reveal something (Z17): what a table's undo may take back.

A player may take back their own last action only while nobody has learnt anything from it:
nothing hidden came to light, so that taking it back leaves every player knowing exactly what
they knew before. Hidden in Friends of the Zodiac are the order of the deck and, outside
Bestest Friends, the cards in other players' hands. So an action *reveals* when

* a card leaves the deck: a draw (the drawer sees it), the co-op reveal at the start of a turn,
  a reshuffle of the discard pile (a chance outcome);
* a card leaves a hidden hand face up — played, or discarded down to 4 — and the others did not
  know it was there: hands are open in Bestest Friends, and a card taken openly from the discard
  pile is known to be in its hand (the view's ``known_cards``);
* the game ends: every hand becomes public.

Each counts in the action itself and in everything it sets off before the next decision (a
memory's draw, an event's effects, the end of the turn and the start of the next one). Moving
Tohru, choosing a Sohma or an event's option, putting a memory away, taking one from the face-up
discard pile, befriending and flips are public and decided by the rules alone: on their own they
reveal nothing.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=2, seed=1)
>>> reveals(s, s.rules.actions.parse("move")), reveals(s, s.rules.actions.parse("draw"))
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterator

from furuba.core.protocol import State
from furuba.zodiac.actions import A_DISCARD, A_DRAW, A_PLAY
from furuba.zodiac.codes import LogEntry
from furuba.zodiac.state import GameState

REVEALING = frozenset({"draw", "reshuffle", "reveal", "end"})
"""Log entries that bring something hidden to light: a card out of the deck, a shuffle, the end
of the game (all hands public)."""


def reveals(state: State, action: int) -> bool:
    """Whether taking the legal ``action`` in ``state`` reveals anything (Z17; see the module)."""
    assert isinstance(state, GameState)
    code, kind = state.rules.actions.decode(action)
    if code == A_DRAW:
        return True
    if code in (A_PLAY, A_DISCARD) and shows_hidden_card(state, state.current_player, kind):
        return True
    after = state.child(action)
    return after.is_terminal() or any(entry[1] in REVEALING for entry in new_entries(state, after))


def shows_hidden_card(state: GameState, player: int, kind: int) -> bool:
    """Whether ``player`` putting a card of ``kind`` from their hand face up tells another
    player something new: not when hands are open (Bestest Friends), nor when a card of that
    kind is known to be in the hand (it was taken openly from the discard pile).

    >>> from furuba.zodiac import new_game
    >>> s = new_game(players=2, seed=1)
    >>> shows_hidden_card(s, 0, s.hands[0][0])
    True
    >>> c = new_game(players=2, seed=1, variant="coop")
    >>> shows_hidden_card(c, 0, c.hands[0][0])
    False
    """
    return not state.rules.options.coop and kind not in state.known[player]


def new_entries(before: GameState, after: GameState) -> Iterator[LogEntry]:
    """The log entries ``after`` (a later state of the same game) added to ``before``'s log,
    newest first."""
    node = after.log
    for _ in range(after.log_len - before.log_len):
        assert node is not None
        node, entry = node
        yield entry
