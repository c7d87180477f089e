"""Friends of the Zodiac for ``furuba suggest``: the small edits of a card set and the figures.

The tweaks of a card set (:func:`tweaks`), each one step, each keeping the file valid:

* one need more, or one fewer, on a side of a Sohma card (a symbol added to or taken from
  ``needs``): the surest way to make a Sohma easier or harder to befriend;
* one copy more, or one fewer, of a memory or an event (``count``, with ``deck_size`` kept equal
  to the cards' total), which changes how often its symbol or effect comes up;
* a number of an event's effect one more or one less: the Sohmas a ``move`` goes, the cards a
  ``draw`` draws (the card's text still says the old number: its label says so).

A tweak edits the file's text with tomlkit, so the file keeps its comments and layout; a tweak
that would give a faulty file (a side asking for more than the memories could ever show, a
symbol no memory carries any more) is not offered.

The figures (:data:`FIGURES`) read the summary of :mod:`furuba.zodiac.report`: each Sohma's
share of the befriendings (the largest, the smallest, and each one by name), the rate of games
stopped by the round cap, and the co-op win rate.

>>> from furuba.zodiac.cardset_editor import starts
>>> text = starts()["default"]
>>> found = {t.key: t for t in tweaks(text)}
>>> found["sohmas.Kyo.animal.needs-sun"].label
'Kyo (animal): needs one ☀ Laughter fewer'
>>> changed = found["sohmas.Kyo.animal.needs-sun"].apply(text)
>>> load(changed).sohma("Kyo").animal.needs
['rain', 'heart', 'flower', 'sun']
>>> found["memories.Trust.count+1"].label
'Trust: one more copy (54 cards in a set)'
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import tomlkit
from pydantic import ValidationError
from tomlkit.items import Item
from tomlkit.toml_document import TOMLDocument

from furuba.core import bounded_toml
from furuba.core.deck import SOHMA_NAMES
from furuba.core.errors import CardSetError
from furuba.i18n import N_
from furuba.sim.targets import TargetFigure, Tuning, Tweak
from furuba.zodiac.cardset import MAX_NEEDS, CardSet, parse_cardset
from furuba.zodiac.cardset_schema import CardSet as CheckedCardSet
from furuba.zodiac.text import _, card_text, ngettext, side_word, sohma_name

Key = str | int
Data = dict[str, Any]
MAX_COPIES = 20
"""The most copies of one card a set may hold (the format's bound)."""
NUMBERS = {"move": ("steps", 1, 12), "draw": ("count", 1, 4)}
"""The numbers of an effect a tweak may change: op → (field, lowest, highest)."""


@dataclass(frozen=True)
class Change:
    """Set the field ``key`` of the table at ``where`` to ``new(old)`` (``old`` is ``None`` when
    the field is absent); ``card``, when given, is the name the card at ``where[:2]`` must have."""

    where: tuple[Key, ...]
    key: str
    new: Callable[[Any], Any]
    card: str | None = None


# -- making a change: in a parsed file (to check it), in the text (to write it) -------------------
def changed_data(data: Any, where: tuple[Key, ...], change: Change) -> Any:
    """``data`` (a parsed file) with ``change`` made, sharing what it does not change."""
    if not where:
        out = dict(data)
        out[change.key] = change.new(data.get(change.key))
        return out
    copy: Any = list(data) if isinstance(data, list) else dict(data)
    copy[where[0]] = changed_data(data[where[0]], where[1:], change)
    return copy


_DOCUMENTS: dict[str, TOMLDocument] = {}
"""Parsed texts kept for the next tweak of the same text (tomlkit's parse is the slow part)."""


def apply_changes(text: str, changes: Sequence[Change]) -> str:
    """``text`` with every change made, its comments and layout kept; :class:`CardSetError`
    when the text has no such field or card."""
    doc = _DOCUMENTS.pop(text, None)
    if doc is None:
        try:
            doc = tomlkit.parse(text)
        except tomlkit.exceptions.ParseError as exc:
            raise CardSetError(f"not valid TOML: {exc}") from None
    undo: list[Callable[[], None]] = []
    try:
        for change in changes:
            undo.append(_set(doc, change))
        out = doc.as_string()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise CardSetError(f"the file has no field to change ({exc})") from None
    finally:
        for step in reversed(undo):
            step()
    if doc.as_string() == text:             # undone exactly: keep it for the next tweak
        if len(_DOCUMENTS) >= 4:
            _DOCUMENTS.clear()
        _DOCUMENTS[text] = doc
    return out


def _set(doc: TOMLDocument, change: Change) -> Callable[[], None]:
    """Make ``change`` in ``doc``; return what undoes it."""
    node: Any = doc
    for key in change.where:
        node = node[key]
    if change.card is not None:
        card: Any = doc[str(change.where[0])]
        if card[change.where[1]]["name"] != change.card:
            raise KeyError(change.card)
    before = node.get(change.key)
    old = before.unwrap() if isinstance(before, Item) else before
    node[change.key] = change.new(old)

    def undo() -> None:
        if before is None:
            del node[change.key]
        else:
            node[change.key] = before

    return undo


# -- the tweaks -----------------------------------------------------------------------------------
def _plus(delta: int, default: int, old: Any) -> int:
    return int(default if old is None else old) + delta


def _with(symbol: str, old: Any) -> list[str]:
    return [*old, symbol]


def _without(symbol: str, old: Any) -> list[str]:
    needs = list(old)
    needs.remove(symbol)
    return needs


@dataclass(frozen=True)
class _Candidate:
    key: str
    label: str
    changes: tuple[Change, ...]


def load(text: str) -> CardSet:
    """The card set in ``text``, as ``new_game`` takes it; :class:`CardSetError` naming the
    fault of a faulty one."""
    try:
        data = bounded_toml.loads(text)
    except bounded_toml.TOMLBoundsError as exc:
        raise CardSetError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise CardSetError(f"not valid TOML: {exc}") from None
    return parse_cardset(data, "card set")


def tweaks(text: str) -> list[Tweak]:
    """Every tweak of the card set ``text`` that gives a valid set, labelled in the context's
    language; :class:`CardSetError` when ``text`` is no valid card set."""
    try:
        data = bounded_toml.loads(text)
    except bounded_toml.TOMLBoundsError as exc:
        raise CardSetError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise CardSetError(f"not valid TOML: {exc}") from None
    cs = parse_cardset(data, "card set")
    out = []
    for candidate in (*_need_tweaks(cs), *_copy_tweaks(cs), *_number_tweaks(cs)):
        changed = data
        for change in candidate.changes:
            changed = changed_data(changed, change.where, change)
        try:
            CheckedCardSet.model_validate(changed)
        except ValidationError:
            continue
        out.append(Tweak(candidate.key, candidate.label,
                         partial(apply_changes, changes=candidate.changes)))
    return out


def _symbol(cs: CardSet, symbol: str) -> str:
    found = next(s for s in cs.symbols if s.id == symbol)
    return f"{found.glyph} {card_text(cs, found.name)}"


def _need_tweaks(cs: CardSet) -> Iterator[_Candidate]:
    """One symbol more, or one fewer, on each side of each Sohma."""
    for index, name in enumerate(SOHMA_NAMES):
        card = cs.sohma(name)
        for side_name, side in (("human", card.human), ("animal", card.animal)):
            where: tuple[Key, ...] = ("sohmas", name, side_name)
            whose = {"sohma": sohma_name(index), "side": side_word(side_name)}
            if len(side.needs) < MAX_NEEDS:
                for symbol in cs.symbols:
                    yield _Candidate(
                        f"sohmas.{name}.{side_name}.needs+{symbol.id}",
                        _("{sohma} ({side}): needs one more {symbol}").format(
                            symbol=_symbol(cs, symbol.id), **whose),
                        (Change(where, "needs", partial(_with, symbol.id)),))
            for symbol_id in sorted(set(side.needs), key=side.needs.index):
                yield _Candidate(
                    f"sohmas.{name}.{side_name}.needs-{symbol_id}",
                    _("{sohma} ({side}): needs one {symbol} fewer").format(
                        symbol=_symbol(cs, symbol_id), **whose),
                    (Change(where, "needs", partial(_without, symbol_id)),))


def _copy_tweaks(cs: CardSet) -> Iterator[_Candidate]:
    """One copy more, or one fewer, of each memory and each event (the deck's size follows)."""
    cards = [("memories", i, c.name, c.count) for i, c in enumerate(cs.memories)] + \
        [("events", i, c.name, c.count) for i, c in enumerate(cs.events)]
    for table, i, name, count in cards:
        for delta in (1, -1):
            if not 1 <= count + delta <= MAX_COPIES:
                continue
            deck = cs.deck_size + delta
            label = (_("{card}: one more copy ({cards} cards in a set)") if delta > 0 else
                     _("{card}: one copy fewer ({cards} cards in a set)"))
            yield _Candidate(
                f"{table}.{name}.count{delta:+d}",
                label.format(card=card_text(cs, name), cards=deck),
                (Change((table, i), "count", partial(_plus, delta, 1), card=name),
                 Change((), "deck_size", partial(_plus, delta, 53))))


def _number_tweaks(cs: CardSet) -> Iterator[_Candidate]:
    """Each number of each event's effect, one more and one less."""
    for i, event in enumerate(cs.events):
        steps = [step.model_dump() for step in event.effect]
        for where, op, old, option in _numbers(steps, ("events", i, "effect"), None):
            key, low, high = NUMBERS[op]
            place = card_text(cs, event.name) if option is None else _("{card}, “{option}”").format(
                card=card_text(cs, event.name), option=card_text(cs, option))
            for new in (old + 1, old - 1):
                if not low <= new <= high:
                    continue
                label = (ngettext("{place}: moves Tohru {new} Sohma instead of {old} (update its "
                                  "text)", "{place}: moves Tohru {new} Sohmas instead of {old} "
                                  "(update its text)", new) if op == "move" else
                         ngettext("{place}: draws {new} card instead of {old} (update its text)",
                                  "{place}: draws {new} cards instead of {old} (update its text)",
                                  new))
                path = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in where[2:])
                yield _Candidate(
                    f"events.{event.name}{path}.{key}{new - old:+d}",
                    label.format(place=place, new=new, old=old),
                    (Change(where, key, partial(_plus, new - old, old), card=event.name),))


