"""Deals of the day: one seeded deal per UTC date and game, and each account's one try at it
(see :mod:`furuba.server.deals`).

Adds only: the code of before never reads these tables. Like every migration here, it finds what
is already there and adds only what is missing.

Revision 0006, after 0005.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
D = sa.Double
ACCOUNT = "furuba_accounts.id"

sa.Table("furuba_accounts", schema, sa.Column("id", sa.Integer(), primary_key=True))
"""Only what the new tables' keys name (it exists: 0001 made it)."""

sa.Table("furuba_deals", schema,
         sa.Column("id", sa.String(16), primary_key=True),
         sa.Column("day", sa.String(10), nullable=False, index=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("options", sa.JSON(), nullable=False),
         sa.Column("players", sa.Integer(), nullable=False),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("bot", sa.String(64), nullable=False),
         sa.Column("seed", sa.BigInteger(), nullable=False),
         sa.Column("opens_at", D(), nullable=False),
         sa.Column("closes_at", D(), nullable=False),
         sa.UniqueConstraint("day", "game", name="uq_furuba_deals_day"))
sa.Table("furuba_deal_plays", schema,
         sa.Column("deal_id", sa.String(16), sa.ForeignKey("furuba_deals.id", ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("table_id", sa.String(32), nullable=False, unique=True),
         sa.Column("started_at", D(), nullable=False))
NEW = ("furuba_deals", "furuba_deal_plays")


def upgrade() -> None:
    bind = op.get_bind()
    for name in NEW:
        schema.tables[name].create(bind, checkfirst=True)


def downgrade() -> None:
    bind = op.get_bind()
    for name in reversed(NEW):
        schema.tables[name].drop(bind, checkfirst=True)
