"""Accounts: signing up and in, names that compare alike, refusals in one sentence, throttles,
the CSRF guard, sessions and their cookies, changing the password, signing out everywhere and
deleting an account. Passkeys: tests/server/test_passkeys.py."""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any, Literal

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from furuba.server.accounts import passwords
from furuba.server.accounts.sessions import csrf_token
from furuba.server.models import AccountRow, SeatRow, SessionRow

from .account_client import PASSWORD, Browser, all_rows, refused
from .harness import LiveServer

WRONG = "wrong name or password"


def accounts(site: LiveServer) -> list[AccountRow]:
    return all_rows(site, AccountRow)


def sessions_of(site: LiveServer, name: str) -> int:
    def count(s: Session) -> int:
        account = s.scalar(select(AccountRow.id).where(AccountRow.name == name))
        return int(s.scalar(select(func.count()).select_from(SessionRow)
                            .where(SessionRow.account_id == account)) or 0)
    out: int = site.hub.db.call(count)
    return out


def cookies_set(r: httpx.Response) -> dict[str, Any]:
    """The cookies a response sets, by name (``http.cookies`` morsels)."""
    jar: SimpleCookie = SimpleCookie()
    for header in r.headers.get_list("set-cookie"):
        jar.load(header)
    return dict(jar)


# -- signing up ----------------------------------------------------------------------------------
def test_sign_up_signs_in_and_keeps_only_an_argon2id_hash(site: LiveServer) -> None:
    with Browser(site) as b:
        out = b.sign_up("  Tohru   Honda ")
        assert out["signed_in"] and out["name"] == "Tohru Honda" and out["passkeys"] == 0
        assert out["csrf"] == b.token()["X-CSRF-Token"] == csrf_token(b.session or "")
        assert b.me()["name"] == "Tohru Honda"
    [row] = accounts(site)
    assert row.name_key == "tohru honda"
    assert row.password_hash.startswith("$argon2id$") and PASSWORD not in row.password_hash
    assert PasswordHasher().verify(row.password_hash, PASSWORD)


def test_names_that_differ_only_in_case_or_width_are_one_name(site: LiveServer) -> None:
    with Browser(site) as b:
        b.sign_up("Kyo Sohma")
    for twin in ("kyo sohma", "KYO  SOHMA", "ＫＹＯ Ｓｏｈｍａ"):
        with Browser(site) as b:
            refused(b.post("/api/accounts", {"name": twin, "password": PASSWORD}), 409, "is taken")
            assert b.session is None
    assert [a.name for a in accounts(site)] == ["Kyo Sohma"]


@pytest.mark.parametrize(("body", "fragments"), [
    ({"name": "Al", "password": PASSWORD}, ("3 to 24 characters",)),
    ({"name": "A" * 25, "password": PASSWORD}, ("3 to 24 characters",)),
    ({"name": "-Ann-", "password": PASSWORD}, ("starts and ends with a letter or a digit",)),
    ({"name": "Ann<b>", "password": PASSWORD}, ("letters, digits, spaces",)),
    ({"name": "Deleted Player", "password": PASSWORD}, ("cannot be an account name",)),
    ({"name": "Guest", "password": PASSWORD}, ("cannot be an account name",)),
    ({"name": "Ann", "password": "short"}, ("at least 8 characters",)),
    ({"name": "Ann", "password": "x" * 300}, ("at most 256 characters",)),
    ({"name": "Annabelle", "password": "ANNABELLE"}, ("must not be the account's name",)),
    ({"name": "Ann"}, ("password is missing",)),
    ({"name": "Ann", "password": 12345678}, ("password must be",)),
    ({"name": "Ann", "password": PASSWORD, "email": "a@b.c"}, ("unknown field 'email'",)),
])
def test_bad_names_and_passwords_are_refused_with_a_sentence(
        site: LiveServer, body: dict[str, Any], fragments: tuple[str, ...]) -> None:
    with Browser(site) as b:
        refused(b.post("/api/accounts", body), 400, *fragments)
        assert b.session is None
    assert accounts(site) == []


# -- signing in ----------------------------------------------------------------------------------
def test_sign_in_with_the_right_password_and_not_with_a_wrong_one(site: LiveServer, ann: Browser) -> None:
    with Browser(site) as b:
        wrong = b.sign_in("Ann", "not the password")
        unknown = b.sign_in("Nobody Here", PASSWORD)
        assert refused(wrong, 401) == refused(unknown, 401) == WRONG   # no name is revealed
        assert b.session is None and b.signed_in_as() is None
        r = b.sign_in("ANN", PASSWORD)                                  # any case of the name
        assert r.status_code == 200 and r.json()["name"] == "Ann", r.text
        assert b.signed_in_as() == "Ann"
    assert sessions_of(site, "Ann") == 2


