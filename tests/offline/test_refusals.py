"""Bad messages: each gets an ``error`` frame with a sentence, and the table does not change."""

from __future__ import annotations

from typing import Any

import pytest
from tests.offline.client import Client

from furuba.offline.table import LocalTable


def hot_seat() -> tuple[LocalTable, Client]:
    """Seats 0 and 2 held here, seat 0 to decide (a fresh deal: nobody has acted)."""
    table = LocalTable.new({"game": "daihinmin", "seed": 21, "lang": "en",
                            "seats": ["human", "easy", "human", "easy"]})
    client = Client(table)
    client.hello()
    while table.bot_due():
        client.bot()
    return table, client


def current(table: LocalTable) -> int:
    seat = table.current_player
    assert seat is not None
    return seat


BAD: list[tuple[Any, str]] = [
    ({"type": "act", "action": 9999, "seq_seen": "SEQ", "seat": "CUR"}, "illegal"),
    ({"type": "act", "action": 2**80, "seq_seen": "SEQ", "seat": "CUR"}, "illegal"),
    ({"type": "act", "action": "nonsense", "seq_seen": "SEQ", "seat": "CUR"}, "illegal"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ", "seat": "OTHER"}, "not_your_turn"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ", "seat": 1}, "not_seated"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ", "seat": 9}, "not_seated"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ+1", "seat": "CUR"}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": 2**70, "seat": "CUR"}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": -1}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "3"}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": 3.0}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": True}, "bad_message"),
    ({"type": "act", "action": "LEGAL"}, "bad_message"),
    ({"type": "act", "seq_seen": "SEQ"}, "bad_message"),
    ({"type": "act", "action": None, "seq_seen": "SEQ"}, "bad_message"),
    ({"type": "act", "action": [1], "seq_seen": "SEQ"}, "bad_message"),
    ({"type": "act", "action": "x" * 201, "seq_seen": "SEQ"}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ", "seat": 2**64}, "bad_message"),
    ({"type": "act", "action": "LEGAL", "seq_seen": "SEQ", "extra": 1}, "bad_message"),
    ({"type": "teleport"}, "bad_message"),
    ({"type": 7}, "bad_message"),
    ({}, "bad_message"),
    ([1, 2], "bad_message"),
    (None, "bad_message"),
    ("{not json", "bad_message"),
    ('"a string"', "bad_message"),
    ({"type": "sync"}, "bad_message"),
    ({"type": "sync", "last_seq": "1"}, "bad_message"),
    ({"type": "undo", "seat": "CUR"}, "not_allowed"),
    ({"type": "chat", "text": "hi"}, "not_allowed"),
    ({"type": "chat"}, "bad_message"),
    ({"type": "rematch"}, "not_allowed"),
    ({"type": "hint", "seat": "OTHER"}, "not_your_turn"),
    ({"type": "answer", "text": "the day we met", "seat": "CUR"}, "not_allowed"),
    ({"type": "reclaim", "seat": 3}, "not_seated"),
]


def fill(raw: Any, table: LocalTable) -> Any:
    if not isinstance(raw, dict):
        return raw
    cur = current(table)
    other = next(s for s in table.held if s != cur)
    legal = table.state.legal_actions()[0]
    names = {"SEQ": table.seq, "SEQ+1": table.seq + 1, "CUR": cur, "OTHER": other,
             "LEGAL": legal}
    return {k: names.get(v, v) if isinstance(v, str) else v for k, v in raw.items()}


@pytest.mark.parametrize(("raw", "code"), BAD)
def test_a_bad_message_changes_nothing(raw: Any, code: str) -> None:
    table, client = hot_seat()
    before = table.saved()
    frames = client.send(fill(raw, table))
    assert len(frames) == 1 and frames[0]["type"] == "error", frames
    assert frames[0]["code"] == code, frames[0]
    message = frames[0]["message"]
    assert isinstance(message, str) and len(message) > 5 and "Traceback" not in message
    assert table.saved() == before
    cur = current(table)
    legal = table.state.legal_actions()[0]
    after = client.send({"type": "act", "action": legal, "seq_seen": table.seq, "seat": cur})
    assert after[0]["type"] == "event", "the table goes on as if nothing happened"


def test_a_stale_action_is_refused() -> None:
    table, client = hot_seat()
    seen = table.seq
    cur = current(table)
    client.send({"type": "act", "action": table.state.legal_actions()[0], "seq_seen": seen,
                 "seat": cur})
    while table.bot_due():
        client.bot()
    before = table.saved()
    cur = current(table)
    frames = client.send({"type": "act", "action": table.state.legal_actions()[0],
                          "seq_seen": seen, "seat": cur})
    assert frames[0]["code"] == "stale" and table.saved() == before


def test_refusals_are_in_the_tables_language() -> None:
    table = LocalTable.new({"game": "daihinmin", "seed": 2, "lang": "ja",
                            "seats": ["human", "easy", "easy", "easy"]})
    chat = table.receive({"type": "chat", "text": "hi"})[0]["message"]
    assert chat != "chat is off at this table" and any(ord(c) > 0x3000 for c in chat)


def test_sync_and_ping() -> None:
    table, client = hot_seat()
    assert client.send({"type": "ping"}) == [{"type": "pong"}]
    assert client.send({"type": "sync", "last_seq": table.seq}) == []
    ahead = client.send({"type": "sync", "last_seq": table.seq + 5})
    assert [f["type"] for f in ahead] == ["snapshot"]
    assert [f["type"] for f in client.send({"type": "hello"})] == ["welcome", "snapshot"]
    welcome = table.hello(table.seq, table.epoch)
    assert [f["resync"] for f in welcome] == ["none"]
