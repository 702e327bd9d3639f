"""Database tables of the permit feature (SQLAlchemy 2 declarative; the schema is made by Alembic).

Personal data sits in nullable columns of `permit_preapplications` and in clerks' note texts, so an
erasure can blank exactly those and keep the case skeleton (protocol, jurisdiction, kind, period,
status, consent record) and the audit trail, which hold no personal data.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, Integer, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

__all__ = [
    "AuditEvent",
    "Base",
    "ClerkNote",
    "ConversationErasure",
    "PERSONAL_COLUMNS",
    "Preapplication",
    "ProtocolCounter",
    "UTCDateTime",
]

# Named constraints, so that migrations can refer to them on every backend.
_NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=_NAMING)


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every backend (SQLite keeps no offset, so it is added back on read)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class ProtocolCounter(Base):
    """Last protocol sequence handed out per municipality and year; locked while a number is taken."""

    __tablename__ = "permit_protocol_counters"

    jurisdiction_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    year: Mapped[int] = mapped_column(Integer, primary_key=True)
    last_sequence: Mapped[int] = mapped_column(Integer, default=0)


class Preapplication(Base):
    __tablename__ = "permit_preapplications"
    __table_args__ = (UniqueConstraint("jurisdiction_id", "year", "sequence", name="uq_permit_preapplications_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    protocol: Mapped[str] = mapped_column(String(32), unique=True)
    jurisdiction_id: Mapped[str] = mapped_column(String(32), index=True)
    year: Mapped[int] = mapped_column(Integer)
    sequence: Mapped[int] = mapped_column(Integer)
    access_code_hash: Mapped[str] = mapped_column(String(200))
    # SHA-256 of the Idempotency-Key and of the canonical request body; the key itself is not kept.
    idempotency_key_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    request_hash: Mapped[str | None] = mapped_column(String(64))

    permit_kind: Mapped[str] = mapped_column(String(64), index=True)
    activity_id: Mapped[str] = mapped_column(String(64))
    activity_category: Mapped[str | None] = mapped_column(String(64))
    activity_description: Mapped[str | None] = mapped_column(Text)
    place: Mapped[dict[str, Any]] = mapped_column(JSON)
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    channel: Mapped[str] = mapped_column(String(16))
    fee_estimate: Mapped[Any | None] = mapped_column(JSON)
    citations: Mapped[Any | None] = mapped_column(JSON)
    consent_given_at: Mapped[datetime] = mapped_column(UTCDateTime)
    consent_text_version: Mapped[str] = mapped_column(String(64))

    status: Mapped[str] = mapped_column(String(16), index=True)
    status_reason: Mapped[str | None] = mapped_column(Text)
    submitted_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    erased_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    # Personal data (blanked by an erasure).
    applicant_name: Mapped[str | None] = mapped_column(String(200))
    applicant_document_type: Mapped[str | None] = mapped_column(String(8))
    applicant_document: Mapped[str | None] = mapped_column(String(32))
    contact_phone: Mapped[str | None] = mapped_column(String(32))
    contact_email: Mapped[str | None] = mapped_column(String(254))
    conversation_id: Mapped[str | None] = mapped_column(String(200))
    exemption_claims: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)

    notes: Mapped[list[ClerkNote]] = relationship(back_populates="preapplication", order_by="ClerkNote.id")
    audit_events: Mapped[list[AuditEvent]] = relationship(back_populates="preapplication", order_by="AuditEvent.id")
    conversation_erasures: Mapped[list[ConversationErasure]] = relationship(
        back_populates="preapplication", order_by="ConversationErasure.id")


PERSONAL_COLUMNS = (
    "applicant_name",
    "applicant_document_type",
    "applicant_document",
    "contact_phone",
    "contact_email",
    "conversation_id",
    "exemption_claims",
    "activity_description",
    "request_hash",
)
"""Columns an erasure sets to NULL. The free-text activity description and the request hash (a
fingerprint of the personal data) go too; the idempotency key hash stays so a late retry is refused."""


class ClerkNote(Base):
    __tablename__ = "permit_clerk_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    preapplication_id: Mapped[int] = mapped_column(ForeignKey("permit_preapplications.id"), index=True)
    author: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Free text about the case may name the applicant: blanked by an erasure.
    text: Mapped[str | None] = mapped_column(Text)

    preapplication: Mapped[Preapplication] = relationship(back_populates="notes")


class AuditEvent(Base):
    """Who did what to a case, when, from which status to which. Never updated or deleted."""

    __tablename__ = "permit_audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    preapplication_id: Mapped[int] = mapped_column(ForeignKey("permit_preapplications.id"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    actor: Mapped[str] = mapped_column(String(80))  # "citizen", "clerk:<username>", "system:retention"
    action: Mapped[str] = mapped_column(String(32))  # submitted, status_changed, note_added, personal_data_erased
    from_status: Mapped[str | None] = mapped_column(String(16))
    to_status: Mapped[str | None] = mapped_column(String(16))
    detail: Mapped[str | None] = mapped_column(Text)

    preapplication: Mapped[Preapplication] = relationship(back_populates="audit_events")


class ConversationErasure(Base):
    """A conversation of an erased case still to be wiped from Rasa's tracker store
    (api/permits/conversations.py). The row holds the conversation id only until the wipe has
    succeeded, then it is deleted; `attempts` and `last_error` say why it is still here."""

    __tablename__ = "permit_conversation_erasures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    preapplication_id: Mapped[int] = mapped_column(ForeignKey("permit_preapplications.id"), index=True)
    conversation_id: Mapped[str] = mapped_column(String(200))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(String(200))

    preapplication: Mapped[Preapplication] = relationship(back_populates="conversation_erasures")
