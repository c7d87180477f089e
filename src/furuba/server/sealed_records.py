"""Which finished games' records (replays, reviews) stay secret a while: a game that played a
deal others are still playing — the deal of the day (:mod:`furuba.server.deals`), a round of a
duplicate tournament (:mod:`furuba.server.tournaments`) — opens only to those who know its cards
already, and to everyone once the deal closes."""

from __future__ import annotations

from fastapi import Request

from furuba.server.deals.routes import guard_record as guard_deal
from furuba.server.tournaments.routes import guard_record as guard_round


async def guard_record(request: Request, table_id: str) -> None:
    """``403`` with a sentence when ``table_id``'s record must stay secret from the asker."""
    await guard_deal(request, table_id)
    await guard_round(request, table_id)
