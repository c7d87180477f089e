"""``furuba serve --cardsets DIR`` hands each folder to the ``add_folder`` hook of every game's
``cardset`` option, and refuses a bad folder with one clear line."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from typer.testing import CliRunner

from furuba import games
from furuba.cli.main import app
from furuba.core.errors import OptionsError
from furuba.spec import GameSpec, Option


@pytest.mark.third_game
def test_folders_go_through_the_options_hook(third_game: GameSpec, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FURUBA_CARDSETS", "")   # a game's hook may name the folder there
    seen: list[Path] = []

    def add_folder(folder: Path) -> None:
        seen.append(folder)
        raise OptionsError(f"{folder.name}/odd.toml: not a card set")

    cardset = Option("cardset", "text", "plain", "the deck's look", add_folder=add_folder)
    games.register(dataclasses.replace(third_game, options=(*third_game.options, cardset)))
    result = CliRunner().invoke(app, ["serve", "--cardsets", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path.name}/odd.toml: not a card set" in " ".join(result.output.split())
    assert seen == [tmp_path]
    missing = CliRunner().invoke(app, ["serve", "--cardsets", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "not a folder" in missing.output
    assert "Traceback" not in result.output + missing.output
