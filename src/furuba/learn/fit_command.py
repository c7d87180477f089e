"""The command line the fitters of a game's learned outlook share.

Each plays ``--games`` (or ``--rounds``) of four bots of ``--level`` from ``--seed`` on ``--jobs``
processes, fits, and with ``--check N`` scores its model on N more from ``--check-seed``. A bad
value gets one line and exit status 2, before any game is played.

>>> args = fit_arguments("fit", "Fit.", "games", 600, 61000, ["--games", "20", "--jobs", "2"])
>>> args.count, args.seed, args.level, args.jobs, args.check
(20, 61000, 'hard', 2, 0)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def fit_arguments(prog: str, description: str, unit: str, count: int, seed: int,
                  argv: Sequence[str] | None) -> argparse.Namespace:
    """The fitter's arguments, checked; how many ``unit`` to play is ``count``."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(f"--{unit}", type=int, default=count, dest="count")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help=f"score the models on N more {unit}")
    parser.add_argument("--check-seed", type=int, default=None, metavar="SEED",
                        help=f"the first of those {unit}' seeds (default: right after the fit's)")
    args = parser.parse_args(argv)
    for flag, value in ((f"--{unit}", args.count), ("--jobs", args.jobs)):
        if value < 1:
            parser.error(f"{flag} must be at least 1, not {value}")
    if args.check < 0:
        parser.error(f"--check must be 0 or more, not {args.check}")
    from furuba.bots.registry import make_bot
    from furuba.core.errors import FurubaError

    try:
        make_bot(args.level, seed=0)
    except FurubaError as error:
        parser.error(str(error))
    if args.check_seed is None:
        args.check_seed = args.seed + args.count
    return args
