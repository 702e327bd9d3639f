"""Answered questions and citizens' feedback on them (issue 14: what the city learns).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)
_ANSWERS = "assistant_answers"
_FEEDBACK = "answer_feedback"


def upgrade() -> None:
    op.create_table(
        _ANSWERS,
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("public_id", sa.String(32), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("conversation_hash", sa.String(64), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("citations", sa.JSON(), nullable=False),
        sa.Column("jurisdiction", sa.String(32), nullable=True),
        sa.Column("norm", sa.String(96), nullable=True),
        sa.Column("topic", sa.String(32), nullable=False),
        sa.Column("unanswered", sa.Boolean(), nullable=False),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{_ANSWERS}")),
        sa.UniqueConstraint("public_id", name=op.f(f"uq_{_ANSWERS}_public_id")),
    )
    for column in ("channel", "conversation_hash", "jurisdiction", "norm", "topic", "unanswered", "created_at"):
        op.create_index(op.f(f"ix_{_ANSWERS}_{column}"), _ANSWERS, [column])
    op.create_table(
        _FEEDBACK,
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("answer_id", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("comment", sa.Text(), nullable=True),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.Column("updated_at", _WHEN, nullable=False),
        sa.ForeignKeyConstraint(["answer_id"], [f"{_ANSWERS}.id"], name=op.f(f"fk_{_FEEDBACK}_answer_id_{_ANSWERS}")),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{_FEEDBACK}")),
    )
    op.create_index(op.f(f"ix_{_FEEDBACK}_answer_id"), _FEEDBACK, ["answer_id"], unique=True)
    op.create_index(op.f(f"ix_{_FEEDBACK}_created_at"), _FEEDBACK, ["created_at"])


def downgrade() -> None:
    op.drop_table(_FEEDBACK)
    op.drop_table(_ANSWERS)
