"""Handoff tickets: a citizen's question sent to the clerk desk, and the clerk's reply (issue 14).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)
_TABLE = "handoff_tickets"


def upgrade() -> None:
    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("conversation_hash", sa.String(64), nullable=False),
        sa.Column("address", sa.String(128), nullable=True),
        sa.Column("jurisdiction", sa.String(32), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reply", sa.Text(), nullable=True),
        sa.Column("answered_by", sa.String(64), nullable=True),
        sa.Column("delivery", sa.String(16), nullable=True),
        sa.Column("delivery_error", sa.String(200), nullable=True),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.Column("answered_at", _WHEN, nullable=True),
        sa.Column("delivered_at", _WHEN, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{_TABLE}")),
    )
    for column in ("conversation_hash", "jurisdiction", "status", "created_at"):
        op.create_index(op.f(f"ix_{_TABLE}_{column}"), _TABLE, [column])


def downgrade() -> None:
    op.drop_table(_TABLE)
