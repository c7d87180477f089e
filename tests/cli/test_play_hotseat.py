"""Hot-seat: two humans at one keyboard never see each other's hand."""

from __future__ import annotations

import re

from furuba import games

from .conftest import Play

PASS = "Pass the keyboard to "


def segments(output: str) -> list[tuple[str, str]]:
    """``(name, text)`` of each stretch of output after a pass-the-keyboard prompt."""
    parts = output.split(PASS)
    out = []
    for part in parts[1:]:
        name, _, text = part.partition(" — press Enter")
        # once the game is over every hand is public: check only what came before
        out.append((name, text.partition("The game is over")[0]))
    return out


def test_hot_seat_hides_the_other_hand(play: Play) -> None:
    lines = ["1"] * 160
    result = play(["--seed", "4", "--seats", "human:Ann,greedy,human:Bob"], lines)
    out = result.output
    assert result.exit_code == 0
    before, _, _ = out.partition(PASS)
    assert "'s hand" not in before  # no hand is shown before the first hand-over
    segs = segments(out)
    assert {name for name, _ in segs} == {"Ann", "Bob"}
    assert len(segs) > 4
    for name, text in segs:
        other = "Bob" if name == "Ann" else "Ann"
        # Every hand shown while a player is at the keyboard is that player's own.
        assert set(re.findall(r"(\w+)'s hand", text)) == {name}, (name, text)
        # The other human's draws are told without naming the card.
        for line in text.splitlines():
            if line.strip().startswith(f"{other} drew"):
                assert line.strip() == f"{other} drew a card", line
    # Ann's own draws are named to her, so the check above is not vacuous.
    assert any(re.search(r"Ann drew (?!a card)", text) for name, text in segs if name == "Ann")


def test_hot_seat_first_hand_is_the_first_players(play: Play) -> None:
    state = games.new_game("zodiac", players=2, seed=9)
    ann = state.view(0)["hand"]
    bob = state.view(1)["hand"]
    result = play(["--seed", "9", "--seats", "human:Ann,human:Bob"], ["", "quit"])
    (name, text), = segments(result.output)
    assert name == "Ann"
    hand = text.partition("Ann's hand")[2].partition("Ann: action")[0]
    assert all(card in hand for card in ann)
    assert not any(card in hand for card in bob if card not in ann)


def test_two_unnamed_humans_get_player_names(play: Play) -> None:
    result = play(["--seed", "9", "--seats", "you,you"], ["", "quit"])
    assert f"{PASS}Player 1" in result.output
