"""Written inputs over the WebSocket (the ``answer`` message): the game's input named by ``name``,
its first one by default; a game without any refuses it; the record and the replay keep them."""

from __future__ import annotations

from furuba.core.record import GameRecord

from .harness import Client, LiveServer, is_event, my_turn, play_to_end


def refusal(c: Client, message: dict[str, object]) -> dict[str, object]:
    c.send(message)
    return c.until_type("error", timeout=5)


def test_a_game_without_written_inputs_refuses_an_answer(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        err = refusal(c, {"type": "answer", "text": "so true"})
        assert err["code"] == "not_allowed" and err["message"] == \
            "Dai Hin Min takes no written input"


def pending_prompt(c: Client) -> bool:
    journal = c.views[0].get("journal") or [] if 0 in c.views else []
    return any(j["player"] == 0 and not j["answer"] for j in journal)


def test_answers_are_named_inputs_kept_in_the_record(live: LiveServer) -> None:
    table_id = live.create(game="zodiac", seats=["human", "greedy"], seed=3,
                           options={"variant": "true-friends", "target": 3})["id"]
    token = live.join(table_id, 0, "Ann")
    with live.client(table_id, [token]) as c:
        c.until_type("snapshot")
        for _ in range(400):
            if pending_prompt(c):
                break
            seat = my_turn(c)
            if seat is not None:
                names = [a["name"] for a in c.legal[0]]
                c.send({"type": "act", "seq_seen": c.seq,
                        "action": next((n for n in names if n.startswith("play ")), names[0])})
                c.legal[0] = []
            c.recv()
        assert pending_prompt(c)
        err = refusal(c, {"type": "answer", "text": "yes", "name": "essay"})
        assert err["code"] == "bad_message" and "'essay'" in err["message"]
        assert refusal(c, {"type": "answer", "text": "   "})["code"] == "bad_answer"
        assert refusal(c, {"type": "answer", "text": "x" * 2001})["code"] == "bad_answer"
        c.send({"type": "answer", "text": "  the day   we met ", "name": "answer"})
        written = c.until(is_event("answer"))
        assert written["event"] == {"kind": "answer", "player": 0, "name": "answer"}
        assert not pending_prompt(c)
        assert refusal(c, {"type": "answer", "text": "again"})["code"] == "not_allowed"
        after = len(live.hub.rooms[table_id].record.actions)
        play_to_end(c)
    replay = live.http.get(f"/api/tables/{table_id}/replay").json()
    assert replay["answers"] == [{"after": after, "seat": 0, "text": "the day we met",
                                  "name": "answer"}]
    record = GameRecord.from_json(replay["record"])
    assert record.written == [(after, 0, "answer", "the day we met")]
    final = record.replay()
    assert final.is_terminal()
    last = live.http.get(f"/api/tables/{table_id}/replay/{len(record.actions)}").json()
    assert last["public"] == final.view(None)
