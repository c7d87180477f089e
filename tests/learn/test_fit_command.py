"""The outlook fitters' shared command line: a bad argument gets one line and exit 2, before any
game is played, in each game's fitter."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from furuba.daihinmin.outlook_fit import main as fit_daihinmin
from furuba.zodiac.outlook_fit import main as fit_zodiac

Main = Callable[[Sequence[str] | None], None]


@pytest.mark.parametrize("main, argv, said", [
    (fit_daihinmin, ["--rounds", "0"], "--rounds must be at least 1, not 0"),
    (fit_daihinmin, ["--jobs", "0"], "--jobs must be at least 1, not 0"),
    (fit_daihinmin, ["--level", "ultra", "--rounds", "1"], "unknown bot 'ultra'"),
    (fit_zodiac, ["--games", "0"], "--games must be at least 1, not 0"),
    (fit_zodiac, ["--jobs", "0"], "--jobs must be at least 1, not 0"),
    (fit_zodiac, ["--check", "-1"], "--check must be 0 or more, not -1"),
    (fit_zodiac, ["--level", "ultra", "--games", "1"], "unknown bot 'ultra'"),
])
def test_the_fit_refuses_bad_arguments_in_one_line(main: Main, argv: list[str], said: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
