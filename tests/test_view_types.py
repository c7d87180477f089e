"""Every view a game returns is exactly what its spec's ``view_type`` says (a conformance test).

For each registered game with a ``view_type``, random games are played at every player count a
table may have and with every choice of its choice options; at many steps and at the end, the
view of each player and of a spectator (and a view of the log's tail) is validated strictly
against the ``TypedDict``, which is closed: a key it does not list fails as surely as a missing
one or a value of the wrong type.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import inspect
import random
import textwrap
from collections.abc import Iterator
from typing import Any, get_args, get_type_hints

import pytest
from pydantic import TypeAdapter, ValidationError
from typing_extensions import is_typeddict

from furuba import games
from furuba.core.errors import FurubaError, OptionsError
from furuba.core.protocol import JSON, State
from furuba.spec import GameSpec
from third_game import SPEC as THIRD_GAME

SEEDS = (1, 2)
CHECK_FIRST = 25
"""Steps at the start of a game whose views are all checked."""
CHECK_RATE = 0.05
"""The share of later steps whose views are checked."""
MAX_STEPS = 20_000


def typed_specs() -> list[GameSpec]:
    """Every registered game with a view type, and the tests' third game."""
    return [spec for spec in (*games.specs(), THIRD_GAME) if spec.view_type is not None]


@pytest.fixture(autouse=True)
def _third_game_registered(third_game: GameSpec) -> GameSpec:
    """The view check runs the third game like the others."""
    return third_game


def configurations(spec: GameSpec) -> list[dict[str, Any]]:
    """Each player count a table may have, then each choice of each choice option at the
    fewest and the default number of players (combinations the game refuses are left out)."""
    out: list[dict[str, Any]] = [{"players": n}
                                 for n in range(spec.players.low, spec.players.online_high + 1)]
    for option in spec.options:
        if option.kind == "choice":
            for choice in option.choices:
                if choice != option.default:
                    out.extend({"players": n, option.name: choice}
                               for n in sorted({spec.players.low, spec.players.default}))
    playable = []
    for options in out:
        try:
            spec.new_game(seed=0, **options)
        except OptionsError:
            continue
        if options not in playable:
            playable.append(options)
    return playable


CASES = [(spec.name, options, seed) for spec in typed_specs()
         for options in configurations(spec) for seed in SEEDS]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}-seed{seed}"
       for name, options, seed in CASES]
PARAMS = [pytest.param(*case, id=i, marks=[pytest.mark.third_game] if case[0] == THIRD_GAME.name
                       else []) for case, i in zip(CASES, IDS, strict=True)]


def check(adapter: TypeAdapter[Any], view: JSON) -> None:
    try:
        adapter.validate_python(view, strict=True)
    except ValidationError as exc:                      # pragma: no cover - the failure's report
        pytest.fail(f"the view does not match its type:\n{exc}\nviewer {view.get('viewer')!r}")


def log_tail_from(view: JSON) -> int:
    """A ``log_from`` that keeps the last few numbered entries of ``view``'s log."""
    numbers = [entry["n"] for entry in view.get("log", []) if isinstance(entry, dict)
               and "n" in entry]
    return max(0, max(numbers, default=0) - 3)


def check_views(state: State, adapter: TypeAdapter[Any], rng: random.Random,
                everyone: bool) -> None:
    """Each viewer's view of the log's tail, and one viewer's whole view (every viewer's with
    ``everyone``); a spectator is ``None``."""
    viewers: list[int | None] = [None, *range(state.num_players)]
    whole = viewers if everyone else [rng.choice(viewers)]
    tail = 0
    for viewer in viewers:
        if viewer in whole:
            view = state.view(viewer)
            check(adapter, view)
            tail = tail or log_tail_from(view)
    for viewer in viewers:
        check(adapter, state.view(viewer, log_from=tail))


def write_something(spec: GameSpec, state: State, player: int, rng: random.Random) -> None:
    """Give the game's written inputs now and then (a True Friends answer), where it takes one."""
    for written in spec.written:
        if rng.random() < 0.5:
            with contextlib.suppress(FurubaError):
                state.write(player, written.name, f"an answer {rng.randrange(100)}")


