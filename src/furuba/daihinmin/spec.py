"""Dai Hin Min as the registry sees it: :data:`SPEC`.

>>> SPEC.title, (SPEC.players.low, SPEC.players.high)
('Dai Hin Min', (4, 7))
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     SPEC.gettext(SPEC.title), SPEC.gettext(SPEC.option("target").title)
('大貧民', '目標点')
>>> SPEC.info(SPEC.new_game(players=4, seed=1, max_rounds=2)).max_game_length
440
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from furuba.bots.kit import BotKit, Policies
from furuba.cli.kit import TerminalKit
from furuba.core.protocol import State
from furuba.daihinmin.explain import explain_action
from furuba.daihinmin.explain_contrast import contrast_action
from furuba.daihinmin.greedy import greedy_action, greedy_among
from furuba.daihinmin.inference import world_sampler
from furuba.daihinmin.options import (
    DEFAULT_TARGET,
    HOUSE_RULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    RULEBOOK,
    SETTINGS,
    UECDA,
)
from furuba.daihinmin.outlook import expected_points
from furuba.daihinmin.playout import (
    LADDER,
    LEVEL_SUMMARIES,
    SEARCH_DEFAULTS,
    evaluate,
    playout_mark,
    rollout_action,
)
from furuba.daihinmin.reveals import reveals
from furuba.daihinmin.start import new_game
from furuba.daihinmin.state import GameState
from furuba.daihinmin.summary import summarize
from furuba.daihinmin.text import CATALOG
from furuba.daihinmin.view_types import DaihinminView
from furuba.i18n import N_
from furuba.integrations.kit import AdapterKit
from furuba.learn.kit import LearningKit
from furuba.sim.kit import LabKit
from furuba.spec import GameSpec, Option, Players, lazy
from furuba.tables.kit import WebKit
from furuba.tutorial import TutorialKit

if TYPE_CHECKING:
    import typer


def max_game_length(state: State) -> int:
    """Each round: the revolution question, 3 gifts, at most 54 plays each followed by at most
    n − 1 passes. Rounds: the round limit, or the target (points per round sum to n(n−1)/2, so
    the leader gains at least (n−1)/2 a round)."""
    assert isinstance(state, GameState)
    n, target, limit = state.num_players, state.options.target, state.options.max_rounds
    rounds = limit if limit is not None else math.inf
    if target is not None:
        rounds = min(rounds, math.ceil(2 * target / (n - 1)))
    return int(rounds) * (4 + 54 * n)


MAX_TARGET = 100
"""The most points a game may be played to: at 4 players, at most 67 rounds."""
MAX_ROUNDS = 100
"""The most rounds a game may be played for. With the target bounded too (a game needs one or
the other), every game, bots alone included, ends after a bounded number of actions."""


def _commands() -> typer.Typer:
    """The game's ``furuba`` commands (``furuba uecda …``), made in the current language."""
    from furuba.daihinmin.uecda.commands import build_app

    return build_app()


def _encoder(state: State) -> Any:
    from furuba.daihinmin.encoding import DaihinminEncoder

    return DaihinminEncoder.for_state(state)




SWITCH = (("off", N_("off")), ("on", N_("on")))


def _house_rule(name: str, label: str, help_text: str) -> Option:
    """A house rule's option: off (the rulebook's game) or on; under the new-table form's more
    options, as the rulebook's game is the usual one."""
    return Option(name, "choice", "off", help_text, choices=("off", "on"), label=label,
                  choice_labels=SWITCH, advanced=True)


HOUSE_OPTIONS = (
    _house_rule("eight_cut", N_("8-cut (八切り)"),
                N_("house rule: a play of 8s ends the trick, and its player leads (D13)")),
    _house_rule("sequences", N_("sequences (階段)"),
                N_("house rule: 3 or more ranks in a row of one suit may be played together, "
                   "jokers filling gaps (D14)")),
    _house_rule("fallen_capital", N_("fallen capital (都落ち)"),
                N_("house rule: a Rich Man who does not go out first drops to Poor Man at once "
                   "(D15)")),
    _house_rule("eleven_back", N_("11-back (イレブンバック)"),
                N_("house rule: a play of Jacks reverses the order of the ranks until the trick "
                   "ends (D16)")),
    _house_rule("suit_lock", N_("suit lock (縛り)"),
                N_("house rule: two plays in a row in the same suits lock the trick to them "
                   "(D17)")),
    _house_rule("spade_three", N_("spade 3 (スペ3)"),
                N_("house rule: the 3♠ beats a lone 2 (a lone joker, with the strong joker) and "
                   "ends the trick (D18)")),
    _house_rule("strong_joker", N_("strong joker"),
                N_("house rule: a lone joker beats every single card (D19)")),
    _house_rule("rank_revolution", N_("revolution (革命)"),
                N_("house rule: a set of four or more cards, or a run of five or more, reverses "
                   "the order of the ranks (D20)")),
    _house_rule("named_joker", N_("named joker"),
                N_("house rule: a joker stands for a card its player names, suit included; in "
                   "a run it may stand below the 3 or above the 2 (D21)")),
    _house_rule("pass_out", N_("passing is final"),
                N_("house rule: a pass is for the rest of the trick, which ends when everyone "
                   "has passed, its last player too (D22)")),
    _house_rule("diamond_three", N_("3♦ leads"),
                N_("house rule: the holder of the 3♦ leads every round (D23)")),
    _house_rule("exchange_after", N_("Rich choose after"),
                N_("house rule: the Poor give their highest cards first, a joker highest; the "
                   "Rich then choose theirs (D24)")),
    _house_rule("place_points", N_("points by place"),
                N_("house rule: every place scores a point more, last place 1 (D25)")),
    _house_rule("run_above", N_("runs from above"),
                N_("house rule: a run beats a run only when all its ranks are above the "
                   "other's (D30)")),
)
"""The house rules (D13–D18), each off by default (:data:`furuba.daihinmin.options.HOUSE_RULES`)."""
assert tuple(o.name for o in HOUSE_OPTIONS) == HOUSE_RULES

