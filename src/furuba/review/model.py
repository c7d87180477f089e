"""What a review holds: one seat's decisions, judged, and every player's win chance over the game.

Each decision's moves — the search's favourite (the Hint's move) and the move played — are
weighed in the same sampled worlds (:mod:`furuba.bots.weigh`); the bot's preferred move is the
Hint's unless the move played did at least as well there, so it is never shown worse than the
move played. Its *gain* over the move played is
their difference world by world, with a standard error; a gain within :data:`REAL` standard
errors is noise, and the move played is then *as good*. A decision is judged by its *loss*: the
gain when it is real, else 0. The thresholds are lichess's: it calls a move an inaccuracy, a
mistake or a blunder when the player's winning chances drop by 0.1, 0.2 or 0.3 on its scale from
−1 to 1, which is twice a win probability — so 5, 10 and 15 points of win chance here.

>>> judge(0.16), judge(0.1), judge(0.07), judge(0.049)
('blunder', 'mistake', 'inaccuracy', None)
>>> SYMBOLS["blunder"], SYMBOLS["mistake"], SYMBOLS["inaccuracy"]
('??', '?', '?!')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from furuba.bots.weigh import REAL, is_real
from furuba.core.errors import SaveFileError
from furuba.core.protocol import JSON
from furuba.text import _

METHOD = 2
"""How the review judges: 2 weighs the moves in shared worlds (a review kept by an earlier
method is made again when asked for)."""

JUDGEMENTS: tuple[tuple[str, float], ...] = (("blunder", 0.15), ("mistake", 0.10),
                                             ("inaccuracy", 0.05))
"""The least loss of win chance of each judgement, worst first."""
SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
"""Each judgement's mark, as chess annotates moves."""
DIGITS = 4
"""Win chances are kept to this many decimals."""


def judge(loss: float) -> str | None:
    """The judgement of a decision that lost ``loss`` of win chance (``None``: a fine move)."""
    for name, least in JUDGEMENTS:
        if loss >= least - 1e-9:
            return name
    return None


@dataclass(frozen=True, slots=True)
class Move:
    """A move of a decision, with the search's estimate of the win chance after it."""

    action: int
    name: str
    """``state.action_to_string(action)``."""
    kind: str
    params: JSON
    """``state.action_info(action)``'s kind and parameters, so a front end words it itself."""
    win_chance: float
    """The deciding player's win share after this move, as the search estimated it."""
    visits: int
    """How many of the search's simulations went through this move (its confidence)."""
    reason: str
    """Why the bot would play it, in words, from what the player could know (in the language
    of the context that made the review)."""
    reasons: Mapping[str, str] = field(default_factory=dict)
    """The same reason in every language furuba speaks, for a review kept for every reader."""
    error: float = 0.0
    """The standard error of :attr:`win_chance` over the shared worlds."""

    def said(self, language: str) -> str:
        """The reason in ``language`` (the one the review was made in when it has no other)."""
        return self.reasons.get(language, self.reason)

    def to_json(self) -> JSON:
        return {"action": self.action, "name": self.name, "kind": self.kind,
                "params": self.params, "win_chance": round(self.win_chance, DIGITS),
                "visits": self.visits, "reason": self.reason, "reasons": dict(self.reasons),
                "error": round(self.error, DIGITS)}

    @classmethod
    def from_json(cls, data: JSON) -> Move:
        return cls(int(data["action"]), str(data["name"]), str(data["kind"]),
                   dict(data["params"]), float(data["win_chance"]), int(data["visits"]),
                   str(data["reason"]), _words(data.get("reasons")),
                   float(data.get("error") or 0.0))


