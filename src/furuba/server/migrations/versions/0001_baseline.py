"""The schema as it stood before migrations: every table, created where it is missing, and the
columns that releases before it added at start-up, added where a database made earlier lacks them.

A database made by any earlier release (which kept no schema version) is brought to this
revision with its rows untouched; an empty one gets every table.

Revision 0001, the first.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None
phase = "expand"

schema = sa.MetaData()
"""The tables of this revision, frozen here: later changes to the models do not change them."""
FALSE = sa.false()
D = sa.Double

sa.Table("furuba_tables", schema,
         sa.Column("id", sa.String(32), primary_key=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("options", sa.JSON(), nullable=False),
         sa.Column("seed", sa.BigInteger(), nullable=False),
         sa.Column("settings", sa.JSON(), nullable=False),
         sa.Column("status", sa.String(16), nullable=False, index=True),
         sa.Column("seq", sa.Integer(), nullable=False),
         sa.Column("rematch_of", sa.String(32)),
         sa.Column("rematch", sa.String(32)),
         sa.Column("ready", sa.Boolean(), nullable=False),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("updated_at", D(), nullable=False),
         sa.Column("creator", sa.String(64), index=True),
         sa.Column("public", sa.Boolean(), server_default=FALSE, nullable=False, index=True),
         sa.Column("rated", sa.Boolean(), server_default=FALSE, nullable=False),
         sa.Column("current", sa.Integer()))
sa.Table("furuba_seats", schema,
         sa.Column("table_id", sa.String(32), sa.ForeignKey("furuba_tables.id"), primary_key=True),
         sa.Column("seat", sa.Integer(), primary_key=True),
         sa.Column("kind", sa.String(8), nullable=False),
         sa.Column("bot", sa.String(64)),
         sa.Column("name", sa.String(64)),
         sa.Column("token_hash", sa.String(64)),
         sa.Column("account_id", sa.Integer(), index=True))
sa.Table("furuba_actions", schema,
         sa.Column("table_id", sa.String(32), sa.ForeignKey("furuba_tables.id"), primary_key=True),
         sa.Column("idx", sa.Integer(), primary_key=True),
         sa.Column("seq", sa.Integer(), nullable=False),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("action", sa.Integer(), nullable=False),
         sa.Column("by", sa.String(8), nullable=False),
         sa.Column("at", D(), nullable=False))
sa.Table("furuba_answers", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("table_id", sa.String(32), sa.ForeignKey("furuba_tables.id"), nullable=False,
                   index=True),
         sa.Column("after", sa.Integer(), nullable=False),
         sa.Column("seq", sa.Integer(), nullable=False),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("name", sa.String(40), server_default="", nullable=False))
sa.Table("furuba_chat", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("table_id", sa.String(32), sa.ForeignKey("furuba_tables.id"), nullable=False,
                   index=True),
         sa.Column("seq", sa.Integer(), nullable=False),
         sa.Column("seat", sa.Integer()),
         sa.Column("name", sa.String(64), nullable=False),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("at", D(), nullable=False))
sa.Table("furuba_games", schema,
         sa.Column("table_id", sa.String(32), sa.ForeignKey("furuba_tables.id"), primary_key=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("finished_at", D(), nullable=False),
         sa.Column("result", sa.JSON(), nullable=False),
         sa.Column("record", sa.JSON(), nullable=False))
sa.Table("furuba_accounts", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("name", sa.String(32), nullable=False),
         sa.Column("name_key", sa.String(32), nullable=False, unique=True),
         sa.Column("password_hash", sa.String(200), nullable=False),
         sa.Column("user_handle", sa.String(64), nullable=False, unique=True),
         sa.Column("created_at", D(), nullable=False))
sa.Table("furuba_sessions", schema,
         sa.Column("id_hash", sa.String(64), primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey("furuba_accounts.id"), nullable=False,
                   index=True),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("seen_at", D(), nullable=False),
         sa.Column("expires_at", D(), nullable=False))
sa.Table("furuba_passkeys", schema,
         sa.Column("credential_id", sa.String(1400), primary_key=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey("furuba_accounts.id"), nullable=False,
                   index=True),
         sa.Column("public_key", sa.LargeBinary(), nullable=False),
         sa.Column("sign_count", sa.BigInteger(), nullable=False),
         sa.Column("transports", sa.JSON(), nullable=False),
         sa.Column("name", sa.String(64), nullable=False),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("used_at", D()))
sa.Table("furuba_challenges", schema,
         sa.Column("id", sa.String(64), primary_key=True),
         sa.Column("kind", sa.String(16), nullable=False),
         sa.Column("account_id", sa.Integer()),
         sa.Column("challenge", sa.LargeBinary(), nullable=False),
         sa.Column("expires_at", D(), nullable=False, index=True))
sa.Table("furuba_ratings", schema,
         sa.Column("account_id", sa.Integer(), sa.ForeignKey("furuba_accounts.id"),
                   primary_key=True),
         sa.Column("game", sa.String(32), primary_key=True),
         sa.Column("pool", sa.String(16), primary_key=True),
         sa.Column("mu", D(), nullable=False),
         sa.Column("sigma", D(), nullable=False),
         sa.Column("games", sa.Integer(), nullable=False),
         sa.Column("wins", D(), nullable=False),
         sa.Column("updated_at", D(), nullable=False))
sa.Table("furuba_rating_events", schema,
         sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
         sa.Column("account_id", sa.Integer(), sa.ForeignKey("furuba_accounts.id"), nullable=False,
                   index=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("pool", sa.String(16), nullable=False),
         sa.Column("table_id", sa.String(32), nullable=False, index=True),
         sa.Column("seat", sa.Integer(), nullable=False),
         sa.Column("rank", sa.Integer(), nullable=False),
         sa.Column("share", D(), nullable=False),
         sa.Column("mu_before", D(), nullable=False),
         sa.Column("sigma_before", D(), nullable=False),
         sa.Column("mu", D(), nullable=False),
         sa.Column("sigma", D(), nullable=False),
         sa.Column("at", D(), nullable=False))
sa.Table("furuba_saved_files", schema,
         sa.Column("id", sa.String(32), primary_key=True),
         sa.Column("account_id", sa.Integer(),
                   sa.ForeignKey("furuba_accounts.id", ondelete="CASCADE"), nullable=False,
                   index=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("option", sa.String(40), nullable=False),
         sa.Column("name", sa.String(80), nullable=False),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("updated_at", D(), nullable=False))
sa.Table("furuba_uploads", schema,
         sa.Column("digest", sa.String(64), primary_key=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("option", sa.String(40), nullable=False),
         sa.Column("text", sa.Text(), nullable=False),
         sa.Column("created_at", D(), nullable=False))
sa.Table("furuba_measures", schema,
         sa.Column("id", sa.String(32), primary_key=True),
         sa.Column("creator", sa.String(64), nullable=False, index=True),
         sa.Column("game", sa.String(32), nullable=False),
         sa.Column("option", sa.String(40), nullable=False),
         sa.Column("status", sa.String(10), nullable=False, index=True),
         sa.Column("games", sa.Integer(), nullable=False),
         sa.Column("done", sa.Integer(), nullable=False),
         sa.Column("settings", sa.JSON(), nullable=False),
         sa.Column("owner", sa.String(64), nullable=False),
         sa.Column("report", sa.JSON()),
         sa.Column("error", sa.Text()),
         sa.Column("created_at", D(), nullable=False),
         sa.Column("updated_at", D(), nullable=False))
sa.Table("furuba_reviews", schema,
         sa.Column("table_id", sa.String(32), primary_key=True),
         sa.Column("seat", sa.Integer(), primary_key=True),
         sa.Column("status", sa.String(8), nullable=False),
         sa.Column("progress", sa.Float(), nullable=False),
         sa.Column("owner", sa.String(64), nullable=False),
         sa.Column("sims", sa.Integer(), nullable=False),
         sa.Column("review", sa.JSON()),
         sa.Column("error", sa.Text()),
         sa.Column("started_at", D(), nullable=False),
         sa.Column("updated_at", D(), nullable=False))

LATE_COLUMNS = (("furuba_answers", "name"), ("furuba_tables", "creator"),
                ("furuba_tables", "public"), ("furuba_tables", "rated"),
                ("furuba_tables", "current"), ("furuba_seats", "account_id"))
"""Columns that releases before this one added at start-up to databases made without them."""


def upgrade() -> None:
    bind = op.get_bind()
    schema.create_all(bind, checkfirst=True)
    found = sa.inspect(bind)
    for table_name, column_name in LATE_COLUMNS:
        if column_name in {c["name"] for c in found.get_columns(table_name)}:
            continue
        table = schema.tables[table_name]
        column = table.c[column_name]
        op.add_column(table_name, sa.Column(column_name, column.type, nullable=column.nullable,
                                            server_default=column.server_default))
        for index in table.indexes:
            if [c.name for c in index.columns] == [column_name]:
                op.create_index(index.name, table_name, [column_name])


def downgrade() -> None:
    schema.drop_all(op.get_bind())
