"""``furuba compare``: a run's figures over its whole duplicate deals and its paired difference
with another run, read back from the results files (gzipped ones too) — the same numbers as
working them out by hand, and one clear line for runs that cannot be compared."""

from __future__ import annotations

import gzip
import json
import statistics
import zlib
from pathlib import Path

import pytest

from furuba.sim.compare import compare
from furuba.sim.results_io import read_results

from .conftest import Cli, flat
from .test_errors import check_error

ROUND = ["-o", "max_rounds=1", "--jobs", "1", "--quiet", "--duplicate", "--players", "4"]


def simulate(cli: Cli, path: Path, bots: str, seed: int, games: int = 24,
             options: tuple[str, ...] = ()) -> list[dict[str, object]]:
    result = cli(["simulate", "daihinmin", "--games", str(games), "--bots", bots, "--seed",
                  str(seed), "--games-out", path, *ROUND, *options])
    assert result.exit_code == 0, result.output
    return read_results(path)


def by_hand(rows: list[dict[str, object]], bot: str) -> dict[int, float]:
    """``bot``'s mean win share per deal, worked out directly."""
    deals: dict[int, list[float]] = {}
    for row in rows:
        bots, returns = row["bots"], row["returns"]
        assert isinstance(bots, list) and isinstance(returns, list)
        deals.setdefault(int(str(row["seed"])), []).extend(
            float(r) for b, r in zip(bots, returns, strict=True) if b == bot)
    return {seed: statistics.fmean(v) for seed, v in deals.items()}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from typer.testing import CliRunner

    from furuba.cli.main import app

    folder = tmp_path_factory.mktemp("runs")
    first, second = folder / "greedy.jsonl.gz", folder / "random.jsonl"
    for path, bots in ((first, "greedy,random"), (second, "random,greedy")):
        result = CliRunner().invoke(app, ["simulate", "daihinmin", "--games", "24", "--bots",
                                          bots, "--seed", "50", "--games-out", str(path), *ROUND])
        assert result.exit_code == 0, result.output
    return first, second


def test_a_gzipped_games_file_is_written_and_read_back(cli: Cli, runs: tuple[Path, Path],
                                                        tmp_path: Path) -> None:
    first, _second = runs
    with gzip.open(first, "rt", encoding="utf-8") as source:
        rows = [json.loads(line) for line in source]
    assert len(rows) == 24 and read_results(first) == rows
    report = cli(["report", first, "--out", tmp_path / "report"])
    assert report.exit_code == 0, report.output
    assert json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))


def test_a_gzipped_file_whose_writer_was_killed_keeps_its_flushed_games(tmp_path: Path) -> None:
    from furuba.sim.results_io import open_sink

    writing, killed = tmp_path / "writing.jsonl.gz", tmp_path / "killed.jsonl.gz"
    with open_sink(writing) as sink:
        for n in range(3):
            sink.write(json.dumps({"index": n}) + "\n")
            sink.flush()
        killed.write_bytes(writing.read_bytes())       # as a killed run leaves it: no trailer
    with pytest.raises(EOFError):
        gzip.decompress(killed.read_bytes())
    assert [r["index"] for r in read_results(killed)] == [0, 1, 2]


def test_the_figures_are_the_per_deal_means_and_their_paired_difference(
        runs: tuple[Path, Path]) -> None:
    first, second = runs
    mine, theirs = read_results(first), read_results(second)
    out = compare(mine, theirs)
    assert out["bot"] == "greedy" and out["than"]["bot"] == "random"
    assert out["deals"] == 6 and out["games"] == 24 and out["left_out"] == 0
    greedy, random_ = by_hand(mine, "greedy"), by_hand(theirs, "random")
    assert out["bots"]["greedy"]["win"]["mean"] == pytest.approx(statistics.fmean(greedy.values()))
    differences = [greedy[d] - random_[d] for d in greedy]
    half = 1.96 * statistics.stdev(differences) / len(differences) ** 0.5
    paired = out["paired"]
    assert paired["deals"] == 6
    assert paired["win"]["mean"] == pytest.approx(statistics.fmean(differences))
    assert paired["win"]["ci95"] == pytest.approx([paired["win"]["mean"] - half,
                                                   paired["win"]["mean"] + half])
    # in a single round of four the table's points are the same every game: 3, 2, 1, 0
    points = {int(r["seed"]): [] for r in mine}
    for r in mine:
        points[int(r["seed"])].append(r["scores"][r["bots"].index("greedy")] / 1.5)
    assert out["bots"]["greedy"]["score"]["mean"] == pytest.approx(
        statistics.fmean(statistics.fmean(v) for v in points.values()))


