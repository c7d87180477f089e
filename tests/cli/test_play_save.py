"""Saving after every action, resuming, and True Friends answers kept in the save file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from furuba import games, zodiac
from furuba.core.record import GameRecord

from .conftest import Play


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def first_memory(seed: int) -> str:
    """The first memory card in player 0's opening hand (a 2-player True Friends game)."""
    state = zodiac.new_game(players=2, seed=seed, variant="true-friends")
    memories = {m.name for m in state.rules.cardset.memories}
    return next(str(c) for c in state.view(0)["hand"] if c in memories)


def test_save_then_resume_continues_to_the_end(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = play(["--seed", "7", "--seats", "you,greedy,greedy", "--save", str(save)],
                 ["move", "move", "draw", "quit"])
    assert first.exit_code == 0
    assert "Resume with: furuba play --resume" in first.output
    data = read(save)
    assert data["furuba_save"] == 1 and data["game"] == "zodiac"
    assert data["seats"] == ["human:You", "greedy", "greedy"]
    assert data["record"]["seed"] == 7
    saved_actions = len(data["record"]["actions"])
    assert saved_actions >= 3
    state = games.state_from_json(data["state"])
    assert GameRecord.from_json(data["record"]).replay().to_json() == state.to_json()

    second = play(["--resume", str(save)], ["1"] * 3000)
    assert second.exit_code == 0
    assert f"after {saved_actions} actions" in second.output
    assert "warning" not in second.output
    assert "Game over:" in second.output
    assert len(read(save)["record"]["actions"]) > saved_actions


def test_resume_plays_on_exactly_like_an_uninterrupted_game(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--seed", "8", "--seats", "you,random", "--save", str(save)], ["move", "quit"])
    play(["--resume", str(save)], ["move", "move", "quit"])
    whole = tmp_path / "whole.json"
    play(["--seed", "8", "--seats", "you,random", "--save", str(whole)],
         ["move", "move", "move", "quit"])
    assert read(save)["record"] == read(whole)["record"]
    assert read(save)["state"] == read(whole)["state"]


def test_true_friends_answer_is_kept_in_the_save_and_survives_resume(play: Play,
                                                                     tmp_path: Path) -> None:
    seed = 4
    memory = first_memory(seed)
    state = zodiac.new_game(players=2, seed=seed, variant="true-friends")
    prompt = next(m.prompt for m in state.rules.cardset.memories if m.name == memory)
    save = tmp_path / "tf.json"
    args = ["--seed", str(seed), "--seats", "you,greedy", "--variant", "true-friends",
            "--save", str(save)]
    result = play(args, [f"play {memory}", "My grandmother's  soup", "quit"])
    assert result.exit_code == 0
    assert "True Friends" in result.output and prompt.split()[0] in result.output
    journal = read(save)["state"]["journal"]
    assert [0, memory, "My grandmother's soup"] in journal

    resumed = play(["--resume", str(save)], ["journal", "quit"])
    assert "warning" not in resumed.output
    assert "My grandmother's soup" in resumed.output
    assert [0, memory, "My grandmother's soup"] in read(save)["state"]["journal"]


def test_true_friends_answer_can_be_skipped(play: Play, tmp_path: Path) -> None:
    memory = first_memory(1)
    save = tmp_path / "tf.json"
    play(["--seed", "1", "--seats", "you,greedy", "--variant", "true-friends", "--save", str(save)],
         [f"play {memory}", "", "quit"])
    assert [0, memory, ""] in read(save)["state"]["journal"]


def test_a_record_that_does_not_replay_gets_a_warning(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--seed", "7", "--seats", "you,greedy", "--save", str(save)], ["move", "quit"])
    data = read(save)
    data["record"]["seed"] = 8
    save.write_text(json.dumps(data), encoding="utf-8")
    result = play(["--resume", str(save)], ["quit"])
    assert result.exit_code == 0
    assert "warning: the game record does not replay to the saved state" in result.output


def test_save_command_starts_saving(play: Play, tmp_path: Path) -> None:
    save = tmp_path / "later.json"
    result = play(["--seed", "7", "--seats", "you,greedy"], [f"save {save}", "move", "quit"])
    assert "saved to" in result.output
    assert len(read(save)["record"]["actions"]) >= 1
