"""A table may be a finished offline game its player put on their profile
(``furuba_tables.offline_id``: the offline game's id), once per account (the unique index
``ix_furuba_tables_offline`` on the creating account and that id).

Adds only: the code of before never reads the column; tables made before it have none (and
``NULL`` ids never collide in the index). Like every migration here, it finds what is already
there and adds only what is missing.

Revision 0005, after 0004.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None
phase = "expand"
INDEX = "ix_furuba_tables_offline"


def upgrade() -> None:
    found = sa.inspect(op.get_bind())
    if "offline_id" not in {c["name"] for c in found.get_columns("furuba_tables")}:
        op.add_column("furuba_tables", sa.Column("offline_id", sa.String(64), nullable=True))
    if INDEX not in {i["name"] for i in found.get_indexes("furuba_tables")}:
        op.create_index(INDEX, "furuba_tables", ["creator_account", "offline_id"], unique=True)


def downgrade() -> None:
    op.drop_index(INDEX, "furuba_tables")
    with op.batch_alter_table("furuba_tables") as batch:
        batch.drop_column("offline_id")
