"""The tests' third game (Pairs) on the web server, with no change to the server's code: listed by
``GET /api/games``, its options checked by its spec, a table created, played to the end over the
WebSocket with its actions sent as data, and replayed."""

from __future__ import annotations

import pytest

from furuba import games
from furuba.bots.kit import BotKit
from furuba.bots.levels import LEVELS
from furuba.bots.registry import level_summary
from furuba.learn.kit import LearningKit
from furuba.spec import GameSpec
from furuba.tables.catalog import described

from .harness import LiveServer, is_event, my_turn, play_to_end

pytestmark = pytest.mark.third_game


def test_a_registered_game_is_listed_and_its_options_checked(live: LiveServer,
                                                             third_game: GameSpec) -> None:
    catalog = live.http.get("/api/games").json()
    listed = {g["name"]: g for g in catalog["games"]}
    bots = listed["pairs"].pop("bots")
    levels = listed["pairs"].pop("levels")
    assert listed["pairs"] == described(third_game)
    assert described(third_game)["frontend"] == "generic"
    # Its seat menu says how each level plays it: without a learned policy, as the bot after
    # the first (hard searches a thousand deals), where the other games keep their own.
    assert [(lv["name"], lv["summary"]) for lv in levels] == [
        (level.name, level_summary(level, "pairs")) for level in LEVELS]
    assert levels[3]["summary"] == "Thinks harder: tries its moves in a thousand imagined deals."
    assert [lv["summary"] for lv in catalog["levels"]] == [level.said_summary for level in LEVELS]
    # A bot that needs what this game's spec does not give (a learner's features) is not offered
    # for it, and a table that names it is refused; the games that give it list it.
    assert "policy" in catalog["bots"] and "policy" not in bots and "greedy" in bots
    assert all("policy" in g["bots"] for name, g in listed.items()
               if games.spec(name).kit_or_none(LearningKit) is not None)
    assert listed["pairs"]["players"] == {"min": 2, "max": 3, "default": 2}
    # how strong the levels measured: each game's own ladder; none measured for Pairs
    assert listed["pairs"]["ladder"] == []
    for name, g in listed.items():
        rungs = [(r.level, r.below, r.share, r.players, r.points, r.setting)
                 for r in games.spec(name).kit(BotKit).ladder]
        assert [(r["level"], r["below"], r["share"], r["players"], r["points"], r["setting"])
                for r in g["ladder"]] == rungs
    for body, fragment in [({"options": {"values": 12}}, "values must be at most 9"),
                           ({"seats": ["human"] * 4}, "Pairs is for 2 to 3 players, not 4"),
                           ({"options": {"colour": "red"}}, "unknown option 'colour'"),
                           ({"seats": ["human", "policy"]}, "the policy bot cannot play Pairs")]:
        r = live.http.post("/api/tables", json={"game": "pairs", **body})
        assert r.status_code == 400 and fragment in r.json()["detail"], r.text


def test_a_table_of_the_third_game_plays_to_the_end_and_replays(live: LiveServer,
                                                               third_game: GameSpec) -> None:
    made = live.create(game="pairs", seats=["human", "greedy", "random"],
                       options={"values": 4}, seed=11)
    table_id = made["id"]
    assert made["table"]["title"] == "Pairs" and made["table"]["players"] == 3
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        assert c.views[0]["hand"] is not None and c.views[0]["hands"] is None
        if my_turn(c) is None:
            c.until(lambda msg: my_turn(c) is not None)
        legal = c.legal[0]
        state = live.hub.rooms[table_id].state
        assert legal == [{**state.action_info(a), "name": state.action_to_string(a)}
                         for a in state.legal_actions()]
        c.send({"type": "answer", "text": "a pair at last"})
        err = c.until_type("error")
        assert err["code"] == "not_allowed" and "takes no written input" in err["message"]
        c.send({"type": "act", "seq_seen": c.seq, "action": legal[0]["id"]})
        acted = c.until(is_event("action"))
        assert acted["event"]["action"] == legal[0]
        play_to_end(c, pick=lambda options: options[-1])
        assert c.views[0]["hands"] is not None      # everything is public at the end
    table = live.table(table_id)
    assert table["status"] == "finished" and table["result"]["winners"]
    assert table["replay_url"] == f"/replay/{table_id}"
    replay = live.http.get(f"/api/tables/{table_id}/replay").json()
    record = replay["record"]
    assert record["game"] == "pairs" and replay["answers"] == []
    assert [s["kind"] for s in replay["steps"]][:2] == ["draw", "discard"]
    state = games.new_game("pairs", seed=record["seed"], **record["options"])
    for action in record["actions"]:
        state.apply(action)
    assert state.is_terminal()
    last = live.http.get(f"/api/tables/{table_id}/replay/{len(record['actions'])}").json()
    assert last["public"] == state.view(None) and last["current_player"] is None
    assert [v["view"] for v in last["views"]] == [state.view(p) for p in range(3)]
    first = live.http.get(f"/api/tables/{table_id}/replay/1").json()
    assert first["action"] == replay["steps"][0] == {
        "n": 1, "player": 0, "action": "draw", "kind": "draw", "params": {}}
    assert live.http.get(f"/api/tables/{table_id}/catalog").json() == {"cards": [1, 2, 3, 4]}
