"""The card-set editor (/cardsets) as an owner transcribing a box uses it: open the default set,
change a memory's count and see its card and the check follow, make a fault and see it beside its
field, fix it, download the file (which the server's check accepts), start a table with it, and
measure it with bot games; upload, edit events and Sohmas, save to an account and reopen; an axe
scan in English and Japanese."""

from __future__ import annotations

import re
import secrets
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS
from .test_accessibility import violations

FIRST = "[data-field='memories[0]']"
DEFAULT_TEXT = (files("furuba.zodiac") / "cardsets" / "default.toml").read_text(encoding="utf-8")


def open_default(page: Page, lang: str = "en") -> None:
    page.goto(f"/cardsets?lang={lang}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=WAIT_MS)
    page.click("#open-default")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)


def test_edit_check_download_and_play_a_set(page: Page, live_server: LiveServer,
                                            tmp_path: Path, shots: Path) -> None:
    open_default(page)
    expect(page.locator("#check-status")).to_contain_text("37 memories")
    expect(page.locator("#cards-root h3").first).to_have_text("Memories (37)")
    # One more copy of the first memory: its card says so at once; the deck size no longer adds up.
    page.click(f"{FIRST} > summary")
    page.fill("[data-path='memories[0].count']", "2")
    card = page.locator("[data-card='memories[0]']")
    expect(card.locator(".ed-copies")).to_have_text("×2")
    expect(card).to_have_attribute("aria-label", "Sharing Heartache, memory (Kindness); 2 copies")
    expect(page.locator("#cards-root h3").first).to_have_text("Memories (38)")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "false", timeout=WAIT_MS)
    expect(page.locator("#check-status")).to_have_text("The set has 1 problem: see it beside its field.")
    # The fault is beside its field, and the field says so to a screen reader.
    deck = page.locator("[data-path='deck_size']")
    expect(deck).to_have_attribute("aria-invalid", "true")
    described = (deck.get_attribute("aria-describedby") or "").split()
    notes = [page.locator(f"#{i}").inner_text() for i in described]
    assert any("add up to 54 play cards" in n for n in notes), notes
    note = page.locator("[data-field='deck_size'] .ed-error")
    expect(note).to_contain_text("“Cards in one set” says 53")     # the field's label, not its key
    # Going to it from the list of problems focuses it; fixing it clears it.
    page.click("#problem-list button")
    expect(deck).to_be_focused()
    page.fill("[data-path='deck_size']", "54")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)
    expect(page.locator("#check-status")).to_contain_text("38 memories")
    expect(deck).not_to_have_attribute("aria-invalid", "true")
    assert page.locator(".ed-error").count() == 0
    # A translation is a field of its own: emptied, it is left out of the file (no fault).
    page.fill("[data-path='memories[0].ja.name']", "")
    page.fill("[data-path='memories[0].name']", "Heartache Shared")
    expect(card).to_have_attribute("aria-label", "Heartache Shared, memory (Kindness); 2 copies")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)
    expect(page.locator(f"{FIRST} > summary")).to_have_text("Memory 1: Heartache Shared")
    page.locator("#editor-body").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('editor-body').scrollIntoView()")
    page.screenshot(path=shots / "cardset-editor.png")
    # Download: the file is one the server's check accepts, with the changes.
    with page.expect_download() as download:
        page.click("#export-file")
    path = tmp_path / "set.toml"
    download.value.save_as(path)
    assert download.value.suggested_filename == "furuba-original.toml"
    text = path.read_text(encoding="utf-8")
    r = live_server.http.post("/api/cardsets/check", content=text.encode())
    assert r.status_code == 200, r.text
    assert r.json()["summary"]["memories"] == 38 and "Heartache Shared" in text
    # Start a table with it: the table plays this set.
    page.fill("#play-players", "3")
    page.click("#start-table")
    page.wait_for_url("**/t/*", timeout=WAIT_MS)
    table_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    table = live_server.table(table_id)
    assert table["options"]["cardset"].startswith("upload:") and table["players"] == 3
    catalog = live_server.http.get(f"/api/tables/{table_id}/catalog").json()
    assert catalog["cards"]["Heartache Shared"]["count"] == 2
    expect(page.locator("#game")).to_be_visible(timeout=WAIT_MS)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["at least 1 memory in the center", "at least 3 memories in the center",
            "exactly 1 memory in the center", "exactly 2 memories in the center",
            "1 to 3 memories in the center"]),
    ("ja", ["場の思い出が1枚以上", "場の思い出が3枚以上", "場の思い出がちょうど1枚",
            "場の思い出がちょうど2枚", "場の思い出が1〜3枚"])])
