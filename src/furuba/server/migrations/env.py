"""Alembic's environment for furuba's schema: migrations run on the connection that
:func:`furuba.server.schema.upgrade` hands over, inside its transaction and its lock."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite",
                  version_table="furuba_schema_version")
with context.begin_transaction():
    context.run_migrations()
