"""The OpenSpiel state and observer around a furuba state (used by :mod:`.openspiel`).

OpenSpiel clones a Python state by creating a new initial state and deep-copying each attribute,
and serializes it by pickling the attributes. So the furuba state lives in one attribute, a
:class:`Box`, whose ``__deepcopy__`` calls furuba's cheap ``clone()`` and whose pickled form is
furuba's JSON. A new initial state is the chance node that draws the deal: until then the box is
empty, so the initial states OpenSpiel makes only to overwrite them in a clone cost nothing.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pyspiel

from furuba import games
from furuba.core.protocol import JSON, State
from furuba.integrations.encoding import Encoder, canonical_json
from furuba.integrations.layout import Vector

_resample_draws = itertools.count()


class Box:
    """Holds one furuba state (``None`` before the deal) and caches what is read from it."""

    __slots__ = ("cache", "state")

    def __init__(self, state: State | None = None, cache: dict[Any, Any] | None = None) -> None:
        self.state = state
        self.cache: dict[Any, Any] = cache if cache is not None else {}

    def apply(self, action: int) -> None:
        """Apply ``action`` and forget everything cached about the old position."""
        assert self.state is not None
        self.state.apply(int(action))
        self.cache.clear()

    def view(self, player: int | None) -> JSON | None:
        """``state.view(player)``, computed once per position (views are never mutated)."""
        if self.state is None:
            return None
        key = ("view", player)
        if key not in self.cache:
            self.cache[key] = self.state.view(player)
        view: JSON = self.cache[key]
        return view

    def __deepcopy__(self, memo: dict[int, Any]) -> Box:
        if self.state is None:
            return Box()
        return Box(self.state.clone(), cache=dict(self.cache))

    def __reduce__(self) -> tuple[Callable[[str], Box], tuple[str]]:
        data = None if self.state is None else self.state.to_json()
        return (box_from_json, (canonical_json(data),))


def box_from_json(text: str) -> Box:
    """The :class:`Box` of a state saved as furuba JSON (unpickling)."""
    data = json.loads(text)
    return Box(None if data is None else games.state_from_json(data))


class FurubaState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a furuba state; ``furuba_state`` gives the furuba one.

    The initial state is a chance node whose outcome is the deal (see :mod:`.openspiel`).
    """

    def __init__(self, game: Any, state: State | None = None) -> None:
        super().__init__(game)
        self._box = Box(state)

    @property
    def furuba_state(self) -> State:
        """The wrapped furuba state (full information: for referees and tests, not for bots)."""
        state = self._box.state
        if state is None:
            raise ValueError("no cards dealt yet: apply a chance outcome first")
        return state

    def view(self, player: int | None) -> JSON | None:
        """What ``player`` may know (cached per position); ``None`` before the deal."""
        return self._box.view(player)

    # -- the pyspiel.State interface -------------------------------------------------------------
    def current_player(self) -> int:
        state = self._box.state
        return pyspiel.PlayerId.CHANCE if state is None else state.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes: list[tuple[int, float]] = self.get_game().deal_outcomes()
        return outcomes

    def _legal_actions(self, player: int) -> list[int]:
        return self.furuba_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self._box.state is None:
            self._box = Box(self.get_game().deal(int(action)))
        else:
            self._box.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {int(action)}"
        return self.furuba_state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        state = self._box.state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        state = self._box.state
        if state is None:
            return [0.0] * self.get_game().num_players()
        return state.returns()

    def __str__(self) -> str:
        cache = self._box.cache
        if "str" not in cache:
            state = self._box.state
            cache["str"] = "before the deal" if state is None else canonical_json(state.to_json())
        text: str = cache["str"]
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FurubaState:
        """A state drawn from ``player_id``'s information set, through furuba's ``determinize``.

        The hidden cards are re-dealt and the state's RNG reseeded, so the sample tells nothing
        about the real hands or deck. Its ``history()`` is empty: furuba determinizes the
        position, not the action history. ``probability_sampler`` (OpenSpiel's, often freshly
        seeded on every call) is mixed with a process-wide counter so successive samples differ;
        for reproducible samples give ``ISMCTSBot.set_resampler(resampler(seed))``.
        """
        value = float(probability_sampler()) if callable(probability_sampler) else 0.0
        seed = (int(value * (1 << 53)) << 32) ^ next(_resample_draws)
        return self.resample_with(player_id, random.Random(seed))

    def resample_with(self, player_id: int, rng: random.Random) -> FurubaState:
        """Like :meth:`resample_from_infostate`, drawing from ``rng``."""
        world = self.furuba_state.determinize(player_id, rng)
        return FurubaState(self.get_game(), world)


def resampler(seed: int = 0) -> Callable[[FurubaState, int], FurubaState]:
    """A reproducible resampler for ``ISMCTSBot.set_resampler``."""
    rng = random.Random(seed)

    def resample(state: FurubaState, player: int) -> FurubaState:
        return state.resample_with(player, rng)

    return resample


class FurubaObserver:
    """OpenSpiel's ``PyObserver`` for furuba games: ``tensor``, ``dict``, ``set_from``,
    ``string_from``.

    Supported observation types: a player's own view (private information of that player and
    the public information) or the public view only, each with or without perfect recall.
    """

    def __init__(self, encoder: Encoder, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"furuba observers take no parameters; got {sorted(params)}")
        self._encoder = encoder
        self._perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type else False
        private = iig_obs_type.private_info if iig_obs_type else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("furuba observations always include the public information")
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("furuba observers never show every player's private information")
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        layout = encoder.information_state_layout if self._perfect_recall \
            else encoder.observation_layout
        self.tensor: Vector = layout.zeros()
        self.dict: dict[str, Vector] = layout.split(self.tensor)

    def _view(self, state: FurubaState, player: int) -> JSON | None:
        return state.view(None if self._public_only else player)

    def set_from(self, state: FurubaState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor` (zeros before the
        deal)."""
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
            return
        self._encoder.write_into(view, self.tensor, perfect_recall=self._perfect_recall)

    def string_from(self, state: FurubaState, player: int) -> str:
        """``player``'s observation of ``state`` as a string (canonical JSON of the view; empty
        before the deal)."""
        view = self._view(state, player)
        if view is None:
            return ""
        if self._perfect_recall:
            return self._encoder.information_state_string(view)
        return self._encoder.observation_string(view)
