"""Passwords: the common ones, spaces alone and the account's own name are refused at sign-up and
at a change (the minimum length stays); no refusal of any route that takes a password ever
repeats any part of it; a refused password is a security event, without the password; the list
ships as package data with its source and license beside it."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from furuba.server.accounts.names import PASSWORD_LOW, common_passwords

from .account_client import PASSWORD, Browser, refused
from .harness import LiveServer

COMMON = "one of the most common ones"
LISTED = ["password1", "Password1", "  iloveyou  ", "I LOVE YOU", "ｐａｓｓｗｏｒｄ１", "qwertyuiop",
          "sunshine"]
"""Common passwords as a player might type them: any case, spaced out, in full-width letters."""
SPACES = [" " * 8, "\t" * 4 + " " * 4, "\u3000" * 8, " \n \r \t \f\v "]


def test_the_list_ships_with_its_source_and_license() -> None:
    folder = resources.files("furuba.server.accounts").joinpath("data")
    readme = folder.joinpath("README.md").read_text(encoding="utf-8")
    for named in ("zxcvbn", "MIT License", "frequency_lists.py", "Burnett"):
        assert named in readme, named
    listed = folder.joinpath("common-passwords.txt").read_text(encoding="utf-8").split("\n")
    assert listed[-1] == "" and len(listed) - 1 == len(common_passwords()) > 10_000
    assert listed[:3] == ["password", "12345678", "123456789"]       # most common first
    assert all(p == p.lower() and len(p) >= PASSWORD_LOW and p.isascii() for p in listed[:-1])


@pytest.mark.parametrize("password", LISTED)
def test_a_common_password_is_refused_at_sign_up(site: LiveServer, password: str) -> None:
    with Browser(site) as b:
        detail = refused(b.post("/api/accounts", {"name": "Ann", "password": password}), 400,
                         COMMON, "choose another")
        assert password.strip() not in detail and b.session is None


def test_spaces_alone_and_the_name_are_refused_and_the_length_stays(site: LiveServer) -> None:
    with Browser(site) as b:
        for spaces in SPACES:
            refused(b.post("/api/accounts", {"name": "Ann", "password": spaces}), 400,
                    "cannot be only spaces")
        for own in ("tohru honda", "TOHRU HONDA", "TohruHonda", " Tohru  Honda "):
            refused(b.post("/api/accounts", {"name": "Tohru Honda", "password": own}), 400,
                    "must not be the account's name")
        refused(b.post("/api/accounts", {"name": "Ann", "password": "Zq9#x"}), 400,
                "at least 8 characters")
        assert b.session is None
        assert b.post("/api/accounts", {"name": "Ann", "password": "a fine passphrase"}
                      ).status_code == 201


def test_a_new_password_is_checked_as_at_sign_up(site: LiveServer, ann: Browser) -> None:
    for weak, reason in [("Password1", COMMON), (" " * 12, "only spaces"), ("a n n", "at least 8"),
                         ("ANN" + " " * 6, "the account's name")]:
        refused(ann.post("/api/me/password", {"current": PASSWORD, "new": weak}), 400, reason)
    with Browser(site) as other:                              # the password did not change
        assert other.sign_in("Ann", PASSWORD).status_code == 200
    assert ann.post("/api/me/password", {"current": PASSWORD, "new": "a fine passphrase"}
                    ).status_code == 204


def test_a_refused_password_is_logged_without_the_password(
        site: LiveServer, ann: Browser, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="furuba.security")
    with Browser(site) as b:
        b.post("/api/accounts", {"name": "Ben", "password": "Sunshine"})
    ann.post("/api/me/password", {"current": PASSWORD, "new": " " * 9})
    events = [r.getMessage() for r in caplog.records if r.name == "furuba.security"]
    assert any(e.startswith("security event=password_refused name=ben ") and "via=sign_up" in e
               and e.endswith("reason=common") for e in events), events
    assert any("name=ann" in e and "via=password_change" in e and e.endswith("reason=spaces")
               for e in events), events
    assert not any("sunshine" in e.lower() for e in events)


# -- never echo a password ------------------------------------------------------------------------
def secret() -> str:
    """A password nothing else in an answer could hold a piece of."""
    return "Zq" + secrets.token_urlsafe(18)


def sent_in_place_of_a_password(strong: bool) -> list[tuple[Any, list[str]]]:
    """Wrong things sent as a password, each with the pieces of it no answer may hold (and, if
    ``strong``, passwords that would do for a new one: wrong where a password is checked)."""
    s = secret()
    pieces = [s[i:i + 6] for i in range(len(s) - 5)]
    good = [(s, pieces), ("\x00\x01" + s, pieces)] if strong else []
    return [*good,
        ((s * 60)[:1200], pieces),        # longer than the schema takes (pydantic refuses it)
        ((s * 20)[:300], pieces),         # longer than a password may be
        (s[:6], [s[:6]]),                 # too short
        (739182645, ["739182645", "91826"]),
        (73918.2645, ["73918", "2645"]),
        ([s], pieces),
        ({"password": s}, pieces),
        (None, []),
        (True, []),
        ("Password1", ["Password1", "password1"]),
        (" \t " * 4, []),
        ("ANN" + " " * 6, []),
    ]


def never_echoed(send: Callable[[Any], Any], strong: bool = True) -> None:
    """Send each wrong password; no answer holds a piece of it (and none is a success)."""
    for value, pieces in sent_in_place_of_a_password(strong):
        r = send(value)
        assert r.status_code in (400, 401), (value, r.text)
        text = r.text + str(r.json()) + str(r.headers)
        for piece in pieces:
            assert piece not in text, (piece, r.text)


def test_no_sign_up_refusal_repeats_the_password(site: LiveServer) -> None:
    with Browser(site) as b:
        never_echoed(lambda v: b.post("/api/accounts", {"name": "Ann", "password": v}), False)


def test_no_sign_in_refusal_repeats_the_password(site: LiveServer, ann: Browser) -> None:
    with Browser(site) as b:
        never_echoed(lambda v: b.post("/api/session", {"name": "Ann", "password": v}))


def test_no_password_change_refusal_repeats_either_password(site: LiveServer, ann: Browser) -> None:
    never_echoed(lambda v: ann.post("/api/me/password", {"current": v, "new": "a fine passphrase"}))
    never_echoed(lambda v: ann.post("/api/me/password", {"current": PASSWORD, "new": v}), False)


def test_no_account_deletion_refusal_repeats_the_password(site: LiveServer, ann: Browser) -> None:
    never_echoed(lambda v: ann.delete("/api/me", {"password": v}))
    assert ann.signed_in_as() == "Ann"
