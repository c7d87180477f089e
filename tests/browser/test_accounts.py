"""Accounts in a real browser: signing up, out and in from the account page, the name in the
top bar, a passkey made and used by Chromium's virtual authenticator, and a guest who signs up
mid-game keeping the seat.

Passkeys need a site opened by its name, so these pages are opened at ``http://localhost:PORT``
(the live server listens on the loopback address that ``localhost`` names).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.server.models import AccountRow, PasskeyRow, SeatRow

from .conftest import LiveServer
from .helpers import WAIT_MS

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


@pytest.fixture
def site(live_server: LiveServer) -> str:
    """The live server by name: ``http://localhost:PORT``."""
    return live_server.url.replace("://127.0.0.1:", "://localhost:")


@pytest.fixture
def name() -> str:
    """A new account name for each test (the live server is shared by the session)."""
    return f"Tester {secrets.token_hex(3)}"


@dataclass(frozen=True)
class Authenticator:
    """Chromium's virtual platform authenticator, driven over the DevTools protocol."""

    cdp: CDPSession
    id: str

    def credentials(self) -> list[dict[str, Any]]:
        """The passkeys it holds."""
        held: list[dict[str, Any]] = self.cdp.send("WebAuthn.getCredentials",
                                                   {"authenticatorId": self.id})["credentials"]
        return held


@pytest.fixture
def authenticator(page: Page) -> Iterator[Authenticator]:
    """A passkey store with user verification, as a phone or a laptop's fingerprint reader has."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True}})
    yield Authenticator(cdp, made["authenticatorId"])
    cdp.send("WebAuthn.disable")


def db_call(server: LiveServer, fn: Any) -> Any:
    return server.app.state.hub.db.call(fn)


def sign_up(page: Page, name: str) -> None:
    """Fill the account page's sign-up form and send it with the keyboard."""
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.press("#signup-password", "Enter")


def signed_in_view(page: Page, name: str) -> None:
    expect(page.locator("#signed-in")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#me-name")).to_have_text(name)
    expect(page.locator("#account-tools")).to_contain_text(name)


def sign_out(page: Page) -> None:
    page.click("#sign-out")
    expect(page.locator("#signed-out")).to_be_visible()
    expect(page.locator("#account-tools")).to_have_text("Sign in")


def test_sign_up_sign_out_and_sign_in_with_the_password(page: Page, site: str, name: str) -> None:
    page.goto(f"{site}/")
    link = page.locator("#account-tools a")
    expect(link).to_have_text("Sign in")
    link.click()
    page.wait_for_url(re.compile(r"/account\?next=%2F$"))
    expect(page.locator("#signed-out")).to_be_visible()
    page.fill("#signup-name", "x")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    expect(page.locator("#signup-error")).to_have_text("An account name has 3 to 24 characters.")
    sign_up(page, name)
    page.wait_for_url(f"{site}/")                        # back where the player came from
    expect(page.locator("#account-tools")).to_contain_text(name)
    page.locator("#account-tools a").click()
    signed_in_view(page, name)
    expect(page.locator("#passkey-list")).to_contain_text("No passkey yet")
    sign_out(page)
    page.fill("#signin-name", name.upper())
    page.fill("#signin-password", "not the password")
    page.press("#signin-password", "Enter")
    expect(page.locator("#signin-error")).to_have_text("Wrong name or password.")
    expect(page.locator("#signin-error")).to_have_attribute("role", "alert")
    page.fill("#signin-password", PASSWORD)
    page.press("#signin-password", "Enter")
    signed_in_view(page, name)
    page.goto(f"{site}/replay/none")                     # every page's top bar knows
    expect(page.locator("#account-tools")).to_contain_text(name)


def test_a_passkey_signs_in_without_the_password(page: Page, site: str, name: str,
                                                 live_server: LiveServer,
                                                 authenticator: Authenticator) -> None:
    page.goto(f"{site}/account")
    sign_up(page, name)
    signed_in_view(page, name)
    page.fill("#passkey-name", "Test key")
    page.click("#add-passkey")
    item = page.locator("#passkey-list .passkey-item")
    expect(item).to_have_count(1, timeout=WAIT_MS)
    expect(item).to_contain_text("Test key")
    expect(item).to_contain_text("not used yet")
    [held] = authenticator.credentials()
    assert held["isResidentCredential"] and held["rpId"] == "localhost"
    sign_out(page)
    page.click("#passkey-signin")                        # no name, no password
    signed_in_view(page, name)
    expect(item).to_contain_text("last used")

    def stored(s: Session) -> list[tuple[str, int]]:
        rows = s.execute(select(PasskeyRow.name, PasskeyRow.sign_count)
                         .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                         .where(AccountRow.name == name))
        return [(n, c) for n, c in rows]

    [(key_name, count)] = db_call(live_server, stored)
    assert key_name == "Test key" and count >= 1
    item.get_by_role("button", name="Remove the passkey “Test key”").click()
    expect(page.locator("#passkey-list")).to_contain_text("No passkey yet")
    sign_out(page)
    page.click("#passkey-signin")                        # the authenticator still holds it
    expect(page.locator("#signin-error")).to_contain_text("does not sign in to any account")
    expect(page.locator("#signed-out")).to_be_visible()


def test_a_guest_who_signs_up_mid_game_keeps_the_seat(page: Page, site: str, name: str,
                                                      live_server: LiveServer) -> None:
    made = live_server.create(game="daihinmin", seats=["human", "human", "greedy", "greedy"])
    table_id = made["id"]
    page.goto(f"{site}/t/{table_id}")
    page.fill("#name-0", "Guest Ann")
    page.click("form[data-seat='0'] button[type=submit]")
    expect(page.locator("#table-status")).to_contain_text("you are Guest Ann", timeout=WAIT_MS)
    page.locator("#account-tools a").click()
    page.wait_for_url(re.compile(r"/account\?next="))
    sign_up(page, name)
    page.wait_for_url(f"{site}/t/{table_id}")            # back at the table, still seated
    expect(page.locator("#account-tools")).to_contain_text(name)

    def seat(s: Session) -> tuple[int | None, int | None]:
        row = s.get(SeatRow, (table_id, 0))
        account = s.scalar(select(AccountRow.id).where(AccountRow.name == name))
        return (row.account_id if row is not None else None), account

    held_by, account = db_call(live_server, seat)
    assert account is not None and held_by == account
    games = page.request.get(f"{site}/api/me/games")
    assert games.ok and table_id in {t["id"] for t in games.json()["tables"]}
