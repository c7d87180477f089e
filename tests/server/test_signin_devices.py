"""Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a flood of
wrong passwords from anywhere cannot keep an account's owner out on a browser that signed in
before; a device that keeps failing spends its own allowance and is then an unknown device again;
the cookie is signed, for one account, and counted in Redis across processes; security events
go to the log, never with a password."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import httpx
import pytest
import redis

from furuba.server.accounts.devices import DEVICE_COOKIE, device_key, sign

from .account_client import PASSWORD, Browser, refused
from .harness import LiveServer
from .postgres import Postgres
from .services import Redis, running_cluster

WRONG = "wrong name or password"
HELD = "too many sign-ins with this name"
FLOOD = {"account_signins_burst": 2, "account_signins_per_minute": 1.0}
"""A name is held after two attempts from unknown devices (then one a minute)."""


def device_cookie(b: Browser) -> str:
    """The ``furuba_device`` cookie ``b`` holds."""
    value = b.http.cookies.get(DEVICE_COOKIE)
    assert value, "no device cookie"
    return str(value)


def from_address(site: LiveServer, n: int) -> Browser:
    """A browser that never signed in, at the address 203.0.113.``n`` (behind the proxy)."""
    return Browser(site, **{"X-Forwarded-For": f"203.0.113.{n}"})


def flood(site: LiveServer, name: str, times: int = 3, first: int = 100) -> None:
    """Wrong passwords for ``name`` from ``times`` unknown browsers at other addresses, until the
    name is held for unknown devices."""
    for n in range(first, first + times):
        with from_address(site, n) as attacker:
            r = attacker.sign_in(name, "a wrong guess")
            assert r.status_code in (401, 429), r.text
    with from_address(site, first + times) as check:
        refused(check.sign_in(name, "another wrong guess"), 429, HELD)


@pytest.fixture
def flooded(db_url: str) -> Iterator[LiveServer]:
    with LiveServer(db_url, **FLOOD) as server:
        yield server


def test_the_owner_signs_in_at_once_while_the_name_is_flooded(flooded: LiveServer) -> None:
    with Browser(flooded) as owner:
        owner.sign_up("Ann")
        owner.delete("/api/session")
        first = device_cookie(owner)
        flood(flooded, "Ann")
        r = owner.sign_in("ANN", PASSWORD)                   # the same name in other letters
        assert r.status_code == 200 and r.json()["name"] == "Ann", r.text
        assert owner.signed_in_as() == "Ann"
        assert device_cookie(owner) == first                  # a known device keeps its nonce
        owner.delete("/api/session")
        refused(owner.sign_in("Ann", "a typo of mine"), 401, WRONG)   # its own failures: 401
        assert owner.sign_in("Ann", PASSWORD).status_code == 200
    with from_address(flooded, 7) as new_browser:            # the owner on a new browser waits
        r = new_browser.sign_in("Ann", PASSWORD)
        refused(r, 429, HELD, "try again in")
        assert int(r.headers["Retry-After"]) >= 1 and new_browser.session is None


def test_a_known_device_is_not_held_by_its_address_either(db_url: str) -> None:
    with LiveServer(db_url, signins_burst=2, signins_per_minute=1.0) as site, \
            Browser(site) as owner, Browser(site) as neighbour:   # one address (a shared network)
        owner.sign_up("Ann")
        owner.delete("/api/session")
        for name in ("Ben", "Cy", "Dee"):
            neighbour.sign_in(name, "a wrong guess")
        refused(neighbour.sign_in("Ann", PASSWORD), 429, "too many sign-ins from your address")
        assert owner.sign_in("Ann", PASSWORD).status_code == 200


def test_a_device_that_keeps_failing_is_an_unknown_device_again(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    with LiveServer(db_url, device_signins_burst=3, device_signins_per_minute=1.0, **FLOOD) as site:
        with Browser(site) as owner:
            owner.sign_up("Ann")
            stolen = device_cookie(owner)
        with from_address(site, 9) as thief:
            thief.plant(DEVICE_COOKIE, stolen)
            for _ in range(3):                               # the device's own allowance ...
                refused(thief.sign_in("Ann", "a wrong guess"), 401, WRONG)
            with from_address(site, 10) as other:            # ... the name's is untouched
                refused(other.sign_in("Ann", "a wrong guess"), 401, WRONG)
            refused(thief.sign_in("Ann", "a wrong guess"), 401, WRONG)   # now by name: its last
            refused(thief.sign_in("Ann", PASSWORD), 429, HELD)           # held like any other
    events = [r.getMessage() for r in caplog.records if r.name == "furuba.security"]
    assert any(e.startswith("security event=device_locked_out name=ann ") for e in events), events
    assert any("event=signin_failed" in e and "device=known" in e for e in events), events
    assert any("event=signin_failed" in e and "device=unknown" in e for e in events), events
    assert any("event=signin_throttled by=name name=ann" in e for e in events), events
    assert not any("wrong guess" in e or PASSWORD in e for e in events)


def test_the_known_devices_of_an_account_share_a_bound(db_url: str) -> None:
    """However many device cookies of one account someone collects, together they ask for no
    more than the account's bound on known devices."""
    with LiveServer(db_url, account_device_signins_burst=3, account_device_signins_per_minute=1.0,
                    **FLOOD) as site:
        with Browser(site) as owner:
            owner.sign_up("Ann")
        flood(site, "Ann")
        answers = []
        for n in range(4):         # four tokens of Ann (the server signs with this process's key)
            with from_address(site, 50 + n) as b:
                b.plant(DEVICE_COOKIE, sign(device_key(""), 1, "ann", f"nonce-{n}-{'x' * 16}"))
                answers.append(b.sign_in("Ann", PASSWORD).status_code)
        assert answers == [200, 200, 200, 429], answers


