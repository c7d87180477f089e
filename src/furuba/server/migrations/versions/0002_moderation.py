"""Moderation: an account's role, blocks between accounts, reports, mutes and bans, warnings and
the audit log (see :mod:`furuba.server.moderation`).

Adds only: the code of before runs on the schema after it (it never reads these tables, and the
role's default makes every account a player).

Revision 0002, after 0001.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
D = sa.Double
ACCOUNT = "furuba_accounts.id"

sa.Table("furuba_accounts", schema, sa.Column("id", sa.Integer(), primary_key=True))
"""Only what the new tables' keys name (it exists: 0001 made it)."""

sa.Table("furuba_blocks", schema,
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("blocked_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("created_at", D(), nullable=False))
sa.Table("furuba_reports", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("reporter_id", sa.Integer(), index=True),
         sa.Column("reporter_name", sa.String(64), nullable=False),
         sa.Column("target_id", sa.Integer(), index=True),
         sa.Column("target_name", sa.String(64), nullable=False),
         sa.Column("table_id", sa.String(32)),
         sa.Column("chat_seq", sa.Integer()),
         sa.Column("reason", sa.String(16), nullable=False),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("context", sa.JSON(), nullable=False),
         sa.Column("status", sa.String(8), nullable=False, index=True),
         sa.Column("created_at", D(), nullable=False, index=True),
         sa.Column("closed_at", D()),
         sa.Column("closed_by", sa.String(64)))
sa.Table("furuba_restrictions", schema,
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("muted_until", D()),
         sa.Column("banned_at", D()),
         sa.Column("ban_reason", sa.Text(), nullable=False))
sa.Table("furuba_notices", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   nullable=False, index=True),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("created_at", D(), nullable=False))
sa.Table("furuba_audit", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("actor", sa.String(64), nullable=False),
         sa.Column("action", sa.String(16), nullable=False),
         sa.Column("target", sa.String(64), nullable=False),
         sa.Column("reason", sa.Text(), nullable=False),
         sa.Column("detail", sa.JSON(), nullable=False),
         sa.Column("at", D(), nullable=False, index=True))


def upgrade() -> None:
    bind = op.get_bind()
    if "role" not in {c["name"] for c in sa.inspect(bind).get_columns("furuba_accounts")}:
        op.add_column("furuba_accounts", sa.Column("role", sa.String(16), nullable=False,
                                                   server_default="player"))
    schema.create_all(bind, checkfirst=True)


def downgrade() -> None:
    bind = op.get_bind()
    for name in ("furuba_audit", "furuba_notices", "furuba_restrictions", "furuba_reports",
                 "furuba_blocks"):
        schema.tables[name].drop(bind, checkfirst=True)
    with op.batch_alter_table("furuba_accounts") as batch:
        batch.drop_column("role")
