"""A table keeps the account that created it, when signed in (``furuba_tables.creator_account``),
so that a block keeps the blocked player off the blocker's tables even before the blocker sits.

Adds only: the code of before never reads the column; tables made before it have none. Like
every migration here, it finds what is already there and adds only what is missing.

Revision 0003, after 0002.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None
phase = "expand"
INDEX = "ix_furuba_tables_creator_account"


def upgrade() -> None:
    found = sa.inspect(op.get_bind())
    if "creator_account" not in {c["name"] for c in found.get_columns("furuba_tables")}:
        op.add_column("furuba_tables", sa.Column("creator_account", sa.Integer(), nullable=True))
    if INDEX not in {i["name"] for i in found.get_indexes("furuba_tables")}:
        op.create_index(INDEX, "furuba_tables", ["creator_account"])


def downgrade() -> None:
    op.drop_index(INDEX, "furuba_tables")
    with op.batch_alter_table("furuba_tables") as batch:
        batch.drop_column("creator_account")
