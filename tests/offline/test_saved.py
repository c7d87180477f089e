"""What the browser keeps (saved, restored), undo, hints, and the table's settings."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from tests.offline.client import Client, check_frame

from furuba.bots.hint import hint, hint_seed
from furuba.core.errors import OptionsError, SaveFileError
from furuba.daihinmin.moves import PASS
from furuba.offline.catalog import games_catalog
from furuba.offline.table import LocalTable


def without_epoch(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in f.items() if k != "epoch"} for f in frames]


def test_saved_and_restored_mid_game_plays_on_the_same() -> None:
    settings = {"id": "r1", "game": "zodiac", "seed": 31, "undo": True,
                "seats": ["human", "normal", "human"]}
    table = LocalTable.new(settings)
    client = Client(table)
    client.hello()
    rng = random.Random(31)
    for _ in range(25):
        client.step(rng)
    saved = table.saved()
    assert saved["settings"]["seed"] == 31 and len(saved["actions"]) == 25
    assert {by for _seat, _action, by in saved["actions"]} == {"human", "bot"}
    again = LocalTable.restore(copy.deepcopy(saved))
    assert again.saved() == saved and again.state.to_json() == table.state.to_json()
    assert again.table() == table.table()
    assert without_epoch(again.hello()) == without_epoch(client.hello())
    twin = Client(again)
    twin.hello()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(30):
        if client.status != "playing":
            break
        assert client.step(rng_a) == twin.step(rng_b)


@pytest.mark.parametrize("change", [
    lambda s: s.update(format=2),
    lambda s: s["actions"].append([0, 9999, "human"]),
    lambda s: s["actions"].__setitem__(0, [1, s["actions"][0][1], "human"]),
    lambda s: s["actions"].__setitem__(0, [0, s["actions"][0][1], "bot"]),
    lambda s: s.update(actions="all of them"),
    lambda s: s.update(written=[[0, 0, "answer", "hi"]]),
    lambda s: s.update(seq=-1),
    lambda s: s["settings"].update(game="chess"),
])
def test_a_saved_table_that_does_not_replay_is_refused(change: Any) -> None:
    table = LocalTable.new({"game": "daihinmin", "seed": 3, "seats": ["human", "easy", "easy",
                                                                      "easy"]})
    client = Client(table)
    client.hello()
    rng = random.Random(1)
    while len(table.record.actions) < 6:
        client.step(rng)
    saved = table.saved()
    change(saved)
    with pytest.raises((SaveFileError, OptionsError)) as refused:
        LocalTable.restore(saved)
    assert str(refused.value)


def pass_table(undo: bool = True) -> tuple[LocalTable, Client]:
    """A Dai Hin Min table where the person may pass now (someone led before them)."""
    for seed in range(40):
        table = LocalTable.new({"game": "daihinmin", "seed": seed, "undo": undo,
                                "seats": ["human", "easy", "easy", "easy"]})
        client = Client(table)
        client.hello()
        while table.bot_due():
            client.bot()
        if table.actors and PASS in table.state.legal_actions():
            return table, client
    raise AssertionError("no seed lets the person pass first")


def test_undo_takes_back_a_pass() -> None:
    table, client = pass_table()
    before = table.state.to_json()
    assert client.views[0]["undo"] is False
    event = client.send({"type": "act", "action": PASS, "seq_seen": table.seq})[0]
    assert event["views"][0]["undo"] is True
    undone = client.send({"type": "undo"})
    assert [f["event"]["kind"] for f in undone] == ["undo"]
    assert undone[0]["event"]["action"]["id"] == PASS
    assert table.state.to_json() == before and client.views[0]["undo"] is False
    client.check_views()
    assert client.views[0]["legal"] and PASS in [a["id"] for a in client.views[0]["legal"]]
    assert client.send({"type": "undo"})[0]["code"] == "not_allowed"   # the bot's action stands


def test_undo_after_a_bot_or_a_reveal_is_refused() -> None:
    table, client = pass_table()
    play = next(a for a in table.state.legal_actions() if a != PASS)
    client.send({"type": "act", "action": play, "seq_seen": table.seq})
    refused = client.send({"type": "undo"})[0]
    assert refused["code"] == "not_allowed" and "revealed" in refused["message"]
    client.bot()
    refused = client.send({"type": "undo"})[0]
    assert refused["code"] == "not_allowed" and "Kaito" in refused["message"]


def test_undo_is_off_unless_asked_for() -> None:
    table, client = pass_table(undo=False)
    client.send({"type": "act", "action": PASS, "seq_seen": table.seq})
    assert client.views[0]["undo"] is False
    refused = client.send({"type": "undo"})[0]
    assert refused["code"] == "not_allowed" and table.table()["settings"]["undo"] is False


def test_undo_after_a_restore() -> None:
    table, client = pass_table()
    client.send({"type": "act", "action": PASS, "seq_seen": table.seq})
    again = LocalTable.restore(table.saved())
    frames = again.receive({"type": "undo"})
    assert frames[0]["event"]["kind"] == "undo"
    assert again.state.to_json() == table.before.to_json()   # type: ignore[union-attr]


def test_the_hint_is_the_search_bots_choice() -> None:
    table = LocalTable.new({"game": "zodiac", "seed": 6, "seats": ["human", "easy", "easy"]})
    client = Client(table)
    client.hello()
    rng = random.Random(6)
    for _ in range(4):
        client.step(rng)
    while table.bot_due():
        client.bot()
    seat = table.state.current_player
    frame = client.send({"type": "hint"})[0]
    check_frame(frame)
    expected = hint(table.state.clone(), seat,
                    seed=hint_seed(6, seat, len(table.record.actions)))
    assert frame["by"] == "ismcts" and frame["seat"] == seat
    assert frame["action"]["id"] == expected[0].action
    assert [s["id"] for s in frame["suggestions"]] == [h.action for h in expected]
    assert client.send({"type": "hint"}) == [frame]   # the same position: the same hint


def test_hints_can_be_off() -> None:
    table = LocalTable.new({"game": "zodiac", "seed": 6, "hints": False,
                            "seats": ["human", "easy", "easy"]})
    assert table.receive({"type": "hint"})[0]["code"] == "not_allowed"


@pytest.mark.parametrize(("settings", "words"), [
    ({"game": "chess"}, "chess"),
    ({"game": "daihinmin", "players": 3}, "players"),
    ({"game": "daihinmin", "players": 4, "seats": ["human"] * 5}, "disagree"),
    ({"game": "daihinmin", "options": {"target": 0}}, "target"),
    ({"game": "daihinmin", "options": {"colour": "red"}}, "colour"),
    ({"game": "daihinmin", "options": {"seed": 3}}, "seed"),
    ({"game": "zodiac", "options": {"variant": "chaos"}}, "chaos"),
    ({"game": "zodiac", "seats": ["human", "wizard", "easy"]}, "wizard"),
    ({"game": "zodiac", "seats": ["human", "normal:time=2", "easy"]}, "time"),
    ({"game": "zodiac", "seats": ["human", "policy:file=/etc/hosts", "easy"]}, "file"),
    ({"game": "zodiac", "seats": ["human", "ismcts:sims=100000", "easy"]}, "4000"),
    ({"game": "zodiac", "seats": [{"kind": "human", "name": "<b>"}, "easy", "easy"]}, "name"),
    ({"game": "zodiac", "seats": [{"kind": "robot"}, "easy", "easy"]}, "seats[0]"),
    ({"game": "zodiac", "seats": [{"kind": "bot"}, "easy", "easy"]}, "bot"),
    ({"game": "zodiac", "seed": -1}, "seed"),
    ({"game": "zodiac", "seed": 2**80}, "seed"),
    ({"game": "zodiac", "hints": "yes"}, "hints"),
    ({"game": "zodiac", "id": "../../etc"}, "id"),
    ({"game": "zodiac", "lang": "fr"}, "lang"),
    ({"game": "zodiac", "chat": True}, "chat"),
    (["zodiac"], "object"),
])
def test_bad_settings_are_refused_with_a_sentence(settings: Any, words: str) -> None:
    with pytest.raises(OptionsError) as refused:
        LocalTable.new(settings)
    assert words in str(refused.value)


def test_a_bad_setting_is_said_in_the_tables_language() -> None:
    with pytest.raises(OptionsError) as refused:
        LocalTable.new({"game": "daihinmin", "seats": ["human"] * 9, "lang": "ja"})
    assert "Dai Hin Min" not in str(refused.value)


def test_the_games_catalog_is_the_servers_shape() -> None:
    from furuba.tables.catalog import games_catalog as servers

    for lang in ("en", "ja"):
        ours = games_catalog(lang)
        from furuba.i18n import speaking

        with speaking(lang):
            theirs = servers(ours["defaults"])
        assert ours == theirs
    assert games_catalog("ja")["games"][0]["title"] != games_catalog("en")["games"][0]["title"]


def test_a_written_answer_is_kept_and_replayed() -> None:
    table = LocalTable.new({"game": "zodiac", "options": {"variant": "true-friends"}, "seed": 3,
                            "undo": True, "seats": ["human", "easy", "easy"]})
    client = Client(table)
    client.hello()
    rng = random.Random(3)
    for _ in range(200):
        if table.bot_due():
            client.bot()
            continue
        client.act(rng)
        frames = client.send({"type": "answer", "text": "  the day   we met "})
        if frames[0]["type"] == "event":
            break
        assert frames[0]["code"] == "not_allowed"
    assert frames[0]["event"] == {"kind": "answer", "player": 0, "name": "answer"}
    assert table.saved()["written"] == [[len(table.record.actions), 0, "answer", "the day we met"]]
    refused = client.send({"type": "undo"})[0]
    assert refused["code"] == "not_allowed" and "written" in refused["message"]
    assert client.send({"type": "answer", "text": " "})[0]["code"] == "bad_answer"
    assert client.send({"type": "answer", "text": "x", "name": "essay"})[0]["code"] == \
        "bad_message"
    again = LocalTable.restore(table.saved())
    assert again.state.to_json() == table.state.to_json()
    client.check_views()
