"""Puzzles from players' mistakes: the puzzles, each account's tries at them and the daily
puzzle of each date and game (see :mod:`furuba.server.puzzles`).

Adds only: the code of before never reads these tables. Like every migration here, it finds what
is already there and adds only what is missing.

Revision 0004, after 0003.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
D = sa.Double
ACCOUNT = "furuba_accounts.id"
PUZZLE = "furuba_puzzles.id"

sa.Table("furuba_accounts", schema, sa.Column("id", sa.Integer(), primary_key=True))
"""Only what the new tables' keys name (it exists: 0001 made it)."""

sa.Table("furuba_puzzles", schema,
         sa.Column("id", sa.String(16), primary_key=True),
         sa.Column("table_id", sa.String(32), nullable=False, index=True),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("step", sa.Integer(), nullable=False),
         sa.Column("game", sa.String(32), nullable=False, index=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="SET NULL"),
                   index=True),
         sa.Column("answer", sa.Integer(), nullable=False),
        sa.Column("accepted", sa.JSON(), nullable=False),
         sa.Column("played", sa.Integer(), nullable=False),
         sa.Column("judgement", sa.String(12), nullable=False),
         sa.Column("margin", D(), nullable=False),
         sa.Column("margin_error", D()),
         sa.Column("why", sa.JSON(), nullable=False),
         sa.Column("created_at", D(), nullable=False, index=True),
         sa.UniqueConstraint("table_id", "seat", "step", name="uq_furuba_puzzles_decision"))
sa.Table("furuba_puzzle_attempts", schema,
         sa.Column("puzzle_id", sa.String(16), sa.ForeignKey(PUZZLE, ondelete="CASCADE"),
                   primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey(ACCOUNT, ondelete="CASCADE"),
                   primary_key=True, index=True),
         sa.Column("action", sa.Integer(), nullable=False),
         sa.Column("solved", sa.Boolean(), nullable=False),
         sa.Column("tries", sa.Integer(), nullable=False),
         sa.Column("first_at", D(), nullable=False),
         sa.Column("last_at", D(), nullable=False))
sa.Table("furuba_puzzle_days", schema,
         sa.Column("day", sa.String(10), primary_key=True),
         sa.Column("game", sa.String(32), primary_key=True),
         sa.Column("puzzle_id", sa.String(16), sa.ForeignKey(PUZZLE, ondelete="CASCADE"),
                   nullable=False),
         sa.Column("chosen_at", D(), nullable=False))
NEW = ("furuba_puzzles", "furuba_puzzle_attempts", "furuba_puzzle_days")


def upgrade() -> None:
    bind = op.get_bind()
    for name in NEW:
        schema.tables[name].create(bind, checkfirst=True)


def downgrade() -> None:
    bind = op.get_bind()
    for name in reversed(NEW):
        schema.tables[name].drop(bind, checkfirst=True)
