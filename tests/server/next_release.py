"""The migrations of a pretend next release, for the tests of upgrades: this release's own, then
``0900`` (expand: adds ``furuba_tables.note``, which nothing of this release reads) and ``0901``
(contract: drops it again, as a release drops what only the release before used)."""

from __future__ import annotations

import shutil
from pathlib import Path

from furuba.server import schema

EXPAND = '''"""Adds furuba_tables.note (the next release's).

Revision 0900.
"""
import sqlalchemy as sa
from alembic import op

revision = "0900"
down_revision = "{down}"
branch_labels = None
depends_on = None
phase = "expand"


def upgrade() -> None:
    op.add_column("furuba_tables", sa.Column("note", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("furuba_tables", "note")
'''
CONTRACT = '''"""Drops furuba_tables.note, which only the release before read.

Revision 0901.
"""
from alembic import op

revision = "0901"
down_revision = "0900"
branch_labels = None
depends_on = None
phase = "contract"


def upgrade() -> None:
    with op.batch_alter_table("furuba_tables") as batch:
        batch.drop_column("note")


def downgrade() -> None:
    raise NotImplementedError
'''


def next_release(folder: Path) -> str:
    """Write the next release's migrations into ``folder``; their location for
    :func:`furuba.server.schema.upgrade`."""
    here = Path(schema.__file__).parent / "migrations"
    shutil.copytree(here, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "versions" / "0900_note.py").write_text(EXPAND.replace("{down}", schema.head()))
    (folder / "versions" / "0901_drop_note.py").write_text(CONTRACT)
    return str(folder)
