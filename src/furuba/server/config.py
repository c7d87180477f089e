"""The server's settings: one frozen value passed to every part of the app.

>>> ServerConfig().database_url
'sqlite:///var/furuba.sqlite3'
>>> ServerConfig(bot_delay=0).bot_delay
0
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_DATABASE_URL = "sqlite:///var/furuba.sqlite3"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Limits and delays of the server. Tests shrink the delays; nothing else needs changing."""

    database_url: str = DEFAULT_DATABASE_URL
    bot_delay: float = 0.6
    """Seconds a bot (or a zombie) waits before acting, so that people can follow."""
    hello_timeout: float = 10.0
    """Seconds a new socket has to send its ``hello``."""
    max_message_bytes: int = 4096
    """Longest text frame accepted from a client."""
    rate_per_second: float = 10.0
    """Messages a connection may send per second on average (token bucket refill)."""
    burst: int = 20
    """Messages a connection may send at once (token bucket size)."""
    flood_close_after: int = 200
    """Messages dropped by the throttle before the socket is closed (1008)."""
    max_outbox: int = 2000
    """Messages waiting to be sent to one client before it is dropped as too slow (1013)."""
    resend_limit: int = 64
    """Missed events re-sent on reconnect; a longer gap gets a snapshot."""
    event_buffer: int = 256
    """Recent events kept per table for reconnecting clients."""
    chat_history: int = 50
    """Chat lines sent in a snapshot."""
    chat_max_chars: int = 500
    default_grace_seconds: int | None = 60
    """Disconnect grace period of a new table unless its creator chooses."""
    default_turn_seconds: int | None = None
    hint_bot: str | None = None
    """Bot spec for hints; ``None`` picks the best installed (``furuba.bots.hint``, ISMCTS, greedy)."""
    hint_sims: int | None = None
    """Simulations of a search hint (``None``: the search bot's default)."""
    ready_table: bool = False
    """Create a table against bots at start-up unless one is open (``make run``)."""
    ready_game: str | None = None
    """The game of that table (``None``: the first registered game)."""
    redis_url: str | None = None
    """Redis shared by several server processes (``None``: this process is the only one)."""
    process_name: str | None = None
    """This process's name in logs, metrics and Redis (``None``: host name and process id)."""
    lease_seconds: float = 1.5
    """How long a process's claim on a table lasts unless renewed (several processes only)."""
    renew_seconds: float = 0.4
    """How often an owner renews its claims, and others look for tables nobody drives."""
