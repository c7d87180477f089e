"""The card-set editor's routes: its form, documents checked as files, the account's saved sets,
tables started from a set, and measures of a set's balance — each refusal a clear ``400``-class
answer that changes nothing."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from furuba import games
from furuba.server.editors.loaded import FILES
from furuba.server.editors.models import MeasureRow, SavedFileRow, UploadRow
from furuba.server.models import TableRow

from .account_client import ROOMY, Browser, all_rows, refused
from .harness import LiveServer

DEFAULT = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
OPTION = games.spec("zodiac").option("cardset")


@pytest.fixture
def roomy(db_url: str) -> Iterator[LiveServer]:
    """A server that lets an account keep two sets and a measure ask for 40 games."""
    with LiveServer(db_url, saved_files_per_account=2, measure_max_games=40, **ROOMY) as server:
        yield server


def editor(live: LiveServer, lang: str = "en") -> dict[str, Any]:
    r = live.http.get(f"/api/cardsets/editor?lang={lang}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def check_document(live: LiveServer, document: Any) -> httpx.Response:
    return live.http.post("/api/cardsets/check", content=json.dumps(document),
                          headers={"content-type": "application/json"})


# -- the form and documents -------------------------------------------------------------------------
def test_the_form_comes_from_the_games_schema_in_the_readers_language(live: LiveServer) -> None:
    en, ja = editor(live), editor(live, "ja")
    assert en["game"] == "zodiac" and en["option"] == "cardset" and en["module"] == "zodiac-cardset"
    steps = en["form"]["schema"]["$defs"]["Event"]["properties"]["effect"]["items"]
    assert steps["discriminator"]["propertyName"] == "op"
    assert set(steps["discriminator"]["mapping"]) >= {"move", "move_to", "draw", "choice"}
    assert en["form"]["labels"]["Memory.prompt"] == "True Friends prompt"
    assert ja["form"]["labels"]["Memory.prompt"] != en["form"]["labels"]["Memory.prompt"]
    assert en["starts"]["default"]["name"] == "furuba original"
    assert len(en["starts"]["default"]["memories"]) == 37
    assert en["measure"]["bots"] == ["greedy", "random"]
    games_row = {g["name"]: g for g in live.http.get("/api/games").json()["games"]}
    assert games_row["zodiac"]["options"]["cardset"]["editor"] == {"module": "zodiac-cardset"}
    assert "editor" not in json.dumps(games_row["daihinmin"]["options"])
    assert live.http.get("/cardsets").status_code == 200


def test_a_document_is_written_as_its_file_and_checked(live: LiveServer) -> None:
    document = editor(live)["starts"]["default"]
    r = check_document(live, document)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["summary"]["memories"] == 37
    assert OPTION.editor is not None and OPTION.editor.read(answer["text"]) == document
    # The same file checked as a file: the same answer.
    as_file = live.http.post("/api/cardsets/check", content=answer["text"].encode())
    assert as_file.json()["summary"] == answer["summary"]


def test_each_fault_of_a_document_is_at_its_field(live: LiveServer) -> None:
    document = copy.deepcopy(editor(live)["starts"]["default"])
    document["memories"][3]["ja"]["prompt"] = ""
    document["memories"][0]["symbol"] = "moon"
    r = check_document(live, document)
    assert r.status_code == 400
    fields = {p["field"] for p in r.json()["problems"]}
    assert "memories[3].ja.prompt" in fields, fields
    second = copy.deepcopy(editor(live)["starts"]["default"])
    second["memories"][0]["symbol"] = "moon"                   # a fault across fields
    second["events"][0]["effect"][0]["options"][2]["effect"][0]["sohma"] = "Akito"
    problems = check_document(live, second).json()["problems"]
    assert problems[0]["field"] == "memories[0].symbol" and "moon" in problems[0]["message"]
    third = copy.deepcopy(editor(live)["starts"]["default"])
    third["events"][0]["effect"][0]["options"][2]["effect"][0]["sohma"] = "Akito"
    problems = check_document(live, third).json()["problems"]
    assert problems == [{"field": "events[0].effect[0].choice.options[2].effect[0].move_to.sohma",
                         "message": problems[0]["message"]}]


def test_a_document_that_is_no_object_is_refused(live: LiveServer) -> None:
    r = check_document(live, [1, 2])
    assert r.status_code == 400 and r.json()["problems"][0]["field"] == ""
    r = live.http.post("/api/cardsets/check", content=b"{not json",
                       headers={"content-type": "application/json"})
    assert r.status_code == 400


def test_an_upload_is_read_into_a_document(live: LiveServer) -> None:
    r = live.http.post("/api/cardsets/read", content=DEFAULT.encode())
    assert r.status_code == 200 and r.json()["document"]["deck_size"] == 53
    r = live.http.post("/api/cardsets/read", content=b"name = [")
    assert r.status_code == 400 and "not valid TOML" in r.json()["problems"][0]["message"]
    assert live.http.post("/api/cardsets/read", content=b"#" * (300 * 1024)).status_code == 413
    assert live.http.post("/api/cardsets/read", content=b"\xff\xfe").status_code == 400
    assert live.http.get("/api/cardsets/editor?game=daihinmin").status_code == 404


# -- the account's sets ---------------------------------------------------------------------------
def put(browser: Browser, path: str, body: Any, **headers: str) -> httpx.Response:
    return browser.http.request("PUT", path, json=body, headers={**browser.token(), **headers})


def test_a_guest_is_asked_to_sign_in_and_nothing_is_kept(site: LiveServer) -> None:
    with Browser(site) as guest:
        refused(guest.get("/api/me/cardsets"), 401, "sign in")
        refused(guest.post("/api/me/cardsets", {"name": "mine", "text": DEFAULT}), 401, "sign in")
        refused(guest.get("/api/me/cardsets/abc"), 401)
        refused(put(guest, "/api/me/cardsets/abc", {"name": "x", "text": DEFAULT}), 401)
        refused(guest.delete("/api/me/cardsets/abc"), 401)
    assert all_rows(site, SavedFileRow) == []


def test_an_account_keeps_lists_opens_renames_and_deletes_its_sets(site: LiveServer,
                                                                   ann: Browser) -> None:
    r = ann.post("/api/me/cardsets", {"name": "My box", "text": DEFAULT})
    assert r.status_code == 201 and r.json()["ok"] is True, r.text
    first = r.json()["id"]
    draft = DEFAULT.replace("deck_size = 53", "deck_size = 50", 1)
    r = ann.post("/api/me/cardsets", {"name": "Draft", "text": draft})
    assert r.status_code == 201 and r.json()["ok"] is False      # a draft with faults is kept
    listed = ann.get("/api/me/cardsets").json()["files"]
    assert [f["name"] for f in listed] == ["Draft", "My box"] and "text" not in listed[0]
    assert ann.get(f"/api/me/cardsets/{first}").json()["text"] == DEFAULT
    r = put(ann, f"/api/me/cardsets/{first}", {"name": "Renamed", "text": draft})
    assert r.status_code == 200 and r.json()["name"] == "Renamed" and r.json()["ok"] is False
    assert ann.get(f"/api/me/cardsets/{first}").json()["text"] == draft
    with Browser(site) as ben:                 # another account sees none of them
        ben.sign_up("Ben")
        assert ben.get("/api/me/cardsets").json()["files"] == []
        refused(ben.get(f"/api/me/cardsets/{first}"), 404, "no such file")
        refused(ben.delete(f"/api/me/cardsets/{first}"), 404)
        refused(put(ben, f"/api/me/cardsets/{first}", {"name": "mine", "text": DEFAULT}), 404)
    assert ann.delete(f"/api/me/cardsets/{first}").status_code == 204
    refused(ann.get(f"/api/me/cardsets/{first}"), 404)
    assert [f["name"] for f in ann.get("/api/me/cardsets").json()["files"]] == ["Draft"]


def test_bad_input_is_refused_and_keeps_nothing(roomy: LiveServer) -> None:
    with Browser(roomy) as ann:
        ann.sign_up("Ann")
        refused(ann.post("/api/me/cardsets", {"name": "x", "text": "name = ["}), 400, "not valid TOML")
        refused(ann.post("/api/me/cardsets", {"name": "", "text": DEFAULT}), 400, "name")
        refused(ann.post("/api/me/cardsets", {"name": "x", "text": DEFAULT, "colour": 1}), 400)
        refused(ann.post("/api/me/cardsets", {"name": "x", "text": 53}), 400, "text")
        assert all_rows(roomy, SavedFileRow) == []
        for name in ("one", "two"):
            assert ann.post("/api/me/cardsets", {"name": name, "text": DEFAULT}).status_code == 201
        refused(ann.post("/api/me/cardsets", {"name": "three", "text": DEFAULT}), 409, "2 files")
        assert sorted(r.name for r in all_rows(roomy, SavedFileRow)) == ["one", "two"]


def test_changes_without_the_csrf_token_are_refused(site: LiveServer, ann: Browser) -> None:
    bare = {"X-CSRF-Token": ""}
    refused(ann.post("/api/me/cardsets", {"name": "x", "text": DEFAULT}, **bare), 403, "X-CSRF-Token")
    kept = ann.post("/api/me/cardsets", {"name": "kept", "text": DEFAULT}).json()["id"]
    refused(ann.delete(f"/api/me/cardsets/{kept}", **bare), 403, "X-CSRF-Token")
    refused(put(ann, f"/api/me/cardsets/{kept}", {"name": "y", "text": DEFAULT}, **bare), 403)
    refused(ann.post("/api/cardsets/measure", {"text": DEFAULT, "games": 2}, **bare), 403)
    assert [r.name for r in all_rows(site, SavedFileRow)] == ["kept"]
    assert all_rows(site, MeasureRow) == []


def test_deleting_the_account_deletes_its_sets(site: LiveServer, ann: Browser) -> None:
    assert ann.post("/api/me/cardsets", {"name": "x", "text": DEFAULT}).status_code == 201
    assert ann.delete("/api/me", {"password": "correct horse battery"}).status_code == 204
    assert all_rows(site, SavedFileRow) == []


# -- a table with the set --------------------------------------------------------------------------
MINE = DEFAULT.replace('name = "furuba original"', 'name = "Our box"', 1)


def test_a_table_starts_from_a_set_and_replays_in_another_process(db_url: str) -> None:
    with LiveServer(db_url) as live:
        made = live.create(game="zodiac", seats=["greedy"] * 3, seed=5, files={"cardset": MINE})
        value = made["table"]["options"]["cardset"]
        assert value.startswith("upload:") and len(value) == len("upload:") + 64
        assert live.http.get(f"/api/tables/{made['id']}/catalog").json()["cardset"] == "Our box"
        # The same set again is the same file, kept once.
        again = live.create(game="zodiac", seats=["greedy"] * 3, files={"cardset": MINE})
        assert again["table"]["options"]["cardset"] == value
        assert len(all_rows(live, UploadRow)) == 1
        # A table may name a file the server keeps.
        named = live.create(game="zodiac", seats=["greedy"] * 3, options={"cardset": value})
        assert named["table"]["options"]["cardset"] == value
    FILES.clear()                                # a process that never saw the file
    with LiveServer(db_url) as later:
        live_table = made["id"]
        deadline = time.monotonic() + 60
        while later.table(live_table)["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.2)
        assert later.http.get(f"/api/tables/{live_table}/catalog").json()["cardset"] == "Our box"
        assert later.http.get(f"/api/tables/{live_table}/replay").status_code == 200


def test_a_bad_set_starts_no_table(live: LiveServer) -> None:
    before = len(all_rows(live, TableRow))
    bad = DEFAULT.replace('symbol = "heart"', 'symbol = "moon"', 1)
    r = live.http.post("/api/tables", json={"game": "zodiac", "files": {"cardset": bad}})
    refused(r, 400, "files.cardset", "memories[0].symbol", "moon")
    refused(live.http.post("/api/tables", json={"game": "zodiac", "files": {"colour": bad}}), 400,
            "colour")
    refused(live.http.post("/api/tables", json={"game": "daihinmin", "files": {"cardset": bad}}),
            400, "cardset")
    refused(live.http.post("/api/tables", json={"game": "zodiac",
                                                "options": {"cardset": "upload:" + "0" * 64}}),
            400, "no file")
    assert len(all_rows(live, TableRow)) == before and all_rows(live, UploadRow) == []


# -- measures --------------------------------------------------------------------------------------
def wait_measure(live: LiveServer, measure_id: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        out: dict[str, Any] = live.http.get(f"/api/cardsets/measure/{measure_id}").json()
        if out["status"] not in ("waiting", "running"):
            return out
        time.sleep(0.2)
    raise AssertionError("the measure did not end")


def test_a_measure_plays_the_games_and_reports_with_intervals(roomy: LiveServer) -> None:
    r = roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 12, "players": 3,
                                                       "seed": 7})
    assert r.status_code == 202, r.text
    started = r.json()
    assert started["status"] == "waiting" and started["games"] == 12
    done = wait_measure(roomy, started["id"])
    assert done["status"] == "done" and done["done"] == 12, done
    report = done["report"]
    assert report["games"] == 12 and report["players"] == 3 and report["seed"] == 7
    assert report["options"] == {"cardset": "Our box"}
    seats = report["win_rate_by_seat"]
    assert len(seats) == 3 and abs(sum(s["rate"] for s in seats) - 1) < 1e-9
    assert all(s["ci95"][0] <= s["rate"] <= s["ci95"][1] for s in seats)
    shares = report["befriended"]["share_by_sohma"]
    intervals = report["befriended"]["share_ci95_by_sohma"]
    assert set(intervals) == set(shares) and all(
        intervals[k][0] <= shares[k] <= intervals[k][1] for k in shares)
    assert report["game_length"]["unit"] == "rounds" and report["game_length"]["median"] > 0
    # The same seed plays the same games.
    again = roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 12, "players": 3,
                                                           "seed": 7}).json()
    assert wait_measure(roomy, again["id"])["report"]["win_rate_by_seat"] == seats


def test_a_measure_can_be_cancelled(roomy: LiveServer) -> None:
    started = roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 40}).json()
    refused(roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 2}), 429,
            "under way")                         # one measure under way per address
    r = roomy.http.delete(f"/api/cardsets/measure/{started['id']}")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    out = wait_measure(roomy, started["id"])
    assert out["status"] == "cancelled" and out["done"] < 40 and "report" not in out
    # A new one may start at once, and a finished one can no longer be cancelled.
    quick = roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 2})
    assert quick.status_code == 202, quick.text
    assert wait_measure(roomy, quick.json()["id"])["status"] == "done"
    refused(roomy.http.delete(f"/api/cardsets/measure/{quick.json()['id']}"), 409, "over")
    refused(roomy.http.delete("/api/cardsets/measure/nothing"), 404, "no such measure")
    refused(roomy.http.get("/api/cardsets/measure/nothing"), 404)


def test_a_measure_out_of_bounds_or_of_a_bad_set_is_refused(roomy: LiveServer) -> None:
    post = roomy.http.post
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": 41}), 400, "1 to 40")
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": 0}), 400, "games")
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": 2, "players": 99}), 400,
            "players")
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": 2,
                                                "bots": ["ismcts:hard"]}), 400, "greedy")
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": "2"}), 400, "games")
    r = post("/api/cardsets/measure", json={"text": MINE.replace("deck_size = 53", "deck_size = 5"),
                                            "games": 2})
    assert r.status_code == 400 and r.json()["problems"][0]["field"] == "deck_size"
    refused(post("/api/cardsets/measure", json={"text": MINE, "games": 2, "players": 1}), 400,
            "co")                                # one player plays only Bestest Friends (co-op)
    assert all_rows(roomy, MeasureRow) == []


def test_the_report_is_read_from_the_database(roomy: LiveServer) -> None:
    """Any process answers for a measure: its state is a row, not this process's memory."""
    started = roomy.http.post("/api/cardsets/measure", json={"text": MINE, "games": 2}).json()
    wait_measure(roomy, started["id"])
    roomy.app.state.measures.jobs.clear()
    rows = all_rows(roomy, MeasureRow)
    assert [r.status for r in rows] == ["done"] and rows[0].report["games"] == 2
    assert roomy.http.get(f"/api/cardsets/measure/{started['id']}").json()["report"]["games"] == 2


def test_the_words_the_page_makes_from_data_exist_in_both_languages() -> None:
    """The page says a measure's bots and its game length's unit by keys made from data."""
    from furuba.server.editors.measure import MEASURE_BOTS
    from furuba.sim.sections import sections_for

    web = Path(__file__).resolve().parents[2] / "src" / "furuba" / "server" / "web" / "i18n"
    units = {sections_for(spec.name).length.unit for spec in games.specs()} | {"decisions"}
    keys = {f"editor.bot.{bot}" for bot in MEASURE_BOTS} | {f"editor.report.unit.{u}" for u in units}
    for language in ("en", "ja"):
        catalog = json.loads((web / f"{language}.json").read_text(encoding="utf-8"))
        assert sorted(keys - set(catalog)) == [], language
