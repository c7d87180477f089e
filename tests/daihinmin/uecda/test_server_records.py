"""The standard UECda server's recorded matches replay in furuba under the UECda preset (D29):
every play the server accepted is legal in furuba, every one it refused is not, and the exchange,
the lock, the revolution, whose turn it is and the places agree, game after game."""

from __future__ import annotations

import pytest
from tests.daihinmin.uecda.records import games, replay


@pytest.mark.parametrize("match", ["default", "mixed", "fuzz"])
def test_ruling_d29_the_standard_server_s_matches_replay_in_furuba(match: str) -> None:
    records = games(match)
    tally = replay(records)
    assert tally.problems == []
    assert tally.games == len(records) >= 300
    assert tally.accepted > 10_000 and tally.passes > 10_000
    if match != "default":
        assert tally.refused > 1_000       # the fuzz client's refused plays were all judged
