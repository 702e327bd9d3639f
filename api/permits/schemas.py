"""The JSON of the permit API: what a chat action sends, what a citizen and a clerk get back.

One family per resource (full-stack-fastapi-template): `PreapplicationCreate` in (the contract
both the chat and the API speak, knowledge/permits/contract.py), `PreapplicationReceipt` once after
submitting, `PreapplicationCitizenView` for a status query, `PreapplicationPublic` for clerks.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.permits.workflow import PreapplicationStatus
from knowledge.permits.contract import JurisdictionId, LongText, InputModel

__all__ = [
    "AuditEventPublic",
    "ErasureReceipt",
    "NoteCreate",
    "NotePublic",
    "PreapplicationCitizenView",
    "PreapplicationFilter",
    "PreapplicationPublic",
    "PreapplicationReceipt",
    "PreapplicationsPublic",
    "StatusChange",
]


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class PreapplicationReceipt(BaseModel):
    """Answer to a submission. The access code is shown here only: keep it with the protocol."""

    protocol: str
    access_code: str
    status: PreapplicationStatus
    jurisdiction_id: str
    permit_kind: str
    submitted_at: datetime


class PreapplicationCitizenView(_Out):
    """What the citizen (or the chat, for them) may see with protocol + access code: no personal data."""

    protocol: str
    jurisdiction_id: str
    permit_kind: str
    activity_id: str
    period_start: date
    period_end: date
    status: PreapplicationStatus
    # Why the office asked for more or decided as it did.
    status_reason: str | None
    submitted_at: datetime
    updated_at: datetime
    personal_data_erased: bool


class NoteCreate(InputModel):
    text: LongText


class NotePublic(_Out):
    id: int
    author: str
    created_at: datetime
    text: str | None


class AuditEventPublic(_Out):
    at: datetime
    actor: str
    action: str
    from_status: str | None
    to_status: str | None
    detail: str | None


class StatusChange(InputModel):
    status: PreapplicationStatus
    reason: Annotated[str, Field(max_length=2000)] | None = None


class PreapplicationPublic(_Out):
    """A case as a clerk sees it."""

    protocol: str
    jurisdiction_id: str
    permit_kind: str
    activity_id: str
    activity_category: str | None
    activity_description: str | None
    place: dict[str, Any]
    period_start: date
    period_end: date
    channel: str
    fee_estimate: Any | None
    citations: Any | None
    consent_given_at: datetime
    consent_text_version: str
    status: PreapplicationStatus
    status_reason: str | None
    submitted_at: datetime
    updated_at: datetime
    closed_at: datetime | None
    erased_at: datetime | None
    applicant_name: str | None
    applicant_document_type: str | None
    applicant_document: str | None
    contact_phone: str | None
    contact_email: str | None
    conversation_id: str | None
    exemption_claims: list[dict[str, Any]] | None
    notes: list[NotePublic] = []


class PreapplicationsPublic(BaseModel):
    data: list[PreapplicationPublic]
    count: int = Field(description="Cases matching the filter, all pages together")


SortKey = Literal["submitted_at", "-submitted_at", "protocol", "-protocol", "status", "-status",
                  "period_start", "-period_start"]


class PreapplicationFilter(BaseModel):
    """Query of the clerks' list and CSV export."""

    jurisdiction_id: JurisdictionId | None = None
    status: PreapplicationStatus | None = None
    permit_kind: str | None = None
    submitted_from: date | None = None
    submitted_to: date | None = None
    # The list's order: a column, newest/last first with a leading "-" (the clerk desk's sortable headers).
    sort: SortKey = "-submitted_at"
    # Bounded: SQLite (and PostgreSQL's BIGINT) refuse larger offsets with a server error, not a 422.
    offset: int = Field(default=0, ge=0, le=2**31 - 1)
    limit: int = Field(default=50, ge=1, le=500)

    @field_validator("jurisdiction_id", "status", "permit_kind", "submitted_from", "submitted_to", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # An HTML form sends its "all" options and empty date fields as "": no filter, not a 422.
        return None if value == "" else value


class ErasureReceipt(BaseModel):
    protocol: str
    erased_at: datetime
    # True while the conversation in Rasa's tracker store could not be wiped yet (Rasa down): it stays
    # queued and is retried (`python -m api.permits erase-conversations`); the audit trail says why.
    conversation_erasure_pending: bool = False
