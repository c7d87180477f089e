"""The replay and the review of a game played offline, with the network cut: the same replay page
and review panel as online, answered by furuba's Python in the browser's worker, the review made
there a slice at a time (its progress bar moves) and kept with the game, so that a reload shows it
at once. In Japanese, for one check of the words."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .helpers import WAIT_MS, daihinmin_turn, play_to_end, status
from .test_offline import kept

REVIEW_MS = 300_000
"""A review of one seat of a one-round game in Pyodide: seconds (a slow machine: more)."""
WORDS = json.loads((Path(__file__).parents[2] / "src/furuba/server/web/i18n/ja.json")
                   .read_text(encoding="utf-8"))
SAW_PROGRESS = """() => {
  window.sawProgress = false;
  new MutationObserver(() => { if (document.getElementById('review-progress')) window.sawProgress = true; })
    .observe(document.body, { childList: true, subtree: true });
}"""


@pytest.fixture
def offline_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    yield context
    context.close()


def one_round_against_bots(page: Page) -> None:
    """Start a one-round Dai Hin Min game against three ``easy`` bots from the offline page."""
    page.locator("#game-choice input[value=daihinmin]").check()
    page.locator("#seat-name-0").fill("Tohru")
    for row in range(1, page.locator("#seat-rows li").count()):
        page.locator(f"#seat-kind-{row}").select_option("bot:easy")
    rounds = page.locator("#option-max_rounds")
    if rounds.evaluate("el => el.tagName") == "SELECT":
        rounds.select_option("1")
    else:
        rounds.fill("1")
    page.locator("#start-table").click()
    page.wait_for_url(re.compile(r"/offline/table\.html\?t="), timeout=WAIT_MS)


def test_a_finished_offline_game_is_replayed_and_reviewed_with_the_network_cut(
        offline_context: BrowserContext, base_url: str, shots: Path) -> None:
    page = offline_context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    kept(page, base_url, "ja")
    offline_context.set_offline(True)
    one_round_against_bots(page)
    play_to_end(page, daihinmin_turn)
    assert status(page) == "finished"

    replay = page.locator("#replay-link")
    expect(replay).to_have_text(WORDS["table.result.replay"])
    replay.click()
    page.wait_for_url(re.compile(r"/offline/replay\.html\?t="), timeout=WAIT_MS)
    expect(page.locator("#offline-note")).to_have_text(WORDS["offline.replay_note"])
    slider = page.locator("#step-slider")
    expect(slider).to_have_value("0", timeout=WAIT_MS)
    total = int(slider.get_attribute("max") or 0)
    assert total > 4
    page.click("#replay-next")
    page.click("#replay-next")
    expect(slider).to_have_value("2")
    expect(page.locator("#replay-status")).to_contain_text(
        WORDS["table.replay.step_of_title"].format(step=2, total=total))
    hands = page.locator("#game .all-hands li")
    expect(hands).to_have_count(4)
    assert all(WORDS["table.replay.no_cards"] not in text for text in hands.all_inner_texts())
    page.click("#replay-last")
    expect(slider).to_have_value(str(total))

    # The review of the seat this browser held ("you"), made in the worker: progress, then done.
    expect(page.locator("#review-seat")).to_have_value("0")
    started = time.monotonic()
    page.click("#review-start")
    expect(page.locator("#review-progress")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#review-status")).to_have_text(WORDS["table.review.working_you"])
    graph = page.locator("#review-graph")
    expect(graph).to_be_visible(timeout=REVIEW_MS)
    took = time.monotonic() - started
    expect(page.locator("#review-status")).to_have_text(WORDS["table.review.ready_you"])
    expect(graph.locator("path.review-line")).to_have_count(4)
    expect(page.locator("#review-data")).to_be_attached()
    expect(page.locator("#review-decisions tbody tr").first).to_be_attached()
    mistakes = page.locator("#review-mistakes")
    expect(mistakes).to_be_visible()
    if mistakes.evaluate("el => el.tagName") == "P":
        expect(mistakes).to_contain_text("ミスはありません")
    else:
        expect(mistakes.locator("li").first).to_be_visible()
    expect(page.locator("a.review-puzzle")).to_have_count(0)     # offline: no puzzles
    page.screenshot(path=shots / "offline-review.png", full_page=True)
    print(f"the review of seat 0 ({total} steps) took {took:.1f} s in Pyodide")

    # Kept with the game: after a reload the review comes back at once, never made again.
    page.reload()
    expect(slider).to_be_visible(timeout=WAIT_MS)
    page.evaluate(SAW_PROGRESS)
    again = time.monotonic()
    page.click("#review-start")
    expect(graph).to_be_visible(timeout=WAIT_MS)
    print(f"the kept review came back in {time.monotonic() - again:.2f} s")
    assert page.evaluate("window.sawProgress") is False
    expect(page.locator("#review-status")).to_have_text(WORDS["table.review.ready_you"])
