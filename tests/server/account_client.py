"""One browser's side of accounts, for the tests: its own cookies, and the CSRF token sent back
with every request that changes something, as the site's pages send it."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.orm import Session

from .harness import LiveServer

PASSWORD = "correct horse battery"
ROOMY = {"signups_burst": 100, "signups_per_hour": 100_000.0, "signins_burst": 100,
         "signins_per_minute": 100_000.0, "account_signins_burst": 100,
         "account_signins_per_minute": 100_000.0, "device_signins_burst": 100,
         "device_signins_per_minute": 100_000.0, "account_device_signins_burst": 100,
         "account_device_signins_per_minute": 100_000.0}
"""Throttles loose enough for the tests that are not about them."""


class Browser:
    """A client of ``live`` at ``http://{host}:{port}`` (passkeys need a host name, so
    ``localhost`` by default) with a cookie jar of its own."""

    def __init__(self, live: LiveServer, host: str = "localhost", **headers: str) -> None:
        port = live.base.rsplit(":", 1)[1]
        self.origin = f"http://{host}:{port}"
        self.domain = host if "." in host else f"{host}.local"
        """How the cookie jar names this host (``http.cookiejar`` adds ``.local`` to a bare name)."""
        self.http = httpx.Client(base_url=self.origin, timeout=20, headers=headers)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()

    def token(self) -> dict[str, str]:
        """The header the pages send: ``X-CSRF-Token`` with the cookie ``furuba_csrf``."""
        csrf = self.http.cookies.get("furuba_csrf")
        return {"X-CSRF-Token": csrf} if csrf else {}

    @property
    def session(self) -> str | None:
        """The session cookie this browser holds."""
        value: str | None = self.http.cookies.get("furuba_session")
        return value

    def plant(self, name: str, value: str) -> None:
        """Put a cookie in this browser, as if the site (or someone else) had set it."""
        self.http.cookies.set(name, value, domain=self.domain)

    def post(self, path: str, body: Any = None, **headers: str) -> httpx.Response:
        return self.http.post(path, json=body, headers={**self.token(), **headers})

    def delete(self, path: str, body: Any = None, **headers: str) -> httpx.Response:
        return self.http.request("DELETE", path, json=body, headers={**self.token(), **headers})

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def me(self) -> dict[str, Any]:
        r = self.get("/api/me")
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def signed_in_as(self) -> str | None:
        """The name of the account this browser is signed in to (``None``: a guest)."""
        me = self.me()
        return me["name"] if me["signed_in"] else None

    def sign_up(self, name: str, password: str = PASSWORD) -> dict[str, Any]:
        r = self.post("/api/accounts", {"name": name, "password": password})
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.post("/api/session", {"name": name, "password": password})


def all_rows(site: LiveServer, model: Any) -> list[Any]:
    """Every row of ``model`` in ``site``'s database (detached, to read after the session)."""
    def read(s: Session) -> list[Any]:
        found = list(s.scalars(select(model)))
        s.expunge_all()
        return found
    out: list[Any] = site.hub.db.call(read)
    return out


def refused(r: httpx.Response, status: int, *fragments: str) -> str:
    """``r`` is a refusal with ``status`` and one sentence holding every fragment."""
    assert r.status_code == status, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and set(r.json()) == {"detail"}, r.text
    for fragment in fragments:
        assert fragment in detail, (fragment, detail)
    return detail
