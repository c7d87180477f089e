"""What a game tells its consumers: one typed :class:`GameSpec` per game.

A game package says what it *is* as data — its identity (name, title, description), how many
play, its options with their types, bounds and defaults, how a game starts, and the facts of its
rules (whether cards are hidden, whether it can be played as a team, what reveals information,
how long a game can be). Consumers (bots, simulator, server, CLI, adapters) read the spec of
whatever game they are given and never branch on a game's name (OpenSpiel's
``GameType``/``GameInfo`` and its one ``register_game`` line are the model).

Everything else belongs to one consumer, and each consumer defines the typed *kit* it needs —
the bots' :class:`~furuba.bots.kit.BotKit` (policies, tuning, ladder), the lab's
:class:`~furuba.sim.kit.LabKit`, the adapters' :class:`~furuba.integrations.kit.AdapterKit`, the
terminal's :class:`~furuba.cli.kit.TerminalKit`, the tables' :class:`~furuba.tables.kit.WebKit`,
the learner's :class:`~furuba.learn.kit.LearningKit`, the tutorials'
:class:`~furuba.tutorial.TutorialKit` — which a game registers in :attr:`GameSpec.kits` and the
consumer looks up (``spec.kit(BotKit)``). A new game's minimum is the spec alone: a game with no
kit still plays in the terminal, the simulator, the adapters and the web app, with the generic
pieces and the ``random`` bot.

The pieces that need an optional dependency (numpy for the encoder, rich for the screen,
matplotlib for the report) are *loaders*: functions that import the piece when it is first
asked for (:func:`lazy`), so that ``import furuba`` stays light.

>>> from furuba import games
>>> spec = games.spec("daihinmin")
>>> spec.title, (spec.players.low, spec.players.high), spec.hidden_information
('Dai Hin Min', (4, 7), True)
>>> [o.name for o in spec.options][:4]
['target', 'max_rounds', 'dealer', 'rules']
>>> spec.option("target").check(0)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: option target must be at least 1, not 0
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from furuba.core import files
from furuba.core.errors import MissingKitError, OptionsError
from furuba.core.protocol import JSON, State
from furuba.text import _, listing

if TYPE_CHECKING:
    from pathlib import Path

OptionKind = Literal["int", "text", "choice"]
K = TypeVar("K")
UPLOADED = "upload:"
"""The start of an option's value that names a file a user gave (``upload:`` and the SHA-256 of
the file's text in hex; see :meth:`Option.upload_value` and :mod:`furuba.core.files`)."""


