"""A table keeps the account that created it, when signed in (``furuba_tables.creator_account``),
so that a block keeps the blocked player off the blocker's tables even before the blocker sits.

Adds only: the code of before never reads the column; tables made before it have none.

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


def upgrade() -> None:
    op.add_column("furuba_tables", sa.Column("creator_account", sa.Integer(), nullable=True))
    op.create_index("ix_furuba_tables_creator_account", "furuba_tables", ["creator_account"])


def downgrade() -> None:
    op.drop_index("ix_furuba_tables_creator_account", "furuba_tables")
    with op.batch_alter_table("furuba_tables") as batch:
        batch.drop_column("creator_account")