def test_a_device_cookie_counts_for_its_own_account_only(flooded: LiveServer) -> None:
    with Browser(flooded) as owner:
        owner.sign_up("Ann")
    with from_address(flooded, 20) as eve:
        eve.sign_up("Eve")                                   # a real device cookie, of Eve
        flood(flooded, "Ann")
        refused(eve.sign_in("Ann", PASSWORD), 429, HELD)
        assert eve.sign_in("Eve", PASSWORD).status_code == 200


def test_a_forged_or_altered_device_cookie_is_not_trusted(flooded: LiveServer) -> None:
    with Browser(flooded) as owner:
        owner.sign_up("Ann")
        real = device_cookie(owner)
    account, nonce, mac = real.split(".")
    flipped = mac[:-2] + ("A" if mac[-2] != "A" else "B") + mac[-1]
    forged = [
        f"{account}.{nonce}.{flipped}",                                    # signature altered
        f"{int(account) + 1}.{nonce}.{mac}",                               # another account
        f"{account}.{'x' * 22}.{mac}",                                     # another nonce
        sign(device_key("a guessed secret"), int(account), "ann", nonce),  # another key
        sign(device_key(""), int(account), "ann", nonce) + "~" * 1000,     # too long to read
    ]
    flood(flooded, "Ann")
    for n, value in enumerate(forged):
        with from_address(flooded, 30 + n) as b:
            b.plant(DEVICE_COOKIE, value)
            refused(b.sign_in("Ann", PASSWORD), 429, HELD)
    with from_address(flooded, 40) as b:                     # the real one, copied: trusted
        b.plant(DEVICE_COOKIE, real)
        assert b.sign_in("Ann", PASSWORD).status_code == 200


def test_a_browser_is_a_known_device_of_each_account_signed_in_on_it(flooded: LiveServer) -> None:
    with Browser(flooded) as family:
        for name in ("Ann", "Ben", "Kyo", "Yuki", "Haru"):
            family.sign_up(name)
        assert len(device_cookie(family).split("~")) == 4    # the last four: Ann is forgotten
        assert device_cookie(family).split(".")[0] == "5"    # the last signed in comes first
        for name in ("Ann", "Ben", "Kyo"):
            flood(flooded, name)
        refused(family.sign_in("Ann", PASSWORD), 429, HELD)
        for name in ("Kyo", "Ben"):
            assert family.sign_in(name, PASSWORD).status_code == 200, name
        assert device_cookie(family).split(".")[0] == "2"