def _numbers(steps: list[Data], where: tuple[Key, ...],
             option: str | None) -> Iterator[tuple[tuple[Key, ...], str, int, str | None]]:
    """Each number a tweak may change in ``steps``: where its step is, its op, its value, and
    the label of the choice's option it is in."""
    for j, step in enumerate(steps):
        here = (*where, j)
        if step["op"] in NUMBERS:
            yield here, step["op"], int(step[NUMBERS[step["op"]][0]]), option
        elif step["op"] == "choice":
            for k, choice in enumerate(step["options"]):
                yield from _numbers(choice["effect"], (*here, "options", k, "effect"),
                                    choice["label"])


# -- the figures ----------------------------------------------------------------------------------
def _shares(summary: Data) -> dict[str, float] | None:
    shares = summary.get("befriended_share_by_sohma")
    if not shares or not any(summary.get("befriended_by_sohma", {}).values()):
        return None
    return {name: float(share) for name, share in shares.items()}


def _largest_share(summary: Data, rows: Sequence[Any]) -> float | None:
    shares = _shares(summary)
    return max(shares.values()) if shares else None


def _smallest_share(summary: Data, rows: Sequence[Any]) -> float | None:
    shares = _shares(summary)
    return min(shares.values()) if shares else None


def _share_of(name: str, summary: Data, rows: Sequence[Any]) -> float | None:
    shares = _shares(summary)
    return shares.get(name) if shares else None


