"""The requests one process sends the process driving a table: typed values, one table of names.

What travels on the link is what it always was — ``{"op": name, "tbl": table, "args": fields}``
with the same names and fields — so the typed values change no byte between processes.
"""

from __future__ import annotations

import dataclasses

import pytest

from furuba.server.cluster.calls import CALLS, Bind, Catalog, Describe, Join, decode
from furuba.server.errors import RoomError


def test_each_request_keeps_its_name_and_fields_on_the_link() -> None:
    assert {name: [f.name for f in dataclasses.fields(kind)] for name, kind in CALLS.items()} == {
        "table": [], "catalog": [], "join": ["seat", "name", "hash", "account"],
        "bind": ["hash", "account", "name"]}
    assert Join(seat=2, name="Ann", hash="h", account=7).args() == {
        "seat": 2, "name": "Ann", "hash": "h", "account": 7}
    assert Bind(hash="h", account=7, name="Ann").args() == {"hash": "h", "account": 7,
                                                            "name": "Ann"}


@pytest.mark.parametrize("request_", [Describe(), Catalog(), Join(1, "Bob", "h", None),
                                      Bind("h", 3, "Bob")])
def test_a_request_read_from_the_link_is_the_one_sent(request_: object) -> None:
    assert isinstance(request_, Describe | Catalog | Join | Bind)
    assert decode(request_.op, request_.args()) == request_


@pytest.mark.parametrize(("op", "args"), [("undo", {}), ("join", {"seat": 1})])
def test_a_request_this_release_does_not_know_is_refused(op: str, args: dict[str, object]) -> None:
    with pytest.raises(RoomError) as refused:
        decode(op, args)
    assert refused.value.code == "bad_message"
