"""The latest finished games of the players an account follows (its own profile lists them).

One bounded query: the seats those accounts held at finished tables played here, the latest
first, at most :data:`FRIENDS_GAMES`; each says who played, which game, when, how many played and
where the player finished (as the profiles say it, :mod:`furuba.server.ratings.profiles`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from furuba.server.friends.models import FollowRow
from furuba.server.friends.store import blocked_either_way
from furuba.server.models import AccountRow, GameRow, SeatRow, TableRow
from furuba.server.ratings.model import seat_ranks
from furuba.server.ratings.values import win_share

FRIENDS_GAMES = 30
"""Games listed at most."""


def followed_games(s: Session, account_id: int) -> list[dict[str, Any]]:
    """The latest finished games of the players ``account_id`` follows, the latest first."""
    apart = blocked_either_way(s, account_id)
    found = s.execute(
        select(AccountRow.id, AccountRow.name, SeatRow.seat, SeatRow.table_id, TableRow.game,
               TableRow.rated, GameRow.finished_at, GameRow.result)
        .join(FollowRow, FollowRow.followed_id == SeatRow.account_id)
        .join(AccountRow, AccountRow.id == SeatRow.account_id)
        .join(GameRow, GameRow.table_id == SeatRow.table_id)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(FollowRow.account_id == account_id, TableRow.offline_id.is_(None))
        .order_by(GameRow.finished_at.desc(), SeatRow.table_id, SeatRow.seat)
        .limit(FRIENDS_GAMES))
    out: list[dict[str, Any]] = []
    for who, name, seat, table_id, game, rated, at, result in found:
        returns = [float(r) for r in (result or {}).get("returns", [])]
        if who in apart or not 0 <= seat < len(returns):
            continue
        cooperative = bool(result.get("cooperative", False))
        ranks = seat_ranks(returns, [float(x) for x in result.get("scores") or []], cooperative)
        out.append({"name": name, "table_id": table_id, "game": game, "at": at, "seat": seat,
                    "players": len(returns), "rank": ranks[seat],
                    "share": win_share(returns[seat]), "cooperative": cooperative,
                    "rated": bool(rated), "timeout": result.get("timeout") is not None})
    return out
