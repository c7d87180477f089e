"""furuba's UECda client plays whole matches on furuba's UECda server (D29): five bots over the
protocol, none of their plays ever refused, the points each client counts the server's."""

from __future__ import annotations

import asyncio
import io

from furuba.bots.registry import make_bot
from furuba.daihinmin.uecda.client import ClientSummary, play_match
from furuba.daihinmin.uecda.running import run_sync
from furuba.daihinmin.uecda.server import Summary, serve

BOTS = ("greedy", "easy", "greedy", "random", "greedy")


async def _match(games: int, seed: int) -> tuple[Summary, list[ClientSummary]]:
    opened: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    server = asyncio.create_task(serve("127.0.0.1", 0, games, seed, timeout=30,
                                       out=io.StringIO(), listening=opened.set_result))
    port = await opened

    async def client(k: int, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> ClientSummary:
        try:
            return await play_match(reader, writer, f"bot{k}", make_bot(BOTS[k], seed=k))
        finally:
            writer.close()

    clients = []
    for k in range(5):      # connection order is the player number: one after another
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        clients.append(asyncio.create_task(client(k, reader, writer)))
    played = await asyncio.gather(*clients)
    return await server, list(played)


def test_ruling_d29_furuba_clients_play_a_match_on_furuba_s_server() -> None:
    summary, clients = run_sync(_match(games=4, seed=7))
    assert [c.player for c in clients] == list(range(5))
    assert all(c.games == 4 and c.refused == 0 and len(c.places) == 4 for c in clients)
    assert [c.points for c in clients] == list(summary.points)
    assert sum(summary.points) == 4 * 15
    assert sorted(c.places[0] for c in clients) == [1, 2, 3, 4, 5]


def test_a_client_whose_server_goes_away_says_so_in_a_sentence() -> None:
    import socket
    import threading

    import pytest

    from furuba.core.errors import FurubaError
    from furuba.daihinmin.uecda.client import run
    from furuba.daihinmin.uecda.table import TABLE_BYTES, encode_int

    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def server() -> None:
        conn, _ = listener.accept()
        with conn:
            got = b""
            while len(got) < TABLE_BYTES:
                got += conn.recv(TABLE_BYTES - len(got))
            conn.sendall(encode_int(0))          # the player number, then nothing
    thread = threading.Thread(target=server)
    thread.start()
    with pytest.raises(FurubaError, match="closed the connection"):
        run("127.0.0.1", port, "furuba", "greedy")
    thread.join()
    listener.close()
    with pytest.raises(FurubaError, match="cannot reach a UECda server"):
        run("127.0.0.1", port, "furuba", "greedy")
