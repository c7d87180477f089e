"""What a seat may see of a Friends of the Zodiac game: the one place secrecy is decided.

A player sees their own hand, and every hand once the game is over or in Bestest Friends (the
hands are open to the whole team); the cards known to be in another hand (taken openly from the
discard pile) are public. The log names a drawn card only to the player who drew it, unless the
hands are open. :mod:`furuba.zodiac.view` builds a view on these decisions, and the worlds
:meth:`~furuba.zodiac.state.GameState.determinize` deals keep what they say the player knows.

>>> from furuba.zodiac import new_game
>>> s = new_game(players=3, seed=4)
>>> list(visible_hands(s, 1)), list(visible_hands(s, None)), open_hands(s)
([1], [], False)
>>> sees_draw(s, 1, 1), sees_draw(s, 0, 1)
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.zodiac.codes import RUNNING, Log, LogEntry
from furuba.zodiac.logfold import LogFold
from furuba.zodiac.text import _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from furuba.zodiac.state import GameState


def check_viewer(state: GameState, viewer: int | None) -> None:
    """Refuse a viewer who is not a player of ``state``'s game (``None``, a spectator, is one)."""
    n = state.num_players
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(_("no player {viewer} in a {count}-player game")
                         .format(viewer=viewer, count=n))


def open_hands(state: GameState) -> bool:
    """Whether every hand is open to everyone: in Bestest Friends, and once the game is over."""
    return state.rules.options.coop or state.outcome != RUNNING


def visible_hands(state: GameState, viewer: int | None) -> Sequence[int]:
    """The players whose hands ``viewer`` sees: all of them when the hands are open, else their
    own (none for a spectator)."""
    if open_hands(state):
        return range(state.num_players)
    return [] if viewer is None else [viewer]


def sees_draw(state: GameState, actor: int, viewer: int | None, over: bool = False) -> bool:
    """Whether ``viewer`` may know the card ``actor`` drew (``over``: the game is over)."""
    return over or actor == viewer or state.rules.options.coop


def _redact(out: Log, entry: LogEntry, player: int) -> Log:
    if entry[1] == "draw" and entry[0] != player:
        entry = (entry[0], "draw", -1, entry[3])
    return (out, entry)


_SEEN: LogFold[Log, int] = LogFold(None, _redact)


def log_seen_by(log: Log, player: int) -> Log:
    """``log`` as ``player`` may know it: another player's draw names no card (kind ``-1``).

    Views read a draw by another player as "drew a card" whatever it names, so a world
    :meth:`~furuba.zodiac.state.GameState.determinize` deals keeps this log: the same view, and
    nothing the player could not know. A :class:`~furuba.zodiac.logfold.LogFold`: a search that
    samples again a few actions later redacts only the new entries.

    >>> log = ((((None, (0, "turn", 1, 0)), (0, "draw", 5, 0)), (1, "draw", 7, 0)),
    ...        (1, "play", 7, 0))
    >>> log_seen_by(log, 1)
    ((((None, (0, 'turn', 1, 0)), (0, 'draw', -1, 0)), (1, 'draw', 7, 0)), (1, 'play', 7, 0))
    """
    out = _SEEN(log, player)
    _SEEN.remember(out, player, out)        # a world's log, redacted already, stays as it is
    return out
