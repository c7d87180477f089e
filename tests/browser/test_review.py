"""The game review on the replay page: Analyse, a progress bar, then the win-chance graph with a
line per player, the mistakes linked to their steps, and every decision against the bot's."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def test_a_finished_game_is_analysed_on_its_replay(page: Page, live_server: LiveServer,
                                                   shots: Path) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy", "random", "greedy", "greedy"],
                                  seed=6, options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/replay/{table_id}")
    expect(page.locator("#replay-status")).to_contain_text("Step 0 of")
    expect(page.locator("#review-title")).to_have_text("Game review")
    page.select_option("#review-seat", "1")
    page.click("#review-start")
    bar = page.locator("#review-progress")
    expect(bar).to_be_visible()
    expect(page.locator("#review-progress-text")).to_contain_text("% done")
    expect(page.locator("#review-status")).to_contain_text("Analysing Kaito")

    graph = page.locator("#review-graph")
    expect(graph).to_be_visible(timeout=60_000)
    expect(bar).to_have_count(0)
    expect(page.locator("#review-status")).to_have_text("The review of Kaito's play is ready.")
    expect(graph.locator("title").first).to_contain_text("Win chance of every player")
    expect(graph.locator("#review-graph-desc")).to_contain_text("Kaito (dashed line with squares)")
    lines = graph.locator("path.review-line")
    expect(lines).to_have_count(4)
    dashes = {lines.nth(i).get_attribute("stroke-dasharray") for i in range(4)}
    assert len(dashes) == 4, "each line has its own dash pattern"
    expect(page.locator("#review-legend li")).to_have_count(4)
    expect(page.locator("#review-legend li").nth(1)).to_contain_text("Kaito (reviewed)")

    mistakes = page.locator("#review-mistakes li")
    assert mistakes.count() >= 1, "a random player's slips are listed"
    expect(graph.locator("a.review-mistake")).to_have_count(mistakes.count())
    first = mistakes.first.locator('a[href^="#step="]')
    href = first.get_attribute("href") or ""
    assert href.startswith("#step=")
    step = int(href.removeprefix("#step="))
    page.screenshot(path=shots / "review.png", full_page=True)
    first.click()
    expect(page.locator("#replay-status")).to_contain_text(f"Step {step} of")

    decisions = page.locator("#review-decisions tbody tr")
    assert decisions.count() >= mistakes.count()
    expect(decisions.first.locator("td").nth(2)).to_contain_text("%")
    page.locator(".review-figure details summary").click()         # the numbers as a table
    expect(page.locator("#review-data tbody tr").first).to_be_visible()
    expect(page.locator("#review-data thead th")).to_have_count(5)

    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("weighed in the same 64 worlds")
    expect(summary).to_contain_text("as good")
    expect(mistakes.first).to_contain_text("Your move: ")
    expect(mistakes.first).to_contain_text("The bot’s move: ")
    expect(mistakes.first).to_contain_text("points better")
    solve = mistakes.first.locator("a.review-puzzle")     # each mistake became a puzzle
    expect(solve).to_have_text("Solve it as a puzzle")
    assert (solve.get_attribute("href") or "").startswith("/puzzles#")
    for row in decisions.all():                  # the bot's move is never shown worse
        cells = row.locator("td")
        played, best = cells.nth(2).inner_text(), cells.nth(4).inner_text()
        assert "±" in played and "±" in best, (played, best)
        assert int(best.split("%")[0]) >= int(played.split("%")[0]), (played, best)
        verdict = cells.nth(6).inner_text()
        if verdict == "As good":
            assert cells.nth(5).inner_text() == "", "an 'as good' move lost no points"
