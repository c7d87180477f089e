"""The request and response bodies of the account routes."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from furuba.text import N_

Password = Annotated[StrictStr, Field(max_length=1000,
                                      description=N_("a password of 8 to 256 characters"),
                                      json_schema_extra={"format": "password", "writeOnly": True})]
"""A password: a refusal never repeats what was sent in its place (``writeOnly``, see
:func:`furuba.server.bodies.explain`)."""


class Credentials(BaseModel):
    """``POST /api/accounts`` and ``POST /api/session``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[StrictStr, Field(max_length=200, description=N_(
        "an account name of 3 to 24 letters, digits, spaces and - _ . '"))]
    password: Password


class NewPassword(BaseModel):
    """``POST /api/me/password``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    current: Password
    new: Password


class Confirm(BaseModel):
    """``DELETE /api/me``: the password, once more."""

    model_config = ConfigDict(extra="forbid", strict=True)
    password: Password


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    table: Annotated[StrictStr, Field(max_length=64, description=N_("a table id"))]
    token: Annotated[StrictStr, Field(max_length=100, description=N_("the seat token of that table"))]


class BindSeats(BaseModel):
    """``POST /api/me/seats``: the seats a guest holds, to keep under the account."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seats: Annotated[list[SeatToken], Field(max_length=200, description=N_("up to 200 seats"))]


class Me(BaseModel):
    """``GET /api/me``."""

    signed_in: bool
    name: str | None = None
    created_at: float | None = None
    csrf: str | None = None
    """The token to send as ``X-CSRF-Token`` with every request that changes something."""
    passkeys: int = 0