@dataclass(frozen=True, slots=True)
class Answer:
    """What a mistake asks of whoever would replay it (a puzzle): the move best on average over
    the worlds consistent with the player's view, among every legal move weighed in them."""

    move: Move
    """The bot's move, unless another legal move did really better in the same worlds."""
    accepted: tuple[int, ...]
    """The moves as good as :attr:`move` there (within the noise), :attr:`move` first; never
    the move played."""
    gain: float
    """How much more :attr:`move` won than the move played, world by world."""
    gain_error: float
    why: Mapping[str, str] = field(default_factory=dict)
    """What :attr:`move` keeps that the move played gave up, in each language (may be
    empty)."""

    def to_json(self) -> JSON:
        return {"move": self.move.to_json(), "accepted": list(self.accepted),
                "gain": round(self.gain, DIGITS), "gain_error": round(self.gain_error, DIGITS),
                "why": dict(self.why)}

    @classmethod
    def from_json(cls, data: JSON) -> Answer:
        return cls(Move.from_json(data["move"]), tuple(int(a) for a in data["accepted"]),
                   float(data["gain"]), float(data["gain_error"]), _words(data.get("why")))


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat: the move played and the bot's preferred move."""

    step: int
    """The move's number in the record (1 for the first action): the replay's step that shows
    it (``/replay/{id}#step=N``); the decision was taken in the position of step ``N − 1``."""
    player: int
    choices: int
    """How many legal actions there were."""
    played: Move
    best: Move
    """The Hint's move (the search's favourite), or the move played when that did at least as
    well in the shared worlds: never worse there than the move played."""
    gain: float = 0.0
    """How much more the best move won than the move played, world by world (0 when it was
    played)."""
    gain_error: float = 0.0
    """The standard error of :attr:`gain`."""
    worlds: int = 0
    """The shared worlds the moves were weighed in."""
    hint: Move | None = None
    """The Hint's move, when it is not :attr:`best`: the move played did at least as well in
    the shared worlds."""
    why: Mapping[str, str] = field(default_factory=dict)
    """For a mistake, what the better move does that the move played does not, in each language
    (empty when the game has nothing to add to the two moves' reasons)."""
    answer: Answer | None = None
    """For a mistake, the move best on average among every legal move (what its puzzle asks)."""

    @property
    def as_good(self) -> bool:
        """Whether the move played, not the bot's, is as good as far as the worlds can tell."""
        return self.played.action != self.best.action and not is_real(self.gain, self.gain_error)

    @property
    def loss(self) -> float:
        """Win chance lost by not playing the bot's move: the gain when it is real, else 0."""
        if self.played.action == self.best.action or self.as_good:
            return 0.0
        return max(0.0, self.gain)

    @property
    def judgement(self) -> str | None:
        """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``."""
        return judge(self.loss)

    def explained(self, language: str) -> str:
        """:attr:`why` in ``language`` (English when it has no other; ``""`` when empty)."""
        return self.why.get(language) or self.why.get("en", "")

    def to_json(self) -> JSON:
        return {"step": self.step, "player": self.player, "choices": self.choices,
                "played": self.played.to_json(), "best": self.best.to_json(),
                "gain": round(self.gain, DIGITS), "gain_error": round(self.gain_error, DIGITS),
                "worlds": self.worlds, "as_good": self.as_good,
                "hint": None if self.hint is None else self.hint.to_json(),
                "why": dict(self.why), "loss": round(self.loss, DIGITS),
                "judgement": self.judgement,
                "answer": None if self.answer is None else self.answer.to_json()}

    @classmethod
    def from_json(cls, data: JSON) -> Decision:
        played, best = Move.from_json(data["played"]), Move.from_json(data["best"])
        gain = data.get("gain")
        return cls(int(data["step"]), int(data["player"]), int(data["choices"]), played, best,
                   max(0.0, best.win_chance - played.win_chance) if gain is None else float(gain),
                   float(data.get("gain_error") or 0.0), int(data.get("worlds") or 0),
                   None if data.get("hint") is None else Move.from_json(data["hint"]),
                   _words(data.get("why")),
                   None if data.get("answer") is None else Answer.from_json(data["answer"]))


def _words(data: Any) -> dict[str, str]:
    """A ``{language: text}`` mapping read from JSON (empty for none)."""
    return {str(k): str(v) for k, v in dict(data or {}).items()}


