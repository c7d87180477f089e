"""The shared game protocol, checked the same way for every game (a conformance test).

Like OpenSpiel's ``random_sim_test``: random games played through the protocol only, checking at
every step that clone, JSON, the game record, views and determinization behave.
"""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from furuba import games
from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import JSON, TERMINAL, State
from furuba.core.record import GameRecord
from furuba.spec import GameSpec
from third_game import SPEC as THIRD_GAME

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("zodiac", {"players": 2}),
    ("zodiac", {"players": 4}),
    ("zodiac", {"players": 6, "variant": "long"}),
    ("zodiac", {"players": 2, "variant": "coop"}),
    ("zodiac", {"players": 3, "variant": "true-friends"}),
    ("daihinmin", {"players": 4, "target": 5}),
    ("daihinmin", {"players": 7, "target": 3}),
    ("pairs", {"players": 2}),
    ("pairs", {"players": 3, "values": 4}),
]
"""Every configuration the suite plays: both games, and Pairs, the tests' third game."""
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CONFIGS]
PARAMS = [pytest.param(g, o, id=i, marks=[pytest.mark.third_game] if g == THIRD_GAME.name else [])
          for (g, o), i in zip(CONFIGS, IDS, strict=True)]


@pytest.fixture(autouse=True)
def _third_game_registered(third_game: GameSpec) -> GameSpec:
    """The conformance suite runs the third game like the others."""
    return third_game


def random_walk(game: str, options: dict[str, Any], seed: int, steps: int = 400):  # type: ignore[no-untyped-def]
    state = games.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    record = GameRecord(game=game, options=dict(options), seed=seed)
    yield state, record
    for _ in range(steps):
        if state.is_terminal():
            return
        record.play(state, rng.choice(state.legal_actions()))
        yield state, record


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_legal_actions_are_sorted_unique_ids_and_terminal_has_none(game: str,
                                                                   options: dict[str, Any]) -> None:
    for state, _ in random_walk(game, options, seed=1, steps=3000):
        legal = state.legal_actions()
        if state.is_terminal():
            assert legal == [] and state.current_player == TERMINAL
            returns = state.returns()
            if options.get("variant") == "coop":
                assert len(set(returns)) == 1 and returns[0] in (0.0, 1.0)
            else:
                assert sum(returns) == pytest.approx(1.0) and min(returns) >= 0
        else:
            assert legal == sorted(set(legal)) and legal
            assert all(0 <= a < state.num_distinct_actions() for a in legal)
            assert 0 <= state.current_player < state.num_players
            for a in legal:
                assert state.string_to_action(state.action_to_string(a)) == a


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_clone_shares_no_mutable_state_and_json_round_trips(game: str,
                                                            options: dict[str, Any]) -> None:
    rng = random.Random(5)
    for state, _ in random_walk(game, options, seed=2):
        snapshot = json.dumps(state.to_json(), sort_keys=True)
        copy = state.clone()
        if not copy.is_terminal():
            copy.apply(rng.choice(copy.legal_actions()))
        assert json.dumps(state.to_json(), sort_keys=True) == snapshot
        back = type(state).from_json(json.loads(snapshot))
        assert json.dumps(back.to_json(), sort_keys=True) == snapshot
        assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_record_replays_to_the_identical_state(game: str, options: dict[str, Any]) -> None:
    last: State | None = None
    rec: GameRecord | None = None
    for state, record in random_walk(game, options, seed=3):
        last, rec = state, record
    assert last is not None and rec is not None
    record = rec
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.replay().to_json() == last.to_json()


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_illegal_action_is_refused_and_changes_nothing(game: str, options: dict[str, Any]) -> None:
    for i, (state, _) in enumerate(random_walk(game, options, seed=4, steps=150)):
        if state.is_terminal() or i % 10:
            continue
        before = state.to_json()
        illegal = [a for a in range(state.num_distinct_actions()) if a not in state.legal_actions()]
        for a in [*illegal[:5], -1, state.num_distinct_actions()]:
            with pytest.raises(IllegalActionError):
                state.apply(a)
        with pytest.raises(FurubaError):
            state.apply_string("fly to the moon")
        assert state.to_json() == before


def assert_same_worlds(a: State, b: State, player: int) -> None:
    """``a`` and ``b`` look the same to ``player``: every world drawn from them is the same, the
    whole state (its log included), through ``determinize`` and through ``sampler``."""
    assert a.view(player) == b.view(player)
    for k in (0, 1):
        world = a.determinize(player, random.Random(k)).to_json()
        assert world == b.determinize(player, random.Random(k)).to_json()
        assert world == b.sampler(player)(random.Random(k)).to_json()


SPECS = [*games.specs(), THIRD_GAME]
NOT_IDS = [True, False, 1.0, 2.5, float("nan"), "0", "draw", None, b"\x01", [0], (1,),
           Fraction(1, 1), Decimal(1), 1 + 0j]
"""Things that are no action id: bools, and numbers and objects that are not integers."""


