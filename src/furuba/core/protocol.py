"""The game protocol both games implement.

It is modelled on OpenSpiel's ``State`` and python-chess's ``Board``:

* player ids are fixed for the whole game (0 … n−1, the order players joined);
* :attr:`State.current_player` is the player who must decide now, or :data:`TERMINAL`;
* :meth:`State.legal_actions` gives sorted int ids from a fixed action table;
* there are no chance nodes: randomness is sampled inside :meth:`State.apply` from the state's own
  seeded RNG (OpenSpiel's *sampled stochastic* games);
* :meth:`State.view` is the one place where secrecy is decided: what a player (or a spectator) may
  know, as a JSON-ready dict;
* :meth:`State.determinize` re-deals what a player cannot see, for search bots that must not cheat.

Consumers (bots, the simulator, the server, the CLI, the adapters) speak only this protocol.
"""

from __future__ import annotations

import numbers
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Self, TypedDict

from furuba.core.errors import IllegalActionError
from furuba.text import _

TERMINAL = -4
"""``current_player`` of a finished game (OpenSpiel's value)."""

JSON = dict[str, Any]


class ActionInfo(TypedDict):
    """An action as data, for front ends that must not parse its text (python-chess's ``Move``).

    ``kind`` names what the action does (``"play"``, ``"pass"``, ``"give"``, …) and ``params``
    holds its parts (cards, rank, count, Sohma, option), each game documenting its own.
    """

    id: int
    text: str
    kind: str
    params: JSON


def action_id(action: object) -> int:
    """``action`` as an action id: any integer (numpy's too), never a ``bool`` or a float.

    Every game checks its actions with this, so they all refuse the same things the same way.

    >>> import numpy as np
    >>> action_id(np.int64(3)), action_id(7)
    (3, 7)
    >>> action_id(True)
    Traceback (most recent call last):
    ...
    furuba.core.errors.IllegalActionError: an action is a whole number, not True
    >>> action_id(2.0)
    Traceback (most recent call last):
    ...
    furuba.core.errors.IllegalActionError: an action is a whole number, not 2.0
    """
    if type(action) is int:            # the usual case, on every step of every playout
        return action
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise IllegalActionError(_("an action is a whole number, not {action!r}").format(
            action=action))
    return int(action)