def test_a_sign_in_with_an_unknown_name_checks_a_password_all_the_same(
        site: LiveServer, ann: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            checked.append(str(password))
            return super().verify(hash, password)

    monkeypatch.setattr(passwords, "HASHER", Counting())
    with Browser(site) as b:
        refused(b.sign_in("Nobody Here", "guess one"), 401, WRONG)
        refused(b.sign_in("Ann", "guess two"), 401, WRONG)
    assert checked == ["guess one", "guess two"]


def test_sign_ins_are_throttled_per_address(db_url: str) -> None:
    with LiveServer(db_url, signins_burst=3, signins_per_minute=1.0) as site, Browser(site) as b:
        with Browser(site) as owner:
            owner.sign_up("Ann")             # b has never signed in: an unknown device
        for name in ("Ann", "Ben", "Cy"):
            refused(b.sign_in(name, "not it"), 401, WRONG)
        r = b.sign_in("Ann", PASSWORD)           # the right password too: nothing is checked
        refused(r, 429, "too many sign-ins from your address", "try again in")
        assert 1 <= int(r.headers["Retry-After"]) <= 60 and b.session is None
        with Browser(site, **{"X-Forwarded-For": "203.0.113.9"}) as elsewhere:
            assert elsewhere.sign_in("Ann", PASSWORD).status_code == 200


def test_sign_ins_are_throttled_per_name_from_every_address(db_url: str) -> None:
    with LiveServer(db_url, account_signins_burst=2, account_signins_per_minute=1.0) as site:
        with Browser(site) as b:
            b.sign_up("Ann")
        for n in (1, 2):
            with Browser(site, **{"X-Forwarded-For": f"203.0.113.{n}"}) as b:
                refused(b.sign_in("Ann", "not it"), 401, WRONG)
        with Browser(site, **{"X-Forwarded-For": "203.0.113.3"}) as b:
            r = b.sign_in("ANN", PASSWORD)       # the same name in other letters
            refused(r, 429, "too many sign-ins with this name", "try again in")
            assert int(r.headers["Retry-After"]) >= 1 and b.session is None
            assert b.sign_in("Ben", PASSWORD).status_code == 401     # another name is not held


# -- CSRF ----------------------------------------------------------------------------------------
def test_a_signed_in_request_without_its_csrf_token_is_refused_and_changes_nothing(
        site: LiveServer, ann: Browser) -> None:
    bare = {"X-CSRF-Token": ""}
    new = {"current": PASSWORD, "new": "another good password"}
    refused(ann.post("/api/me/password", new, **bare), 403, "X-CSRF-Token")
    refused(ann.post("/api/me/password", new, **{"X-CSRF-Token": "0" * 64}), 403, "X-CSRF-Token")
    refused(ann.delete("/api/me/sessions", **bare), 403, "X-CSRF-Token")
    refused(ann.delete("/api/me", {"password": PASSWORD}, **bare), 403, "X-CSRF-Token")
    refused(ann.delete("/api/session", **bare), 403, "X-CSRF-Token")
    assert ann.signed_in_as() == "Ann" and [a.name for a in accounts(site)] == ["Ann"]
    with Browser(site) as other:
        assert other.sign_in("Ann", PASSWORD).status_code == 200      # the password is the same
    assert ann.post("/api/me/password", new).status_code == 204      # with the token: done
    with Browser(site) as other:
        assert other.sign_in("Ann", "another good password").status_code == 200


def test_a_request_from_another_site_is_refused(site: LiveServer, ann: Browser) -> None:
    evil = {"Origin": "https://evil.example"}
    refused(ann.delete("/api/me/sessions", **evil), 403, "from another site")
    assert ann.signed_in_as() == "Ann"
    with Browser(site) as guest:                 # even without a session: no account is made
        body = {"name": "Ben", "password": PASSWORD}
        refused(guest.post("/api/accounts", body, **evil), 403, "from another site")
        refused(guest.post("/api/session", {"name": "Ann", "password": PASSWORD}, **evil), 403)
        assert guest.session is None
        assert guest.post("/api/accounts", body, Origin=guest.origin).status_code == 201
    assert sorted(a.name for a in accounts(site)) == ["Ann", "Ben"]


# -- sessions and cookies ------------------------------------------------------------------------
def test_signing_in_replaces_the_session_the_browser_had(site: LiveServer, ann: Browser) -> None:
    before = ann.session
    assert before is not None
    assert ann.sign_in("Ann", PASSWORD).status_code == 200
    assert ann.session not in (None, before)
    with Browser(site) as thief:                 # whoever kept the old cookie holds nothing
        thief.plant("furuba_session", before)
        assert thief.signed_in_as() is None
    assert sessions_of(site, "Ann") == 1


def test_a_session_cookie_planted_before_sign_in_is_not_the_one_after(site: LiveServer) -> None:
    with Browser(site) as b:
        b.sign_up("Ann")
        b.delete("/api/session")
        planted = "planted-by-someone-else"
        b.plant("furuba_session", planted)
        b.plant("furuba_csrf", csrf_token(planted))
        assert b.signed_in_as() is None
        assert b.sign_in("Ann", PASSWORD).status_code == 200
        assert b.session not in (None, planted) and b.signed_in_as() == "Ann"
    with Browser(site) as other:
        other.plant("furuba_session", planted)
        assert other.signed_in_as() is None


def test_the_cookies_flags(site: LiveServer) -> None:
    with Browser(site) as b:
        r = b.post("/api/accounts", {"name": "Ann", "password": PASSWORD})
        cookies = cookies_set(r)
        session, csrf = cookies["furuba_session"], cookies["furuba_csrf"]
        assert session["httponly"] and session["samesite"].lower() == "lax"
        assert session["path"] == "/" and session["max-age"] == str(30 * 86400)
        assert not session["secure"] and not csrf["secure"]          # plain http
        assert not csrf["httponly"] and csrf["path"] == "/" and csrf.value == r.json()["csrf"]
        out = cookies_set(b.delete("/api/session"))                  # signing out clears both
        assert out["furuba_session"]["max-age"] == "0" and out["furuba_csrf"]["max-age"] == "0"
    with Browser(site, **{"X-Forwarded-Proto": "https"}) as tls:     # behind a TLS proxy
        cookies = cookies_set(tls.post("/api/session", {"name": "Ann", "password": PASSWORD}))
        assert cookies["furuba_session"]["secure"] and cookies["furuba_csrf"]["secure"]


def test_sign_out_ends_the_session(site: LiveServer, ann: Browser) -> None:
    kept = ann.session
    assert ann.delete("/api/session").status_code == 204
    assert ann.session is None and ann.signed_in_as() is None
    with Browser(site) as replay:
        replay.plant("furuba_session", kept or "")
        assert replay.signed_in_as() is None
    assert sessions_of(site, "Ann") == 0


# -- the account ---------------------------------------------------------------------------------
def test_changing_the_password_ends_the_other_sessions(site: LiveServer, ann: Browser) -> None:
    with Browser(site) as phone:
        assert phone.sign_in("Ann", PASSWORD).status_code == 200
        refused(ann.post("/api/me/password", {"current": "not it", "new": "a new password"}),
                401, "the password is wrong")
        refused(ann.post("/api/me/password", {"current": PASSWORD, "new": "short"}), 400,
                "at least 8 characters")
        assert phone.signed_in_as() == "Ann"                         # refused: nothing changed
        r = ann.post("/api/me/password", {"current": PASSWORD, "new": "a new password"})
        assert r.status_code == 204, r.text
        assert phone.signed_in_as() is None and ann.signed_in_as() == "Ann"
        refused(phone.sign_in("Ann", PASSWORD), 401, WRONG)
        assert phone.sign_in("Ann", "a new password").status_code == 200
    hashed = accounts(site)[0].password_hash
    assert hashed.startswith("$argon2id$") and "a new password" not in hashed


def test_sign_out_everywhere(site: LiveServer, ann: Browser) -> None:
    others = [Browser(site), Browser(site)]
    try:
        for other in others:
            assert other.sign_in("Ann", PASSWORD).status_code == 200
        r = ann.delete("/api/me/sessions")
        assert r.status_code == 200 and r.json() == {"ended": 3}, r.text
        assert [b.signed_in_as() for b in (ann, *others)] == [None, None, None]
        assert sessions_of(site, "Ann") == 0
        refused(ann.delete("/api/me/sessions"), 401, "sign in first")
    finally:
        for other in others:
            other.http.close()


def test_deleting_an_account(site: LiveServer, ann: Browser) -> None:
    table_id = site.create(game="daihinmin", seats=["human", "greedy", "greedy", "greedy"])["id"]
    token = site.join(table_id, 0, "Guest")     # taken as a guest, then kept under the account
    r = ann.post("/api/me/seats", {"seats": [{"table": table_id, "token": token}]})
    assert r.status_code == 200 and r.json()["kept"] == [{"table": table_id, "seat": 0}], r.text

    def seat(s: Session) -> tuple[str | None, int | None]:
        row = s.get(SeatRow, (table_id, 0))
        assert row is not None
        return row.name, row.account_id

    assert site.hub.db.call(seat) == ("Ann", accounts(site)[0].id)
    with Browser(site) as phone:
        assert phone.sign_in("Ann", PASSWORD).status_code == 200
        refused(ann.delete("/api/me", {"password": "not it"}), 401, "the password is wrong")
        refused(ann.delete("/api/me"), 400)
        assert [a.name for a in accounts(site)] == ["Ann"] and phone.signed_in_as() == "Ann"
        assert ann.delete("/api/me", {"password": PASSWORD}).status_code == 204
        assert ann.session is None and phone.signed_in_as() is None
    assert accounts(site) == []
    assert site.hub.db.call(seat) == ("deleted player", None)
    with Browser(site) as again:                  # the name is free
        assert again.sign_up("ann")["name"] == "ann"
