"""The game record: options + seed + actions (+ written inputs), replayable to the identical state.

>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=3)
>>> record = GameRecord(game="daihinmin", options={"players": 4}, seed=3)
>>> for _ in range(5):
...     record.play(state, state.legal_actions()[0])
>>> record.replay().to_json() == state.to_json()
True

A game's written inputs (True Friends answers) are kept in the record where they were written —
after how many actions — so that the record alone replays a table::

    record.write(state, player, "answer", "the day we met")
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from furuba.core.errors import FurubaError, SaveFileError
from furuba.core.protocol import JSON, State
from furuba.text import _


class WrittenInput(NamedTuple):
    """A written input: after how many actions, by whom, which input, and its text."""

    after: int
    player: int
    name: str
    text: str


@dataclass
class GameRecord:
    """Everything needed to replay a game: which game, its options, its seed, the actions and
    the written inputs."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[int] = field(default_factory=list)
    written: list[WrittenInput] = field(default_factory=list)

    def play(self, state: State, action: int) -> None:
        """Apply ``action`` to ``state`` and, once it was accepted, record it."""
        state.apply(action)
        self.actions.append(int(action))

    def write(self, state: State, player: int, name: str, text: str) -> str:
        """Write ``player``'s input ``name`` into ``state`` and, once accepted, record it;
        returns the text as kept."""
        kept = state.write(player, name, text)
        self.written.append(WrittenInput(len(self.actions), player, name, kept))
        return kept

    def initial_state(self) -> State:
        """The state the game started from."""
        from furuba import games

        spec = games.spec(self.game)
        return spec.new_game(seed=self.seed, **spec.game_kwargs(self.options))

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default), with the inputs
        written up to there."""
        state = self.initial_state()
        for _step in self._steps(state, upto):
            pass
        return state

    def positions(self, upto: int | None = None) -> list[State]:
        """Every position from the start to ``upto`` actions: after 0, 1, … actions (each with
        the inputs written before the next action)."""
        state = self.initial_state()
        return [state.clone() for _step in self._steps(state, upto)]

    def _steps(self, state: State, upto: int | None) -> Iterator[None]:
        """Play the record on ``state``, pausing at each position (inputs written, next action
        not yet taken)."""
        actions = self.actions[:upto]
        pending = sorted(self.written, key=lambda w: w.after)
        k = 0
        for i in range(len(actions) + 1):
            while k < len(pending) and pending[k].after <= i:
                _write(state, pending[k])
                k += 1
            yield None
            if i < len(actions):
                state.apply(actions[i])

    def to_json(self) -> JSON:
        out: JSON = {"game": self.game, "options": dict(self.options), "seed": self.seed,
                     "actions": list(self.actions)}
        if self.written:
            out["written"] = [list(w) for w in self.written]
        return out

    @classmethod
    def from_json(cls, data: JSON) -> GameRecord:
        try:
            written = [WrittenInput(int(w[0]), int(w[1]), str(w[2]), str(w[3]))
                       for w in data.get("written", [])]
            return cls(game=str(data["game"]), options=dict(data.get("options", {})),
                       seed=int(data["seed"]), actions=[int(a) for a in data.get("actions", [])],
                       written=written)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveFileError(_("not a game record: {exc}").format(exc=exc)) from None


def _write(state: State, written: WrittenInput) -> None:
    try:
        state.write(written.player, written.name, written.text)
    except FurubaError as exc:
        raise SaveFileError(_("a written input no longer applies after {after} actions: "
                              "{exc}").format(after=written.after, exc=exc)) from None
