from __future__ import annotations

from .harness import LiveServer


def test_bot_table_plays_to_the_end(live: LiveServer) -> None:
    made = live.create(game="daihinmin", seats=["greedy"] * 4, options={"target": 3})
    with live.client(made["id"]) as spectator:
        spectator.until(lambda msg: (msg.get("type") == "event" and msg.get("status") == "finished")
                        or (msg.get("type") == "snapshot" and msg["table"]["status"] == "finished"),
                        timeout=60)
    assert live.table(made["id"])["status"] == "finished"
