"""Every route of the OpenAPI schema, fuzzed with schemathesis against a real server: no answer is
a server error, and every answer is one the schema declares (its status, its content type, its
body's schema, its headers).

The schema is the app's own (``app.openapi()``), so the test holds whether or not the public app
serves ``/openapi.json``. The server is a live one (uvicorn on loopback) with its throttles loosened,
so that the fuzz reaches the routes rather than the limits; requests carry no session cookie, so
the CSRF guard asks for no token. The run is bounded and repeatable: a few examples per operation,
derandomized, without shrinking.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from furuba.server import create_app

from .account_client import ROOMY
from .harness import LiveServer

LOOSE = {**ROOMY, "tables_burst": 100_000, "tables_per_minute": 1e9, "joins_burst": 100_000,
         "joins_per_minute": 1e9, "open_tables_per_address": None, "measures_per_address": 100,
         "reviews_per_address": 100, "hints_per_address": 100, "file_checks_per_address": 100,
         "file_checks_waiting": 100}
"""Limits per address out of the fuzz's way (each limit has tests of its own)."""
EXAMPLES = 30
"""Examples per operation: with about 45 operations, a run of a minute or two on two cores."""
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance]

schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    with LiveServer(f"sqlite:///{folder / 'furuba.sqlite3'}", **LOOSE) as server:
        yield server


def streams(case: Any) -> bool:
    """Whether the operation answers an event stream (which never ends by itself)."""
    ok = case.operation.definition.raw.get("responses", {}).get("200", {})
    return "text/event-stream" in ok.get("content", {})


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_every_route_answers_within_its_schema(case: Any, fuzzed_server: LiveServer) -> None:
    """Issue 41, "what to build" 6: every route fuzzed, 0 server errors, 0 answers outside the
    schema. An event stream is read only as far as its status and headers (its body never ends)."""
    if streams(case) and case.method.upper() == "GET":
        declared = case.operation.definition.raw["responses"]
        with httpx.Client(base_url=fuzzed_server.base, timeout=10) as http, \
                http.stream(case.method, case.formatted_path, params=case.query) as answer:
            assert str(answer.status_code) in declared, answer.status_code
            kind = answer.headers["content-type"]
            if answer.status_code == 200:
                assert kind.startswith("text/event-stream"), kind
            else:
                assert kind.startswith("application/json"), kind
                assert isinstance(answer.read() and answer.json()["detail"], str)
        return
    case.call_and_validate(base_url=fuzzed_server.base, checks=CHECKS, timeout=30)
