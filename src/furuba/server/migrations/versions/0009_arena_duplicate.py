"""Arena and duplicate tournaments: a tournament's length and end (an arena) and its secret (the
seeds of a duplicate's deals); when each table was made and counted; and, with each result, the
seat it was played from and the seat's return and score (a duplicate compares those who held the
same seat of the same deal); and each entrant's final place and points, kept when the tournament
finishes; and the site's slot a tournament was held in.

Adds only: the code of before never reads the new columns; rows made before them have none.
Like every migration here, it finds what is already there and adds only what is missing.

Revision 0009, after 0008.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None
phase = "expand"
INDEX = "ix_furuba_tournament_tables_made_at"

D = sa.Double


def columns() -> dict[str, list[sa.Column[object]]]:
    """The new columns of each table (made afresh for each use: a column belongs to one table)."""
    return {
        "furuba_tournaments": [sa.Column("minutes", sa.Integer(), nullable=True),
                               sa.Column("ends_at", D(), nullable=True),
                               sa.Column("secret", sa.String(64), nullable=True),
                               sa.Column("slot", sa.String(32), nullable=True)],
        "furuba_tournament_entries": [sa.Column("place", sa.Integer(), nullable=True),
                                      sa.Column("points", D(), nullable=True)],
        "furuba_tournament_tables": [sa.Column("made_at", D(), nullable=True),
                                     sa.Column("counted_at", D(), nullable=True)],
        "furuba_tournament_results": [sa.Column("seat", sa.Integer(), nullable=True),
                                      sa.Column("returns", D(), nullable=True),
                                      sa.Column("score", D(), nullable=True)],
    }


def upgrade() -> None:
    found = sa.inspect(op.get_bind())
    for table, new in columns().items():
        there = {c["name"] for c in found.get_columns(table)}
        for column in new:
            if column.name not in there:
                op.add_column(table, column)
    if INDEX not in {i["name"] for i in found.get_indexes("furuba_tournament_tables")}:
        op.create_index(INDEX, "furuba_tournament_tables", ["made_at"])


def downgrade() -> None:
    op.drop_index(INDEX, "furuba_tournament_tables")
    for table, new in columns().items():
        with op.batch_alter_table(table) as batch:
            for column in reversed(new):
                batch.drop_column(column.name)
