"""The review panel when the server is busy: it shows the server's sentence and asks again after
``Retry-After``, then shows the review."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import LiveServer

pytestmark = pytest.mark.browser

BUSY = "too many reviews at once from your address: wait for yours to finish"


def test_a_busy_server_is_waited_out(page: Page, live_server: LiveServer) -> None:
    table_id = live_server.create(game="daihinmin", seats=["greedy"] * 4, seed=8,
                                  options={"max_rounds": 1})["id"]
    live_server.wait_finished(table_id)
    refused: list[str] = []

    def once_busy(route: Route) -> None:
        """The server's own refusal, once: the page's first request for the review."""
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=429, headers={"Retry-After": "1"},
                          content_type="application/json", body=f'{{"detail": "{BUSY}"}}')
        else:
            route.continue_()

    page.route("**/review?seat=*", once_busy)
    page.goto(f"/replay/{table_id}")
    page.click("#review-start")
    expect(page.locator("#review-status")).to_have_text(f"{BUSY} The page asks again in 1 s.")
    expect(page.locator("#review-graph")).to_be_visible(timeout=60_000)
    assert len(refused) == 1
