"""A furuba game as a PettingZoo AEC environment, following the classic environments.

* agents ``player_0 … player_{n-1}`` are furuba's player ids;
* ``observe(agent)`` gives ``{"observation": float32 [0, 1] vector, "action_mask": int8 vector}``
  from the agent's own view (the mask is all zeros unless the agent is to act);
* one fixed ``Discrete(num_distinct_actions)`` action space;
* a multi-step turn is the same agent being selected again;
* rewards come at the end: each player's win share (``state.returns()``); a game its encoder
  calls truncated (stopped by a safety cap rather than by its rules) is *truncated*, every other
  finished game *terminated*;
* ``reset(seed=…)`` seeds the deals (and nothing else is random);
* ``render_mode="ansi"`` returns the table as text, ``"human"`` prints it after each step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from furuba import games
from furuba.core.protocol import JSON, State
from furuba.integrations.encoding import encoder_for

RENDER_MODES = ("human", "ansi")


def wrap(raw: FurubaAECEnv) -> Any:
    """``raw`` with PettingZoo's classic wrappers: an illegal action ends the game with reward -1
    for its player, actions are range-checked, and the call order is enforced."""
    out: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class FurubaAECEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """One game of ``game_name`` with ``options`` (players and the game's own) per episode.

    ``metadata["name"]`` is ``<game>_v0``, PettingZoo's name for the environment.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "furuba",  # noqa: RUF012
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game_name: str, render_mode: str | None = None, **options: Any) -> None:
        EzPickle.__init__(self, game_name, render_mode, **options)
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        spec = games.spec(game_name)
        self.game_name = spec.name
        self.metadata = {**self.metadata, "name": f"{spec.name}_v0"}
        self.options = {"players": spec.players.default, **options}
        probe = spec.new_game(seed=0, **self.options)                # checks the options
        self.encoder = encoder_for(probe)
        size, actions = self.encoder.observation_layout.size, probe.num_distinct_actions()
        self.possible_agents = [f"player_{p}" for p in range(probe.num_players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.state: State = probe
        self._views: dict[int, JSON] = {}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # -- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC interface ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` reseeds the generator the deals are drawn from."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.state = games.new_game(self.game_name, seed=game_seed, **self.options)
        self._views = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def _view(self, player: int) -> JSON:
        if player not in self._views:
            self._views[player] = self.state.view(player)
        return self._views[player]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask (zeros unless ``agent`` is to act)."""
        player = self.possible_agents.index(agent)
        observation = self.encoder.observation(self._view(player))
        to_act = not self.state.is_terminal() and self.state.current_player == player
        mask = self.encoder.action_mask(self.state) if to_act \
            else np.zeros(self.encoder.num_actions, np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        self._views = {}
        if self.state.is_terminal():
            returns = self.state.returns()
            cut = self.encoder.truncated(self.state.view(None))
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[p])
                self.terminations[name] = not cut
                self.truncations[name] = cut
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- rendering ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as the player to act sees it (everything, once the game is over)."""
        if self.render_mode is None:
            return None
        viewer = None if self.state.is_terminal() else self.state.current_player
        text = self.encoder.render(self.state.view(viewer))
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    def close(self) -> None:
        pass
