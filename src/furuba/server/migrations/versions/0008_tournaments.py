"""Tournaments: Swiss tournaments, their entries, each round's tables and each entrant's results
(see :mod:`furuba.server.tournaments`).

Adds only: the code of before never reads these tables. Like every migration here, it finds what
is already there and adds only what is missing.

Revision 0008, after 0007.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
D = sa.Double
ACCOUNT = "furuba_accounts.id"
TOURNAMENT = "furuba_tournaments.id"

sa.Table("furuba_accounts", schema, sa.Column("id", sa.Integer(), primary_key=True))
"""Only what the new tables' keys name (it exists: 0001 made it)."""

sa.Table("furuba_tournaments", schema,
         sa.Column("id", sa.String(16), primary_key=True),
         sa.Column("name", sa.String(64), nullable=False),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("options", sa.JSON(), nullable=False),
         sa.Column("table_size", sa.Integer(), nullable=False),
         sa.Column("kind", sa.String(16), nullable=False),
         sa.Column("rounds", sa.Integer(), nullable=False),
         sa.Column("rated", sa.Boolean(), nullable=False),
         sa.Column("pace", sa.String(16), nullable=False),
         sa.Column("move_hours", sa.Integer()),
         sa.Column("status", sa.String(16), nullable=False, index=True),
         sa.Column("round", sa.Integer(), nullable=False),
         sa.Column("creator_account", sa.Integer(),
                   sa.ForeignKey(ACCOUNT, ondelete="SET NULL")),
         sa.Column("starts_at", D(), nullable=False),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("finished_at", D()),
         sa.Column("advancer", sa.String(64)),
         sa.Column("advance_until", D(), nullable=False))
sa.Table("furuba_tournament_entries", schema,
         sa.Column("tournament_id", sa.String(16), sa.ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("rating", D(), nullable=False),
         sa.Column("joined_at", D(), nullable=False),
         sa.Column("withdrawn_at", D()))
sa.Table("furuba_tournament_tables", schema,
         sa.Column("tournament_id", sa.String(16), sa.ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("round", sa.Integer(), primary_key=True),
         sa.Column("number", sa.Integer(), primary_key=True),
         sa.Column("accounts", sa.JSON(), nullable=False),
         sa.Column("table_id", sa.String(32), unique=True),
         sa.Column("counted", sa.Boolean(), nullable=False))
sa.Table("furuba_tournament_results", schema,
         sa.Column("tournament_id", sa.String(16), sa.ForeignKey(TOURNAMENT, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("round", sa.Integer(), primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("points", D(), nullable=False),
         sa.Column("won", sa.Boolean(), nullable=False),
         sa.Column("bye", sa.Boolean(), nullable=False),
         sa.Column("number", sa.Integer()),
         sa.Column("opponents", sa.JSON(), nullable=False))
NEW = ("furuba_tournaments", "furuba_tournament_entries", "furuba_tournament_tables",
       "furuba_tournament_results")


def upgrade() -> None:
    bind = op.get_bind()
    for name in NEW:
        schema.tables[name].create(bind, checkfirst=True)


def downgrade() -> None:
    bind = op.get_bind()
    for name in reversed(NEW):
        schema.tables[name].drop(bind, checkfirst=True)