def _field(name: str, summary: Data, rows: Sequence[Any]) -> float | None:
    value = summary.get(name)
    return None if value is None else float(value)


FIGURES: tuple[TargetFigure, ...] = (
    TargetFigure("sohma_share_max", N_("the largest share of the befriendings one Sohma "
                                       "receives (0 to 1)"), _largest_share),
    TargetFigure("sohma_share_min", N_("the smallest share of the befriendings one Sohma "
                                       "receives (0 to 1)"), _smallest_share),
    *(TargetFigure(f"sohma_share_{name.lower()}", N_("the share of the befriendings the Sohma "
                                                     "named in the figure receives (0 to 1)"),
                   partial(_share_of, name)) for name in SOHMA_NAMES),
    TargetFigure("truncated_rate", N_("the share of games stopped by the round cap (0 to 1)"),
                 partial(_field, "truncated_rate")),
    TargetFigure("coop_win_rate", N_("the share of co-op games won (Bestest Friends: "
                                     "--variant coop)"), partial(_field, "coop_win_rate")),
)
"""What a target may bound in Friends of the Zodiac, besides every game's figures."""

TUNING = Tuning(option="cardset", load=load, tweaks=tweaks, figures=FIGURES)
"""What ``furuba suggest`` may change (the card set) and aim at."""
