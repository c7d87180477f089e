"""The card-set editor's faults as a new user meets them (/cardsets): a fault is said under the
field just edited, and under the other card's field when it takes two cards (a name used twice);
every message names places as the page labels them ("Memory 2 › Name", numbered from 1, in the
page's language), never as the file does (``memories[1].name``, ``deck_size``); the list of
problems jumps to each field and opens its card; and a set with faults is a check's usual answer,
not an error in the browser's console. In English and in Japanese."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS
from .test_cardset_editor import FIRST, open_default

SECOND = "[data-field='memories[1]']"
NAME_1 = "[data-path='memories[0].name']"
NAME_2 = "[data-path='memories[1].name']"
WORDS = {
    "en": {"memory_1": "Memory 1", "memory_2": "Memory 2", "name": "Name",
           "go": "Go to {place}", "deck": "“Cards in one set” says 53"},
    "ja": {"memory_1": "思い出 1", "memory_2": "思い出 2", "name": "名前",
           "go": "{place}へ移動", "deck": "「1セットのカード枚数」は 53 です"},
}
FILE_WORDS = re.compile(r"memories\[|events\[|symbols\[|deck_size|'count'")
"""How the file names places and fields, which no message of the page may show."""


def name_twice(page: Page) -> str:
    """Open Memory 1 and give it Memory 2's name (Memory 2's card stays folded shut); the name."""
    page.click(f"{FIRST} > summary")
    expect(page.locator(SECOND)).not_to_have_attribute("open", "")
    taken = page.locator(NAME_2).input_value()
    page.fill(NAME_1, taken)
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "false", timeout=WAIT_MS)
    return taken


def notes_of(page: Page, selector: str) -> list[str]:
    """The texts that describe a control (its aria-describedby)."""
    ids = (page.locator(selector).get_attribute("aria-describedby") or "").split()
    return [page.locator(f"#{i}").inner_text() for i in ids]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_name_used_twice_is_marked_on_the_field_just_edited_and_on_the_other_card(
        page: Page, lang: str) -> None:
    open_default(page, lang)
    taken = name_twice(page)
    edited = page.locator(NAME_1)
    # The field being edited says so, keeps the focus, and its note is under it.
    expect(edited).to_have_attribute("aria-invalid", "true")
    expect(edited).to_be_focused()
    expect(page.locator("[data-field='memories[0].name'] .ed-error")).to_be_visible()
    assert any(taken.lower() in n.lower() for n in notes_of(page, NAME_1)), notes_of(page, NAME_1)
    # The other card's name is marked too, and its folded card opens to show it.
    expect(page.locator(NAME_2)).to_have_attribute("aria-invalid", "true")
    expect(page.locator(SECOND)).to_have_attribute("open", "")
    expect(page.locator("[data-field='memories[1].name'] .ed-error")).to_be_visible()
    # Another name mends both.
    page.fill(NAME_1, "A Name of Its Own")
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "true", timeout=WAIT_MS)
    expect(edited).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(NAME_2)).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_message_names_places_as_the_page_labels_them(page: Page, lang: str) -> None:
    words = WORDS[lang]
    open_default(page, lang)
    name_twice(page)
    places = [f"{words['memory_1']} › {words['name']}", f"{words['memory_2']} › {words['name']}"]
    buttons = page.locator("#problem-list button")
    expect(buttons).to_have_text([words["go"].format(place=p) for p in places])
    note = page.locator("[data-field='memories[0].name'] .ed-error")
    expect(note).to_contain_text(words["memory_1"])
    expect(note).to_contain_text(words["memory_2"])
    said = page.locator("#problem-list").inner_text() + " ".join(
        page.locator(".ed-error").all_inner_texts())
    assert not FILE_WORDS.search(said), said
    # A fault the checker words with the file's key (deck_size) is said with the field's label.
    page.fill(NAME_1, "A Name of Its Own")
    page.fill("[data-path='memories[0].count']", "2")
    deck = page.locator("[data-field='deck_size'] .ed-error")
    expect(deck).to_contain_text(words["deck"], timeout=WAIT_MS)
    label = page.locator("[data-field='deck_size'] > label").inner_text()
    expect(buttons).to_have_text([words["go"].format(place=label)])
    said = page.locator("#problem-list").inner_text() + deck.inner_text()
    assert not FILE_WORDS.search(said), said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_fault_is_said_beside_the_field_being_edited_and_the_list_jumps_to_each_field(
        page: Page, lang: str) -> None:
    words = WORDS[lang]
    open_default(page, lang)
    name_twice(page)
    field = page.locator(NAME_1).bounding_box()
    note = page.locator("[data-field='memories[0].name'] .ed-error")
    expect(note).to_be_in_viewport()
    box = note.bounding_box()
    assert field is not None and box is not None
    # Right under the field, not a screen above it.
    assert 0 <= box["y"] - (field["y"] + field["height"]) < 40, (field, box)
    note_id = note.get_attribute("id")
    assert note_id and note_id in (page.locator(NAME_1).get_attribute("aria-describedby") or "")
    # The list of problems jumps to the other card's field, opening its card again if shut.
    page.click(f"{SECOND} > summary")
    expect(page.locator(SECOND)).not_to_have_attribute("open", "")
    go = words["go"].format(place=f"{words['memory_2']} › {words['name']}")
    page.locator("#problem-list button", has_text=go).click()
    expect(page.locator(SECOND)).to_have_attribute("open", "")
    expect(page.locator(NAME_2)).to_be_focused()
    expect(page.locator(NAME_2)).to_be_in_viewport()
    go = words["go"].format(place=f"{words['memory_1']} › {words['name']}")
    page.locator("#problem-list button", has_text=go).click()
    expect(page.locator(NAME_1)).to_be_focused()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_set_with_faults_is_no_error_in_the_console(page: Page, lang: str) -> None:
    errors: list[str] = []
    refused: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if "/check" in r.url and r.status >= 400 else None)
    open_default(page, lang)
    name_twice(page)
    page.fill("[data-path='memories[0].count']", "0")
    expect(page.locator("[data-field='memories[0].count'] .ed-error")).to_be_visible(
        timeout=WAIT_MS)
    expect(page.locator("#check-status")).to_have_attribute("data-ok", "false")
    assert refused == [] and errors == [], (refused, errors)


def test_the_editors_check_answers_a_set_with_faults_as_its_usual_outcome(
        live_server: LiveServer) -> None:
    """``POST /api/cardsets/editor/check``: 200 with ``"ok": false`` and every fault (each
    naming the places it concerns) where ``POST /api/cardsets/check`` answers 400, which stays
    so for its other users; an unknown game is still 404."""
    document = live_server.http.get("/api/cardsets/editor").json()["starts"]["default"]

    def check(path: str, **params: str) -> httpx.Response:
        return live_server.http.post(path, content=json.dumps(document), params=params,
                                     headers={"content-type": "application/json"})

    sound = check("/api/cardsets/editor/check")
    assert sound.status_code == 200 and sound.json()["ok"] is True, sound.text
    assert sound.json()["summary"]["memories"] == 37
    document["memories"][0]["name"] = document["memories"][1]["name"]
    faulty = check("/api/cardsets/editor/check")
    assert faulty.status_code == 200, faulty.text
    answer = faulty.json()
    assert answer["ok"] is False and answer["text"].startswith("name = ")
    [problem] = answer["problems"]
    assert problem["field"] == "memories[1].name"
    assert "memories[0] and memories[1]" in problem["message"], problem
    assert check("/api/cardsets/check").status_code == 400
    assert check("/api/cardsets/editor/check", game="daihinmin").status_code == 404
