"""A server offers extra card sets from a folder (``furuba serve --cardsets DIR``), by name."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from furuba.cli.main import app
from furuba.zodiac.cardset_files import CARDSET_DIRS_ENV

from .harness import LiveServer

DEFAULT = resources.files("furuba.zodiac").joinpath("cardsets/default.toml").read_text("utf-8")


def test_a_transcribed_set_is_offered_and_played_by_name(tmp_path: Path, db_url: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "mine.toml").write_text(
        DEFAULT.replace('name = "Trust"', 'name = "Faith"')
        .replace('name = "furuba original"', 'name = "my own cards"'), "utf-8")
    monkeypatch.setenv(CARDSET_DIRS_ENV, str(folder))
    with LiveServer(db_url) as live:
        choices = live.http.get("/api/games").json()["games"][0]["options"]["cardset"]["choices"]
        assert "mine" in choices
        table_id = live.create(game="zodiac", options={"cardset": "mine"})["id"]
        catalog = live.http.get(f"/api/tables/{table_id}/catalog").json()
        assert catalog["cardset"] == "my own cards"
        assert "Faith" in catalog["cards"] and "Trust" not in catalog["cards"]
        r = live.http.post("/api/tables", json={"game": "zodiac",
                                                "options": {"cardset": str(folder / "mine.toml")}})
        assert r.status_code == 400 and "unknown card" in r.json()["detail"]


def test_serve_refuses_a_broken_card_set_folder(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(DEFAULT.replace('op = "flip_tohru"', 'op = "nap"'), "utf-8")
    result = CliRunner().invoke(app, ["serve", "--cardsets", str(tmp_path)])
    assert result.exit_code == 2
    assert "unknown effect 'nap'" in result.output and "Traceback" not in result.output
    missing = CliRunner().invoke(app, ["serve", "--cardsets", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "not a folder" in missing.output
