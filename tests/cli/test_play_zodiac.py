"""Friends of the Zodiac in the terminal, driven end to end with scripted input."""

from __future__ import annotations

import json
import re
from pathlib import Path

from furuba import games, zodiac
from furuba.core.record import GameRecord

from .conftest import Play

MANY = ["1"] * 3000
RESULT = re.compile(r"Game over: (.+?) wins? (?:together )?with (\d+) friendships?")


def test_whole_game_against_greedy_bots_ends_with_the_result_line(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play(["zodiac", "--seed", "3", "--save", str(save)], MANY)
    assert result.exit_code == 0, result.output
    match = RESULT.search(result.output)
    assert match, result.output[-2000:]
    data = json.loads(save.read_text(encoding="utf-8"))
    state = GameRecord.from_json(data["record"]).replay()
    assert state.is_terminal()
    names = ["You", "Kaito", "Mio", "Ren"]
    winners = [names[p] for p, r in enumerate(state.returns()) if r > 0]
    assert match.group(1).split(" and ")[-1] == winners[-1]
    assert int(match.group(2)) == max(state.scores())
    assert data["state"]["outcome"] == "finished"
    # What the bots did was told step by step, with names rather than player numbers.
    assert "Kaito moved Tohru" in result.output or "Kaito played" in result.output
    assert "player 1" not in result.output


def test_same_seed_same_game(play: Play) -> None:
    lines = ["move"] * 40
    first = play(["--seed", "11", "--seats", "you,greedy,random"], lines)
    second = play(["--seed", "11", "--seats", "you,greedy,random"], lines)
    assert first.output == second.output


def test_board_shows_circle_tohru_center_hand_and_counts(play: Play) -> None:
    result = play(["zodiac", "--seed", "3"], ["quit"])
    out = result.output
    assert result.exit_code == 0
    for text in ("The circle", "Tohru ▶", "Yuki", "Kyo", "human", "Center (0/4)",
                 "Deck 41 cards", "Discard pile 0 cards", "Your hand", "action 1 of 3",
                 "draw a card", "move Tohru clockwise", "first to 7 friendships"):
        assert text in out, text
    state = games.new_game("zodiac", players=4, seed=3)
    for card in state.view(0)["hand"]:
        assert card in out
    assert "bye" in out


def test_a_game_to_one_friendship_says_so_in_the_singular(play: Play) -> None:
    out = play(["zodiac", "--seed", "3", "--target", "1"], ["quit"]).output
    assert "first to 1 friendship (" in out and "1 friendships" not in out


def test_typed_action_names_and_bad_input_never_crash(play: Play) -> None:
    lines = ["", "frobnicate", "99", "0", "play Nothing At All", "log x", "log 3", "help",
             "rules", "board", "hand", "journal", "save", "MOVE", "quit"]
    result = play(["--seed", "5", "--seats", "you,greedy"], lines)
    out = result.output
    assert result.exit_code == 0
    assert "unknown command or action 'frobnicate'" in out
    assert "there is no choice 99: pick 1 to" in out
    assert "there is no choice 0" in out
    assert "unknown command or action 'play Nothing At All'" in out
    assert "log takes a number of entries" in out
    assert "a short summary" in out  # help
    assert "befriend the Sohmas" in out  # rules
    assert "no save file yet" in out
    assert "You moved Tohru from Yuki to Hatsuharu" in out
    assert "Traceback" not in out


def test_an_illegal_but_known_action_is_explained(play: Play) -> None:
    state = zodiac.new_game(players=2, seed=5)
    missing = next(m.name for m in state.rules.cardset.memories if m.name not in state.view(0)["hand"])
    result = play(["--seed", "5", "--seats", "you,greedy"], [f"play {missing}", "quit"])
    assert f"'play {missing}' is not possible now" in result.output


def test_card_name_alone_plays_it(play: Play) -> None:
    state = games.new_game("zodiac", players=2, seed=5)
    card = state.view(0)["hand"][0]
    result = play(["--seed", "5", "--seats", "you,greedy"], [card.lower(), "quit"])
    assert f"You played {card}" in result.output


def test_coop_shows_the_team_and_the_score_to_keep(play: Play) -> None:
    result = play(["--seed", "2", "--seats", "you,greedy", "--variant", "coop"], MANY)
    out = result.output
    assert result.exit_code == 0
    assert "Team: " in out and "score to keep: the deck" in out
    assert "Kaito's hand:" in out  # hands are open to the team
    assert re.search(r"The team (befriended all 13 Sohmas! Score: \d+|lost)", out) or \
        "The deck ran out: the team lost" in out


def test_bots_only_game_is_narrated_to_the_end(play: Play) -> None:
    result = play(["--seed", "1", "--seats", "greedy,random"])
    assert result.exit_code == 0
    assert "Aoi (greedy bot), Kaito (random bot)" in result.output
    assert "Aoi " in result.output and "Kaito " in result.output
    assert RESULT.search(result.output)
