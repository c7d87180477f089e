"""Dai Hin Min in the terminal, driven end to end with scripted input."""

from __future__ import annotations

import json
import re
from pathlib import Path

from furuba import games
from furuba.core.record import GameRecord
from furuba.daihinmin.screen import play_text

from .conftest import Play

SEATS = "you,greedy,greedy,greedy"


def leading_seed() -> int:
    """A seed whose first round is led by player 0 (the human)."""
    return next(s for s in range(100)
                if games.new_game("daihinmin", players=4, seed=s).current_player == 0)


def test_scripted_game_to_the_round_limit(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "dhm.json"
    result = play(["daihinmin", "--seats", SEATS, "--seed", "3", "--rounds", "2",
                   "--save", str(save)], ["1"] * 2000)
    out = result.output
    assert result.exit_code == 0, out
    match = re.search(r"Game over after 2 rounds \(round limit\): (.+?) wins? (?:together )?"
                      r"with (\d+) points", out)
    assert match, out[-1500:]
    data = json.loads(save.read_text(encoding="utf-8"))
    state = GameRecord.from_json(data["record"]).replay()
    assert state.is_terminal()
    assert int(match.group(2)) == max(state.scores())
    for text in ("Round 1", "Your hand", "Pile:", "the exchange:", "Poor Man", "Rich Man",
                 "round 1 over:"):
        assert text in out, text
    assert "player 1" not in out


def test_typing_cards_and_illegal_plays(play: Play) -> None:
    seed = leading_seed()
    state = games.new_game("daihinmin", players=4, seed=seed)
    legal = state.legal_action_strings()
    typed = play_text(legal[-1])  # the highest play, typed as cards
    lines = ["pass", "7 7 7 7 7", "3 4", "wibble", "99", typed, "played", "quit"]
    result = play(["daihinmin", "--seats", SEATS, "--seed", str(seed)], lines)
    out = " ".join(result.output.split())
    assert result.exit_code == 0
    assert "you must play a set: nobody may pass on an empty pile" in out
    assert "a rank has only 4 cards" in out
    assert "a set is one rank" in out
    assert "unknown action 'wibble'" in out
    assert "there is no choice 99" in out
    assert "You played" in out
    assert "played this round:" in out
    assert "Traceback" not in out


def test_menu_shows_your_hand_sorted_by_rank(play: Play) -> None:
    seed = leading_seed()
    result = play(["daihinmin", "--seats", SEATS, "--seed", str(seed)], ["quit"])
    hand_line = next(line for line in result.output.splitlines() if line.startswith("Your hand"))
    ranks = [card[:-1] for card in hand_line.split(":", 1)[1].replace("·", " ").split()
             if card != "joker"]
    order = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
    assert [order.index(r) for r in ranks] == sorted(order.index(r) for r in ranks)


def test_save_and_resume_dai_hin_min(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "dhm.json"
    play(["daihinmin", "--seats", SEATS, "--seed", "5", "--target", "5", "--save", str(save)],
         ["1", "1", "quit"])
    before = len(json.loads(save.read_text(encoding="utf-8"))["record"]["actions"])
    result = play(["--resume", str(save)], ["1"] * 2000)
    assert result.exit_code == 0
    assert "warning" not in result.output
    assert "Game over after" in result.output
    assert len(json.loads(save.read_text(encoding="utf-8"))["record"]["actions"]) > before


def test_revolution_is_announced_and_play_runs_counterclockwise(play: Play) -> None:
    result = play(["daihinmin", "--seats", "greedy,greedy,greedy,greedy", "--seed", "2",
                   "--rounds", "6"])
    out = " ".join(result.output.split())
    assert result.exit_code == 0
    assert re.search(r"REVOLUTION! [\w ]+, the Poor Man, showed both jokers", out), out[-1500:]
    assert "play goes counterclockwise this round" in out
    assert "Game over after 6 rounds" in out


def test_the_uecda_rules_in_the_terminal_seat_five_and_play_to_the_end(play: Play,
                                                                     tmp_path: Path) -> None:
    save = tmp_path / "uecda.json"
    result = play(["daihinmin", "-o", "rules=uecda", "--seed", "4", "--rounds", "1",
                   "--save", str(save)], ["1"] * 2000)
    out = result.output
    assert result.exit_code == 0, out[-1500:]
    state = GameRecord.from_json(json.loads(save.read_text(encoding="utf-8"))["record"]).replay()
    assert state.num_players == 5 and state.is_terminal()
    assert sorted(state.scores()) == [1.0, 2.0, 3.0, 4.0, 5.0]       # D25
    assert "the UECda contest's rules" in " ".join(out.split())