def test_a_center_count_condition_is_counted_right_on_the_card(page: Page, lang: str,
                                                               said: list[str]) -> None:
    """The words the editor's cards and the table's ring give a center-count condition."""
    open_default(page, lang)
    conditions = [{"code": "center_at_least", "args": {"count": 1}},
                  {"code": "center_at_least", "args": {"count": 3}},
                  {"code": "center_between", "args": {"low": 1, "high": 1}},
                  {"code": "center_between", "args": {"low": 2, "high": 2}},
                  {"code": "center_between", "args": {"low": 1, "high": 3}}]
    words = page.evaluate("""async (conditions) => {
        const { conditionWords } = await import('/static/js/zodiac-words.js');
        return conditions.map(conditionWords);
    }""", conditions)
    assert words == said


def test_measure_a_set_in_the_page(page: Page) -> None:
    open_default(page)
    page.fill("#play-players", "3")
    page.fill("#measure-games", "6")
    page.click("#measure-start")
    expect(page.locator("#measure-progress")).to_be_visible()
    report = page.locator("#measure-report")
    expect(report.locator("h3").first).to_contain_text("6 games of 3 players", timeout=WAIT_MS * 2)
    expect(page.locator("#measure-progress-text")).to_have_text("Measured over 6 games.")
    assert page.locator("#measure-bar").get_attribute("value") == "6"
    seats = report.locator("table").first
    expect(seats.locator("caption")).to_have_text("Win rate by seat")
    expect(seats.locator("tbody tr")).to_have_count(3)
    assert "–" in seats.locator("tbody tr").first.inner_text()         # its 95% interval
    sohmas = report.locator("table", has_text="Each Sohma's share")
    expect(sohmas.locator("tbody tr")).to_have_count(13)
    expect(report).to_contain_text("Median game:")
    expect(page.locator("#measure-cancel")).to_be_hidden()


def test_a_measure_of_one_game_says_so(page: Page) -> None:
    open_default(page)
    page.fill("#play-players", "2")
    page.fill("#measure-games", "1")
    page.click("#measure-start")
    report = page.locator("#measure-report")
    expect(report.locator("h3").first).to_contain_text("Balance over 1 game of 2 players (",
                                                       timeout=WAIT_MS * 2)
    expect(page.locator("#measure-progress-text")).to_have_text("Measured over 1 game.")


