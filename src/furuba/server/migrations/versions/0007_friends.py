"""Friends: follows, who is online where, challenges and the seats they keep for a friend (see
:mod:`furuba.server.friends`).

Adds only: the code of before never reads these tables (a seat with a reservation is only
refused by the code of after). Like every migration here, it finds what is already there and
adds only what is missing.

Revision 0007, after 0006.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
D = sa.Double
ACCOUNT = "furuba_accounts.id"
TABLE = "furuba_tables.id"

sa.Table("furuba_accounts", schema, sa.Column("id", sa.Integer(), primary_key=True))
sa.Table("furuba_tables", schema, sa.Column("id", sa.String(32), primary_key=True))
"""Only what the new tables' keys name (they exist: 0001 made them)."""

sa.Table("furuba_follows", schema,
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("followed_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("created_at", D(), nullable=False))
sa.Table("furuba_presence", schema,
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("process", sa.String(64), primary_key=True, index=True),
         sa.Column("table_id", sa.String(32), primary_key=True),
         sa.Column("seat", sa.Integer()),
         sa.Column("seen_at", D(), nullable=False, index=True))
sa.Table("furuba_friend_challenges", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("from_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   nullable=False, index=True),
         sa.Column("to_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   nullable=False, index=True),
         sa.Column("table_id", sa.String(32), sa.ForeignKey(TABLE, ondelete="CASCADE"),
                   nullable=False, unique=True),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("created_at", D(), nullable=False, index=True))
sa.Table("furuba_seat_reservations", schema,
         sa.Column("table_id", sa.String(32), sa.ForeignKey(TABLE, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("seat", sa.Integer(), primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   nullable=False, index=True))
NEW = ("furuba_follows", "furuba_presence", "furuba_friend_challenges",
       "furuba_seat_reservations")


def upgrade() -> None:
    bind = op.get_bind()
    for name in NEW:
        schema.tables[name].create(bind, checkfirst=True)


def downgrade() -> None:
    bind = op.get_bind()
    for name in reversed(NEW):
        schema.tables[name].drop(bind, checkfirst=True)