def test_a_deal_cut_short_is_left_out(runs: tuple[Path, Path], tmp_path: Path) -> None:
    first, second = runs
    cut = read_results(first)[:-1]                       # the last deal lacks a seating
    out = compare(cut, read_results(second))
    assert out["deals"] == 5 and out["left_out"] == 1 and out["paired"]["deals"] == 5


def test_furuba_compare_prints_both_tables(cli: Cli, runs: tuple[Path, Path],
                                           tmp_path: Path) -> None:
    first, second = runs
    data = tmp_path / "out" / "compare.json"
    result = cli(["compare", first, "--than", second, "--json", data])
    assert result.exit_code == 0, result.output
    said = flat(result.stdout)
    assert "Dai Hin Min: 6 deals (24 games) of greedy.jsonl.gz" in said
    assert "Deal by deal, on the 6 deals both runs played whole" in said
    saved = json.loads(data.read_text(encoding="utf-8"))
    assert f"{saved['paired']['win']['mean'] * 100:+.1f} points" in said
    japanese = flat(cli(["--lang", "ja", "compare", first, "--than", second]).stdout)
    assert "勝ち" in japanese and "win share" not in japanese and "Deal by deal" not in japanese


def test_the_bot_can_be_named(cli: Cli, runs: tuple[Path, Path]) -> None:
    first, second = runs
    out = compare(read_results(first), read_results(second), bot="random", than_bot="greedy")
    assert out["bot"] == "random" and out["than"]["bot"] == "greedy"
    result = cli(["compare", first, "--bot", "random"])
    assert result.exit_code == 0 and "[bold]" not in result.stdout


def test_runs_that_cannot_be_compared_get_one_clear_line(cli: Cli, runs: tuple[Path, Path],
                                                         tmp_path: Path) -> None:
    first, second = runs
    other_deals = tmp_path / "other.jsonl"
    simulate(cli, other_deals, "random,greedy", seed=900, games=8)
    check_error(cli(["compare", first, "--than", other_deals]), "no whole deal in common")
    other_options = tmp_path / "target.jsonl"
    simulate(cli, other_options, "random,greedy", seed=50, games=8, options=("-o", "target=5"))
    check_error(cli(["compare", first, "--than", other_options]),
                "the two runs played different options (max_rounds=1 and max_rounds=1, target=5)")
    five = tmp_path / "five.jsonl"
    assert cli(["simulate", "daihinmin", "--games", "10", "--bots", "random,greedy", "--seed", "50",
                "--games-out", five, *ROUND[:-2], "--players", "5"]).exit_code == 0
    check_error(cli(["compare", first, "--than", five]),
                "the two runs seat different numbers of players (4 and 5)")
    check_error(cli(["compare", first, "--bot", "wizard"]),
                "--bot 'wizard' played none of these games; their bots are greedy, random")
    check_error(cli(["compare", first, "--than", second, "--than-bot", "ismcts"]),
                "--than-bot 'ismcts' played none of these games")
    check_error(cli(["compare", tmp_path / "nowhere.jsonl"]), "no such file")
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_text("not gzip\n", encoding="utf-8")
    check_error(cli(["compare", broken]), "cannot read")


def test_a_corrupt_gzip_stream_is_refused_with_a_sentence(cli: Cli, tmp_path: Path) -> None:
    """Two runs killed mid-write and joined with ``cat``: the first stream has no end, so the
    second's header reads as a broken block. A sentence, not zlib's traceback."""
    killed = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    head = killed.compress(b'{"game": "daihinmin"}\n') + killed.flush(zlib.Z_SYNC_FLUSH)
    joined = tmp_path / "joined.jsonl.gz"
    joined.write_bytes(head + b"\xff" * 64)
    check_error(cli(["compare", joined]), "cannot read")