def test_a_measure_of_ten_thousand_games_is_offered_and_can_be_cancelled(page: Page) -> None:
    open_default(page)
    expect(page.locator("#measure-games")).to_have_attribute("max", "10000")
    expect(page.locator("#measure-games-help")).to_have_text(
        "Bot games played on the server, at most 10,000.")
    page.fill("#measure-games", "10000")
    page.click("#measure-start")
    expect(page.locator("#measure-bar")).to_have_attribute("max", "10000")
    expect(page.locator("#measure-cancel")).to_be_visible()
    page.click("#measure-cancel")
    expect(page.locator("#measure-progress-text")).to_have_text("The measure was cancelled.")
    expect(page.locator("#measure-start")).to_be_enabled()
    expect(page.locator("#measure-report")).to_be_empty()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_editor_has_no_serious_accessibility_violation(page: Page, lang: str) -> None:
    open_default(page, lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.click(f"{FIRST} > summary")
    page.click("[data-field='events[0]'] > summary")
    page.click("[data-field='sohmas.Kyo'] > summary")
    assert violations(page) == [], "the default set, open"
    page.fill("[data-path='memories[0].count']", "0")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "false", timeout=WAIT_MS)
    expect(page.locator("[data-field='memories[0].count'] .ed-error")).to_be_visible()
    assert violations(page) == [], "with faults shown beside their fields"
    page.fill("[data-path='memories[0].count']", "1")
    page.fill("#measure-games", "4")
    page.fill("#play-players", "2")
    page.click("#measure-start")
    expect(page.locator("#measure-report h3").first).to_be_visible(timeout=WAIT_MS * 2)
    page.hover("#measure-start")                 # a hovered button's colours are read too
    assert violations(page) == [], "with a measure's report, the pointer on a button"
    if lang == "ja":
        expect(page.locator("#open-title")).to_have_text("カードセットを開く")
        expect(page.locator("[data-field='memories[0].prompt'] > label")).to_have_text(
            "「ほんとうの友だち」の問いかけ")


def test_an_owner_uploads_edits_saves_and_reopens_a_set(page: Page, tmp_path: Path) -> None:
    """The whole owner's round: an empty set is faulty; an uploaded file opens; an event's
    effect and a Sohma side's needs are edited; the set is saved to the account, found again
    after a reload, and exported with the edits."""
    from .test_accounts import sign_up, signed_in_view

    name = f"Owner {secrets.token_hex(3)}"
    page.goto("/account")
    sign_up(page, name)
    signed_in_view(page, name)
    page.goto("/cardsets")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=WAIT_MS)
    page.click("#open-empty")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "false", timeout=WAIT_MS)
    expect(page.locator("#check-status")).to_contain_text("problems")
    assert page.locator(".ed-error").count() > 0

    upload = tmp_path / "box.toml"
    upload.write_text(DEFAULT_TEXT.replace('name = "The Long Way Home"',
                                           'name = "The Longest Way Home"'), encoding="utf-8")
    page.set_input_files("#open-file", str(upload))
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)
    event = page.locator("[data-field='events[1]']")
    expect(event.locator("> summary")).to_have_text("Event 2: The Longest Way Home")
    event.locator("> summary").click()
    steps = page.locator("[data-path='events[1].effect[0].move.steps']")
    expect(steps).to_have_value("2")
    steps.fill("3")
    yuki = page.locator("[data-card='sohmas.Yuki.animal']")
    expect(yuki).to_have_attribute("aria-label", re.compile(r"needs Sorrow, Sorrow, Courage;"))
    page.locator("summary", has_text=re.compile(r"^Yuki$")).click()
    page.click("[data-path='sohmas.Yuki.animal.needs+']")
    page.select_option("[data-path='sohmas.Yuki.animal.needs[3]']", "sun")
    expect(yuki).to_have_attribute("aria-label",
                                   re.compile(r"needs Sorrow, Sorrow, Courage, Laughter;"))
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)

    page.fill("#save-name", "My box")
    page.click("#save-file")
    expect(page.locator("#save-status")).to_have_text("Saved “My box” in your account.")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=WAIT_MS)
    page.locator(".ed-saved-list button", has_text="My box").first.click()
    expect(page.locator("#save-status")).to_have_text("Opened “My box” from your account.")
    expect(page.locator("[data-card='sohmas.Yuki.animal']")).to_have_attribute(
        "aria-label", re.compile(r"needs Sorrow, Sorrow, Courage, Laughter;"))
    with page.expect_download() as download:
        page.click("#export-file")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    exported = tomllib.loads(text)
    assert exported["events"][1]["name"] == "The Longest Way Home"
    assert exported["events"][1]["effect"] == [{"op": "move", "steps": 3, "direction": "clockwise"}]
    assert exported["sohmas"]["Yuki"]["animal"]["needs"] == ["rain", "rain", "star", "sun"]
