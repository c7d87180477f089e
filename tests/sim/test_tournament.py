"""The round robin plays every line-up and rates every bot with openskill."""

from __future__ import annotations

import json
from pathlib import Path

from furuba.sim.tournament import (
    TournamentConfig,
    canonical,
    league,
    lineups,
    ranks,
    run_tournament,
    seatings,
)

from .conftest import Cli, flat


def test_lineups_cover_every_mix() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert len(lineups(["a", "b"], 4)) == 3
    assert all(len(set(t)) > 1 for t in lineups(["a", "b", "c"], 4))


def test_ranks_break_win_ties_by_points() -> None:
    assert ranks({"returns": [0.0, 1.0, 0.0, 0.0], "scores": [5, 7, 6, 5]}) == [3, 1, 2, 3]


def test_league_table_has_ratings_for_each_bot() -> None:
    cfg = TournamentConfig(game="zodiac", bots=["random", "greedy"], games=4, players=3, seed=2)
    results = list(run_tournament(cfg, jobs=1))
    # random+random+greedy and random+greedy+greedy: one order round a 3-seat table each
    assert len(results) == 2 * cfg.games_per_seating(("random", "random", "greedy")) == 12
    table = league(cfg, results)
    assert {row["bot"] for row in table["table"]} == {"random", "greedy"}
    assert table["rating_model"] == "openskill PlackettLuce"
    best = table["table"][0]
    assert best["bot"] == "greedy" and best["ordinal"] == best["mu"] - 3 * best["sigma"]
    assert league(cfg, list(reversed(results))) == table  # completion order does not matter


def test_tournament_command(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "league.json"
    result = cli(["tournament", "daihinmin", "--bots", "random,greedy", "--games", "4",
                  "--players", "4", "--seed", "5", "--jobs", "2", "--json", out, "--quiet"])
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    for heading in ("rating", "mu", "sigma", "games", "win rate"):
        assert heading in text
    assert "greedy" in text and "random" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 4 + 2 * 4 + 4  # 3 random + 1 greedy; 2 + 2 in two orders; 1 + 3
    for row in data["table"]:
        assert {"ordinal", "mu", "sigma", "games", "win_rate", "win_ci95"} <= set(row)
        assert row["games"] == 16  # both bots sit at every table
    # The game named with a flag, as before, plays the same tournament.
    again = tmp_path / "again.json"
    flagged = cli(["tournament", "--game", "daihinmin", "--bots", "random,greedy", "--games", "4",
                   "--seed", "5", "--jobs", "1", "--json", again, "--quiet"])
    assert flagged.exit_code == 0, flagged.output
    assert json.loads(again.read_text(encoding="utf-8"))["table"] == data["table"]


def test_tournament_takes_game_options(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "league.json"
    result = cli(["tournament", "--game", "daihinmin", "--bots", "random,greedy", "--games", "4",
                  "-o", "max_rounds=1", "--jobs", "1", "--json", out, "--quiet"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["options"] == {"max_rounds": 1}
    bad = cli(["tournament", "--game", "daihinmin", "--bots", "random,greedy", "-o", "target=-3",
               "--quiet"])
    assert bad.exit_code != 0 and "target must be" in flat(bad.output)
    assert "Traceback" not in bad.output


def test_every_line_up_plays_in_every_order_round_the_table() -> None:
    """Rotating seats keeps who plays after whom; the seatings vary it (4 distinct bots: all 6)."""
    orders = seatings(("a", "b", "c", "d"))
    assert len(orders) == 6 and orders[0] == ("a", "b", "c", "d")
    follows = {(o[i], o[(i + 1) % 4]) for o in orders for i in range(4)}
    assert follows == {(x, y) for x in "abcd" for y in "abcd" if x != y}
    assert len({canonical(o) for o in orders}) == 6
    five = seatings(("a", "b", "c", "d", "e"))   # 24 cyclic orders, 6 kept
    assert len(five) == 6 and five[0] == ("a", "b", "c", "d", "e") and len(set(five)) == 6
    cfg = TournamentConfig(game="daihinmin", bots=["a", "b", "c", "d"], games=10, players=4)
    assert [t.bots for t in cfg.tables()] == [list(o) for o in orders]
    assert all(t.games == 4 for t in cfg.tables())   # 10 games shared by 6 orders, whole turns

