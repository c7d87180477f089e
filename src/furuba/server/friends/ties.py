"""What a block ends between two accounts: their follows both ways, the challenges between them
and the seats those kept (``moderation/blocks.py`` calls :func:`sever` as it blocks).

Only the friends' models are imported here, so that moderation may call it without a cycle.
"""

from __future__ import annotations

from sqlalchemy import and_, delete, or_, select
from sqlalchemy.orm import Session

from furuba.server.friends.models import FollowRow, FriendChallengeRow, ReservationRow


def sever(s: Session, one: int, other: int) -> None:
    """``one`` and ``other`` no longer follow each other, and neither's challenge to the other
    stands (the seat it kept is free again)."""
    s.execute(delete(FollowRow).where(or_(
        and_(FollowRow.account_id == one, FollowRow.followed_id == other),
        and_(FollowRow.account_id == other, FollowRow.followed_id == one))))
    between = or_(and_(FriendChallengeRow.from_id == one, FriendChallengeRow.to_id == other),
                  and_(FriendChallengeRow.from_id == other, FriendChallengeRow.to_id == one))
    for challenge in s.scalars(select(FriendChallengeRow).where(between)):
        s.execute(delete(ReservationRow).where(ReservationRow.table_id == challenge.table_id,
                                               ReservationRow.seat == challenge.seat))
        s.delete(challenge)
