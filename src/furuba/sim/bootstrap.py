"""Intervals by a bootstrap that resamples whole games (a *cluster* bootstrap).

The players of one game are not independent trials: in a game of four, one player's win is the
others' loss, and in a game of many rounds, a player's rounds lean on one another (the exchange
of Dai Hin Min hands the last round's winner the best cards). Resampling whole games — each
resample draws as many games as there are, with replacement — keeps every such dependence, so
the interval needs no assumption about it. Each game is summed into a row of numbers (wins and
counts, say); a statistic of the column sums of a resample is computed for every resample, and
the 2.5th and 97.5th percentiles of those values are the 95% interval (the percentile method).

The resamples come from a generator seeded by the caller, so the same games and seed give the
same intervals. numpy does the arithmetic (it comes with matplotlib, in the ``sim`` extra).

>>> import numpy as np
>>> rows = np.array([[1.0, 1.0], [0.0, 1.0]] * 50)        # 100 games, each (wins, trials)
>>> lo, hi = percentile_interval(rows, lambda s: s[:, :1] / s[:, 1:], seed=1)
>>> bool(0.38 < lo[0] < 0.42 and 0.58 < hi[0] < 0.62)
True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from furuba.core.errors import OptionsError
from furuba.text import _

if TYPE_CHECKING:
    import numpy as np

RESAMPLES = 1000
BATCH = 100
"""Resamples drawn at once (memory: BATCH × games numbers)."""


def numpy() -> Any:
    """numpy, or a clear error naming the extra that brings it."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the installed extras
        raise OptionsError(_("the balance lab needs numpy: pip install 'furuba[sim]'")) from None
    return numpy


def resampled_sums(rows: np.ndarray, resamples: int = RESAMPLES, seed: int = 0) -> np.ndarray:
    """The column sums of ``resamples`` resamples of the rows (games) of ``rows``."""
    xp = numpy()
    games = rows.shape[0]
    rng = xp.random.default_rng(seed)
    out = []
    even = xp.full(games, 1.0 / games)
    for start in range(0, resamples, BATCH):
        weights = rng.multinomial(games, even, size=min(BATCH, resamples - start))
        out.append(weights @ rows)
    return cast("np.ndarray", xp.vstack(out))


def percentile_interval(rows: np.ndarray, statistic: Callable[[np.ndarray], np.ndarray],
                        resamples: int = RESAMPLES, seed: int = 0,
                        level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """The ``level`` percentile interval of ``statistic`` over resamples of the games.

    ``statistic`` maps column sums (one row per resample) to values (one row per resample);
    a value that is undefined in a resample (``nan``: no trial of its kind was drawn) is left
    out of that value's percentiles.
    """
    np = numpy()
    if rows.shape[0] == 0:
        width = statistic(np.zeros((1, rows.shape[1]))).shape[1]
        return np.full(width, np.nan), np.full(width, np.nan)
    tail = (1 - level) / 2 * 100
    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)     # a value never defined: nan
        values = statistic(resampled_sums(rows, resamples, seed))
        lo = np.nanpercentile(values, tail, axis=0)
        hi = np.nanpercentile(values, 100 - tail, axis=0)
    return lo, hi
