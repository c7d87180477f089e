"""Friends of the Zodiac actions as data: every id of the table has a kind and complete params, in
any state, and the params say what applying the action really does."""

from __future__ import annotations

import random

import numpy as np
import pytest

from furuba.core.deck import SOHMA_NAMES
from furuba.core.errors import IllegalActionError
from furuba.zodiac import new_game
from furuba.zodiac.actions import KINDS
from furuba.zodiac.state import GameState

PARAMS = {
    "draw": set(),
    "move": {"to", "index"},
    "play": {"card", "type", "symbol"},
    "option": {"index", "label"},
    "sohma": {"sohma", "index"},
    "put_away": {"card", "type", "symbol"},
    "take": {"card", "type", "symbol"},
    "discard": {"card", "type", "symbol"},
}


def states() -> list[GameState]:
    """Positions with every kind of decision pending, from a few random games (co-op included)."""
    out: list[GameState] = []
    for seed, (players, variant) in enumerate([(2, "standard"), (3, "long"), (4, "coop")]):
        state = new_game(players=players, seed=seed, variant=variant, max_rounds=12)
        rng = random.Random(seed)
        seen: set[int] = set()
        step = 0
        while not state.is_terminal():
            if state.pending not in seen or step % 29 == 0:
                seen.add(state.pending)
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out.append(state)
    return out


STATES = states()
IDS = [f"{s.describe_pending().split()[-1]}-{i}" for i, s in enumerate(STATES)]


def test_the_states_cover_every_kind_of_decision() -> None:
    kinds = {info["kind"] for s in STATES for info in s.legal_action_infos()}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_every_action_has_a_kind_and_complete_params(state: GameState) -> None:
    symbols = {sym.id for sym in state.rules.cardset.symbols}
    for action in range(state.num_distinct_actions()):
        info = state.action_info(action)
        assert info["id"] == action
        assert info["text"] == state.action_to_string(action)
        assert info["kind"] in KINDS
        params = info["params"]
        assert set(params) == PARAMS[info["kind"]], info
        if "card" in params:
            assert params["card"] in state.rules.kind_names
            assert params["type"] in ("memory", "event")
            assert (params["symbol"] in symbols) if params["type"] == "memory" \
                else params["symbol"] is None
        if "sohma" in params or info["kind"] == "move":
            name = params.get("sohma", params.get("to"))
            assert SOHMA_NAMES[params["index"]] == name
        if info["kind"] == "option":
            assert isinstance(params["index"], int)
            assert params["label"] is None or info["text"].endswith(params["label"])


@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_params_say_what_the_action_does(state: GameState) -> None:
    player = state.current_player
    view = state.view(player) if player >= 0 else None
    for info in state.legal_action_infos():
        params = info["params"]
        kind = info["kind"]
        assert view is not None
        if kind == "move":
            moved = [e for e in state.child(info["id"]).view(None)["log"]
                     if e["kind"] == "move"]
            assert moved and SOHMA_NAMES[moved[-1]["args"]["to"]] == params["to"]
        elif kind in ("play", "discard"):
            assert params["card"] in view["hand"]
        elif kind == "put_away":
            assert params["card"] in view["center"]
        elif kind == "take":
            assert params["card"] in view["discard"] and params["type"] == "memory"
        elif kind == "option":
            assert params["label"] == view["pending"]["options"][params["index"]]


def test_ids_are_checked_like_everywhere_else() -> None:
    state = new_game(players=2, seed=1)
    numpy_id: int = np.int64(0)  # type: ignore[assignment]
    assert state.action_info(numpy_id)["kind"] == "draw"
    for bad in (True, 1.0, -1, state.num_distinct_actions(), "draw"):
        with pytest.raises(IllegalActionError):
            state.action_info(bad)  # type: ignore[arg-type]