@pytest.mark.parametrize(("game", "options", "seed"), PARAMS)
def test_views_match_the_view_type(game: str, options: dict[str, Any], seed: int) -> None:
    spec = games.spec(game)
    adapter: TypeAdapter[Any] = TypeAdapter(spec.view_type)
    state = spec.new_game(seed=seed, **options)
    rng = random.Random(seed)
    check_views(state, adapter, rng, everyone=True)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        player = state.current_player
        state.apply(rng.choice(state.legal_actions()))
        write_something(spec, state, player, rng)
        if step < CHECK_FIRST or rng.random() < CHECK_RATE:
            check_views(state, adapter, rng, everyone=step < CHECK_FIRST)
    assert state.is_terminal(), f"no end after {MAX_STEPS} random actions"
    check_views(state, adapter, rng, everyone=True)


# -- the check can fail ------------------------------------------------------------------------------
def sample_view(spec: GameSpec) -> JSON:
    """A view of a game a few random actions in."""
    state = spec.new_game(seed=3, players=spec.players.default)
    rng = random.Random(3)
    for _ in range(12):
        if state.legal_actions():
            state.apply(rng.choice(state.legal_actions()))
    return state.view(0 if state.is_terminal() else state.current_player)


def nested_entries(view: JSON) -> Iterator[tuple[str, dict[str, Any]]]:
    """The first dict inside each list of ``view`` (the entries of lists are typed dicts)."""
    def walk(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield f"{path}[{i}]", item
                    return
                yield from walk(item, f"{path}[{i}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from walk(item, f"{path}.{key}")

    yield from walk(view, "view")


@pytest.mark.parametrize("game", [spec.name for spec in typed_specs()])
def test_a_renamed_an_extra_or_a_mistyped_key_fails(game: str) -> None:
    spec = games.spec(game)
    adapter: TypeAdapter[Any] = TypeAdapter(spec.view_type)
    view = sample_view(spec)
    adapter.validate_python(view, strict=True)
    for key in view:
        renamed = {(f"{key}_renamed" if k == key else k): v for k, v in view.items()}
        with pytest.raises(ValidationError):
            adapter.validate_python(renamed, strict=True)
    with pytest.raises(ValidationError):
        adapter.validate_python({**view, "unexpected": None}, strict=True)
    entries = list(nested_entries(view))
    assert entries, "a view with no list of entries to check"
    for where, entry in entries:
        changed = copy.deepcopy(view)
        _find(changed, where)["unexpected"] = next(iter(entry.values()))
        with pytest.raises(ValidationError, match="unexpected"):
            adapter.validate_python(changed, strict=True)
    whole = next(k for k, v in view.items() if isinstance(v, int) and not isinstance(v, bool))
    with pytest.raises(ValidationError):
        adapter.validate_python({**view, whole: str(view[whole])}, strict=True)


def _find(view: JSON, where: str) -> dict[str, Any]:
    """The dict at ``where`` (``view.log[0]``, ``view.sohmas[0]``, ``view.a.b[2]``) in ``view``."""
    node: Any = view
    for part in where.split(".")[1:]:
        name, _, index = part.partition("[")
        node = node[name]
        for i in index.rstrip("]").split("]["):
            if i:
                node = node[int(i)]
    assert isinstance(node, dict)
    return node


# -- the types themselves ----------------------------------------------------------------------------
def typed_dicts(tp: Any, seen: dict[str, Any]) -> dict[str, Any]:
    """Every ``TypedDict`` reachable from ``tp``, by name."""
    if is_typeddict(tp):
        if tp.__name__ in seen:
            return seen
        seen[tp.__name__] = tp
        for hint in get_type_hints(tp).values():
            typed_dicts(hint, seen)
    for arg in get_args(tp):
        typed_dicts(arg, seen)
    return seen


def undocumented_fields(td: Any) -> list[str]:
    """The fields of a class-syntax ``TypedDict`` with no docstring right below them."""
    try:
        source = textwrap.dedent(inspect.getsource(td))
    except (OSError, TypeError):                            # the functional syntax: comments
        return []
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    missing = []
    for stmt, following in zip(body.body, [*body.body[1:], None], strict=True):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            documented = (isinstance(following, ast.Expr)
                          and isinstance(following.value, ast.Constant)
                          and isinstance(following.value.value, str))
            if not documented:
                missing.append(stmt.target.id)
    return missing


@pytest.mark.parametrize("game", [spec.name for spec in typed_specs()])
def test_every_typed_dict_of_a_view_is_closed_and_documented(game: str) -> None:
    view_type = games.spec(game).view_type
    found = typed_dicts(view_type, {})
    assert len(found) > 1
    for name, td in found.items():
        assert getattr(td, "__closed__", False), f"{name} is not closed: extra keys would pass"
        assert td.__doc__ and td.__doc__.strip(), f"{name} has no docstring"
        assert not undocumented_fields(td), f"{name}: undocumented {undocumented_fields(td)}"
