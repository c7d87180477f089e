"""One cookie parser: the CSRF guard, the language and the routes read the same cookies
(Starlette's parser, the app's), so a malformed cookie in front of the session cannot hide it
from the guard while the routes still sign the request in — and cannot hide the language."""

from __future__ import annotations

from importlib import resources

import httpx
import pytest

from .account_client import Browser, refused
from .harness import LiveServer

CARDSET = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
IN_FRONT = ['x="unterminated; ', "bad cookie name=1; ", 'a=1; b="; c=\\x; ', "=; ;;", '"quoted name"=1; ',
            "furuba_session=planted-by-someone; "]
"""What may come before the session cookie (the last one of a name counts, for everyone)."""


def saved_cardsets(b: Browser) -> list[str]:
    r = b.get("/api/me/cardsets")
    assert r.status_code == 200, r.text
    return [f["name"] for f in r.json()["files"]]


@pytest.mark.parametrize("before", IN_FRONT)
def test_a_malformed_cookie_does_not_hide_the_session_from_the_csrf_guard(
        site: LiveServer, ann: Browser, before: str) -> None:
    cookie = f"{before}furuba_session={ann.session}"
    body = {"name": "mine", "text": CARDSET}
    with httpx.Client(base_url=ann.origin, timeout=20) as raw:
        r = raw.post("/api/me/cardsets", json=body, headers={"Cookie": cookie})
        refused(r, 403, "X-CSRF-Token")
        assert saved_cardsets(ann) == []
        token = ann.token()["X-CSRF-Token"]                   # the routes see the session too:
        r = raw.post("/api/me/cardsets", json=body, headers={"Cookie": cookie,
                                                             "X-CSRF-Token": token})
        assert r.status_code == 201, r.text
    assert saved_cardsets(ann) == ["mine"]


@pytest.mark.parametrize("before", IN_FRONT[:4])
def test_a_malformed_cookie_does_not_hide_the_language(site: LiveServer, before: str) -> None:
    with httpx.Client(base_url=site.base, timeout=20) as raw:
        r = raw.post("/api/session", json={"name": "Nobody Here", "password": "not a password"},
                     headers={"Cookie": f"{before}furuba_lang=ja", "Accept-Language": "en"})
        refused(r, 401, "名前かパスワードが違います")
