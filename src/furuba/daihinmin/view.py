"""What one player may know of a Dai Hin Min game, as a view: every key is described in
:mod:`furuba.daihinmin.view_types`; what a player may see is decided in
:mod:`furuba.daihinmin.secrecy`.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=3)
>>> v = build_view(s, 1)
>>> v["hand_sizes"], len(v["hand"]), "hand" in build_view(s, None), "hands" in v
([14, 13, 13, 14], 13, False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from furuba.core.deck import SUITS
from furuba.core.errors import OptionsError
from furuba.daihinmin import events
from furuba.daihinmin.event_types import LogEvent
from furuba.daihinmin.facts import must_give
from furuba.daihinmin.house import PASS_OUT
from furuba.daihinmin.moves import ACTION_NAMES, PLAY_RUN
from furuba.daihinmin.phases import PHASE_NAMES
from furuba.daihinmin.ranks import RANK_NAMES, deck_mask, names_of
from furuba.daihinmin.revolution import DIRECTION_NAMES
from furuba.daihinmin.scoring import title_name, winners
from furuba.daihinmin.secrecy import (
    ceiling,
    check_player,
    exchange_seen_by,
    in_hands,
    known_cards,
)
from furuba.daihinmin.view_types import (
    DaihinminView,
    ExchangeView,
    HouseRule,
    HouseSettings,
    MustGiveView,
    Preset,
)

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def build_view(state: GameState, player: int | None, log_from: int = 0) -> DaihinminView:
    """What ``player`` (``None``: a spectator) may know, JSON-ready.

    ``log_from=k`` keeps only the log after public event ``k`` (see
    :meth:`furuba.core.protocol.State.view`); only that part is rendered.
    """
    check_player(state, player)
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        raise OptionsError(f"log_from must be a whole number, 0 or more, not {log_from!r}")
    out = _table(state, player)
    if state.is_terminal():
        out["hands"] = [names_of(h) for h in state.hands]
        out["exchange"] = _exchange(state, None)
        out["winners"] = winners(state.points)
        out["truncated"] = state.truncated
        out["log"] = _log(state, player, log_from, everything=True)
        return out
    if player is not None:
        out["hand"] = names_of(state.hands[player])
        out["giving"] = names_of(state.pending_gifts(player))
        out["exchange"] = _exchange(state, player)
        due = must_give(state, player)
        if due is not None:
            out["must_give"] = cast(MustGiveView, due)
    known = known_cards(state, player)
    out["known"] = [{"player": q, "cards": names_of(m)} for q, m in sorted(known.items())]
    limit = ceiling(state, player)
    if limit is not None:
        giver, level = limit
        out["known_limit"] = {"player": giver,
                              "no_natural_above": RANK_NAMES[level] if level >= 0 else None}
    if player is not None and player == state.current:
        out["legal"] = state.legal_action_strings()
    out["log"] = _log(state, player, log_from)
    return out


def _table(state: GameState, player: int | None) -> DaihinminView:
    """The public table (the log still empty: it comes last, after what the viewer holds)."""
    options = state.options
    hands = state.hands
    table: DaihinminView = {
        "game": "daihinmin",
        "viewer": player,
        "players": options.players,
        "target": options.target,
        "max_rounds": options.max_rounds,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase_code],
        "turn": None if state.is_terminal() else state.current,
        "dealer": state.dealer,
        "seating": list(state.seating),
        "direction": DIRECTION_NAMES[state.direction],
        "revolution": state.revolution,
        "scores": list(state.points),
        "titles": [title_name(t) for t in state.titles],
        "hand_sizes": [h.bit_count() for h in hands],
        "pile": [{"player": p, "play": ACTION_NAMES[a], "cards": names_of(cards),
                  "run": PLAY_RUN[a] > 0} for p, a, cards in state.pile],
        "passes": state.passes,
        "played": names_of(deck_mask(options.jokers) & ~in_hands(state) & ~state.pile_mask()),
        "finished": list(state.finished),
        "log": [],
    }
    if state.rules.house:
        _add_house_rules(table, state)
    if options.preset not in (None, "rulebook"):
        table["rules"] = cast("Preset", options.preset)
    settings = options.settings()
    if settings:
        table["settings"] = cast("HouseSettings", settings)
    return table


def _add_house_rules(table: DaihinminView, state: GameState) -> None:
    """The house rules in force and what they say of the trick and the round (none of it in the
    rulebook's game)."""
    table["house_rules"] = cast("list[HouseRule]", list(state.options.house_rules))
    table["back"] = state.back
    table["lock"] = [SUITS[s] for s in range(4) if state.lock >> s & 1]
    table["fallen"] = state.fallen if state.fallen >= 0 else None
    table["reversed"] = state.ranks_reversed
    if state.rules.house & PASS_OUT:
        table["passed"] = [p for p in range(state.num_players) if state.passed >> p & 1]


def _exchange(state: GameState, player: int | None) -> list[ExchangeView]:
    """This round's exchange: all of it (``player`` ``None``), or ``player``'s side of it."""
    return [{"from": g, "to": r, "cards": names_of(c)}
            for g, r, c in exchange_seen_by(state, player)]


def _log(state: GameState, player: int | None, log_from: int,
         everything: bool = False) -> list[LogEvent]:
    """The log ``player`` may read (everything once the game is over), from ``log_from``."""
    rendered = events.render_log(state.log, state.private, player, everything=everything,
                                 log_from=log_from, count=state.log_len)
    return cast("list[LogEvent]", rendered)
