"""Conversations of erased cases still to be wiped from Rasa's tracker store.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)
_TABLE = "permit_conversation_erasures"


def upgrade() -> None:
    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("preapplication_id", sa.Integer(), nullable=False),
        sa.Column("conversation_id", sa.String(200), nullable=False),
        sa.Column("requested_at", _WHEN, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_attempt_at", _WHEN, nullable=True),
        sa.Column("last_error", sa.String(200), nullable=True),
        sa.ForeignKeyConstraint(
            ["preapplication_id"],
            ["permit_preapplications.id"],
            name=op.f(f"fk_{_TABLE}_preapplication_id_permit_preapplications"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{_TABLE}")),
    )
    op.create_index(op.f(f"ix_{_TABLE}_preapplication_id"), _TABLE, ["preapplication_id"])


def downgrade() -> None:
    op.drop_table(_TABLE)
