"""``POST /api/cardsets/check``: a card set's text checked as the game checks it — its summary,
or every fault at its field; nothing kept, nothing changed."""

from __future__ import annotations

from importlib import resources

from furuba.server.file_checks import MAX_BYTES

from .harness import LiveServer

DEFAULT = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")


def post(live: LiveServer, text: str | bytes, **params: str) -> tuple[int, dict[str, object]]:
    body = text.encode() if isinstance(text, str) else text
    r = live.http.post("/api/cardsets/check", content=body, params=params,
                       headers={"content-type": "application/toml"})
    return r.status_code, r.json()


def test_the_default_set_is_summarised(live: LiveServer) -> None:
    status, answer = post(live, DEFAULT)
    assert status == 200, answer
    summary = answer["summary"]
    assert isinstance(summary, dict)
    assert (summary["name"], summary["memories"], summary["events"]) == ("furuba original", 37, 16)
    assert summary["languages"] == ["en", "ja"] and summary["translated"] == {"ja": summary["texts"]}


def test_every_fault_is_named_by_its_field(live: LiveServer) -> None:
    broken = DEFAULT.replace('id = "star"', 'id = 7', 1).replace(
        'deck_size = 53', 'deck_size = "many"', 1)
    status, answer = post(live, broken)
    assert status == 400
    problems = answer["problems"]
    assert isinstance(problems, list)
    assert {p["field"] for p in problems} == {"symbols[1].id", "deck_size"}, problems
    assert isinstance(answer["detail"], str) and "2" in answer["detail"]


def test_a_card_naming_an_unknown_symbol_is_named(live: LiveServer) -> None:
    status, answer = post(live, DEFAULT.replace('symbol = "heart"', 'symbol = "moon"', 1))
    assert status == 400
    assert any("moon" in p["message"] for p in answer["problems"]), answer


def test_bad_toml_is_one_problem_of_the_whole_file(live: LiveServer) -> None:
    status, answer = post(live, 'name = "mine"\ndeck_size = [')
    assert status == 400
    assert answer["problems"] == [{"field": "", "message": answer["problems"][0]["message"]}]
    assert "not valid TOML" in answer["problems"][0]["message"]


def test_too_large_or_not_text_is_refused_with_a_sentence(live: LiveServer) -> None:
    status, answer = post(live, b"#" * (MAX_BYTES + 1))
    assert status == 413 and "too large" in str(answer["detail"])
    status, answer = post(live, b"name = \"\xff\xfe\"")
    assert status == 400 and "UTF-8" in str(answer["detail"])
    status, answer = post(live, DEFAULT, game="no-such-game")
    assert status == 404


def test_refusals_speak_japanese(live: LiveServer) -> None:
    r = live.http.post("/api/cardsets/check?lang=ja", content=b"name = [")
    assert r.status_code == 400 and "問題" in r.json()["detail"]