class State(ABC):
    """A position of a game, with everything needed to continue it.

    Subclasses keep their data in ``__slots__`` of small values and tuples so that
    :meth:`clone` is a handful of reference copies.
    """

    __slots__ = ()

    game_name: ClassVar[str]
    """The registry name of the game (``"zodiac"``, ``"daihinmin"``)."""

    # -- who acts ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many players the game has."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player who must decide now, or :data:`TERMINAL` once the game is over."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    # -- actions ----------------------------------------------------------------------------
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The size of this game's fixed action table (same for every state of one game)."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The sorted ids of the actions the current player may take; ``[]`` when terminal."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Take ``action`` for the current player.

        Raises :class:`~furuba.core.errors.IllegalActionError` and leaves the state unchanged
        when the action is not legal.
        """

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """A readable, stable, unambiguous name of ``action``."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """The action id named by ``text`` (the inverse of :meth:`action_to_string`)."""

    def action_info(self, action: int) -> ActionInfo:
        """``action`` as data: id, text, kind and parameters (see :class:`ActionInfo`).

        The default gives the text's first word as the kind and no parameters; games override it.
        """
        text = self.action_to_string(action)
        return {"id": action, "text": text, "kind": text.split(" ", 1)[0], "params": {}}

    def legal_action_infos(self) -> list[ActionInfo]:
        """:meth:`action_info` of every legal action, in id order."""
        return [self.action_info(a) for a in self.legal_actions()]

    # -- written inputs ------------------------------------------------------------------------
    def write(self, player: int, name: str, text: str) -> str:
        """Record ``player``'s free-text input ``name`` (a True Friends answer); returns the
        text as kept (whitespace tidied).

        Written inputs change no rule; they are kept in the state and the game record. A game
        that takes none (see its spec's ``written``) refuses every one.
        Raises :class:`~furuba.core.errors.IllegalActionError` and changes nothing when the
        input is not wanted now.
        """
        raise IllegalActionError(_("this game takes no written input ({name!r})").format(
            name=name))

    # -- outcome ----------------------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """Win shares: ``1/k`` to each of ``k`` winners, 0 to the others (co-op: 1 each or 0)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Game points: friendships, Dai Hin Min points, or the co-op score."""

    # -- copying, secrecy, persistence --------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy that shares no mutable data with this state."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy`` goes through the cheap :meth:`clone` (OpenSpiel deep-copies states)."""
        return self.clone()

    @abstractmethod
    def view(self, player: int | None, *, log_from: int = 0) -> JSON:
        """What ``player`` may know, JSON-ready; ``None`` gives a spectator's public view.

        The view's ``"log"`` is a list of entries (dicts), oldest first. A *public* entry carries
        its number ``"n"`` (1, 2, … in the order of events, the same for every viewer); any other
        entry is *private* (only its player sees it) and belongs right after the public entry it
        was attached after (before entry 1 when it came first). Until the game is over a viewer's
        log only ever grows at its end; once it is over, everything becomes public and the log is
        the whole story, other players' private entries included.

        ``log_from=k`` (``k ≥ 0``) returns the same view except that ``"log"`` holds only the
        entries that come *after public entry k*: the public entries numbered above ``k`` and the
        private entries attached after entry ``k`` or later — the tail of the whole log that
        starts right after entry ``k`` (all of it when ``k == 0``; ``[]`` when ``k`` is past the
        last entry). A client that holds the log up to public entry ``k`` already holds some
        private entries attached after ``k`` (those it got with ``k``): they come first in the
        tail, so it skips the ones it has. Games render only the entries they return, so a view
        late in a game costs little with a recent ``log_from``.
        """

    def catalog(self) -> JSON:
        """The game's components for a user interface: card names, texts, symbols (public, static).

        The same for every state of one game; a UI fetches it once per table.
        """
        from furuba.core.deck import FRIENDSHIP_CARDS, JOKERS, SOHMAS

        return {
            "sohmas": [{"index": s.index, "name": s.name, "animal": s.animal, "sign": s.sign,
                        "rank": s.rank, "years": s.years(1924, 2044)} for s in SOHMAS],
            "friendship_cards": [{"id": c.id, "label": c.label, "rank": c.rank, "suit": c.suit,
                                  "sohma": c.sohma.name, "text": c.text} for c in FRIENDSHIP_CARDS],
            "jokers": [{"id": j.id, "name": j.name, "text": j.text} for j in JOKERS],
        }

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full state consistent with ``view(player)``, hidden cards re-dealt with ``rng``.

        The result depends only on ``view(player)`` and ``rng``; its own RNG is reseeded from
        ``rng`` so that later draws do not reveal the real deck.
        """

    def sampler(self, player: int) -> Callable[[random.Random], Self]:
        """``determinize(player, ·)`` for callers that sample many worlds from one state.

        ``sampler(p)(rng)`` is the same state as ``determinize(p, rng)`` drawn with the same
        generator; a game may work out once what every sample shares (what ``player`` knows,
        the pool of unseen cards). The state must not change while the sampler is in use.
        """
        return lambda rng: self.determinize(player, rng)

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state (every hidden card included) as a JSON-ready dict."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: JSON) -> Self:
        """A state from :meth:`to_json` output, or from a human-written partial position."""

    # -- conveniences shared by every game ----------------------------------------------------
    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (:func:`action_id` refuses what is no action id)."""
        return action_id(action) in self.legal_actions()

    def apply_string(self, text: str) -> int:
        """Apply the action named ``text`` and return its id."""
        action = self.string_to_action(text)
        self.apply(action)
        return action

    def legal_action_strings(self) -> list[str]:
        """The names of the legal actions, in id order."""
        return [self.action_to_string(a) for a in self.legal_actions()]

    def child(self, action: int) -> Self:
        """A clone with ``action`` applied."""
        out = self.clone()
        out.apply(action)
        return out
