"""One learning seat against furuba's bots, as a Gymnasium environment.

``import furuba.integrations.gymnasium`` registers ``furuba/<EnvName>-v0`` for every registered
game (``furuba/Zodiac-v0``, ``furuba/DaiHinMin-v0``; the name is the spec's ``env_name``); a game
registered later is added with :func:`register`:

>>> import gymnasium
>>> import furuba.integrations.gymnasium
>>> env = gymnasium.make("furuba/DaiHinMin-v0", players=4, max_rounds=1, opponents="greedy")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, info["action_mask"].shape, info["seat"]
(True, (175,), 0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)

* the observation is the learner's encoded view (:mod:`.encoding`), a float32 vector in [0, 1];
* the action space is ``Discrete(num_distinct_actions)``; ``info["action_mask"]`` marks the
  legal actions (all zeros once the game is over);
* the other seats are played by furuba bots named by ``opponents`` (one spec for all, or one per
  other seat in player order, e.g. ``["greedy", "random"]``);
* the reward comes at the end: the learner's win share (``state.returns()``); an illegal action
  ends the episode with ``illegal_reward`` (-1) and ``info["illegal_action"] = True``;
* a game its encoder calls truncated (stopped by a safety cap rather than by its rules) ends
  *truncated*, every other finished game *terminated*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from furuba import games
from furuba.bots.base import Bot
from furuba.bots.registry import check_spec, make_bot
from furuba.core.protocol import State
from furuba.integrations.encoding import encoder_for
from furuba.integrations.kit import AdapterKit
from furuba.integrations.layout import Vector
from furuba.spec import GameSpec


def env_id(spec: GameSpec) -> str:
    """The environment id of a game: ``furuba/<env_name>-v0`` (the title without spaces when the
    spec gives no ``env_name``)."""
    return f"furuba/{spec.kit_or(AdapterKit()).env_name or spec.title.replace(' ', '')}-v0"


class FurubaEnv(gymnasium.Env[Vector, np.int64]):
    """A furuba game (``game``, with its ``options``) seen from one seat."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - gymnasium.Env declares it per instance
        "render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str, seat: int | None = 0,
                 opponents: str | Sequence[str] = "greedy", illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.game = games.canonical_name(game)
        self.options = dict(options)
        probe = games.new_game(self.game, seed=0, **self.options)      # checks the options
        n = probe.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be a player id from 0 to {n - 1}, or None (random)")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n - 1} opponent specs needed, got {len(specs)}")
        self.opponent_specs = [check_spec(spec) for spec in specs]
        self.fixed_seat = seat
        self.illegal_reward = float(illegal_reward)
        self.encoder = encoder_for(probe)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.observation_layout.size,),
                                            np.float32)
        self.action_space = spaces.Discrete(probe.num_distinct_actions())
        self.state: State = probe
        self.seat = seat or 0
        self.bots: dict[int, Bot] = {}
        self._over = True

    # -- episode --------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """Deal a new game (seeded from ``seed``) and let the bots play up to the learner's turn."""
        super().reset(seed=seed)
        rng = self.np_random
        self.state = games.new_game(self.game, seed=int(rng.integers(0, 2**62)), **self.options)
        n = self.state.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(0, n))
        others = [p for p in range(n) if p != self.seat]
        self.bots = {p: make_bot(spec, seed=int(rng.integers(0, 2**62)))
                     for p, spec in zip(others, self.opponent_specs, strict=True)}
        self._over = False
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the bots play until the learner must decide again."""
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        if not self.state.is_legal(action):
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        self.state.apply(action)
        self._play_bots()
        reward, terminated, truncated = 0.0, False, False
        if self.state.is_terminal():
            self._over = True
            reward = float(self.state.returns()[self.seat])
            truncated = self.encoder.truncated(self.state.view(None))
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            state.apply(self.bots[state.current_player].choose(state))

    def _observation(self) -> Vector:
        return self.encoder.observation(self.state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        mask = self.encoder.action_mask(self.state) if not self._over \
            else np.zeros(self.encoder.num_actions, np.int8)
        info: dict[str, Any] = {"action_mask": mask, "seat": self.seat}
        if self.state.is_terminal():
            info["returns"] = list(self.state.returns())
            info["scores"] = list(self.state.scores())
        return info

    def action_masks(self) -> Any:
        """The legal actions now, as booleans (for maskable learners such as sb3-contrib's)."""
        return self._info()["action_mask"].astype(bool)

    # -- rendering ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as the learner sees it."""
        if self.render_mode is None:
            return None
        text = self.encoder.render(self.state.view(self.seat))
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    def close(self) -> None:
        pass


def register(spec: GameSpec | None = None) -> None:
    """Register the environment of ``spec`` (when ``None``: of every registered game that has an
    observation encoder), once."""
    if spec is not None and spec.kit_or(AdapterKit()).encoder is None:
        raise ValueError(f"{spec.title} has no observation encoder: no environment without one")
    for one in [spec] if spec is not None else [s for s in games.specs()
                                                   if s.kit_or(AdapterKit()).encoder is not None]:
        if env_id(one) not in gymnasium.registry:
            gymnasium.register(id=env_id(one), entry_point="furuba.integrations.gymnasium:FurubaEnv",
                               kwargs={"game": one.name}, nondeterministic=False)


register()
