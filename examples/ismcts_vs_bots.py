"""OpenSpiel's ISMCTS in one seat against furuba's bots, through the OpenSpiel adapter.

ISMCTS samples worlds with ``resample_from_infostate`` (furuba's ``determinize``), so it never
sees the other hands or the deck. Its playouts are OpenSpiel's uniformly random ones
(``--rollouts random``) or furuba's greedy bot in every seat (``--rollouts greedy``, the default).
Prints its win rate (mean win share).

    python examples/ismcts_vs_bots.py --budget small     # one short game (the test suite runs it)
    python examples/ismcts_vs_bots.py --budget full      # 40 games, 200 simulations per move

It needs the ``rl`` extra: ``pip install 'furuba[rl]'``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from furuba.integrations import openspiel as furuba_spiel

BUDGETS = {"small": (1, 5), "medium": (10, 50), "full": (40, 200)}
"""Budget name → (games, ISMCTS simulations per move)."""

GAMES = {"daihinmin": ("python_furuba_daihinmin", {"players": 4, "max_rounds": 1}),
         "zodiac": ("python_furuba_zodiac", {"players": 3, "target": 4})}


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="small")
    parser.add_argument("--game", choices=sorted(GAMES), default="daihinmin")
    parser.add_argument("--opponents", default="greedy", help="furuba bot spec for the other seats")
    parser.add_argument("--rollouts", choices=["greedy", "random"], default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    n_games, simulations = BUDGETS[args.budget]
    name, params = GAMES[args.game]
    game = pyspiel.load_game(name, params)
    players = game.num_players()
    if args.rollouts == "greedy":
        evaluator = furuba_spiel.BotRolloutEvaluator("greedy", seed=args.seed)
    else:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                                random_state=np.random.RandomState(args.seed))
    shares = []
    start = time.perf_counter()
    for i in range(n_games):
        seat = i % players
        searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                    random_state=np.random.RandomState(args.seed + i))
        searcher.set_resampler(furuba_spiel.resampler(args.seed + i))
        bots = [searcher if p == seat else furuba_spiel.FurubaBot(args.opponents, p, seed=i * 10 + p)
                for p in range(players)]
        returns = furuba_spiel.play(game.new_initial_state(), bots, random.Random(args.seed + i))
        shares.append(returns[seat])
    seconds = time.perf_counter() - start
    rate = float(np.mean(shares))
    print(f"{args.game}: ISMCTS ({simulations} simulations per move, {args.rollouts} playouts) against "
          f"{players - 1} x {args.opponents}, seats rotating")
    print(f"win rate over {n_games} games: {rate:.3f} (an equal share would be {1 / players:.3f}); "
          f"{seconds:.1f} s")
    return rate


if __name__ == "__main__":
    main()
