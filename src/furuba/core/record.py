"""The game record: options + seed + actions, replayable to the identical state.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> record = GameRecord(game="daihinmin", options={"players": 4}, seed=3)
>>> for _ in range(5):
...     record.play(state, state.legal_actions()[0])
>>> record.replay().to_json() == state.to_json()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from furuba.core.errors import SaveFileError
from furuba.core.protocol import JSON, State


@dataclass
class GameRecord:
    """Everything needed to replay a game: which game, its options, its seed and the actions."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[int] = field(default_factory=list)

    def play(self, state: State, action: int) -> None:
        """Apply ``action`` to ``state`` and, once it was accepted, record it."""
        state.apply(action)
        self.actions.append(action)

    def initial_state(self) -> State:
        """The state the game started from."""
        from furuba import games

        return games.new_game(self.game, seed=self.seed, **self.options)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default)."""
        state = self.initial_state()
        for action in self.actions[:upto]:
            state.apply(action)
        return state

    def to_json(self) -> JSON:
        return {"game": self.game, "options": dict(self.options), "seed": self.seed,
                "actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: JSON) -> GameRecord:
        try:
            return cls(game=str(data["game"]), options=dict(data.get("options", {})),
                       seed=int(data["seed"]), actions=[int(a) for a in data.get("actions", [])])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"not a game record: {exc}") from None