@dataclass(frozen=True)
class Review:
    """The review of one seat's play in one finished game."""

    game: str
    seat: int
    players: int
    cooperative: bool
    sims: int
    """The search's simulations per decision (at least one per legal action)."""
    playouts: int
    """Playouts per player and step behind the win-chance graph."""
    seed: int
    decisions: tuple[Decision, ...]
    chances: tuple[tuple[float, ...], ...]
    """``chances[step][player]``: each player's own estimate of their win share after ``step``
    actions (step 0 is the deal; the last step is the result)."""
    returns: tuple[float, ...]
    """The game's result (win shares)."""
    worlds: int = 0
    """The shared worlds each decision's moves were weighed in."""
    method: int = METHOD

    def mistakes(self, limit: int | None = None) -> list[Decision]:
        """The judged decisions, the largest loss first (ties: the earlier one)."""
        judged = sorted((d for d in self.decisions if d.judgement is not None),
                        key=lambda d: (-d.loss, d.step))
        return judged if limit is None else judged[:limit]

    def counts(self) -> dict[str, int]:
        """How many decisions got each judgement (every judgement named, worst first)."""
        out = {name: 0 for name, _ in JUDGEMENTS}
        for d in self.decisions:
            if d.judgement is not None:
                out[d.judgement] += 1
        return out

    @property
    def mean_loss(self) -> float:
        """The mean win chance lost per decision (0 when there was nothing to decide)."""
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def agreement(self) -> float:
        """The share of decisions where the bot's preferred move, or one as good, was played."""
        if not self.decisions:
            return 1.0
        return sum(d.loss == 0.0 for d in self.decisions) / len(self.decisions)

    @property
    def as_good(self) -> int:
        """How many decisions played another move than the bot's, as good as far as the worlds
        can tell."""
        return sum(d.as_good for d in self.decisions)

    def to_json(self) -> JSON:
        """The review as the API serves it and the database keeps it."""
        return {"game": self.game, "seat": self.seat, "players": self.players,
                "cooperative": self.cooperative, "sims": self.sims, "playouts": self.playouts,
                "seed": self.seed, "worlds": self.worlds, "method": self.method,
                "real": REAL, "returns": list(self.returns),
                "decisions": [d.to_json() for d in self.decisions],
                "mistakes": [d.step for d in self.mistakes()], "counts": self.counts(),
                "mean_loss": round(self.mean_loss, DIGITS),
                "agreement": round(self.agreement, DIGITS), "as_good": self.as_good,
                "chances": [[round(c, DIGITS) for c in row] for row in self.chances],
                "thresholds": dict(JUDGEMENTS)}

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """A review from :meth:`to_json` output (the derived fields are worked out again)."""
        try:
            return cls(game=str(data["game"]), seat=int(data["seat"]),
                       players=int(data["players"]), cooperative=bool(data["cooperative"]),
                       sims=int(data["sims"]), playouts=int(data["playouts"]),
                       seed=int(data["seed"]),
                       decisions=tuple(Decision.from_json(d) for d in data["decisions"]),
                       chances=tuple(tuple(float(c) for c in row) for row in data["chances"]),
                       returns=tuple(float(r) for r in data["returns"]),
                       worlds=int(data.get("worlds") or 0), method=int(data.get("method") or 1))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveFileError(_("not a game review: {exc!r}").format(exc=exc)) from None


def in_language(review: JSON, language: str) -> JSON:
    """A stored review (:meth:`Review.to_json`) with each move's ``reason`` in ``language``,
    where the review kept it in that language (a review is made once for readers of every
    language), and each decision's ``why`` in it as ``explained``.

    >>> move = {"reason": "it draws", "reasons": {"en": "it draws", "ja": "引きます"}}
    >>> in_language({"decisions": [{"played": move, "best": move}]}, "ja")["decisions"][0]["best"]
    {'reason': '引きます', 'reasons': {'en': 'it draws', 'ja': '引きます'}}
    """
    def said(move: JSON) -> JSON:
        reasons = move.get("reasons") or {}
        return {**move, "reason": reasons.get(language, move.get("reason", ""))}

    def explained(decision: JSON) -> str:
        why = decision.get("why") or {}
        return str(why.get(language) or why.get("en") or "")

    return {**review, "decisions": [
        {**d, "played": said(d["played"]), "best": said(d["best"]),
         "hint": None if d.get("hint") is None else said(d["hint"]), "explained": explained(d)}
        for d in review.get("decisions", [])]}

