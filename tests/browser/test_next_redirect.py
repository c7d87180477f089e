"""The account page's ``next``: once signed in, a player goes back to a page of this site, and
nowhere else, however the address is written — each ``next`` is resolved as the browser resolves
it and its origin compared with the site's; anything else goes to the home page."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
ELSEWHERE = [
    "/%09/evil.example",                     # a tab the browser strips: //evil.example
    "/%0A/evil.example",                     # a newline, the same
    "//evil.example",
    "%2F%2Fevil.example",
    "https://evil.example/",
    "/%5Cevil.example",                      # /\evil.example: a backslash is a slash
    "/%5C/evil.example",
    "%5C%5Cevil.example",
    "javascript:window.pwned=1",
    "javascript%3Awindow.pwned%3D1",
    "http://localhost.evil.example/",
    "data:text/html,pwned",
]
"""``next`` values (as written in the query) that lead off the site, one way or another."""


def sign_in_at(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.press("#signin-password", "Enter")


def sign_out(page: Page, site: str) -> None:
    """Sign out as the pages do (the device cookie stays: it is a known device's next sign-in)."""
    csrf = next(c["value"] for c in page.context.cookies(site) if c["name"] == "furuba_csrf")
    assert page.request.delete(f"{site}/api/session", headers={"X-CSRF-Token": csrf}).ok


def test_next_leads_only_to_this_site(page: Page, live_server: LiveServer) -> None:
    site = live_server.url.replace("://127.0.0.1:", "://localhost:")
    name = f"Tester {secrets.token_hex(3)}"
    hosts: set[str | None] = set()
    page.on("request", lambda request: hosts.add(urlsplit(request.url).hostname))
    made = page.request.post(f"{site}/api/accounts", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    sign_out(page, site)
    for written in ELSEWHERE:
        sign_in_at(page, f"{site}/account?next={written}", name)
        page.wait_for_url(f"{site}/", timeout=WAIT_MS)      # the home page, signed in
        expect(page.locator("#account-tools")).to_contain_text(name)
        assert page.evaluate("window.pwned") is None, written
        sign_out(page, site)
    sign_in_at(page, f"{site}/account?next=%2Freplay%2Fnone%3Fstep%3D2%23end", name)
    page.wait_for_url(f"{site}/replay/none?step=2#end", timeout=WAIT_MS)   # a page of the site
    sign_out(page, site)
    sign_in_at(page, f"{site}/account", name)                # no next: the account page stays
    expect(page.locator("#signed-in")).to_be_visible(timeout=WAIT_MS)
    assert page.url == f"{site}/account"
    assert hosts == {"localhost"}, hosts
