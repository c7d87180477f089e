"""${message}

Revision ${up_revision}, after ${down_revision | comma,n}.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
${imports if imports else ""}
revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}
branch_labels = ${repr(branch_labels)}
depends_on = ${repr(depends_on)}
phase = "expand"
"""``expand`` (adds only: code of before and after both run on the schema after it) or
``contract`` (removes what only code of before used: run by ``furuba db upgrade`` once every
process runs the new code)."""


def upgrade() -> None:
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    ${downgrades if downgrades else "pass"}
