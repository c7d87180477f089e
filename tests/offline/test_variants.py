"""Every variant and option of both games plays offline: for each choice the offline page offers
(the games' catalog, as the worker describes it to the form), a table is made with it and played
by a person choosing random legal actions against bots until it ends or for a while, with no
refusal; a preset (Dai Hin Min's UECda rules) with what it sets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from furuba.offline import LocalTable, games_catalog

STEPS = 120


def choices() -> list[tuple[str, dict[str, Any], int]]:
    """(game, options, players) for every choice of every option with choices, and the ends of
    every whole-number option's range."""
    out: list[tuple[str, dict[str, Any], int]] = []
    for game in games_catalog("en")["games"]:
        players = game["players"]["default"]
        for name, option in game["options"].items():
            for choice in option.get("choices") or []:
                if choice == option.get("default"):
                    continue
                preset = (option.get("presets") or {}).get(choice, {})
                out.append((game["name"], {name: choice, **{k: v for k, v in preset.items()
                                                            if k != "players"}},
                            int(preset.get("players", players))))
            if option.get("kind") == "int" and option.get("min") is not None:
                out.append((game["name"], {name: option["min"]}, players))
    return out


@pytest.mark.parametrize(("game", "options", "players"), choices(),
                         ids=lambda v: str(v) if not isinstance(v, dict) else
                         ",".join(f"{k}={x}" for k, x in v.items()))
def test_every_choice_of_the_form_plays_offline(game: str, options: dict[str, Any],
                                                players: int) -> None:
    table = LocalTable.new({"id": "variant", "game": game, "players": players, "options": options,
                            "seats": [{"kind": "human", "name": "Ann"}]
                            + [{"kind": "bot", "bot": "easy"}] * (players - 1),
                            "seed": 5, "lang": "en"})
    frames = table.hello()
    rng = random.Random(7)
    for _ in range(STEPS):
        if table.table()["status"] == "finished":
            break
        if table.bot_due():
            frames = table.bot_turn()
        else:
            legal = next(v for v in frames[-1]["views"] if v["seat"] == 0)["legal"] \
                if frames and frames[-1].get("views") else []
            if not legal:
                frames = table.hello()
                legal = next(v for v in frames[-1]["views"] if v["seat"] == 0)["legal"]
            frames = table.receive({"type": "act", "action": rng.choice(legal)["id"],
                                    "seq_seen": table.seq, "seat": 0})
        assert all(f["type"] != "error" for f in frames), frames
    saved = table.saved()
    assert saved["settings"]["options"] == LocalTable.restore(saved).saved()["settings"]["options"]
