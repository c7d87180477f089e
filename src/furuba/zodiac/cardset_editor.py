"""The card-set editor as the game describes it to the server: :data:`EDITOR`.

The ``cardset`` option names it (:attr:`furuba.spec.Option.editor`); the server's editor routes
read everything from it — the form (:mod:`furuba.zodiac.cardset_form`), reading and writing a
file (:mod:`furuba.zodiac.cardset_toml`), the sets to start from, loading a checked file for a
game, and what the browser module ``zodiac-cardset`` shows of a measure: each Sohma's share of
the befriendings with its 95% interval.

>>> texts = starts()
>>> sorted(texts), load(texts["default"]).name
(['default', 'empty'], 'furuba original')
>>> data = measured({"befriended": {"by_sohma": {"Yuki": 10, "Kyo": 30}}})
>>> [round(x, 3) for x in data["befriended"]["share_ci95_by_sohma"]["Kyo"]]
[0.598, 0.858]
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from furuba.core import bounded_toml
from furuba.core.deck import SOHMA_NAMES
from furuba.spec import FileEditor
from furuba.zodiac.cardset import CardSet, parse_cardset

JSON = dict[str, Any]

EMPTY = "\n".join([
    'name = "My card set"', 'language = "en"', "deck_size = 53", "symbols = []",
    "memories = []", "events = []", "",
    *(f"[sohmas.{name}]\nhuman = {{needs = []}}\nanimal = {{needs = []}}\n"
      for name in SOHMA_NAMES)])
"""A set with nothing in it yet: the 13 Sohmas with nothing asked, no symbol, no card."""


def starts() -> dict[str, str]:
    """The files an editor may start from: the default set, and an empty one."""
    default = (resources.files("furuba.zodiac") / "cardsets" / "default.toml").read_text("utf-8")
    return {"default": default, "empty": EMPTY}


def load(text: str) -> CardSet:
    """A checked card-set file, as ``new_game`` takes it."""
    return parse_cardset(bounded_toml.loads(text), "upload")


def measured(data: JSON) -> JSON:
    """The report's data with each Sohma's share of the befriendings given a 95% interval
    (Wilson's, counting befriendings)."""
    from furuba.sim.summary import wilson

    befriended = data.get("befriended")
    if not isinstance(befriended, dict) or "by_sohma" not in befriended:
        return data
    counts = befriended["by_sohma"]
    total = sum(int(n) for n in counts.values())
    intervals = {sohma: list(wilson(int(n), total)) for sohma, n in counts.items()}
    return {**data, "befriended": {**befriended, "share_ci95_by_sohma": intervals}}


def _form() -> JSON:
    from furuba.zodiac.cardset_form import form

    return form()


def _read(text: str) -> JSON:
    from furuba.zodiac.cardset_toml import read_cardset

    return read_cardset(text)


def _write(document: JSON) -> str:
    from furuba.zodiac.cardset_toml import write_cardset

    return write_cardset(document)


EDITOR = FileEditor(module="zodiac-cardset", form=_form, read=_read, write=_write, starts=starts,
                    load=load, measured=measured)
"""The card-set editor (the ``cardset`` option's)."""