def test_the_device_cookie_flags(db_url: str) -> None:
    with LiveServer(db_url) as site, Browser(site) as b:
        r = b.post("/api/accounts", {"name": "Ann", "password": PASSWORD})
        [header] = [h for h in r.headers.get_list("set-cookie") if h.startswith(DEVICE_COOKIE)]
        flags = {p.strip().split("=")[0].lower(): p.strip() for p in header.split(";")}
        assert "httponly" in flags and flags["samesite"].lower() == "samesite=lax"
        assert flags["path"] == "Path=/api" and flags["max-age"] == f"Max-Age={365 * 86400}"
        assert "secure" not in flags                          # plain http
        value = device_cookie(b)
        assert re.fullmatch(r"1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}", value), value
        assert "ann" not in value.lower() and PASSWORD not in value
        with Browser(site, **{"X-Forwarded-Proto": "https"}) as tls:
            r = tls.post("/api/session", {"name": "Ann", "password": PASSWORD})
            [header] = [h for h in r.headers.get_list("set-cookie") if h.startswith(DEVICE_COOKIE)]
            assert "secure" in header.lower()
        b.delete("/api/session")                             # signing out keeps the device
        assert device_cookie(b) == value


def test_a_sign_in_from_an_unknown_device_makes_a_new_nonce(db_url: str) -> None:
    with LiveServer(db_url) as site, Browser(site) as b, Browser(site) as other:
        b.sign_up("Ann")
        other.sign_in("Ann", PASSWORD)
        assert device_cookie(other) != device_cookie(b)
        assert device_cookie(other).split(".")[0] == device_cookie(b).split(".")[0]


# -- several processes: the allowances in Redis ---------------------------------------------------
@pytest.mark.cluster
def test_devices_and_names_are_counted_across_processes(
        database_server: Postgres, redis_server: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes on one database and Redis, given one secret (``FURUBA_ADDRESS_KEY``): a
    device cookie made by one is trusted by the other; a flood spread over both holds the name;
    a stolen device cookie tried on both spends one allowance (10 at once, the default)."""
    redis.Redis.from_url(redis_server.url).flushall()
    monkeypatch.setenv("FURUBA_ADDRESS_KEY", "one secret for every process")
    with running_cluster(2, database="devices", postgres=database_server,
                         redis=redis_server) as cluster:
        s1, s2 = cluster.servers

        def client(server: int, n: int) -> httpx.Client:
            base = (s1, s2)[server].base
            return httpx.Client(base_url=base, timeout=20,
                                headers={"X-Forwarded-For": f"203.0.113.{n}"})

        with client(0, 1) as owner:
            assert owner.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}
                              ).status_code == 201
            stolen = owner.cookies[DEVICE_COOKIE]
        for n in range(6):                                   # the name: 6 at once, both processes
            with client(n % 2, 10 + n) as attacker:
                assert attacker.post("/api/session", json={"name": "Ann", "password": "a guess"}
                                     ).status_code == 401
        with client(1, 20) as attacker:
            r = attacker.post("/api/session", json={"name": "Ann", "password": "a guess"})
            assert r.status_code == 429 and HELD in r.json()["detail"], r.text
        device = {"Cookie": f"{DEVICE_COOKIE}={stolen}"}
        with client(1, 21) as owner_elsewhere:               # the cookie of s1, trusted by s2
            r = owner_elsewhere.post("/api/session", headers=device,
                                     json={"name": "Ann", "password": PASSWORD})
            assert r.status_code == 200, r.text
        answers = []
        for n in range(10):                                  # a thief spends the allowance left
            with client(n % 2, 30 + n) as thief:
                answers.append(thief.post("/api/session", headers=device, json={
                    "name": "Ann", "password": "a guess"}).status_code)
        assert answers == [401] * 9 + [429], answers