def early_states(spec: GameSpec) -> list[State]:
    """A new game of ``spec`` with its default number of players and a few states after it."""
    state = spec.new_game(players=spec.players.default, seed=11)
    rng = random.Random(11)
    out = [state.clone()]
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_an_action_id_is_an_integer_never_a_bool_or_anything_else(spec: GameSpec,
                                                                   bad: object) -> None:
    """Every game refuses what is no integer the same way, with the same error
    (:func:`furuba.core.protocol.action_id`), and a refused action changes nothing."""
    message = re.escape(f"an action is a whole number, not {bad!r}")
    for state in early_states(spec):
        before = state.to_json()
        with pytest.raises(IllegalActionError, match=message):
            state.apply(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match=message):
            state.action_to_string(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match=message):
            state.action_info(bad)  # type: ignore[arg-type]
        assert state.to_json() == before


class Id(int):
    """An integer of another type (as a library might hand over)."""


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_any_integer_is_an_action_id(spec: GameSpec) -> None:
    """Python's ``int``, its subclasses and numpy's integers all name the same action."""
    np = pytest.importorskip("numpy")
    kinds: list[Any] = [Id, np.int64, np.int32, np.uint16, np.intp]
    for state in early_states(spec):
        for action in state.legal_actions():
            want = state.child(action).to_json()
            for kind in kinds:
                other = kind(action)
                assert state.action_to_string(other) == state.action_to_string(action)
                assert state.action_info(other) == state.action_info(action)
                assert state.child(other).to_json() == want


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_determinize_depends_only_on_the_view(game: str, options: dict[str, Any]) -> None:
    """Views hide everything hidden, and determinize reads nothing a view does not show.

    A determinized world has the same view for that player as the real state. Two different
    real states with the same view give the same worlds from the same generator: the second is
    a determinized world played on with the same actions as the real state, for as long as the
    player sees the same (so what the others drew, and the log that says so, differ), or the
    real state before an action the player does not see at all.
    """
    n_before: list[JSON] = []
    before: State | None = None
    for i, (state, _) in enumerate(random_walk(game, options, seed=6, steps=300)):
        views = [state.view(p) for p in range(state.num_players)]
        if before is not None and not before.is_terminal():
            for p, (old, new) in enumerate(zip(n_before, views, strict=True)):
                if old == new and before.to_json() != state.to_json():
                    assert_same_worlds(before, state, p)
        before, n_before = state.clone(), views
        if state.is_terminal() or i % 7:
            continue
        for player in range(state.num_players):
            world = state.determinize(player, random.Random(i * 10 + player))
            assert world.view(player) == views[player]
            real, twin = state.clone(), world
            rng = random.Random(i)
            for _ in range(8):
                assert_same_worlds(real, twin, player)
                if real.is_terminal():
                    break
                common = sorted(set(real.legal_actions()) & set(twin.legal_actions()))
                if not common:
                    break
                action = rng.choice(common)
                real.apply(action)
                twin.apply(action)
                if real.view(player) != twin.view(player):
                    break


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_a_sampler_draws_the_worlds_determinize_draws(game: str, options: dict[str, Any]) -> None:
    """``sampler(p)`` is ``determinize(p, ·)`` drawn many times: the same worlds from the same
    generator, one after another, and the state is left as it was."""
    for i, (state, _) in enumerate(random_walk(game, options, seed=8, steps=300)):
        if i % 11:
            continue
        before = state.to_json()
        for player in range(state.num_players):
            draw = state.sampler(player)
            fast, slow = random.Random(i), random.Random(i)
            for _ in range(3):
                assert draw(fast).to_json() == state.determinize(player, slow).to_json()
        assert state.to_json() == before


@pytest.mark.parametrize(("game", "options"), PARAMS)
def test_deepcopy_goes_through_clone(game: str, options: dict[str, Any]) -> None:
    import copy

    state = games.new_game(game, seed=9, **options)
    assert copy.deepcopy(state).to_json() == state.to_json()


def log_tail(log: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The whole log's entries after public entry ``k`` (the ``log_from`` definition)."""
    if k == 0:
        return log
    for i, entry in enumerate(log):
        if entry.get("n") == k:
            return log[i + 1:]
    return []


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), steps=st.integers(0, 1500),
       who=st.integers(-1, 6), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=6))
def test_view_log_from_is_the_tail_of_the_whole_log(config: tuple[str, dict[str, Any]], seed: int,
                                                   steps: int, who: int, picks: list[int]) -> None:
    game, options = config
    state = games.new_game(game, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    viewer = None if who < 0 else who % state.num_players
    whole = state.view(viewer)
    log = whole["log"]
    public = [e["n"] for e in log if "n" in e]
    assert public == list(range(1, len(public) + 1))
    # every k around a private entry, and a few anywhere (past the end included)
    ks = {e["after"] + d for e in log if "after" in e for d in (-1, 0, 1)}
    ks |= {p % (len(public) + 3) for p in picks} | {0, len(public)}
    for k in sorted(x for x in ks if x >= 0):
        part = state.view(viewer, log_from=k)
        assert part.pop("log") == log_tail(log, k), f"log_from={k}"
        assert part == {key: v for key, v in whole.items() if key != "log"}
    assert state.view(viewer) == whole          # a log_from view changes nothing
    with pytest.raises(ValueError, match="log_from"):
        state.view(viewer, log_from=-1)
