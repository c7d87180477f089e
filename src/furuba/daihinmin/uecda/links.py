"""The five connections of a UECda match (D29): whole messages in one write each, reads with a
deadline, and every way a client can fail said in one sentence (:class:`MatchError`)."""

from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass

from furuba.daihinmin.uecda.table import TABLE_BYTES


class MatchError(Exception):
    """The match cannot go on; the message is one sentence for the operator."""


@dataclass
class Link:
    """One client: its player number, its name once known, its stream."""

    number: int
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    name: str = ""

    def who(self) -> str:
        """``player 2 (name)``, as the sentences say a client."""
        return f"player {self.number} ({self.name})" if self.name else f"player {self.number}"


def no_delay(writer: asyncio.StreamWriter) -> None:
    """Send each message at once (the standard clients read a table with one ``recv``)."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


async def receive(link: Link, size: int, timeout: float, what: str) -> bytes:
    """The next ``size`` bytes from ``link`` (``what`` names them), within ``timeout`` seconds."""
    try:
        return await asyncio.wait_for(link.reader.readexactly(size), timeout)
    except asyncio.IncompleteReadError as exc:
        got = f" after {len(exc.partial)} of its {size} bytes" if exc.partial else ""
        raise MatchError(f"{link.who()} closed the connection{got} instead of sending "
                         f"{what}.") from None
    except TimeoutError:
        raise MatchError(f"{link.who()} sent nothing for {timeout:g} seconds while the server "
                         f"waited for {what}.") from None
    except OSError as exc:
        raise MatchError(f"{link.who()} was lost while the server waited for {what} "
                         f"({exc.strerror or exc}).") from None


async def receive_table(link: Link, timeout: float, what: str) -> bytes:
    """The next table's 480 bytes from ``link``."""
    return await receive(link, TABLE_BYTES, timeout, what)


async def send(links: list[Link], messages: list[tuple[int, bytes]], timeout: float) -> None:
    """Write each message (player, bytes) in one write, in order, then wait until they are
    taken."""
    for number, data in messages:
        link = links[number]
        if link.writer.is_closing():
            raise MatchError(f"{link.who()} closed the connection.")
        link.writer.write(data)
    for number in dict.fromkeys(number for number, _ in messages):
        link = links[number]
        try:
            await asyncio.wait_for(link.writer.drain(), timeout)
        except TimeoutError:
            raise MatchError(f"{link.who()} took nothing the server sent for {timeout:g} "
                             f"seconds.") from None
        except OSError as exc:
            raise MatchError(f"{link.who()} was lost ({exc.strerror or exc}).") from None


def close_all(links: list[Link]) -> None:
    """Close every connection."""
    for link in links:
        link.writer.close()