def is_whole(value: object) -> bool:
    """Whether ``value`` is an integer and not a ``bool`` (``True`` is not a player count).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _as_measured(data: JSON) -> JSON:
    return data


@dataclass(frozen=True, slots=True)
class FileEditor:
    """How a browser edits the files of an option (a card set): what its game tells the editor.

    A file is edited as a *document* — the file read into JSON — in a form built from the JSON
    Schema and hints of :attr:`form`; the server writes a document back into the file's text
    (:attr:`write`) and checks it with the option's ``check_text``, so that each fault is shown
    beside its field. The game's browser module (:attr:`module`) draws the file's cards.

    * ``module``: the browser module that draws a document's cards (``web/js/<module>.js``, found
      in the editors' table of ``js/games.js``);
    * ``form()``: the form, as JSON: ``schema`` (the document's JSON Schema) and the hints a form
      needs (labels and help said in the context's language, references between fields, fixed
      keys, the languages a document may be translated into, templates of new items);
    * ``read(text)``: a file's text → its document; raises
      :class:`~furuba.core.errors.FileProblemsError` when the text is no document at all;
    * ``write(document)``: a document → the file's text (faults and all: checking is apart);
    * ``starts()``: files an editor may start from, by name (``{"default": text, "empty": text}``);
    * ``load(text)``: a checked file → what ``new_game`` receives for the option;
    * ``measured(data)``: the balance report's data (:func:`furuba.sim.analysis.analyse`) of
      games played with such a file → the same, with what the module shows of it added.
    """

    module: str
    form: Callable[[], JSON]
    read: Callable[[str], JSON]
    write: Callable[[JSON], str]
    starts: Callable[[], Mapping[str, str]]
    load: Callable[[str], Any]
    measured: Callable[[JSON], JSON] = _as_measured


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, type, default, bounds and what it means.

    ``None`` as a value means "the game's own choice" (the default when ``default`` is ``None``);
    it is accepted only by options with ``nullable`` set. ``choices`` with ``combinable`` set
    take several choices joined by commas (``"long,true-friends"``). ``named`` gives, for an
    option whose values are chosen by name (a card set), the names a client may choose and what
    each one stands for (what ``new_game`` receives). ``online`` options may be set by clients of
    the web server; the others only from the command line and the library. ``add_folder``, for
    an option whose named values are files (card sets), checks every such file in a folder —
    raising :class:`~furuba.core.errors.FurubaError` that names a bad one — and adds them to
    :attr:`named`, in this process and the processes it starts (``furuba serve --cardsets DIR``
    calls it for the option called ``cardset`` of every game).

    >>> Option("target", "int", 21, "points that end the game", low=1, nullable=True).check("7")
    Traceback (most recent call last):
    ...
    furuba.core.errors.OptionsError: option target must be a whole number, not '7'
    >>> Option("variant", "choice", "standard", "", choices=("standard", "long", "coop"),
    ...        combinable=True).check("long,coop", online=True)
    'long,coop'
    """

    name: str
    kind: OptionKind
    default: int | str | None
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    combinable: bool = False
    nullable: bool = False
    online: bool = True
    named: Callable[[], Mapping[str, str]] | None = None
    add_folder: Callable[[Path], None] | None = None
    check_text: Callable[[str], JSON] | None = None
    """For an option whose named values are files (card sets): checks the text of such a file,
    as a user would upload it, and returns a summary of it (JSON), or raises
    :class:`~furuba.core.errors.FileProblemsError` naming each faulty field (the server's
    ``POST /api/<option>s/check``)."""
    label: str = ""
    """What a menu calls the option ("card set"); its name with spaces when empty."""
    choice_labels: tuple[tuple[str, str], ...] = ()
    """What a menu calls some choices (``("coop", "Bestest Friends (co-op)")``)."""
    advanced: bool = False
    """A setting most players leave alone (a safety cap): a menu may tuck it away."""
    editor: FileEditor | None = None
    """For an option whose values are files: how a browser edits one (the server's editor
    routes); ``None``: files of it are written by hand."""
    presets: Mapping[str, Mapping[str, Any]] | None = None
    """For a choice that stands for a set of other options' values (a game's ``rules``): each
    choice → those values (``players`` included), which a menu sets when it is chosen; options
    given beside it override it."""
    @property
    def title(self) -> str:
        """The option's label, or its name with spaces."""
        return self.label or self.name.replace("_", " ")

    def check(self, value: Any, *, online: bool = False,
              say: Callable[[str], str] = lambda text: text) -> Any:
        """``value`` if this option accepts it; else :class:`OptionsError` naming the fault.

        Only the type, bounds and choices are checked here; rules that tie options together
        (a co-op game's target) are the game's own and are checked by ``new_game``. ``online``
        (a web client's request) accepts only the names of :attr:`named`, where the command
        line may also give a file. ``say`` is the game's catalog, for the option's label.
        """
        if value is None:
            if self.nullable or self.default is None:
                return None
            raise OptionsError(_("option {name} needs a value").format(name=self.name))
        if self.kind == "int":
            if not is_whole(value):
                raise OptionsError(_("option {name} must be a whole number, not {value!r}").format(
                    name=self.name, value=value))
            if self.low is not None and value < self.low:
                raise OptionsError(_("option {name} must be at least {low}, not {value}").format(
                    name=self.name, low=self.low, value=value))
            if self.high is not None and value > self.high:
                raise OptionsError(_("option {name} must be at most {high}, not {value}").format(
                    name=self.name, high=self.high, value=value))
            return value
        if not isinstance(value, str):
            raise OptionsError(_("option {name} must be text, not {value!r}").format(
                name=self.name, value=value))
        if value.startswith(UPLOADED) and self.editor is not None:
            return value
        if self.named is not None and online:
            names = self.named()
            if value not in names:
                raise OptionsError(_("unknown {option} {value!r}; the choices are: "
                                     "{choices}").format(option=say(self.title), value=value,
                                                         choices=listing(sorted(names))))
        if self.kind == "choice" and online:
            parts = [p.strip() for p in value.split(",")] if self.combinable else [value]
            for part in parts:
                if part not in self.choices:
                    raise OptionsError(_("unknown {option} {value!r}; the choices are: "
                                         "{choices}").format(option=say(self.title), value=part,
                                                             choices=listing(self.choices)))
        return value

    def upload_value(self, text: str) -> str:
        """The value naming ``text`` as a file of this option (``upload:<sha-256>``), which
        :meth:`check` accepts and :meth:`GameSpec.game_kwargs` turns back into the file as
        loaded, where the process holds it (:mod:`furuba.core.files`).

        >>> Option("cardset", "text", "default", "").upload_value("x")[:15]
        'upload:2d711642'
        """
        return UPLOADED + hashlib.sha256(text.encode("utf-8")).hexdigest()

    def parse(self, text: str) -> Any:
        """The value of ``text`` as typed on a command line (``-o target=5``)."""
        if self.kind == "int":
            stripped = text.strip()
            if stripped.lower() in ("none", "") and self.nullable:
                return None
            try:
                number = int(stripped)
            except ValueError:
                raise OptionsError(_("option {name} must be a whole number, not {value!r}").format(
                    name=self.name, value=text)) from None
            return self.check(number)
        return text.strip()

    def describe(self, say: Callable[[str], str] = lambda text: text) -> JSON:
        """The option as a user interface shows it (``GET /api/games``), its words said
        through ``say`` (its game's :attr:`GameSpec.gettext`)."""
        out: JSON = {"name": self.name, "label": say(self.title), "kind": self.kind,
                     "default": self.default, "help": say(self.help) if self.help else "",
                     "nullable": self.nullable, "advanced": self.advanced}
        if self.low is not None:
            out["min"] = self.low
        if self.high is not None:
            out["max"] = self.high
        if self.named is not None:
            out["choices"] = sorted(self.named())
        elif self.choices:
            out["choices"] = list(self.choices)
            out["combinable"] = self.combinable
        if self.choice_labels:
            out["choice_labels"] = {choice: say(label) for choice, label in self.choice_labels}
        if self.editor is not None:
            out["editor"] = {"module": self.editor.module}
        if self.presets is not None:
            out["presets"] = {choice: dict(values) for choice, values in self.presets.items()}
        return out


@dataclass(frozen=True, slots=True)
class Players:
    """How many may play: ``low`` to ``high``, ``default`` when not said.

    ``table_high`` caps the seats of a web table where the screen has room for fewer than the
    rules allow (``None``: no cap beyond ``high``). The game's ``new_game`` may refuse counts
    that other options rule out (Friends of the Zodiac alone is only played in co-op).
    """

    low: int
    high: int
    default: int
    table_high: int | None = None

    @property
    def online_high(self) -> int:
        """The most seats a web table may have."""
        return min(self.high, self.table_high or self.high)


@dataclass(frozen=True, slots=True)
class Written:
    """A free-text input a game takes besides its actions (a True Friends answer).

    Written inputs are part of the protocol (:meth:`State.write`) and of the game record, so a
    record alone replays a table.
    """

    name: str
    help: str
    max_length: int = 2000


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts that depend on a game's options (OpenSpiel's ``GameInfo``), read off a new state."""

    num_players: int
    num_distinct_actions: int
    max_game_length: int
    """An upper bound on the number of actions of one game."""
    cooperative: bool
    """Every player wins or loses together (``returns()`` identical for all)."""


@dataclass(frozen=True)
class GameSpec:
    """Everything a consumer may know of a game. Build one per game; register it in
    :mod:`furuba.games`."""

    name: str
    """The registry name (``"zodiac"``): lower case, used in URLs, files and records."""
    title: str
    """The name players read (``"Friends of the Zodiac"``)."""
    description: str
    """One or two sentences for a menu."""
    state_class: type[State]
    new_game: Callable[..., State]
    """``new_game(players=…, seed=…, **options)`` → a new state; refuses bad options with
    :class:`OptionsError`."""
    players: Players
    options: tuple[Option, ...]
    hidden_information: bool
    max_game_length: Callable[[State], int]
    """An upper bound on the actions of a game like ``state`` (same options)."""
    cooperative: Callable[[State], bool] = lambda state: False
    """Whether a game like ``state`` is played as one team."""
    reveals: Callable[[State, int], bool] = lambda state, action: True
    """Whether taking the legal ``action`` in ``state`` reveals information to anyone — a card
    drawn, a card shown, a chance outcome, a hidden choice made public, in the action itself or
    in whatever it sets off before the next decision. Taking such an action back (a table's
    undo) would leave someone knowing what they could not know, so only an action that reveals
    nothing may be taken back. The default: every action reveals (no undo)."""
    view_type: type | None = None
    """The ``TypedDict`` of ``state.view(player)`` (documented field by field)."""
    written: tuple[Written, ...] = ()
    aliases: tuple[str, ...] = ()
    gettext: Callable[[str], str] = lambda text: text
    """The game's own catalog (:class:`furuba.i18n.Catalog`): a text of this spec — its title,
    description, option labels, help and choice labels, marked with :func:`furuba.i18n.N_` —
    in the language of the current context. Consumers say the spec's texts through it."""
    kits: tuple[object, ...] = ()
    """What the game gives each consumer, one object of the consumer's own kit type each (the
    bots' :class:`~furuba.bots.kit.BotKit`, the lab's :class:`~furuba.sim.kit.LabKit`, the
    adapters' :class:`~furuba.integrations.kit.AdapterKit`, the terminal's
    :class:`~furuba.cli.kit.TerminalKit`, the tables' :class:`~furuba.tables.kit.WebKit`, the
    learner's :class:`~furuba.learn.kit.LearningKit`, the tutorials'
    :class:`~furuba.tutorial.TutorialKit`). A consumer looks its kit up with :meth:`kit`."""

    def _uploaded(self, option: Option, value: str) -> Any:
        found = files.loaded(self.name, option.name, value.removeprefix(UPLOADED))
        if found is None:
            raise OptionsError(_("option {name}: no file {value!r} was given to this "
                                 "server").format(name=option.name, value=value))
        return found

    def kit(self, kind: type[K]) -> K:
        """The kit of type ``kind`` this game registered; :class:`MissingKitError` if none.

        >>> from furuba import games
        >>> from furuba.tables.kit import WebKit
        >>> games.spec("zodiac").kit(WebKit).frontend
        'zodiac'
        """
        found = self.kit_or_none(kind)
        if found is None:
            raise MissingKitError(_("{game} offers nothing for {consumer}").format(
                game=self.said_title, consumer=kind.__name__))
        return found

    def kit_or_none(self, kind: type[K]) -> K | None:
        """The kit of type ``kind`` this game registered, or ``None``."""
        for kit in self.kits:
            if isinstance(kit, kind):
                return kit
        return None

    def kit_or(self, default: K) -> K:
        """The kit of ``default``'s type this game registered, or ``default`` (a kit whose
        fields all say "nothing of the kind": ``spec.kit_or(LabKit()).cards``)."""
        found = self.kit_or_none(type(default))
        return default if found is None else found

    def option(self, name: str) -> Option:
        """The option called ``name``."""
        for option in self.options:
            if option.name == name:
                return option
        raise OptionsError(_("unknown option {name!r} for {game}; the options are: "
                             "{options}").format(name=name, game=self.said_title,
                                                 options=listing(o.name for o in self.options)
                                                 or _("none")))

    def check_options(self, options: Mapping[str, Any], *, online: bool = False) -> dict[str, Any]:
        """Each option checked by type and bounds (``players`` and ``seed`` pass through).

        ``online`` refuses options a web client may not set.
        """
        out: dict[str, Any] = {}
        for key, value in options.items():
            if key in ("players", "seed"):
                out[key] = value
                continue
            option = self.option(key)
            if online and not option.online:
                raise OptionsError(_("option {name} cannot be set for an online table").format(
                    name=key))
            out[key] = option.check(value, online=online, say=self.gettext)
        return out

    def game_kwargs(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of ``new_game`` for stored options (names → what they stand
        for, as :attr:`Option.named` says)."""
        out = dict(options)
        for option in self.options:
            value = out.get(option.name)
            if option.editor is not None and isinstance(value, str) \
                    and value.startswith(UPLOADED):
                out[option.name] = self._uploaded(option, value)
            elif option.named is not None and isinstance(value, str):
                out[option.name] = option.named().get(out[option.name], out[option.name])
        return out

    @property
    def said_title(self) -> str:
        """The game's title in the context's language (through :attr:`gettext`)."""
        return self.gettext(self.title)

    def info(self, state: State) -> GameInfo:
        """The facts of games like ``state``."""
        return GameInfo(num_players=state.num_players,
                        num_distinct_actions=state.num_distinct_actions(),
                        max_game_length=self.max_game_length(state),
                        cooperative=self.cooperative(state))

    def describe(self, *, online: bool = False) -> JSON:
        """The game as a menu shows it (``GET /api/games``): its title, description, options'
        labels, help and choice labels, and its written inputs' help said in the context's
        language (through :attr:`gettext`). The tables add what their consumers' kits say
        (:mod:`furuba.tables.catalog`)."""
        say = self.gettext
        high = self.players.online_high if online else self.players.high
        return {"name": self.name, "title": say(self.title),
                "description": say(self.description),
                "players": {"min": self.players.low, "max": high,
                            "default": self.players.default},
                "options": {o.name: o.describe(say) for o in self.options
                            if o.online or not online},
                "hidden_information": self.hidden_information,
                "written": [{"name": w.name, "help": say(w.help) if w.help else "",
                             "max_length": w.max_length} for w in self.written]}


def lazy(target: str) -> Callable[[], Any]:
    """A loader of ``"package.module:NAME"``: imports the module when first called (then keeps
    what it found), so that a spec names its optional pieces without importing them.

    >>> load = lazy("furuba.zodiac.report:SECTIONS")
    >>> load() is load()
    True
    """
    module, _colon, name = target.partition(":")
    if not module or not name:
        raise ValueError(f"a loader names 'package.module:NAME', not {target!r}")

    @functools.cache
    def load() -> Any:
        return getattr(importlib.import_module(module), name)

    return load


def option_names(options: Sequence[Option]) -> list[str]:
    """The names of ``options`` in order."""
    return [o.name for o in options]
