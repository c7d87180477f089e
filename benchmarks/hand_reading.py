"""How much of the other players' hidden hands a game's world samplers put in the right place.

Positions are taken from games played by four search bots (``normal`` unless told otherwise). At
each, the player to move draws worlds from a sampler, and the benchmark counts, for every other
player and every kind of card, how many of that player's hidden cards of that kind the world
gives them (at most as many as they really hold): the share of the hidden cards placed in the
right hand. Cards a hand is known to hold (a Friends of the Zodiac memory taken openly) are left
out, as are suits in Dai Hin Min (in the rulebook's game they never matter). Compared: uniform
deals (``determinize``) and the game's ``world_sampler`` (``infer=on``), each with a 95%
interval over positions, and the paired difference.

``python -m benchmarks.hand_reading --game daihinmin --positions 100``
``python -m benchmarks.hand_reading --game zodiac --level hard --positions 160 --jobs 2``
(``--model greedy``: the greedy policy as Friends of the Zodiac's model of the players instead)

``--after-reshuffle`` (Friends of the Zodiac) takes the positions after the deck first ran out and
was made again from the discard pile, and compares ``determinize`` there with the deal it made
before it read the reshuffle (every unseen card pooled together: the same position with its
``reshuffled`` pile forgotten).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.ismcts import mean_interval

PLAYERS = 4


def _daihinmin_hand(state: Any, q: int) -> tuple[Counter[int], int]:
    return Counter(dict(enumerate(state.hand_counts(q)))), 0


def _zodiac_hand(state: Any, q: int) -> tuple[Counter[int], int]:
    hidden = Counter(state.hands[q])
    hidden.subtract(state.known[q])
    return +hidden, len(state.known[q])


HANDS: dict[str, Callable[[Any, int], tuple[Counter[int], int]]] = {
    "daihinmin": _daihinmin_hand, "zodiac": _zodiac_hand}
"""Each game's hidden cards of a hand, by kind (and how many it holds openly)."""
SETUP: dict[str, tuple[dict[str, Any], int, int]] = {
    "daihinmin": ({"max_rounds": 1}, 10, 5),
    "zodiac": ({}, 12, 8),
}
"""Each game's options and how far in the positions are: ``first + (i % 6) * step`` moves."""


def position(game: str, index: int, level: str, seed: int,
             after_reshuffle: bool = False) -> Any | None:
    """The ``index``-th position: a game of four ``level`` bots, some way in (with
    ``after_reshuffle``, some way after the deck first ran out)."""
    from furuba import games
    from furuba.bots.registry import make_bot

    options, first, step = SETUP[game]
    state = games.new_game(game, players=PLAYERS, seed=seed + index, **options)
    bots = [make_bot(level, seed=index * 7 + p) for p in range(PLAYERS)]
    while after_reshuffle and not state.reshuffled:
        if state.is_terminal():
            return None
        state.apply(bots[state.current_player].choose(state))
    for _ in range(0 if after_reshuffle else first, first + (index % 6) * step):
        if state.is_terminal():
            return None
        state.apply(bots[state.current_player].choose(state))
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(bots[state.current_player].choose(state))
    return None if state.is_terminal() else state


def placed(game: str, state: Any, sampler: Callable[[random.Random], Any], draws: int,
           seed: int) -> float:
    """The mean share of the hidden cards a drawn world places in the right hand."""
    player = state.current_player
    hand = HANDS[game]
    others = [q for q in range(PLAYERS) if q != player]
    truth = {q: hand(state, q)[0] for q in others}
    hidden = sum(t.total() for t in truth.values())
    rng = random.Random(seed)
    right = 0
    for _ in range(draws):
        world = sampler(rng)
        right += sum((hand(world, q)[0] & truth[q]).total() for q in others)
    return right / draws / max(1, hidden)


def zodiac_greedy_model(state: Any, legal: list[int], action: int) -> float:
    """Friends of the Zodiac's other model of a player, for comparison (``--model greedy``): 1
    when the greedy evaluation ranks ``action`` first (tied or not), 0.3 when it does not."""
    from furuba.zodiac.greedy import evaluate

    me = state.current_player
    world = state.clone()
    world.deck = world.deck[-1:] + world.deck[:-1]  # a draw does not find the card really drawn
    values = {}
    for a in legal:
        child = world.clone()
        child.apply(a)
        values[a] = evaluate(child, me)
    return 1.0 if values[action] >= max(values.values()) - 1e-6 else 0.3


