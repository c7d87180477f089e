"""Follows: who follows whom, and who are friends (they follow each other).

Each function takes an open session inside a transaction (run them with ``Database.run``);
refusals are :class:`~furuba.server.moderation.store.ModerationError` (a status and a sentence),
as the moderation's are, since both look players up by name the same way. A block, either way,
overrides everything here: the two do not follow each other, may not start to, and never appear
in each other's lists.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from furuba.server.friends.models import FollowRow
from furuba.server.models import AccountRow
from furuba.server.moderation.blocks import blocked_by
from furuba.server.moderation.models import BlockRow
from furuba.server.moderation.store import ModerationError, find_account
from furuba.text import _

MAX_FOLLOWS = 500
"""Accounts one account may follow."""
MAX_FOLLOWERS_LISTED = 500
"""Followers an account's list shows at most (the latest)."""


def apart(s: Session, one: int, other: int) -> bool:
    """Whether a block stands between ``one`` and ``other`` (either way)."""
    return s.scalar(select(BlockRow.account_id).where(or_(
        and_(BlockRow.account_id == one, BlockRow.blocked_id == other),
        and_(BlockRow.account_id == other, BlockRow.blocked_id == one))).limit(1)) is not None


def blocked_either_way(s: Session, account_id: int) -> frozenset[int]:
    """The accounts ``account_id`` blocks or is blocked by."""
    blockers = s.scalars(select(BlockRow.account_id).where(BlockRow.blocked_id == account_id))
    return blocked_by(s, account_id) | frozenset(blockers)


def follow(s: Session, account_id: int, name: str) -> str:
    """``account_id`` follows the player called ``name``; their name as it shows."""
    other = find_account(s, name)
    if other.id == account_id:
        raise ModerationError(400, _("you cannot follow yourself"))
    if apart(s, account_id, other.id):
        raise ModerationError(403, _("a block stands between you and {name}: neither of you may "
                                     "follow the other").format(name=other.name))
    if s.get(FollowRow, (account_id, other.id)) is None:
        count = s.scalar(select(func.count()).select_from(FollowRow)
                         .where(FollowRow.account_id == account_id)) or 0
        if count >= MAX_FOLLOWS:
            raise ModerationError(409, _("you may follow at most {n} players: unfollow one "
                                         "first").format(n=MAX_FOLLOWS))
        s.add(FollowRow(account_id=account_id, followed_id=other.id, created_at=time.time()))
    return other.name


def unfollow(s: Session, account_id: int, name: str) -> str:
    """``account_id`` no longer follows ``name``; their name as it shows."""
    other = find_account(s, name)
    row = s.get(FollowRow, (account_id, other.id))
    if row is not None:
        s.delete(row)
    return other.name


def follows(s: Session, account_id: int) -> dict[str, list[dict[str, Any]]]:
    """Whom ``account_id`` follows and who follows it (name, since when, whether friends), by
    name; accounts a block stands between are left out."""
    apart_ids = blocked_either_way(s, account_id)
    following = s.execute(select(AccountRow.id, AccountRow.name, FollowRow.created_at)
                          .join(AccountRow, AccountRow.id == FollowRow.followed_id)
                          .where(FollowRow.account_id == account_id)
                          .order_by(AccountRow.name_key).limit(MAX_FOLLOWS))
    followers = s.execute(select(AccountRow.id, AccountRow.name, FollowRow.created_at)
                          .join(AccountRow, AccountRow.id == FollowRow.account_id)
                          .where(FollowRow.followed_id == account_id)
                          .order_by(FollowRow.created_at.desc()).limit(MAX_FOLLOWERS_LISTED))
    out = [(i, n, at) for i, n, at in following if i not in apart_ids]
    back = [(i, n, at) for i, n, at in followers if i not in apart_ids]
    mine = {i for i, _n, _at in out}
    theirs = {i for i, _n, _at in back}
    # A follower beyond those listed is still a friend: ask about the ones I follow directly.
    theirs |= set(s.scalars(select(FollowRow.account_id).where(
        FollowRow.followed_id == account_id, FollowRow.account_id.in_(sorted(mine)))))
    back.sort(key=lambda x: x[1].casefold())
    return {"following": [{"name": n, "since": at, "friend": i in theirs} for i, n, at in out],
            "followers": [{"name": n, "since": at, "friend": i in mine} for i, n, at in back]}


def friend_ids(s: Session, account_id: int) -> list[int]:
    """The accounts that ``account_id`` follows and that follow it back, no block between."""
    back = FollowRow.__table__.alias("back")
    found = set(s.scalars(select(FollowRow.followed_id)
                          .join(back, and_(back.c.account_id == FollowRow.followed_id,
                                           back.c.followed_id == FollowRow.account_id))
                          .where(FollowRow.account_id == account_id).limit(MAX_FOLLOWS)))
    return sorted(found - blocked_either_way(s, account_id))


def are_friends(s: Session, one: int, other: int) -> bool:
    """Whether the two follow each other and no block stands between them."""
    return (s.get(FollowRow, (one, other)) is not None
            and s.get(FollowRow, (other, one)) is not None and not apart(s, one, other))


def relation(s: Session, account_id: int, name: str) -> dict[str, Any]:
    """How ``account_id`` and the player called ``name`` stand: whether it follows them, they
    follow it, they are friends, a block stands between them (``404``: nobody by that name)."""
    other = find_account(s, name)
    if other.id == account_id:
        return {"name": other.name, "self": True, "following": False, "follower": False,
                "friend": False, "blocked": False}
    blocked = apart(s, account_id, other.id)
    following = not blocked and s.get(FollowRow, (account_id, other.id)) is not None
    follower = not blocked and s.get(FollowRow, (other.id, account_id)) is not None
    return {"name": other.name, "self": False, "following": following, "follower": follower,
            "friend": following and follower, "blocked": blocked}
