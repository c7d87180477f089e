"""Passkeys on the server: the ceremonies' options, a software passkey registered and signing in
end to end, challenges used once and for five minutes, and forged or garbled answers refused
with one sentence while nothing is stored and nobody is signed in. (A browser's own
authenticator: tests/browser/test_accounts.py.)"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import update
from sqlalchemy.orm import Session
from webauthn.helpers import base64url_to_bytes

from furuba.server.models import AccountRow, ChallengeRow, PasskeyRow

from .account_client import PASSWORD, Browser, all_rows, refused
from .authenticator import SoftPasskey
from .harness import LiveServer

SPENT = "has expired or was already used"
NOT_VERIFIED = "could not be verified"


def options(b: Browser, ceremony: str) -> dict[str, Any]:
    """The options of a new ceremony (``register`` or ``signin``), with its id."""
    r = b.post(f"/api/passkeys/{ceremony}/options")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    assert set(out) == {"ceremony", "options"}
    return out


def register(b: Browser, key: SoftPasskey, name: str | None = None) -> httpx.Response:
    started = options(b, "register")
    answer = key.register(started["options"], b.origin)
    return b.post("/api/passkeys/register", {"ceremony": started["ceremony"], "credential": answer,
                                             "name": name})


def sign_in(b: Browser, key: SoftPasskey, **forge: Any) -> httpx.Response:
    started = options(b, "signin")
    answer = key.sign_in(started["options"], forge.pop("origin", b.origin), **forge)
    return b.post("/api/passkeys/signin", {"ceremony": started["ceremony"], "credential": answer})


def test_registration_options(site: LiveServer, ann: Browser) -> None:
    with Browser(site) as guest:
        refused(guest.post("/api/passkeys/register/options"), 401, "sign in first")
    started = options(ann, "register")
    o = started["options"]
    [account] = all_rows(site, AccountRow)
    assert o["rp"] == {"id": "localhost", "name": "furuba"}
    assert o["user"]["id"] == account.user_handle and o["user"]["name"] == "Ann"
    assert len(base64url_to_bytes(o["challenge"])) >= 32
    assert {"type": "public-key", "alg": -7} in o["pubKeyCredParams"]
    assert o["authenticatorSelection"]["residentKey"] == "required"
    assert o["authenticatorSelection"]["userVerification"] == "preferred"
    assert o["attestation"] == "none" and o["excludeCredentials"] == []
    [challenge] = all_rows(site, ChallengeRow)
    assert challenge.id == started["ceremony"] and challenge.kind == "register"
    assert challenge.account_id == account.id
    assert challenge.challenge == base64url_to_bytes(o["challenge"])
    assert 290 < challenge.expires_at - time.time() <= 300


def test_sign_in_options_need_no_session_and_name_no_credential(site: LiveServer) -> None:
    with Browser(site) as guest:
        started = options(guest, "signin")
    o = started["options"]
    assert o["rpId"] == "localhost" and o["allowCredentials"] == []
    assert o["userVerification"] == "preferred" and len(base64url_to_bytes(o["challenge"])) >= 32
    [challenge] = all_rows(site, ChallengeRow)
    assert (challenge.kind, challenge.account_id) == ("signin", None)


def test_a_site_opened_by_ip_address_gets_a_sentence(site: LiveServer) -> None:
    with Browser(site, host="127.0.0.1") as b:
        refused(b.post("/api/passkeys/signin/options"), 400, "by its name", "not by an IP address")
    assert all_rows(site, ChallengeRow) == []


def test_a_passkey_registers_and_signs_in(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    r = register(ann, key, "My phone")
    assert r.status_code == 201 and r.json() == {"id": key.credential_id, "name": "My phone"}, r.text
    [listed] = ann.get("/api/me/passkeys").json()["passkeys"]
    assert listed["id"] == key.credential_id and listed["name"] == "My phone"
    assert listed["used_at"] is None and abs(listed["created_at"] - time.time()) < 60
    assert ann.me()["passkeys"] == 1 and all_rows(site, ChallengeRow) == []
    assert options(ann, "register")["options"]["excludeCredentials"][0]["id"] == key.credential_id
    with Browser(site) as phone:
        r = sign_in(phone, key)
        assert r.status_code == 200 and r.json()["name"] == "Ann", r.text
        assert phone.signed_in_as() == "Ann" and phone.session != ann.session
    [stored] = all_rows(site, PasskeyRow)
    assert stored.sign_count == key.sign_count == 1 and stored.used_at is not None
    assert stored.transports == ["internal"]


def test_a_passkey_sign_in_makes_a_known_device(db_url: str) -> None:
    """A passkey sign-in gives the browser its device cookie, as a password sign-in does: then a
    flood of wrong passwords with the name does not hold that browser's password sign-in up."""
    with LiveServer(db_url, account_signins_burst=1, account_signins_per_minute=1.0) as site:
        key = SoftPasskey()
        with Browser(site) as owner:
            owner.sign_up("Ann")
            assert register(owner, key).status_code == 201
        with Browser(site) as phone:
            assert sign_in(phone, key).status_code == 200
            assert phone.http.cookies.get("furuba_device")
            for n in (1, 2):
                with Browser(site, **{"X-Forwarded-For": f"203.0.113.{n}"}) as attacker:
                    attacker.sign_in("Ann", "a wrong guess")
            with Browser(site, **{"X-Forwarded-For": "203.0.113.3"}) as stranger:
                refused(stranger.sign_in("Ann", PASSWORD), 429, "with this name")
            phone.delete("/api/session")
            assert phone.sign_in("Ann", PASSWORD).status_code == 200


