"""The compiled engines play exactly as their source does (furuba.compiled, setup.py).

The same seeded games — random, greedy and search bots, the rulebook's games and house rules —
are played in this process and in a child process that runs every module as plain Python
(``FURUBA_PURE=1``); their records must be identical. ``make test`` compiles the engines first
wherever there is a C compiler, so there this process runs them compiled (checked below).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from typing import Any

from furuba import games
from furuba.bots.registry import make_bot
from furuba.compiled import MODULES, compiled_modules, engine_build, stale_extensions

GAMES: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("zodiac", {"players": 4}, ("random", "greedy", "random", "ismcts:sims=12")),
    ("zodiac", {"players": 2, "variant": "coop"}, ("greedy", "ismcts:sims=8")),
    ("zodiac", {"players": 3}, ("greedy", "ismcts:expert,sims=6", "random")),
    ("daihinmin", {"players": 4}, ("random", "greedy", "ismcts:sims=12", "greedy")),
    ("daihinmin", {"players": 4}, ("greedy", "ismcts:expert,sims=8", "random", "greedy")),
    ("daihinmin", {"players": 5, "rules": "uecda"}, ("greedy", "random", "greedy",
                                                      "ismcts:sims=8", "greedy")),
    ("daihinmin", {"players": 5, "rules": "uecda"}, (
        "greedy", "ismcts:expert,sims=6,opp=best,oppweights=uecda_default,opprollout=on",
        "random", "greedy", "greedy")),
]
"""The games each build plays: a game, its options, and the bot of each seat (``expert``'s
learned priors and evaluations with few simulations; the last one also the model of the UECda
``default`` client, in the tree and in the playouts)."""
SEEDS = (3, 11)
MAX_STEPS = 400
"""Enough steps for whole games of random and greedy bots; a match to 21 points of Dai Hin
Min is cut there (the records are compared as far as they go)."""


def records() -> list[dict[str, Any]]:
    """Each game's actions and the state they led to, as JSON."""
    out = []
    for name, options, seats in GAMES:
        for seed in SEEDS:
            state = games.new_game(name, seed=seed, **options)
            bots = [make_bot(spec, seed=seed * 10 + i) for i, spec in enumerate(seats)]
            actions = []
            while not state.is_terminal() and len(actions) < MAX_STEPS:
                action = bots[state.current_player].choose(state)
                actions.append(action)
                state.apply(action)
            out.append({"game": name, "seed": seed, "actions": actions,
                        "state": state.to_json(), "views": [state.view(p) for p in range(
                            state.num_players)]})
    return out


def _has_compiler() -> bool:
    return shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]) is not None


def test_the_engines_run_compiled_where_a_compiler_is() -> None:
    if os.environ.get("FURUBA_PURE") == "1" or not _has_compiler():
        assert compiled_modules() == [], engine_build()
        return
    assert stale_extensions() == [], "the compiled engine is older than its source: make compiled"
    assert compiled_modules() == list(MODULES), engine_build()


def test_the_same_seeded_games_compiled_and_pure_give_identical_records() -> None:
    env = {**os.environ, "FURUBA_PURE": "1"}
    code = ("import json, sys; from tests.test_compiled import records; "
            "from furuba.compiled import compiled_modules; assert compiled_modules() == []; "
            "json.dump(records(), sys.stdout)")
    child = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, timeout=600, check=True)
    pure = json.loads(child.stdout)
    here = json.loads(json.dumps(records()))
    assert [len(r["actions"]) for r in here] == [len(r["actions"]) for r in pure]
    for ours, theirs in zip(here, pure, strict=True):
        assert ours == theirs, f"{ours['game']} seed {ours['seed']} differs"
