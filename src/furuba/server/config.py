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
    """Limits and delays of the server. Tests shrink the delays; nothing else needs changing.

    ``docs/WEB-API.md`` ("Limits") lists what each limit refuses and how a client is told.
    """

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
    """Longest chat line, in characters (after tidying, before escaping)."""
    default_grace_seconds: int | None = 60
    """Disconnect grace period of a new table unless its creator chooses."""
    default_turn_seconds: int | None = None
    """Turn timer of a new table unless its creator chooses (``None``: no timer)."""
    hint_bot: str | None = None
    """Bot spec for hints; ``None`` picks the best installed (``furuba.bots.hint``, ISMCTS, greedy)."""
    hint_sims: int | None = None
    """Simulations of a search hint (``None``: the search bot's default)."""
    ready_table: bool = False
    """Create a table against bots at start-up unless one is open (``make run``)."""
    ready_game: str | None = None
    """The game of that table (``None``: the first registered game)."""
    ready_bot: str = "normal"
    """The bot in that table's other seats: the level a new table's seat menu offers first, and
    ``furuba play``'s."""
    redis_url: str | None = None
    """Redis shared by several server processes (``None``: this process is the only one)."""
    process_name: str | None = None
    """This process's name in logs, metrics and Redis (``None``: host name and process id)."""
    route: str | None = None
    """The name the proxy routes table sockets to this process by (``/ws/…?via=<route>``; several
    processes only). A client whose socket is relayed to this process is told it in ``welcome``,
    and reconnects straight here (``None``: clients are never told)."""
    lease_seconds: float = 1.5
    """How long a process's claim on a table lasts unless renewed (several processes only)."""
    renew_seconds: float = 0.3
    """How often an owner renews its claims, and others look for tables nobody drives."""
    tables_per_minute: float = 6.0
    """New tables one client address may create per minute on average (``POST /api/tables``;
    token bucket refill). Refused beyond it with ``429``."""
    tables_burst: int = 10
    """New tables one client address may create at once (token bucket size)."""
    joins_per_minute: float = 20.0
    """Seat claims one client address may make per minute on average
    (``POST /api/tables/{id}/join``). Refused beyond it with ``429``."""
    joins_burst: int = 20
    """Seat claims one client address may make at once."""
    open_tables_per_address: int | None = 20
    """Unfinished tables (waiting or playing) one client address may have created; a new one
    beyond it is refused with ``429`` (``None``: no cap)."""
    address_key: str = ""
    """The server's secret (``FURUBA_ADDRESS_KEY``): the key of the hash under which a table keeps
    its creator's address, so that the stored hashes cannot be reversed by trying every address,
    and the key the device cookies' signatures are derived from (one key for every process that
    shares the database). Empty: addresses are hashed under a public key, and each process signs
    device cookies with a random key of its own (they last until it stops)."""
    session_sweep_seconds: float = 600.0
    """How often a process closes the connections whose session expired (a session ended by a
    player or a moderator closes its connections at once)."""
    guest_chat: bool = True
    """Whether players who are not signed in may chat (``furuba serve --no-guest-chat``: only
    accounts, whom moderators can warn, mute and ban, and whom blocks reach)."""
    api_docs: bool = False
    """Serve the interactive API docs (``/api/docs``) and the OpenAPI schema (``/openapi.json``)
    on the app (``furuba serve --api-docs``). Off: both answer ``404``."""
    metrics_port: int | None = None
    """Serve Prometheus's metrics (``GET /metrics``) on this port of :attr:`metrics_host`, apart
    from the app (``furuba serve --metrics-port``; ``0``: any free port). ``None``: no metrics
    are served. The app itself never serves them."""
    metrics_host: str = "127.0.0.1"
    """The address the metrics port listens on (loopback: only this machine can scrape)."""
    abandon_seconds: float | None = 4 * 3600.0
    """A table with human seats that has waited for its players this long without any change,
    or that has been played by no connected human for this long, is abandoned: it ends and is
    no longer rebuilt at start-up (``None``: never). Tables of bots alone end by themselves."""
    chat_per_second: float = 1.0
    """Chat lines one client address may send to one table per second on average (over all its
    connections)."""
    chat_burst: int = 5
    """Chat lines one client address may send to one table at once."""
    table_chat_per_second: float = 3.0
    """Chat lines a whole table accepts per second on average, whoever sends them."""
    table_chat_burst: int = 15
    """Chat lines a whole table accepts at once."""
    signins_per_minute: float = 10.0
    """Sign-in attempts one client address may make per minute (token bucket refill)."""
    signins_burst: int = 10
    """Sign-in attempts one client address may make at once."""
    account_signins_per_minute: float = 2.0
    """Sign-in attempts per minute on one account name, from anywhere (whether it exists or
    not, so that the refusal tells nothing)."""
    account_signins_burst: int = 6
    """Sign-in attempts on one account name at once."""
    device_signins_per_minute: float = 1.0
    """Sign-in attempts per minute from a browser that holds a device cookie of that account (it
    signed in to it before): counted for that browser alone, never by name or address, so that
    nobody else's attempts can lock its owner out. A browser beyond it is an unknown one again."""
    device_signins_burst: int = 10
    """Sign-in attempts at once from a browser that holds a device cookie of that account."""
    account_device_signins_per_minute: float = 10.0
    """Sign-in attempts per minute from all the known devices of one account together (only
    browsers that signed in to it can spend them): a bound on the work one account's device
    cookies can ask for, however many its owner collects."""
    account_device_signins_burst: int = 30
    """Sign-in attempts at once from all the known devices of one account together."""
    signups_per_hour: float = 20.0
    """New accounts one client address may make per hour."""
    signups_burst: int = 5
    """New accounts one client address may make at once."""
    reports_per_hour: int = 10
    """Reports one account may make per hour (``POST /api/reports``; ``429`` beyond)."""
    measure_max_games: int = 10_000
    """Most bot games one measure of a file (``POST /api/<option>s/measure``: a card set's
    balance) may ask for: 10,000 greedy games of Friends of the Zodiac take about 40 s on two
    cores with the compiled engine (docs/PERFORMANCE.md)."""
    measures_per_address: int = 1
    """Measures one client address may have waiting or running at once (every process counted);
    another is refused with ``429``."""
    measures_at_once: int = 1
    """Measures one process runs at the same time; others wait their turn."""
    measure_queue: int = 4
    """Measures one process keeps waiting; beyond it a new one is refused with ``503``."""
    measure_workers: int | None = None
    """Worker processes of a measure (``None``: the cores less one, and at least two so that the
    games never run in the server's own process)."""
    measure_ray_address: str | None = None
    """A Ray cluster that plays the measures' games (``None``: the one ``RAY_ADDRESS`` names, else
    local worker processes)."""
    offline_uploads_per_hour: float = 60.0
    """Finished offline games one account may put on its profile per hour
    (``POST /api/me/offline-games``; ``429`` beyond)."""
    offline_uploads_burst: int = 20
    """Finished offline games one account may put on its profile at once."""
    offline_upload_actions: int = 20_000
    """Most actions an uploaded offline game may hold (a long game of Dai Hin Min takes about a
    thousand); a longer one is refused (``413``) before it is replayed."""
    uploads_at_once: int = 2
    """Uploaded offline games one process replays at the same time (each on a thread)."""
    uploads_waiting: int = 8
    """Uploaded games one process keeps waiting; beyond it a new one is refused (``503``)."""
    uploads_per_address: int = 2
    """Uploaded games one client address may have waiting or replaying at once (``429`` beyond)."""
    saved_files_per_account: int = 50
    """Files (card sets) one account may keep (``/api/me/<option>s``)."""
    sockets_per_address: int | None = 32
    """Table WebSockets one client address may hold open in one process (``None``: no cap). A
    page holds one socket per table it shows (two for a moment when it moves to the process
    driving the table), so a household behind one address with a few devices and a dozen tabs
    stays far below 32; one client holding hundreds of idle sockets does not. Counted per
    process: behind nginx its ``limit_conn`` caps the total over all processes."""
    streams_per_address: int | None = 16
    """Event streams (``/api/lobby/events``, ``/api/me/events``) one client address may hold open
    in one process (``None``: no cap). A page holds at most two, so 16 is a household's many tabs;
    counted per process, as :attr:`sockets_per_address`."""
    site_tournaments: bool = True
    """Hold the site's tournaments (``tournaments/schedule.py``): for every game an arena every
    hour, a Swiss and a duplicate every day, each listed ahead of its start."""
    reviews_at_once: int = 1
    """Game reviews one process computes at the same time (each in a worker process)."""
    reviews_waiting: int = 8
    """Reviews one process keeps waiting for their turn; beyond it a new one is refused (``503``)."""
    reviews_per_address: int = 2
    """Reviews one client address may have waiting or being computed at once (``429`` beyond)."""
    review_workers: int = 1
    """Worker processes that compute this process's reviews (made at the first review, at a
    lower priority). ``0``: on a thread of the server's process, as furuba did before — each
    review then slows every table of the process."""
    hints_at_once: int = 2
    """Hints one process computes at the same time."""
    hints_waiting: int = 16
    """Hints one process keeps waiting; beyond it a new one is refused (``503``)."""
    hints_per_address: int = 2
    """Hints one client address may have waiting or being computed at once (``429`` beyond)."""
    file_checks_at_once: int = 2
    """Files a user gave (card sets) one process reads at the same time, each in a child process
    with limits on its CPU time and memory."""
    file_checks_waiting: int = 16
    """File checks one process keeps waiting; beyond it a new one is refused (``503``)."""
    file_checks_per_address: int = 2
    """File checks one client address may have waiting or running at once (``429`` beyond)."""
    file_check_seconds: int = 2
    """CPU seconds the child process reading one such file may use (and twice as long on the
    clock); beyond it the file is refused (``413``). A card set within the files' bounds takes
    well under a second."""
    file_check_megabytes: int = 256
    """Memory that child process may take beyond what it starts with; beyond it the file is
    refused (``413``)."""
