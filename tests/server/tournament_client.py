"""What the tournaments' tests share: a tournament's page as a player reads it, and a
tournament made by the first of some new accounts and entered by the others."""

from __future__ import annotations

from typing import Any

from .account_client import Browser
from .harness import LiveServer


def details(browser: Browser, tournament_id: str) -> dict[str, Any]:
    """``GET /api/tournaments/{id}`` as ``browser``'s player sees it."""
    r = browser.get(f"/api/tournaments/{tournament_id}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def entered(site: LiveServer, names: list[str], body: dict[str, Any]
            ) -> tuple[dict[str, Browser], str]:
    """``names`` signed up (a browser each), the first making a tournament of ``body`` and the
    others entering it: the browsers (close them) and the tournament's id."""
    browsers = {n: Browser(site) for n in names}
    for n, b in browsers.items():
        b.sign_up(n)
    made = browsers[names[0]].post("/api/tournaments", {"starts_in": 5, **body})
    assert made.status_code == 201, made.text
    tid: str = made.json()["id"]
    for n in names[1:]:
        joined = browsers[n].post(f"/api/tournaments/{tid}/join")
        assert joined.status_code == 200 and joined.json()["entered"] is True, joined.text
    return browsers, tid
