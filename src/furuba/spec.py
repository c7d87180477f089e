"""What a game tells its consumers: one typed :class:`GameSpec` per game.

A game package says what it is as data — title, player range, options with their types, bounds
and defaults, whether cards are hidden, whether it can be played as a team — and hands over the
pieces each consumer needs: its policies for the bots, its observation encoder for the adapters,
its terminal screen, its report sections, the name of its front-end module, the type of its
view. Consumers (bots, simulator, server, CLI, adapters) read the spec of whatever game they are
given and never branch on a game's name (OpenSpiel's ``GameType``/``GameInfo`` and its one
``register_game`` line are the model).

The pieces that need an optional dependency (numpy for the encoder, rich for the screen,
matplotlib for the report) are *loaders*: functions that import the piece when it is first
asked for, so that ``import furuba`` stays light.

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
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from furuba.core.errors import OptionsError
from furuba.core.protocol import JSON, State
from furuba.text import _, listing

if TYPE_CHECKING:
    from pathlib import Path

    import typer

    from furuba.cli.screen import TerminalGame
    from furuba.integrations.encoding import Encoder
    from furuba.learn.features import ActionFeatures
    from furuba.sim.card_hooks import CardHooks
    from furuba.sim.sections import ReportSections
    from furuba.sim.targets import Tuning
    from furuba.tutorial import Tutorial

OptionKind = Literal["int", "text", "choice"]
Policy = Callable[[Any, random.Random], int]
"""A fast policy: ``policy(state, rng)`` → a legal action of the current player."""
UPLOADED = "upload:"
"""The start of an option's value that names a file a user gave (``upload:`` and the SHA-256 of
the file's text in hex; see :meth:`Option.upload`)."""


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
    uploads: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Files users gave for this option, in this process: the SHA-256 of each text → what
    ``editor.load`` made of it (see :meth:`upload`)."""

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
            self.uploaded(value)
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

    def upload(self, text: str) -> str:
        """Check ``text`` as a file of this option and keep what it loads to, in this process,
        under the value that names it (``upload:<sha-256>``), which :meth:`check` then accepts
        and :meth:`GameSpec.game_kwargs` turns back into the loaded file.

        Raises :class:`~furuba.core.errors.FileProblemsError` naming each fault of the file, or
        :class:`OptionsError` for an option that takes no file.
        """
        if self.editor is None or self.check_text is None:
            raise OptionsError(_("option {name} takes no file").format(name=self.name))
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest not in self.uploads:
            self.check_text(text)
            self.uploads[digest] = self.editor.load(text)
        return UPLOADED + digest

    def uploaded(self, value: str) -> Any:
        """The file an ``upload:<sha-256>`` value names, as loaded; :class:`OptionsError` when
        this process does not hold it."""
        found = self.uploads.get(value.removeprefix(UPLOADED))
        if found is None:
            raise OptionsError(_("option {name}: no file {value!r} was given to this "
                                 "server").format(name=self.name, value=value))
        return found

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
class Rung:
    """One measured step between two bot levels in a game: ``level``'s share of the wins against
    ``players - 1`` bots of ``below``, on duplicate deals (docs/BOTS.md, *Levels*); with
    ``rounds``, the wins of single rounds of a game that plays several, not of whole games. A
    game won on points may give ``points`` too: the level's points as a multiple of an even
    share of them, measured on the same deals (what a step is worth where wins say too little).
    ``setting`` says in a few words what games were measured where they were not the game as
    it is played by default (``"games to 4 friendships"``), in the game's text domain (said
    through :attr:`GameSpec.gettext`).

    >>> Rung("hard", "normal", 0.283)
    Rung(level='hard', below='normal', share=0.283, players=4, rounds=False, points=None, setting='')
    >>> Rung("hard", "normal", 1.2)
    Traceback (most recent call last):
    ...
    ValueError: a rung's share of the wins is between 0 and 1 (not 1.2)
    >>> Rung("expert", "hard", 0.247, rounds=True, points=-1.0)
    Traceback (most recent call last):
    ...
    ValueError: a rung's points are a positive multiple of an even share (not -1.0)
    """

    level: str
    below: str
    share: float
    players: int = 4
    rounds: bool = False
    points: float | None = None
    setting: str = ""

    def __post_init__(self) -> None:
        if not 0.0 < self.share < 1.0:
            raise ValueError(f"a rung's share of the wins is between 0 and 1 (not {self.share})")
        if self.players < 2:
            raise ValueError(f"a rung is measured at a table of 2 or more (not {self.players})")
        if self.points is not None and not self.points > 0.0:
            raise ValueError(f"a rung's points are a positive multiple of an even share (not "
                             f"{self.points})")
        if self.level == self.below:
            raise ValueError(f"a rung steps from one level to another (not {self.level!r} to "
                             "itself)")


@dataclass(frozen=True, slots=True)
class Policies:
    """What a game gives the bots: its own fast decisions and its evaluation.

    * ``greedy(state, rng)``: the greedy bot's choice (a one-step heuristic);
    * ``rollout(state, rng)``: the search's playout policy (fast; may equal ``greedy``);
    * ``evaluate(state)``: each player's estimated win share of a non-terminal state;
    * ``evaluations``: other estimates of the win shares the game offers, by name; a search
      judges by one with ``eval=NAME`` (or its level's ``eval`` in ``search_defaults``), and by
      ``evaluate`` (``eval=standard``) otherwise;
    * ``points(state)``: each player's points at the end of the game as far as can be told now
      (its ``scores`` when it ends), for a search that plays for points (``value=points``);
      ``None``: the scores as they stand;
    * ``explain(state, action, player)``: a short reason for ``player``'s action, for hints;
    * ``contrast(state, played, better, player)``: for a game review's mistake, what ``better``
      does that ``played`` does not, in words (``""``: nothing to add to each move's reason);
      ``None``: the review gives each move's reason only;
    * ``playout_mark(state)``: a value that changes when a playout should stop early (the end of
      a round), or ``None``;
    * ``world_sampler(state, player)``: a sampler of worlds refined with what the public log
      suggests (used with ``infer=on``), or ``None``;
    * ``search_defaults``: the search settings tuned for this game (``c``, ``bias``, ``opp``,
      ``depth``, ``infer``, ``value``, ``eval``), and under ``levels`` what differs for one of
      the search's levels (``{"expert": {"sims": 400, "opp": "best"}}``);
    * ``ladder``: how strong the bot levels measured in this game (:class:`Rung`), from which
      the ratings set a level's fixed skill in it; empty: the ratings' fixed skills per level;
    * ``level_summaries``: how a level plays in this game where the sentence all games share
      would mislead (a level's name to one sentence in the game's text domain, said through
      :attr:`GameSpec.gettext`): the game tunes that level its own way.
    """

    greedy: Policy
    rollout: Policy
    evaluate: Callable[[Any], list[float]]
    explain: Callable[[Any, int, int], str]
    contrast: Callable[[Any, int, int, int], str] | None = None
    playout_mark: Callable[[Any], Hashable] | None = None
    points: Callable[[Any], list[float]] | None = None
    evaluations: Mapping[str, Callable[[Any], list[float]]] = field(default_factory=dict)
    world_sampler: Callable[[Any, int], Callable[[random.Random], Any]] | None = None
    search_defaults: Mapping[str, Any] = field(default_factory=dict)
    ladder: tuple[Rung, ...] = ()
    level_summaries: Mapping[str, str] = field(default_factory=dict)


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
    policies: Policies
    max_game_length: Callable[[State], int]
    """An upper bound on the actions of a game like ``state`` (same options)."""
    cooperative: Callable[[State], bool] = lambda state: False
    """Whether a game like ``state`` is played as one team."""
    summarize: Callable[[State], JSON] = lambda state: {}
    """What a simulation keeps of a finished game, beyond returns and scores (public only)."""
    reveals: Callable[[State, int], bool] = lambda state, action: True
    """Whether taking the legal ``action`` in ``state`` reveals information to anyone — a card
    drawn, a card shown, a chance outcome, a hidden choice made public, in the action itself or
    in whatever it sets off before the next decision. Taking such an action back (a table's
    undo) would leave someone knowing what they could not know, so only an action that reveals
    nothing may be taken back. The default: every action reveals (no undo)."""
    view_type: type | None = None
    """The ``TypedDict`` of ``state.view(player)`` (documented field by field)."""
    written: tuple[Written, ...] = ()
    frontend: str = "generic"
    """The browser module that draws this game (``"generic"``: a plain view of any game)."""
    aliases: tuple[str, ...] = ()
    env_name: str = ""
    """The CamelCase name in environment ids (``furuba/DaiHinMin-v0``); the title without
    spaces when empty."""
    encoder: Callable[[State], Encoder] | None = None
    """Loader: the observation encoder for games like ``state`` (adapters)."""
    report: Callable[[], ReportSections] | None = None
    """Loader: the game's sections of the balance report."""
    cards: Callable[[], CardHooks] | None = None
    """Loader: what the game tells the balance lab of its cards (their names, who held and
    played which in a finished game, what an action plays: :mod:`furuba.sim.card_hooks`);
    ``None``: the lab measures no card of it."""
    terminal: Callable[[], TerminalGame] | None = None
    """Loader: the game's terminal screen (``furuba play``); ``None``: the generic one."""
    commands: Callable[[], typer.Typer] | None = None
    """Loader: extra ``furuba`` commands of this game (``furuba cardset …``)."""
    gettext: Callable[[str], str] = lambda text: text
    """The game's own catalog (:class:`furuba.i18n.Catalog`): a text of this spec — its title,
    description, option labels, help and choice labels, marked with :func:`furuba.i18n.N_` —
    in the language of the current context. Consumers say the spec's texts through it."""
    tutorial: Callable[[], Tutorial] | None = None
    """Loader: the game's guided first game (:class:`furuba.tutorial.Tutorial`: its table, its
    deal, the learner's seat and the lessons that teach by doing), or ``None`` when it has none."""
    tuning: Callable[[], Tuning] | None = None
    """Loader: what ``furuba suggest`` may change in the files of one of the game's options (a
    card set's small edits) and the figures of a simulation it may aim at
    (:mod:`furuba.sim.targets`); ``None``: the game offers none."""

    learning: Callable[[], ActionFeatures] | None = None
    """Loader: what the learner sees of the game (:class:`furuba.learn.features.ActionFeatures`:
    the features of each legal action as the player to move sees it, how to train on the game,
    and the weights of the policy shipped with it); ``None``: ``furuba train`` and the
    ``policy`` bot cannot play it."""

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
                out[option.name] = option.uploaded(value)
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
        language (through :attr:`gettext`), and how strong its bot levels measured (``ladder``)."""
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
                             "max_length": w.max_length} for w in self.written],
                "frontend": self.frontend, "tutorial": self.tutorial is not None,
                "ladder": [{**asdict(rung), "setting": say(rung.setting) if rung.setting else ""}
                           for rung in self.policies.ladder]}


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
