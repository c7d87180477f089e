"""``python -m benchmarks.compete_costs``: what the worst requests of the deals and tournaments
cost, on a temporary SQLite file in this process.

- a deal whose field holds ``--plays`` finished tries (written straight into the database): the
  field read and summed up on the database's thread (once per deal every 5 seconds per process),
  and the answer built from it on the event loop (every request);
- a tournament at its limits (256 players, 12 rounds counted): its page read in one transaction
  on the database's thread, and the answer built on the event loop;
- an arena at its limits (256 players, six hours of five-minute games: 72 waves of 64 tables):
  its page (the standings over every game, the tables of the latest ten waves), and the look for
  free players its director takes at each step.

Writes ``benchmarks/results/compete_costs.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
from pathlib import Path

from sqlalchemy.orm import Session

from benchmarks.accounts import timed
from benchmarks.harness import machine_info
from furuba.server import schema
from furuba.server.deals.models import DealPlayRow
from furuba.server.deals.store import DealStore, NewDeal
from furuba.server.models import AccountRow, GameRow, TableRow, make_engine
from furuba.server.tournaments import swiss
from furuba.server.tournaments.models import EntryRow, ResultRow, RoundTableRow, TournamentRow
from furuba.server.tournaments.store import TournamentStore, board

OUT = Path(__file__).resolve().parent / "results" / "compete_costs.json"


def ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2),
            "max_ms": round(ordered[-1] * 1000, 2)}


def fill(s: Session, plays: int, entrants: int, rounds: int) -> str:
    rng = random.Random(7)
    s.add_all(AccountRow(id=i + 1, name=f"P{i}", name_key=f"p{i}", password_hash="-",
                         user_handle=f"h{i}", created_at=0.0) for i in range(max(plays, entrants)))
    deal = DealStore.of_day(s, "2026-12-07", "zodiac", 0.0, 1e12,
                            NewDeal(options={}, players=4, seat=0, bot="normal", seed=1))
    s.add_all(TableRow(id=f"t{i}", game="zodiac", options={}, seed=1, settings={},
                       status="finished", created_at=0.0, updated_at=0.0) for i in range(plays))
    s.flush()
    for i in range(plays):
        returns = [0.0] * 4
        returns[rng.randrange(4)] = 1.0
        s.add(GameRow(table_id=f"t{i}", game="zodiac", finished_at=float(i), record={},
                      result={"returns": returns, "scores": [rng.randrange(8) for _ in range(4)]}))
        s.add(DealPlayRow(deal_id=deal.id, account_id=i + 1, table_id=f"t{i}", started_at=0.0))
    s.flush()
    s.add(TournamentRow(id="T", name="Big", game="zodiac", options={}, table_size=4, kind="swiss",
                        rounds=rounds, rated=False, pace="live", status="finished", round=rounds,
                        starts_at=0.0, created_at=0.0, advance_until=0.0))
    s.flush()
    s.add_all(EntryRow(tournament_id="T", account_id=i + 1, rating=1500.0, joined_at=float(i))
              for i in range(entrants))
    s.flush()
    for r in range(1, rounds + 1):
        for t in range(entrants // 4):
            seats = list(range(t * 4 + 1, t * 4 + 5))
            points = swiss.table_points([(rng.random(), 0.0) for _ in seats])
            s.add_all(ResultRow(tournament_id="T", round=r, account_id=a, points=p, won=p == 3,
                                bye=False, number=t + 1, opponents=[x for x in seats if x != a])
                      for a, p in zip(seats, points, strict=True))
    return deal.id


def fill_arena(s: Session, entrants: int, waves: int) -> None:
    """An arena at its limits: ``entrants`` players, ``waves`` waves of whole tables of four,
    every table counted (six hours of five-minute games: 72 waves)."""
    rng = random.Random(8)
    s.add(TournamentRow(id="A", name="Arena", game="zodiac", options={}, table_size=4,
                        kind="arena", rounds=0, rated=False, pace="live", status="running",
                        round=waves, starts_at=0.0, created_at=0.0, advance_until=0.0,
                        minutes=360, ends_at=1e12))
    s.flush()
    s.add_all(EntryRow(tournament_id="A", account_id=i + 1, rating=1500.0, joined_at=float(i))
              for i in range(entrants))
    s.flush()
    for w in range(1, waves + 1):
        order = list(range(1, entrants + 1))
        rng.shuffle(order)
        for t in range(entrants // 4):
            seats = order[t * 4:t * 4 + 4]
            s.add(RoundTableRow(tournament_id="A", round=w, number=t + 1, accounts=seats,
                                table_id=None, counted=True, made_at=float(w), counted_at=float(w)))
            points = swiss.table_points([(rng.random(), 0.0) for _ in seats])
            s.add_all(ResultRow(tournament_id="A", round=w, account_id=a, points=p, won=p == 3,
                                bye=False, number=t + 1, opponents=[x for x in seats if x != a],
                                seat=i, returns=float(p == 3), score=0.0)
                      for i, (a, p) in enumerate(zip(seats, points, strict=True)))
        s.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=20_000)
    parser.add_argument("--json", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{folder}/costs.sqlite3")
        schema.upgrade(engine)
        with Session(engine) as s, s.begin():
            deal_id = fill(s, args.plays, 256, 12)
            fill_arena(s, 256, 72)
        with Session(engine) as s:
            deal = DealStore.get(s, deal_id)
            assert deal is not None
            field_read = timed(lambda: DealStore.summed_field(s, deal, 10), 5)
            field = DealStore.summed_field(s, deal, 10)
            mine = DealStore.field(s, deal)[0]
            answer = timed(lambda: (field.standing(mine), field.distribution()), 200)
            swiss_t, arena_t = TournamentStore.get(s, "T"), TournamentStore.get(s, "A")
            assert swiss_t is not None and arena_t is not None
            page = timed(lambda: board(s, swiss_t, 12), 5)
            arena_page = timed(lambda: board(s, arena_t, 10), 5)
            free = timed(lambda: TournamentStore.free(s, "A", 0.0, 1e6, 30.0), 20)
        engine.dispose()
    out = {"machine": machine_info("none"), "deal_plays": args.plays,
           "deal_distinct_results": len(field.counts),
           "deal_field_read_and_sum_on_db_thread": ms(field_read),
           "deal_answer_on_event_loop": ms(answer),
           "tournament_256_players_12_rounds_page_on_db_thread": ms(page),
           "arena_256_players_72_waves_page_on_db_thread": ms(arena_page),
           "arena_256_players_free_players_each_step_on_db_thread": ms(free)}
    print(json.dumps(out, indent=1))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