SETTING_OPTIONS = (
    Option("jokers", "int", None, N_("jokers in the deck (D26; none: the rules' own, 2 or 1 under "
                                     "UECda's)"), low=0, high=2, nullable=True,
           label=N_("jokers"), advanced=True),
    Option("reseat_every", "int", None,
           N_("seats drawn at random every this many rounds (none: by finishing order, D27)"),
           low=1, high=MAX_ROUNDS, nullable=True, label=N_("reseat every"), advanced=True),
    Option("reset_every", "int", None,
           N_("titles forgotten every this many rounds (none: never, D28)"), low=1,
           high=MAX_ROUNDS, nullable=True, label=N_("titles reset every"), advanced=True),
)
"""The house settings that are numbers (D26–D28)."""
assert tuple(o.name for o in SETTING_OPTIONS) == SETTINGS

RULES_OPTION = Option(
    "rules", "choice", RULEBOOK,
    N_("a preset of the house rules: the rulebook's game, or the UECda contest's (D29)"),
    choices=tuple(PRESETS), label=N_("rules"),
    choice_labels=((RULEBOOK, N_("the rulebook")), (UECDA, N_("UECda contest (5 players)"))),
    presets={name: {"players": 5, **values} if name == UECDA else
             {**dict.fromkeys(HOUSE_RULES, "off"), "jokers": 2, "reseat_every": None,
              "reset_every": None}
             for name, values in PRESETS.items()})
"""``rules``: a preset sets the house rules and settings; options given with it override it."""


SPEC = GameSpec(
    name="daihinmin",
    title=N_("Dai Hin Min"),
    description=N_("Rich Man Poor Man (also called Daifugo), the climbing game: beat the set "
                   "on the table with a higher one, go out first, trade cards by title; 21 "
                   "points win."),
    state_class=GameState,
    new_game=new_game,
    players=Players(low=MIN_PLAYERS, high=MAX_PLAYERS, default=4),
    options=(
        Option("target", "int", DEFAULT_TARGET,
               N_("points that end the game (none: play by rounds)"),
               low=1, high=MAX_TARGET, nullable=True, label=N_("points to win")),
        Option("max_rounds", "int", None, N_("rounds after which the game ends (none: no limit)"),
               low=1, high=MAX_ROUNDS, nullable=True, label=N_("rounds")),
        Option("dealer", "int", None, N_("who deals the first round (none: drawn)"), low=0,
               high=MAX_PLAYERS - 1, nullable=True, online=False, label=N_("dealer")),
        RULES_OPTION,
        *HOUSE_OPTIONS,
        *SETTING_OPTIONS,
    ),
    hidden_information=True,
    max_game_length=max_game_length,
    reveals=reveals,
    view_type=DaihinminView,
    aliases=("dai-hin-min", "rich-man-poor-man"),
    kits=(
        BotKit(Policies(greedy=greedy_action, among=greedy_among, rollout=rollout_action, evaluate=evaluate,
                        explain=explain_action, contrast=contrast_action,
                        playout_mark=playout_mark, points=expected_points,
                        world_sampler=world_sampler, model_sampler=world_sampler),
               search=SEARCH_DEFAULTS, ladder=LADDER, level_summaries=LEVEL_SUMMARIES),
        LabKit(summarize=summarize, report=lazy("furuba.daihinmin.report:SECTIONS"),
               cards=lazy("furuba.daihinmin.cards:CARDS")),
        AdapterKit(encoder=_encoder, env_name="DaiHinMin"),
        TerminalKit(terminal=lazy("furuba.daihinmin.screen:TERMINAL_GAME"), commands=_commands),
        WebKit(frontend="daihinmin"),
        LearningKit(lazy("furuba.daihinmin.learning:LEARNING")),
        TutorialKit(lazy("furuba.daihinmin.tutorial:TUTORIAL")),
    ),
    gettext=CATALOG.gettext,
)
