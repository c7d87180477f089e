"""Finding Dai Hin Min seeds that lead a human seat into a wanted situation.

The server deals from the table's seed and seeds each bot decision from the table's seed, the seat
and the number of actions so far (``furuba.server.bots.bot_seed``), so a table's whole game follows
from its seed and the human's decisions. A plan replays that here with the engine and the server's
own bot code: the human (seat 0) follows a fixed policy, the bots choose exactly as the server's
would, and the plan keeps the human's decisions — the script the browser test then clicks — and
the position where the wanted situation begins. Nothing here reads the server: the test knows
only what it would compute for any seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from furuba.core.protocol import State
from furuba.server import bots, tables

HUMAN = 0
OPTIONS: dict[str, Any] = {"players": 4}
SEATS = ["human", "greedy", "greedy", "greedy"]

Policy = Callable[[State, int], int]
"""The human's decision in a state, given the number of actions taken so far."""


def greedy(seed: int) -> Policy:
    """The human plays as the greedy bot would in that seat."""
    return lambda state, n: bots.choose("greedy", bots.bot_seed(seed, HUMAN, n), state)


def passive(state: State, n: int) -> int:
    """The human passes whenever allowed, else takes the first legal action."""
    legal = state.legal_actions()
    names = [state.action_to_string(a) for a in legal]
    return legal[names.index("pass")] if "pass" in names else legal[0]


@dataclass
class Plan:
    """A seed, the human's decisions up to the wanted moment, and the position then."""

    seed: int
    script: list[str]
    state: Any
    actions: int
    seats: list[str] = field(default_factory=lambda: list(SEATS))

    def bot_step(self) -> None:
        """Let the bot whose decision it is act, as the server would."""
        player = self.state.current_player
        assert player != HUMAN
        spec = self.seats[player]
        self.apply(bots.choose(spec, bots.bot_seed(self.seed, player, self.actions), self.state))

    def apply(self, action: int) -> None:
        self.state.apply(action)
        self.actions += 1

    def bots_until_human(self) -> None:
        """Bots act until the human must decide (or the game is over)."""
        while not self.state.is_terminal() and self.state.current_player != HUMAN:
            self.bot_step()


def play_until(seed: int, policy: Policy, stop: Callable[[Any], bool], limit: int = 2000,
               options: dict[str, Any] | None = None, seats: list[str] | None = None) -> Plan:
    """The game of ``seed`` with the human on ``policy``, up to the first human decision where
    ``stop(state)`` holds (or the end of the game); ``options`` and ``seats`` default to
    :data:`OPTIONS` and :data:`SEATS`."""
    plan = Plan(seed, [], tables.new_state("daihinmin", options or OPTIONS, seed), 0,
                list(seats or SEATS))
    for _ in range(limit):
        plan.bots_until_human()
        state = plan.state
        if state.is_terminal() or stop(state):
            return plan
        action = policy(state, plan.actions)
        plan.script.append(state.action_to_string(action))
        plan.apply(action)
    raise AssertionError("the game did not get there")


def round_two(state: Any) -> bool:
    return bool(state.round >= 2)


def find(policy_for: Callable[[int], Policy], wanted: Callable[[Plan], bool],
         seeds: range = range(5000)) -> Plan:
    """The first seed whose plan reaches the human's first decision of round 2 as wanted."""
    for seed in seeds:
        plan = play_until(seed, policy_for(seed), round_two)
        if not plan.state.is_terminal() and wanted(plan):
            return plan
    raise AssertionError("no seed in range gives that situation")


def title(plan: Plan, player: int = HUMAN) -> str:
    return str(plan.state.view(player)["titles"][player])


def hand(plan: Plan, player: int = HUMAN) -> list[str]:
    return list(plan.state.view(player)["hand"])


def both_jokers(plan: Plan) -> bool:
    return {"joker1", "joker2"} <= set(hand(plan))