MODELS: dict[str, dict[str, Any]] = {"zodiac": {"greedy": zodiac_greedy_model}}
"""Other models of the players a game's sampler can be asked to use (``--model``)."""


def measure(game: str, index: int, level: str, draws: int, seed: int,
            model: str = "", after_reshuffle: bool = False) -> tuple[float, float] | None:
    """Both samplers' shares at the ``index``-th position (``None``: the game ended first);
    with ``after_reshuffle``, the pooled deal's and ``determinize``'s."""
    from furuba import games
    from furuba.bots.kit import BotKit

    state = position(game, index, level, seed, after_reshuffle)
    if state is None:
        return None
    if after_reshuffle:
        pooled = state.clone()
        pooled.reshuffled = ()
        player = state.current_player
        return (placed(game, state, pooled.sampler(player), draws, index),
                placed(game, state, state.sampler(player), draws, index))
    refined = games.spec(game).kit(BotKit).policies.world_sampler
    assert refined is not None, "the game has no world sampler"
    player = state.current_player
    sampler = (refined(state, player, MODELS[game][model]) if model  # type: ignore[call-arg]
               else refined(state, player))
    return (placed(game, state, state.sampler(player), draws, index),
            placed(game, state, sampler, draws, index))


def _measure(job: tuple[str, int, str, int, int, str, bool]) -> tuple[float, float] | None:
    return measure(*job)


def summary(pairs: Sequence[tuple[float, float]],
            names: tuple[str, str] = ("uniform", "inferred")) -> dict[str, Any]:
    """Means, 95% intervals over positions and the paired gain of the second over the first."""
    out: dict[str, Any] = {"positions": len(pairs)}
    for name, values in zip(names, ([a for a, _ in pairs], [b for _, b in pairs]), strict=True):
        out[name] = round(statistics.fmean(values), 4)
        out[f"{name}_ci95"] = [round(x, 4) for x in mean_interval(values)]
    gain = [b - a for a, b in pairs]
    out["gain"] = round(statistics.fmean(gain), 4)
    out["gain_ci95"] = [round(x, 4) for x in mean_interval(gain)]
    return out


def run(game: str = "daihinmin", count: int = 100, draws: int = 60, level: str = "normal",
        seed: int = 300, jobs: int = 1, model: str = "",
        after_reshuffle: bool = False) -> dict[str, Any]:
    """Both samplers on ``count`` positions, ``draws`` worlds each."""
    from furuba.sim.runner import map_tasks

    work = [(game, i, level, draws, seed, model, after_reshuffle) for i in range(count)]
    found = [r for r in map_tasks(_measure, work, jobs) if r is not None]
    if after_reshuffle:
        return {"game": game, "draws": draws, "level": level, "seed": seed,
                "after_reshuffle": True, **summary(found, ("pooled", "determinize"))}
    return {"game": game, "draws": draws, "level": level, "seed": seed,
            "model": model or "the game's", **summary(found)}


if __name__ == "__main__":  # pragma: no cover - a diagnostic, run by hand
    import argparse
    import json

    parser = argparse.ArgumentParser(description="how much of the hidden hands a game's world "
                                                 "samplers place right")
    parser.add_argument("--game", choices=sorted(HANDS), default="daihinmin")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--draws", type=int, default=60)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--model", default="", help="another model of the players, for "
                        "comparison: " + ", ".join(f"{m} ({g})" for g in MODELS for m in MODELS[g]))
    parser.add_argument("--after-reshuffle", action="store_true",
                        help="Friends of the Zodiac: positions after the deck first ran out, "
                             "determinize against the pooled deal it made before")
    args = parser.parse_args()
    if args.model and args.model not in MODELS.get(args.game, {}):
        parser.error(f"{args.game} has no model {args.model!r}")
    if args.after_reshuffle and args.game != "zodiac":
        parser.error("--after-reshuffle is for Friends of the Zodiac: only its deck is made again")
    print(json.dumps(run(args.game, args.positions, args.draws, args.level, args.seed,
                         args.jobs, args.model, args.after_reshuffle), indent=1))
