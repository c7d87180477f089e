"""One table played in the browser: the server's table protocol (``docs/WEB-API.md``) without a
server, for the unchanged table page to draw (run by a Web Worker under Pyodide).

The browser holds every human seat (one person, or several at one screen: hot-seat); bots play
the others, one action per :meth:`LocalTable.bot_turn`, seeded from the table's seed, the seat
and the number of actions so far — as the server seeds them, so the same settings, seed and
human actions give the same game, online and offline. Frames are plain dicts in the server's
shapes; a message the table refuses gets an ``error`` frame and changes nothing.

>>> table = LocalTable.new({"id": "t1", "game": "daihinmin", "seed": 5,
...                         "seats": ["human", "easy", "easy", "easy"]})
>>> [f["type"] for f in table.hello()], table.table()["status"]
(['welcome', 'snapshot'], 'playing')
>>> while table.bot_due():
...     _ = table.bot_turn()
>>> legal = table.hello()[1]["views"][0]["legal"]
>>> [f["event"]["kind"] for f in table.receive({"type": "act", "action": legal[0]["id"],
...                                             "seq_seen": table.seq})]
['action']
>>> table.receive({"type": "act", "action": 9999, "seq_seen": table.seq})[0]["code"]
'not_your_turn'
>>> LocalTable.restore(table.saved()).saved() == table.saved()
True
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from furuba import games, i18n
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.offline import frames, moves, records
from furuba.offline.errors import TableError
from furuba.offline.frames import Frame
from furuba.offline.logs import LogDeltas
from furuba.offline.messages import parse
from furuba.offline.records import Rematch, Saved
from furuba.offline.settings import TableSettings
from furuba.tables.bots import bot_seed, choose
from furuba.tables.hints import Suggestion
from furuba.text import _

log = logging.getLogger("furuba.offline")


class LocalTable:
    """One offline table (see the module docstring). Make one with :meth:`new` or
    :meth:`restore`; everything it says is in its settings' language."""

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self.spec = games.spec(settings.game)
        self.record = GameRecord(settings.game, dict(settings.options), settings.seed)
        self.state: State = self.record.initial_state()
        self.actors: list[tuple[int, str]] = []
        """Who took each action of the record: (seat, ``human`` or ``bot``)."""
        self.seq = 0
        """The number of the table's last event."""
        self.state_seq = 0
        """``seq`` of the last action or undo: an ``act`` that has not seen it is stale."""
        self.version = 0
        """Bumped at every change of :attr:`state` (hints are kept per version)."""
        self.epoch = secrets.token_hex(4)
        """This incarnation of the table: a client that saw another gets a snapshot."""
        self.before: State | None = None
        """The state the record's last action was taken in, when known (undo)."""
        self.revealed: bool | None = None
        """Whether the record's last action revealed anything, once worked out (undo)."""
        self.rematch: Rematch | None = None
        self.logs = LogDeltas()
        self.hints: dict[tuple[int, int, str], tuple[str, list[Suggestion]]] = {}
        self.positions: list[State] | None = None
        """Every position of the finished game, once its replay was asked for."""
        self.held = tuple(i for i, s in enumerate(settings.seats) if s.kind == "human")
        """The seats the browser holds: every human seat."""

    # -- making one ----------------------------------------------------------------------------
    @classmethod
    def new(cls, settings: dict[str, Any]) -> LocalTable:
        """A new table from ``settings`` (see :mod:`furuba.offline.settings`);
        :class:`~furuba.core.errors.OptionsError` with a sentence for a bad one."""
        return cls(TableSettings.check(settings))

    @classmethod
    def restore(cls, saved: dict[str, Any]) -> LocalTable:
        """The table :meth:`saved` described, rebuilt by replaying its actions from the seed;
        :class:`~furuba.core.errors.SaveFileError` (or ``OptionsError``) when it does not
        replay."""
        data = Saved.read(saved)
        table = cls.new(data.settings)
        with i18n.speaking(table.settings.lang):
            records.replay_saved(table, data)
        return table

    def saved(self) -> dict[str, Any]:
        """What the browser keeps (see :mod:`furuba.offline.records`)."""
        return records.saved(self)

    # -- what the page reads -------------------------------------------------------------------
    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "playing"

    @property
    def current_player(self) -> int | None:
        return self.state.current_player if self.status == "playing" else None

    def table(self) -> Frame:
        """``GET /api/tables/{id}``: the table's public description."""
        with i18n.speaking(self.settings.lang):
            return frames.table_out(self)

    def catalog(self) -> Frame:
        """``GET /api/tables/{id}/catalog``: the game's static components."""
        with i18n.speaking(self.settings.lang):
            return dict(self.state.catalog())

    def hello(self, last_seq: int | None = None, epoch: str | None = None) -> list[Frame]:
        """A connection opens: ``welcome`` (its seats: every human seat), then a snapshot — or
        nothing more when it says it saw this table's last event (``last_seq``, ``epoch``)."""
        with i18n.speaking(self.settings.lang):
            if last_seq == self.seq and epoch == self.epoch:
                return [frames.welcome(self, "none")]
            return [frames.welcome(self, "snapshot"), frames.snapshot(self)]

    def receive(self, message: Any) -> list[Frame]:
        """The frames answering a client message (an object as the table page sends it, or its
        JSON text): events, ``hint``, ``pong``, or an ``error`` — never an exception. ``hello``
        is :meth:`hello`; ``chat`` is refused (an offline table has none); ``rematch`` after
        the game gives a ``rematch`` event naming the new table (see
        :meth:`rematch_settings`)."""
        with i18n.speaking(self.settings.lang):
            ref = None
            try:
                msg = parse(message)
                ref = msg.type
                return moves.handle(self, msg)
            except TableError as refused:
                return [refused.frame(ref)]
            except Exception:   # a bug (a game's, say) must not stop the page: nothing changed
                log.exception("table %s: a message failed", self.settings.id)
                return [TableError("server_error", _("something went wrong: the table did not "
                                                     "change")).frame(ref)]

    # -- bots ----------------------------------------------------------------------------------
    def bot_due(self) -> bool:
        """Whether a bot must act now."""
        player = self.current_player
        return player is not None and self.settings.seats[player].kind == "bot"

    def bot_turn(self) -> list[Frame]:
        """One bot action and its event (``[]`` when no bot is due)."""
        if not self.bot_due():
            return []
        with i18n.speaking(self.settings.lang):
            player = self.state.current_player
            spec = self.settings.seats[player].bot or "greedy"
            action = choose(spec, bot_seed(self.settings.seed, player, len(self.record.actions)),
                            self.state)
            return [moves.commit(self, player, action, "bot")]

    # -- rematch -------------------------------------------------------------------------------
    def rematch_settings(self) -> dict[str, Any] | None:
        """The settings of the rematch table (:meth:`new` makes it), once a ``rematch`` was
        asked for: the same seats and options, its own id and seed."""
        if self.rematch is None:
            return None
        return {**self.settings.to_json(), "id": self.rematch.id, "seed": self.rematch.seed}

    # -- replays -------------------------------------------------------------------------------
    def replay(self) -> Frame:
        """``GET /api/tables/{id}/replay`` of the finished game (a :class:`TableError`,
        ``not_over``, before: its record stays secret until then)."""
        with i18n.speaking(self.settings.lang):
            return records.summary(self, records.positions(self))

    def replay_step(self, step: int) -> Frame:
        """``GET /api/tables/{id}/replay/{step}``: the position after ``step`` actions, every
        hand shown (a :class:`TableError`, ``not_found``, for a step the game does not have)."""
        with i18n.speaking(self.settings.lang):
            states = records.positions(self)
            total = len(states) - 1
            if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= total:
                raise TableError("not_found", _("steps go from 0 to {total}").format(total=total))
            return records.step(self, states, step)
