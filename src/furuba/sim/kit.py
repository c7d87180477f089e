"""What a game gives the balance lab (:class:`LabKit`): what a simulation keeps of a finished
game, its sections of the report, its cards, and what ``furuba suggest`` may change.

The lab defines the kit; a game registers one in its spec and the lab looks it up
(``spec.kit_or_none(LabKit)``: a game without one is simulated and reported on returns and
scores alone).

>>> from furuba import games
>>> kit = games.spec("daihinmin").kit(LabKit)
>>> kit.cards is not None, kit.tuning is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from furuba.core.protocol import JSON

if TYPE_CHECKING:
    from furuba.sim.card_hooks import CardHooks
    from furuba.sim.sections import ReportSections
    from furuba.sim.targets import Tuning


def _nothing(state: Any) -> JSON:
    return {}


@dataclass(frozen=True, slots=True)
class LabKit:
    """What the lab needs of a game; every piece but ``summarize`` is a *loader* (a function
    that imports the piece when first asked for: :func:`furuba.spec.lazy`).

    * ``summarize(state)``: what a simulation keeps of a finished game, beyond returns and
      scores (public only);
    * ``report``: the game's sections of the balance report;
    * ``cards``: what the game tells the lab of its cards (their names, who held and played
      which in a finished game, what an action plays: :mod:`furuba.sim.card_hooks`); ``None``:
      the lab measures no card of it;
    * ``tuning``: what ``furuba suggest`` may change in the files of one of the game's options
      (a card set's small edits) and the figures of a simulation it may aim at
      (:mod:`furuba.sim.targets`); ``None``: the game offers none.
    """

    summarize: Callable[[Any], JSON] = _nothing
    report: Callable[[], ReportSections] | None = None
    cards: Callable[[], CardHooks] | None = None
    tuning: Callable[[], Tuning] | None = None
