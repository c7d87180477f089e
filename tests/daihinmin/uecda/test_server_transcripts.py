"""furuba's UECda server writes, byte for byte, what the standard server wrote in the recorded
transcripts, to clients sending what the recorded clients sent (D29)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import pytest
from tests.daihinmin.uecda.fake_clients import PLAYERS, Heard, Script, load, play

from furuba.daihinmin.uecda.links import MatchError
from furuba.daihinmin.uecda.running import run_sync
from furuba.daihinmin.uecda.server import Summary, serve


async def _match(scripts: list[Script], games: int, seed: int,
                 stop: Callable[[int, int], bool] | None = None,
                 timeout: float = 10.0) -> tuple[list[Heard], Summary | BaseException, str]:
    """Serve a match to fake clients following ``scripts``; what each heard, and the
    summary (or the exception) and the printed text."""
    opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    out = io.StringIO()
    server = asyncio.create_task(serve("127.0.0.1", 0, games, seed, timeout=timeout, out=out,
                                       listening=opened.set_result))
    port = await opened
    heard = [Heard() for _ in range(PLAYERS)]
    clients = []
    for player in range(PLAYERS):      # connection order makes the player numbers
        connected = asyncio.Event()
        halt = (lambda i, p=player: stop(p, i)) if stop is not None else None
        clients.append(asyncio.create_task(
            play(scripts[player], port, heard[player], stop=halt, connected=connected)))
        await connected.wait()
    result: Summary | BaseException
    try:
        result = await asyncio.wait_for(server, 30)
    except MatchError as exc:
        result = exc
    await asyncio.gather(*clients, return_exceptions=True)
    return heard, result, out.getvalue()


@pytest.mark.parametrize(("name", "games", "seed"), [
    ("transcript-g3-seed31.txt.gz", 3, 31), ("transcript-g5-seed32.txt.gz", 5, 32)])
def test_ruling_d29_the_server_writes_what_the_standard_server_wrote(
        name: str, games: int, seed: int) -> None:
    scripts = load(name)
    heard, summary, printed = run_sync(_match(scripts, games, seed))
    for player, script in enumerate(scripts):
        assert heard[player].problem == "", f"player {player}: {heard[player].problem}"
        assert bytes(heard[player].data) == script.expected()
    assert isinstance(summary, Summary) and summary.games == games
    assert sum(summary.points) == 15 * games
    assert printed.count("================ game") == games
