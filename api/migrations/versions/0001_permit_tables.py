"""Permit pre-applications, clerks' notes, the audit trail and the protocol counters.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Aware timestamps; on SQLite they are kept as naive UTC (api.permits.models.UTCDateTime).
_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "permit_protocol_counters",
        sa.Column("jurisdiction_id", sa.String(32), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("last_sequence", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("jurisdiction_id", "year", name=op.f("pk_permit_protocol_counters")),
    )
    op.create_table(
        "permit_preapplications",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("protocol", sa.String(32), nullable=False),
        sa.Column("jurisdiction_id", sa.String(32), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("access_code_hash", sa.String(200), nullable=False),
        sa.Column("idempotency_key_hash", sa.String(64), nullable=True),
        sa.Column("request_hash", sa.String(64), nullable=True),
        sa.Column("permit_kind", sa.String(64), nullable=False),
        sa.Column("activity_id", sa.String(64), nullable=False),
        sa.Column("activity_category", sa.String(64), nullable=True),
        sa.Column("activity_description", sa.Text(), nullable=True),
        sa.Column("place", sa.JSON(), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("fee_estimate", sa.JSON(), nullable=True),
        sa.Column("citations", sa.JSON(), nullable=True),
        sa.Column("consent_given_at", _WHEN, nullable=False),
        sa.Column("consent_text_version", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("status_reason", sa.Text(), nullable=True),
        sa.Column("submitted_at", _WHEN, nullable=False),
        sa.Column("updated_at", _WHEN, nullable=False),
        sa.Column("closed_at", _WHEN, nullable=True),
        sa.Column("erased_at", _WHEN, nullable=True),
        sa.Column("applicant_name", sa.String(200), nullable=True),
        sa.Column("applicant_document_type", sa.String(8), nullable=True),
        sa.Column("applicant_document", sa.String(32), nullable=True),
        sa.Column("contact_phone", sa.String(32), nullable=True),
        sa.Column("contact_email", sa.String(254), nullable=True),
        sa.Column("conversation_id", sa.String(200), nullable=True),
        sa.Column("exemption_claims", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_permit_preapplications")),
        sa.UniqueConstraint("idempotency_key_hash", name=op.f("uq_permit_preapplications_idempotency_key_hash")),
        sa.UniqueConstraint("jurisdiction_id", "year", "sequence", name="uq_permit_preapplications_number"),
        sa.UniqueConstraint("protocol", name=op.f("uq_permit_preapplications_protocol")),
    )
    for column in ("jurisdiction_id", "permit_kind", "status", "submitted_at"):
        op.create_index(op.f(f"ix_permit_preapplications_{column}"), "permit_preapplications", [column])

    for table, columns in (
        (
            "permit_audit_events",
            [
                sa.Column("at", _WHEN, nullable=False),
                sa.Column("actor", sa.String(80), nullable=False),
                sa.Column("action", sa.String(32), nullable=False),
                sa.Column("from_status", sa.String(16), nullable=True),
                sa.Column("to_status", sa.String(16), nullable=True),
                sa.Column("detail", sa.Text(), nullable=True),
            ],
        ),
        (
            "permit_clerk_notes",
            [
                sa.Column("author", sa.String(64), nullable=False),
                sa.Column("created_at", _WHEN, nullable=False),
                sa.Column("text", sa.Text(), nullable=True),
            ],
        ),
    ):
        op.create_table(
            table,
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("preapplication_id", sa.Integer(), nullable=False),
            *columns,
            sa.ForeignKeyConstraint(
                ["preapplication_id"],
                ["permit_preapplications.id"],
                name=op.f(f"fk_{table}_preapplication_id_permit_preapplications"),
            ),
            sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
        )
        op.create_index(op.f(f"ix_{table}_preapplication_id"), table, ["preapplication_id"])


def downgrade() -> None:
    op.drop_table("permit_clerk_notes")
    op.drop_table("permit_audit_events")
    op.drop_table("permit_preapplications")
    op.drop_table("permit_protocol_counters")