def test_a_passkey_sign_in_replaces_the_browsers_session(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    assert register(ann, key).status_code == 201
    with Browser(site) as b:
        b.sign_up("Ben")
        before = b.session
        assert sign_in(b, key).status_code == 200
        assert b.signed_in_as() == "Ann" and b.session != before
    with Browser(site) as thief:
        thief.plant("furuba_session", before or "")
        assert thief.signed_in_as() is None


def test_a_ceremony_is_used_once(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    started = options(ann, "register")
    garbage = {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}}
    body = {"ceremony": started["ceremony"], "credential": garbage}
    refused(ann.post("/api/passkeys/register", body), 401, NOT_VERIFIED)
    body["credential"] = key.register(started["options"], ann.origin)  # the right answer, too late
    refused(ann.post("/api/passkeys/register", body), 401, SPENT)
    assert all_rows(site, PasskeyRow) == [] and all_rows(site, ChallengeRow) == []
    assert register(ann, key).status_code == 201
    with Browser(site) as b:
        started = options(b, "signin")
        body = {"ceremony": started["ceremony"], "credential": key.sign_in(started["options"], b.origin)}
        assert b.post("/api/passkeys/signin", body).status_code == 200
        b.delete("/api/session")
        refused(b.post("/api/passkeys/signin", body), 401, SPENT)      # replayed
        assert b.session is None


def test_a_ceremony_expires_after_five_minutes(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    started = options(ann, "register")

    def five_minutes_pass(s: Session) -> None:
        s.execute(update(ChallengeRow).values(expires_at=time.time() - 1))

    site.hub.db.call(five_minutes_pass)
    body = {"ceremony": started["ceremony"], "credential": key.register(started["options"], ann.origin)}
    refused(ann.post("/api/passkeys/register", body), 401, SPENT)
    assert all_rows(site, PasskeyRow) == [] and all_rows(site, ChallengeRow) == []
    options(ann, "register")                     # expired ceremonies go when a new one starts
    site.hub.db.call(five_minutes_pass)
    options(ann, "signin")
    assert [c.kind for c in all_rows(site, ChallengeRow)] == ["signin"]


def test_a_ceremony_belongs_to_its_kind_and_its_account(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    started = options(ann, "register")
    with Browser(site) as ben:
        ben.sign_up("Ben")
        body = {"ceremony": started["ceremony"], "credential": key.register(started["options"], ann.origin)}
        refused(ben.post("/api/passkeys/register", body), 401, SPENT)
        signin = options(ben, "signin")
        body = {"ceremony": signin["ceremony"], "credential": key.register(started["options"], ann.origin)}
        refused(ben.post("/api/passkeys/register", body), 401, SPENT)
    assert all_rows(site, PasskeyRow) == []


@pytest.mark.parametrize("forge", ["another key", "another site", "an old sign count", "another account",
                                   "garbage"])
def test_a_forged_sign_in_is_refused(site: LiveServer, ann: Browser, forge: str) -> None:
    key = SoftPasskey()
    assert register(ann, key).status_code == 201
    with Browser(site) as b:
        if forge == "another key":
            r = sign_in(b, key, signer=ec.generate_private_key(ec.SECP256R1()))
        elif forge == "another site":
            r = sign_in(b, key, origin="http://evil.example")
        elif forge == "an old sign count":
            assert sign_in(b, key).status_code == 200
            b.delete("/api/session")
            key.sign_count = 0                   # a clone of the key replays an old count
            r = sign_in(b, key)
        elif forge == "another account":
            key.user_handle = "c29tZW9uZSBlbHNl"
            r = sign_in(b, key)
        else:
            started = options(b, "signin")
            r = b.post("/api/passkeys/signin", {"ceremony": started["ceremony"],
                                                "credential": {"id": 7, "response": "no"}})
        refused(r, 401, NOT_VERIFIED)
        assert b.session is None and b.signed_in_as() is None


def test_a_forged_registration_stores_nothing(site: LiveServer, ann: Browser) -> None:
    started = options(ann, "register")
    answer = SoftPasskey().register(started["options"], "http://evil.example")
    refused(ann.post("/api/passkeys/register", {"ceremony": started["ceremony"], "credential": answer}),
            401, NOT_VERIFIED)
    started = options(ann, "register")
    answer = SoftPasskey().register({**started["options"], "challenge": "AAAAAAAA"}, ann.origin)
    refused(ann.post("/api/passkeys/register", {"ceremony": started["ceremony"], "credential": answer}),
            401, NOT_VERIFIED)
    assert all_rows(site, PasskeyRow) == [] and ann.me()["passkeys"] == 0


def test_refusals_of_passkey_bodies(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    refused(register(ann, key, "<script>"), 400, "the passkey's name")
    started = options(ann, "register")
    big = {"ceremony": started["ceremony"], "credential": {"id": "x" * 20_000}}
    refused(ann.post("/api/passkeys/register", big), 400, "credential must be at most")
    refused(ann.post("/api/passkeys/register", {"ceremony": started["ceremony"]}), 400,
            "credential is missing")
    assert all_rows(site, PasskeyRow) == []
    assert register(ann, key).status_code == 201
    assert ann.get("/api/me/passkeys").json()["passkeys"][0]["name"] == "Passkey"
    refused(register(ann, key), 409, "already added")


def test_removing_a_passkey(site: LiveServer, ann: Browser) -> None:
    key, other = SoftPasskey(), SoftPasskey()
    assert register(ann, key).status_code == 201 and register(ann, other).status_code == 201
    with Browser(site) as ben:
        ben.sign_up("Ben")
        refused(ben.delete(f"/api/me/passkeys/{key.credential_id}"), 404, "no such passkey")
    assert len(all_rows(site, PasskeyRow)) == 2
    assert ann.delete(f"/api/me/passkeys/{key.credential_id}").status_code == 204
    assert [p["id"] for p in ann.get("/api/me/passkeys").json()["passkeys"]] == [other.credential_id]
    refused(ann.delete(f"/api/me/passkeys/{key.credential_id}"), 404, "no such passkey")
    with Browser(site) as b:
        refused(sign_in(b, key), 401, "does not sign in to any account")
        assert sign_in(b, other).status_code == 200


def test_a_deleted_accounts_passkeys_go_with_it(site: LiveServer, ann: Browser) -> None:
    key = SoftPasskey()
    assert register(ann, key).status_code == 201
    assert ann.delete("/api/me", {"password": PASSWORD}).status_code == 204
    assert all_rows(site, PasskeyRow) == []
    with Browser(site) as b:
        refused(sign_in(b, key), 401, "does not sign in to any account")


def test_passkey_sign_ins_are_throttled_per_address(db_url: str) -> None:
    with LiveServer(db_url, signins_burst=2, signins_per_minute=1.0) as site, Browser(site) as b:
        options(b, "signin")
        options(b, "signin")
        r = b.post("/api/passkeys/signin/options")
        refused(r, 429, "too many sign-ins from your address")
        assert int(r.headers["Retry-After"]) >= 1
        assert len(all_rows(site, ChallengeRow)) == 2
