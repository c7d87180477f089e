"""Ruling D12 of RULINGS.md (what an action reveals, so what an undo may take back), named after
it: :func:`furuba.daihinmin.reveals.reveals`, also read through the game's spec."""

from __future__ import annotations

from furuba import games
from furuba.daihinmin import new_game
from furuba.daihinmin.moves import PASS
from furuba.daihinmin.reveals import reveals

from .helpers import position


def exchange() -> dict[str, object]:
    """A second round about to ask the Poor Man (player 3), who holds both jokers."""
    return {"players": 4, "titles": ["Rich Man", "Second Richest", "Second Poorest", "Poor Man"],
            "hands": [["3", "4", "K", "K"], ["5", "6", "Q"], ["7", "A", "8"],
                      ["2", "2", "9", "joker", "joker"]],
            "phase": "revolution"}


def test_ruling_d12_a_play_reveals_and_a_pass_does_not() -> None:
    state = new_game(players=4, seed=7)
    assert all(reveals(state, a) for a in state.legal_actions())     # every play shows cards
    state.apply(state.legal_actions()[0])
    assert PASS in state.legal_actions() and not reveals(state, PASS)
    assert not games.spec("daihinmin").reveals(state, PASS)
    others = [p for p in range(4) if p != state.current_player]
    before = [state.view(p)["hand"] for p in others]
    state.apply(PASS)
    assert [state.view(p)["hand"] for p in others] == before


def test_ruling_d12_declaring_a_revolution_reveals_and_keeping_quiet_does_not() -> None:
    state = position(**exchange())
    assert reveals(state, state.string_to_action("declare revolution"))
    assert not reveals(state, state.string_to_action("keep quiet")), "asked every round (D10)"


def test_ruling_d12_the_rich_mans_gifts_reveal_nothing_the_last_gift_does() -> None:
    state = position(**exchange())
    state.apply_string("keep quiet")
    others = [1, 2, 3, None]
    seen = [state.view(p) for p in others]
    for text in ("give 3", "give K"):
        assert not reveals(state, state.string_to_action(text))
        state.apply_string(text)
    assert state.current_player == 1
    def public(view: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in view.items() if k not in ("turn", "legal")}

    # the others see no more than whose decision it is (and the Second Richest his choices)
    assert [public(state.view(p)) for p in others] == [public(view) for view in seen]
    assert reveals(state, state.string_to_action("give 5")), "all the cards change hands"
