"""The observation encoder of the tests' third game (see :mod:`third_game`)."""

from __future__ import annotations

from furuba.core.protocol import JSON
from furuba.integrations.encoding import Encoder, relative, saturate
from furuba.integrations.layout import Layout, Vector


class PairsEncoder(Encoder):
    """Hand and discards as counts per value; hand sizes, deck size, turn and outcome."""

    game = "pairs"

    def __init__(self, players: int, num_actions: int, catalog: JSON) -> None:
        self.num_players = players
        self.num_actions = num_actions
        values = len(catalog["cards"])
        self.observation_layout = Layout((
            ("hand", (values,)), ("discards", (values,)), ("hand_sizes", (players,)),
            ("deck", (1,)), ("current", (players,)), ("over", (1,)),
        ))
        self.history_layout = Layout((("discarded_by", (players, values)),))

    def write_observation(self, view: JSON, parts: dict[str, Vector]) -> None:
        n, viewer = self.num_players, view["viewer"]
        for card in view["hand"] or []:
            parts["hand"][card - 1] += 0.5
        for card in view["discards"]:
            parts["discards"][card - 1] += 0.5
        for p, size in enumerate(view["hand_sizes"]):
            parts["hand_sizes"][relative(p, viewer, n)] = size / 3
        parts["deck"][0] = saturate(view["deck"], 4.0)
        if view["current_player"] is not None:
            parts["current"][relative(view["current_player"], viewer, n)] = 1.0
        parts["over"][0] = float(view["outcome"] is not None)

    def write_history(self, view: JSON, parts: dict[str, Vector]) -> None:
        for entry in view["log"]:
            if entry["event"] == "discard":
                row = relative(entry["player"], view["viewer"], self.num_players)
                parts["discarded_by"][row, entry["card"] - 1] = 1.0

    def render(self, view: JSON) -> str:
        return (f"Pairs: hand {view['hand']}, discards {view['discards']}, "
                f"deck {view['deck']}, outcome {view['outcome']}")
