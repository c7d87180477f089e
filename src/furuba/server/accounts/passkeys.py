"""Passkeys (WebAuthn): registering one to an account, and signing in with it."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from furuba.server.models import PasskeyRow


def count_passkeys(s: Session, account_id: int) -> int:
    """How many passkeys sign in to the account."""
    return int(s.scalar(select(func.count()).select_from(PasskeyRow)
                        .where(PasskeyRow.account_id == account_id)) or 0)
