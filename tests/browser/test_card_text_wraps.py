"""An event card in the hand shows all it says, in Japanese as in English: Japanese text has no
spaces, and its lines break between characters rather than run off the card (issue 47)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .conftest import LiveServer
from .helpers import wait_ready
from .test_pages import seat_with_token

pytestmark = pytest.mark.browser

SEED = 13
"""A three-player deal whose first hand (seat 0, first to play) holds Brotherly Love, the event
with the longest text of the standard set (「綾女がどうしても遊びに来いと言ってきかない。…」)."""

DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}

MEASURE = """(card) => {
  const svg = document.querySelector(`#hand .card-button[data-card="${card}"] svg`);
  const box = svg.getBoundingClientRect();
  const lines = [...svg.querySelectorAll('text.card-text')].map((el) => {
    const r = el.getBoundingClientRect();
    return {text: el.textContent, left: r.left - box.left, right: r.right - box.left,
            top: r.top - box.top, bottom: r.bottom - box.top};
  });
  return {width: box.width, height: box.height, label: svg.getAttribute('aria-label'), lines};
}"""


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_an_event_card_shows_its_whole_text(browser: Browser, base_url: str, live_server: LiveServer,
                                            shots: Path, lang: str, screen: str) -> None:
    context = browser.new_context(base_url=base_url, locale="ja-JP" if lang == "ja" else "en-US",
                                  **(DESKTOP if screen == "desktop" else PHONE))
    page = context.new_page()
    table_id = live_server.create(game="zodiac", seats=["human", "greedy", "greedy"], seed=SEED,
                                  options={"target": 2})["id"]
    seat_with_token(page, live_server, table_id, 0, "Aoi")
    page.goto(f"/t/{table_id}?lang={lang}")
    wait_ready(page)
    card = page.locator('#hand .card-button[data-card="Brotherly Love"]')
    card.scroll_into_view_if_needed()
    card.screenshot(path=shots / f"event-card-{lang}-{screen}.png")
    m: dict[str, Any] = page.evaluate(MEASURE, "Brotherly Love")
    lines = m["lines"]
    texts = [line["text"] for line in lines]
    assert len(lines) >= 3, f"the card's text wraps onto several lines: {texts}"
    for line in lines:
        assert line["left"] >= -1 and line["right"] <= m["width"] + 1, f"a line runs off the card: {line}"
        assert line["top"] >= -1 and line["bottom"] <= m["height"] + 1, f"a line falls off the card: {line}"
    assert not texts[-1].endswith("…"), f"the text is cut short: {texts}"
    said = "".join(texts).replace(" ", "")
    label = (m["label"] or "").replace(" ", "")
    assert said and said in label, f"{texts} is not the card's text: {m['label']}"
    if lang == "ja":
        assert said.startswith("綾女がどうしても遊びに来い") and said.endswith("まっすぐ動かす。"), texts
    else:
        assert said.startswith("Ayameinsists") and said.endswith("straighttoAyame."), texts
    context.close()
