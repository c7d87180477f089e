"""The server speaks each client's language: a refusal over HTTP or the socket is a sentence in
the language the request or socket asked for (``?lang=``, the ``furuba_lang`` cookie, the
browser's ``Accept-Language``), English by default; ``/api/games`` says each game's words through
its spec's catalog; hints are sentences in the asking socket's language."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.sync.client import connect

from furuba import games, i18n
from furuba.bots.levels import level_named

from .account_client import Browser
from .harness import Client, LiveServer, wait_my_turn

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
"""Kana or kanji: a sentence in Japanese has some."""


@contextmanager
def socket(live: LiveServer, table_id: str, tokens: list[str], query: str = "",
           **headers: str) -> Iterator[Client]:
    """A client of ``table_id`` whose socket was opened with ``query`` and ``headers``."""
    with connect(f"{live.ws_base}/ws/tables/{table_id}{query}", open_timeout=10, compression=None,
                 max_size=None, additional_headers=headers) as ws:
        client = Client(ws)
        client.send({"type": "hello", "tokens": tokens})
        client.until_type("snapshot")
        yield client


def refusal(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    client.send(message)
    return client.until_type("error", timeout=5)


def test_an_http_refusal_speaks_the_language_asked_for(live: LiveServer) -> None:
    english = live.http.get("/api/tables/nothing-here")
    assert english.status_code == 404 and english.json()["detail"] == "there is no such table"
    asked = [live.http.get("/api/tables/nothing-here?lang=ja"),
             live.http.get("/api/tables/nothing-here", headers={"Accept-Language": "ja-JP,ja;q=0.9"}),
             live.http.get("/api/tables/nothing-here", headers={"Cookie": "furuba_lang=ja"})]
    for r in asked:
        assert r.status_code == 404 and r.json()["detail"] == "そのテーブルはありません。"
    # the query beats the browser's language, which the cookie beats
    r = live.http.get("/api/tables/nothing-here?lang=en", headers={"Accept-Language": "ja"})
    assert r.json()["detail"] == "there is no such table"


def test_a_refused_table_names_the_game_in_the_language_asked_for(live: LiveServer) -> None:
    body = {"game": "daihinmin", "seats": ["human", "greedy"]}
    english = live.http.post("/api/tables", json=body)
    assert english.status_code == 400
    assert english.json()["detail"] == "Dai Hin Min is for 4 to 7 players, not 2"
    japanese = live.http.post("/api/tables?lang=ja", json=body)
    assert japanese.status_code == 400
    detail = japanese.json()["detail"]
    assert "4〜7人で遊びます" in detail and "Dai Hin Min" not in detail, detail
    with i18n.speaking("ja"):
        assert detail.startswith(games.spec("daihinmin").said_title)


def test_a_body_that_does_not_fit_is_explained_in_the_language_asked_for(live: LiveServer) -> None:
    r = live.http.post("/api/tables?lang=ja", json={"game": "zodiac", "seed": "seven"})
    assert r.status_code in (400, 422)
    detail = r.json()["detail"]
    assert detail.startswith("seed は") and "null（ランダムな配り札）" in detail, detail


def test_a_wrong_password_is_refused_in_japanese(site: LiveServer, ann: Browser) -> None:
    with Browser(site, **{"Accept-Language": "ja"}) as b:
        r = b.sign_in("Ann", "not the password")
        assert r.status_code == 401 and r.json()["detail"] == "名前かパスワードが違います。"
    with Browser(site) as b:
        assert b.sign_in("Ann", "not the password").json()["detail"] == "wrong name or password"


def test_a_throttle_says_when_to_try_again_in_japanese(db_url: str) -> None:
    with LiveServer(db_url, tables_burst=1, tables_per_minute=1.0) as live:
        live.create(game="zodiac", seats=["human", "greedy"])
        r = live.http.post("/api/tables?lang=ja", json={"game": "zodiac", "seats": ["human", "greedy"]})
        assert r.status_code == 429 and "Retry-After" in r.headers
        detail = r.json()["detail"]
        assert re.fullmatch(r"あなたのアドレスからの新しいテーブルの作成が多すぎます。"
                            r"\d+秒後にもう一度お試しください。", detail), detail
        r = live.http.post("/api/tables", json={"game": "zodiac", "seats": ["human", "greedy"]})
        assert re.fullmatch(r"too many new tables from your address: try again in \d+ seconds?",
                            r.json()["detail"]), r.json()


@pytest.mark.parametrize(("query", "headers"), [("?lang=ja", {}), ("", {"Accept-Language": "ja"}),
                                                ("", {"Cookie": "furuba_lang=ja"})])
def test_a_socket_refusal_speaks_the_language_of_its_socket(live: LiveServer, query: str,
                                                           headers: dict[str, str]) -> None:
    table_id = live.create(game="zodiac", seats=["human", "greedy"], chat=False, hints=False)["id"]
    token = live.join(table_id, 0, "Ann")
    with socket(live, table_id, [token], query, **headers) as c, \
            socket(live, table_id, [], query, **headers) as spectator, \
            socket(live, table_id, [token]) as english:
        err = refusal(spectator, {"type": "act", "seq_seen": spectator.seq, "action": "draw"})
        assert err["code"] == "not_seated"
        assert err["message"] == "このテーブルにあなたの席はありません（観戦中です）。"
        err = refusal(c, {"type": "chat", "text": "こんにちは"})
        assert (err["code"], err["message"]) == ("not_allowed", "このテーブルではチャットができません。")
        assert refusal(english, {"type": "chat", "text": "hi"})["message"] == "chat is off at this table"
        err = refusal(c, {"type": "dance"})
        assert err["code"] == "bad_message" and err["message"].startswith("'dance' という種類はありません。")
        wait_my_turn(c)
        err = refusal(c, {"type": "act", "seq_seen": c.seq, "action": "fly to the moon"})
        assert (err["code"], err["message"]) == ("illegal", "'fly to the moon' という行動はありません。")
        wait_my_turn(english)
        err = refusal(english, {"type": "act", "seq_seen": english.seq, "action": "fly to the moon"})
        assert err["message"] == "no action is called 'fly to the moon'"


def test_a_hint_is_a_sentence_in_the_language_of_its_socket(live: LiveServer) -> None:
    table_id = live.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    token = live.join(table_id, 0, "Ann")
    with socket(live, table_id, [token], "?lang=ja") as ja, socket(live, table_id, [token]) as en:
        seat = wait_my_turn(ja)
        wait_my_turn(en)
        hints = {}
        for name, client in (("en", en), ("ja", ja)):
            client.send({"type": "hint", "seat": seat})
            hints[name] = client.until_type("hint", timeout=60)
        assert [s["id"] for s in hints["en"]["suggestions"]] == [s["id"] for s in hints["ja"]["suggestions"]]
        for s in hints["en"]["suggestions"]:
            assert s["reason"][:1].isupper() and s["reason"].endswith("."), s
            assert not JAPANESE.search(s["reason"]), s
        for s in hints["ja"]["suggestions"]:
            assert s["reason"].endswith("。") and JAPANESE.search(s["reason"]), s
        room = live.hub.rooms[table_id]
        assert {language for _seat, language in room.hint_cache} == {"en", "ja"}


def test_the_games_are_described_through_their_catalogs(live: LiveServer) -> None:
    def fake(text: str) -> str:
        return f"«{text}»" if i18n.current() == "ja" else text

    spec = dataclasses.replace(games.spec("daihinmin"), name="daihinmin-said", aliases=(),
                               gettext=fake)
    games.register(spec)
    try:
        english = {g["name"]: g for g in live.http.get("/api/games").json()["games"]}["daihinmin-said"]
        japanese = {g["name"]: g for g in live.http.get("/api/games?lang=ja").json()["games"]}
        said = japanese["daihinmin-said"]
    finally:
        games.unregister(spec.name)
    assert english["title"] == "Dai Hin Min" and said["title"] == "«Dai Hin Min»"
    assert said["description"] == f"«{english['description']}»"
    for name, option in said["options"].items():
        assert option["label"] == f"«{english['options'][name]['label']}»"
        if english["options"][name]["help"]:
            assert option["help"] == f"«{english['options'][name]['help']}»"
        for choice, label in option.get("choice_labels", {}).items():
            assert label == f"«{english['options'][name]['choice_labels'][choice]}»"
    # a level the game tunes its own way is said in the game's words, through its catalog
    summaries = {level["name"]: level["summary"] for level in said["levels"]}
    english_summaries = {level["name"]: level["summary"] for level in english["levels"]}
    assert summaries["expert"] == f"«{english_summaries['expert']}»"
    with i18n.speaking("ja"):
        assert japanese["zodiac"]["title"] == games.spec("zodiac").said_title
        assert summaries["hard"] == level_named("hard").said_summary
    assert live.http.get("/api/games").json()["games"][0]["title"] == "Friends of the Zodiac"
