"""A finished offline game leaves the browser: its record downloads as a JSON file, and a signed-in
player puts it on their profile, where it is listed as played offline and replays online."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .helpers import WAIT_MS, play_to_end, status, wait_ready, zodiac_turn
from .test_accounts import sign_up
from .test_offline import kept, start

pytestmark = pytest.mark.browser


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(accept_downloads=True)
    yield context
    context.close()


def test_a_finished_offline_game_downloads_and_goes_on_the_profile(
        context: BrowserContext, base_url: str, tmp_path: Path) -> None:
    page = context.new_page()
    name = f"Tester {secrets.token_hex(3)}"
    page.goto(f"{base_url}/account")
    sign_up(page, name)
    expect(page.locator("#signed-in")).to_be_visible(timeout=WAIT_MS)
    kept(page, base_url, "en")
    start(page, "zodiac", "easy")
    wait_ready(page)
    play_to_end(page, zodiac_turn)
    assert status(page) == "finished"

    page.goto(f"{base_url}/offline/")
    line = page.locator("#saved-list li")
    expect(line).to_have_count(1, timeout=WAIT_MS)
    with page.expect_download() as download:
        line.locator("[data-download]").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert (record["furuba"], record["format"], record["game"]) == ("offline game record", 1,
                                                                    "zodiac")
    assert record["saved"]["settings"]["game"] == "zodiac" and record["saved"]["actions"]

    line.locator("[data-upload]").click()
    online = line.locator("[data-online]")
    expect(online).to_be_visible(timeout=WAIT_MS)
    expect(line.locator("[data-upload]")).to_have_count(0)
    page.reload()      # the kept record remembers the table it became: no second upload
    expect(page.locator("#saved-list li [data-online]")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#saved-list li [data-upload]")).to_have_count(0)
    page.locator("#saved-list li [data-online]").click()
    page.wait_for_url(re.compile(r"/replay/[\w-]+$"), timeout=WAIT_MS)
    table_id = page.url.rsplit("/", 1)[1]
    replay = page.request.get(f"{base_url}/api/tables/{table_id}/replay")
    assert replay.ok and replay.json()["record"]["actions"] == [
        a[1] for a in record["saved"]["actions"]]

    page.goto(f"{base_url}/players/{name}")
    games = page.locator("#player-games")
    expect(games.locator(".played-offline")).to_have_text("played offline", timeout=WAIT_MS)
    expect(games.locator(f"a[href='/replay/{table_id}']")).to_have_count(1)
    expect(games).to_contain_text("not rated")
