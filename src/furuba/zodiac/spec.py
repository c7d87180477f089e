"""Friends of the Zodiac as the registry sees it: :data:`SPEC`.

>>> SPEC.title, SPEC.players.low, SPEC.players.table_high
('Friends of the Zodiac', 1, 8)
>>> SPEC.info(SPEC.new_game(players=2, seed=1, variant="coop")).cooperative
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from furuba.bots.kit import BotKit, Policies
from furuba.cli.kit import TerminalKit
from furuba.core.protocol import State
from furuba.i18n import N_
from furuba.integrations.kit import AdapterKit
from furuba.learn.kit import LearningKit
from furuba.sim.kit import LabKit
from furuba.spec import GameSpec, Option, Players, Written, lazy
from furuba.tables.kit import WebKit
from furuba.tutorial import TutorialKit
from furuba.zodiac import outlook, playout
from furuba.zodiac.cardset_editor import EDITOR
from furuba.zodiac.cardset_files import add_cardset_folder, bundled_cardsets, check_cardset_text
from furuba.zodiac.explain import explain_action
from furuba.zodiac.explain_contrast import contrast_action
from furuba.zodiac.greedy import greedy_action, greedy_among
from furuba.zodiac.inference import world_sampler
from furuba.zodiac.options import DEFAULT_MAX_ROUNDS, VARIANTS
from furuba.zodiac.reveals import reveals
from furuba.zodiac.start import new_game
from furuba.zodiac.state import GameState
from furuba.zodiac.summary import summarize
from furuba.zodiac.text import CATALOG, VARIANT_LABELS
from furuba.zodiac.view_types import ZodiacView

if TYPE_CHECKING:
    import typer


def _decisions(steps: Sequence[tuple[Any, ...]], players: int) -> int:
    """An upper bound on the decisions an effect can ask for (discards after draws included)."""
    total = 0
    for step in steps:
        op = step[0]
        if op == "choice":
            total += 1 + max(_decisions(option, players) for option in step[2])
        elif op in ("discard_center",) or (op == "move_to" and step[1] < 0) \
                or (op == "flip" and step[1] == "chosen"):
            total += 1
        elif op == "take_discard":
            total += 2                                  # the take, then a discard down to 4
        elif op == "draw":
            total += step[1] * (players if step[2] else 1) * 2   # each draw may need a discard
    return total


MAX_ROUNDS = 2 * DEFAULT_MAX_ROUNDS
"""The highest round cap a game may have: every game, bots alone included, ends."""


def max_game_length(state: State) -> int:
    """Turns are capped by ``max_rounds``; a turn is 3 actions, each with its sub-decisions."""
    assert isinstance(state, GameState)
    rules, n = state.rules, state.num_players
    event = max((_decisions(steps, n) for steps in rules.event_steps), default=0)
    per_action = 1 + max(1, event)                      # the action, then its overflow or effect
    per_turn = 3 * per_action + (1 + event if rules.options.coop else 0)
    return int(rules.options.max_rounds * n * per_turn)


def _cooperative(state: State) -> bool:
    assert isinstance(state, GameState)
    return state.rules.options.coop


def _commands() -> typer.Typer:
    """The game's ``furuba`` commands, made in the current language (their help is said)."""
    from furuba.zodiac.commands import build_app

    return build_app()


def _encoder(state: State) -> Any:
    from furuba.zodiac.encoding import ZodiacEncoder

    return ZodiacEncoder.for_state(state)


SPEC = GameSpec(
    name="zodiac",
    title=N_("Friends of the Zodiac"),
    description=N_("Move Tohru round the circle of the 13 Sohmas and play memories that match "
                   "what they ask for; befriend 7 of them first (or all 13 together in Bestest "
                   "Friends)."),
    state_class=GameState,
    new_game=new_game,
    players=Players(low=1, high=32, default=4, table_high=8),
    options=(
        Option("variant", "choice", "standard",
               N_("long, coop (Bestest Friends), true-friends; combine with commas"),
               choices=VARIANTS, combinable=True, label=N_("variant"),
               choice_labels=VARIANT_LABELS),
        Option("sets", "int", None, N_("copies of the game (default: one per 4 players)"),
               low=1, high=8, nullable=True, label=N_("sets of cards")),
        Option("target", "int", None, N_("friendships to win (default 7; 13 in the Long Game)"),
               low=1, high=13, nullable=True, label=N_("friends to win")),
        Option("max_rounds", "int", DEFAULT_MAX_ROUNDS, N_("safety cap on rounds"), low=1,
               high=MAX_ROUNDS, label=N_("round cap"), advanced=True),
        Option("cardset", "text", "default", N_("the card set (a name online, a file locally)"),
               named=bundled_cardsets, add_folder=add_cardset_folder, check_text=check_cardset_text,
               label=N_("card set"), editor=EDITOR),
    ),
    hidden_information=True,
    max_game_length=max_game_length,
    cooperative=_cooperative,
    reveals=reveals,
    view_type=ZodiacView,
    written=(Written("answer", N_("your answer to the True Friends prompt of the memory you "
                                  "just played (Z15)")),),
    aliases=("friends-of-the-zodiac", "fotz"),
    kits=(
        BotKit(Policies(greedy=greedy_action, among=greedy_among, rollout=playout.rollout_action,
                        evaluate=playout.evaluate, explain=explain_action,
                        contrast=contrast_action, evaluations={"learned": outlook.win_shares},
                        world_sampler=world_sampler),
               search=playout.SEARCH_DEFAULTS, ladder=playout.LADDER,
               level_summaries=playout.LEVEL_SUMMARIES),
        LabKit(summarize=summarize, report=lazy("furuba.zodiac.report:SECTIONS"),
               cards=lazy("furuba.zodiac.cards:CARDS"), tuning=lazy("furuba.zodiac.tweaks:TUNING")),
        AdapterKit(encoder=_encoder, env_name="Zodiac"),
        TerminalKit(terminal=lazy("furuba.zodiac.screen:TERMINAL_GAME"), commands=_commands),
        WebKit(frontend="zodiac"),
        LearningKit(lazy("furuba.zodiac.learning:LEARNING")),
        TutorialKit(lazy("furuba.zodiac.tutorial:TUTORIAL")),
    ),
    gettext=CATALOG.gettext,
)
