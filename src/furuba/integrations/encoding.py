"""One encoder per game: a player's view (a JSON dict) → fixed-size float tensors and strings.

This module is the adapters' kit: the :class:`Encoder` base class and its helpers. Each game's
encoder lives beside the game (``furuba.zodiac.encoding``, ``furuba.daihinmin.encoding``, as
OpenSpiel's observers live beside its games) and is found through the ``encoder`` loader of the
game's spec (:func:`encoder_for`); this module imports no game. The encoders read nothing but
``state.view(player)`` (and, once, the game's public configuration: player count, card set), so
an observation can never hold more than the view does. Every adapter — OpenSpiel, PettingZoo,
Gymnasium — gets its tensors from here.

* the **observation** is the current table as the player sees it: their hand, the public cards,
  the other seats' hand sizes and known cards, scores, whose turn it is and what is being
  decided; seats are numbered relative to the observer (0 = the observer, 1 = the next player
  id, …) so one policy can sit in any seat;
* the **information state** is the observation followed by a fixed-size summary of the
  player's log (what each seat has done so far and the most recent public events);
* the **strings** are canonical JSON of the view: the observation string leaves out the log,
  the information-state string keeps it, so it is exact and has perfect recall;
* the **action mask** comes from ``legal_actions()`` over ``num_distinct_actions()``.

Every tensor value lies in ``[0, 1]``.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=1)
>>> enc = encoder_for(state)
>>> obs = enc.observation(state.view(0))
>>> obs.shape == (enc.observation_layout.size,), float(obs.min()) >= 0.0, float(obs.max()) <= 1.0
(True, True, True)
>>> int(enc.action_mask(state).sum()) == len(state.legal_actions())
True
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from furuba.core.protocol import JSON, State
from furuba.integrations.kit import AdapterKit
from furuba.integrations.layout import Layout, Vector

Mask = npt.NDArray[np.int8]


def relative(player: int, viewer: int | None, players: int) -> int:
    """``player``'s seat index as seen by ``viewer`` (0 = the viewer; a spectator sees ids)."""
    return (player - (viewer or 0)) % players


def saturate(count: float, scale: float) -> float:
    """A count squashed into ``[0, 1)``: ``count / (count + scale)``."""
    return count / (count + scale) if count > 0 else 0.0


def canonical_json(data: Any) -> str:
    """Compact JSON. Views are built by the same code in the same key order every time, so
    equal views give equal strings without sorting keys."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class Encoder(ABC):
    """Turns views of one game (fixed options) into tensors, strings, masks and text."""

    game: ClassVar[str]
    """The registry name of the game this encoder reads."""

    num_players: int
    num_actions: int
    observation_layout: Layout
    history_layout: Layout

    @property
    def information_state_layout(self) -> Layout:
        """The observation's pieces followed by the history pieces."""
        return self.observation_layout + self.history_layout

    # -- what each game writes ------------------------------------------------------------------
    @abstractmethod
    def write_observation(self, view: JSON, parts: dict[str, Vector]) -> None:
        """Fill the (zeroed) observation pieces from ``view``."""

    @abstractmethod
    def write_history(self, view: JSON, parts: dict[str, Vector]) -> None:
        """Fill the (zeroed) history pieces from ``view["log"]``."""

    @abstractmethod
    def render(self, view: JSON) -> str:
        """A short text picture of the table as ``view`` shows it."""

    def truncated(self, view: JSON) -> bool:
        """Whether a finished game was stopped by a safety cap rather than by its rules."""
        return False

    # -- tensors --------------------------------------------------------------------------------
    def observation(self, view: JSON) -> Vector:
        """A new observation tensor of ``view``."""
        flat = self.observation_layout.zeros()
        self.write_observation(view, self.observation_layout.split(flat))
        return flat

    def information_state(self, view: JSON) -> Vector:
        """A new information-state tensor of ``view``."""
        layout = self.information_state_layout
        flat = layout.zeros()
        self.write_into(view, flat, perfect_recall=True)
        return flat

    def write_into(self, view: JSON, flat: Vector, *, perfect_recall: bool) -> None:
        """Overwrite ``flat`` (an observer's buffer) with the observation or information state."""
        flat.fill(0.0)
        layout = self.information_state_layout if perfect_recall else self.observation_layout
        parts = layout.split(flat)
        self.write_observation(view, parts)
        if perfect_recall:
            self.write_history(view, parts)

    # -- strings and masks ----------------------------------------------------------------------
    @staticmethod
    def observation_string(view: JSON) -> str:
        """The view without its log, as canonical JSON."""
        return canonical_json({k: v for k, v in view.items() if k != "log"})

    @staticmethod
    def information_state_string(view: JSON) -> str:
        """The whole view, log included, as canonical JSON (perfect recall)."""
        return canonical_json(view)

    def action_mask(self, state: State) -> Mask:
        """1 for each legal action of ``state`` (all zeros at a terminal state)."""
        mask = np.zeros(self.num_actions, np.int8)
        mask[state.legal_actions()] = 1
        return mask


def encoder_for(state: State) -> Encoder:
    """The encoder for the game (and options) of ``state``; built from its public settings."""
    from furuba import games

    make = games.spec_of(state).kit_or(AdapterKit()).encoder
    if make is None:
        raise ValueError(f"the game {state.game_name!r} has no observation encoder")
    return make(state)
