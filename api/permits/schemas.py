"""The JSON of the permit API: what a chat action sends, what a citizen and a clerk get back.

One family per resource (full-stack-fastapi-template): `PreapplicationCreate` in,
`PreapplicationReceipt` once after submitting, `PreapplicationCitizenView` for a status query,
`PreapplicationPublic` for clerks. Unknown fields are refused, so a typo in the chat action's
payload is a 422 naming the field rather than silently lost data.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Literal, Self

from pydantic import AwareDatetime, BaseModel, ConfigDict, EmailStr, Field, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from api.permits.catalogue import PERMIT_KIND_PATTERN, check_permit_kind
from api.permits.documents import normalise_document
from api.permits.jurisdictions import JURISDICTIONS, DocumentType, JurisdictionId
from api.permits.workflow import PreapplicationStatus

__all__ = [
    "Activity",
    "Applicant",
    "AuditEventPublic",
    "Channel",
    "Consent",
    "Contact",
    "ErasureReceipt",
    "ExemptionClaim",
    "NoteCreate",
    "NotePublic",
    "PermitPeriod",
    "Place",
    "PreapplicationCitizenView",
    "PreapplicationCreate",
    "PreapplicationFilter",
    "PreapplicationPublic",
    "PreapplicationReceipt",
    "PreapplicationsPublic",
    "StatusChange",
]

Channel = Literal["whatsapp", "telegram", "web", "api"]
SnakeId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")]
ShortText = Annotated[str, Field(min_length=1, max_length=300)]
LongText = Annotated[str, Field(min_length=1, max_length=2000)]

# A device clock a few minutes fast must not make a consent "from the future".
_CLOCK_SKEW = timedelta(minutes=10)
# The longest period a single pre-application may ask for (Pontal do Paraná's licences are yearly).
_MAX_PERIOD = timedelta(days=3 * 366)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


def _field_error(loc: tuple[str, ...], kind: str, message: str, value: Any) -> ValidationError:
    """A validation error placed on a nested field, for checks that need two fields at once."""
    return ValidationError.from_exception_data(
        "PreapplicationCreate", [InitErrorDetails(type=PydanticCustomError(kind, message), loc=loc, input=value)]
    )


class Applicant(_In):
    name: Annotated[str, Field(min_length=2, max_length=200)]
    document_type: DocumentType
    # As typed ("123.456.789-09"); stored bare after the check-digit test.
    document_number: Annotated[str, Field(min_length=9, max_length=24)]

    @model_validator(mode="after")
    def _check_digits(self) -> Self:
        try:
            self.document_number = normalise_document(self.document_type, self.document_number)
        except ValueError as exc:
            raise _field_error(("document_number",), "document_number", str(exc), self.document_number) from None
        return self


class Contact(_In):
    phone: str | None = Field(default=None, max_length=32, description="With country code, e.g. +55 13 99999-0000")
    email: EmailStr | None = None

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str | None) -> str | None:
        if value is None:
            return None
        bare = re.sub(r"[\s().-]", "", value)
        if not re.fullmatch(r"\+?\d{8,15}", bare):
            raise ValueError("a phone number has 8 to 15 digits, optionally starting with +")
        return bare

    @model_validator(mode="after")
    def _some_way_to_reach(self) -> Self:
        if self.phone is None and self.email is None:
            raise ValueError("give a phone number or an e-mail address, so the office can answer")
        return self


class Activity(_In):
    id: SnakeId = Field(description="Activity id of the rules catalogue, e.g. green_coconut, sup")
    category: SnakeId | None = None
    description: Annotated[str, Field(max_length=2000)] | None = None


class Place(_In):
    description: ShortText = Field(description="Where, in the citizen's words: beach, stretch, street")
    point_id: Annotated[str, Field(max_length=64)] | None = Field(
        default=None, description="A licensed point of the norm, when one was chosen"
    )
    latitude: Annotated[float, Field(ge=-90, le=90)] | None = None
    longitude: Annotated[float, Field(ge=-180, le=180)] | None = None

    @model_validator(mode="after")
    def _both_coordinates(self) -> Self:
        if (self.latitude is None) != (self.longitude is None):
            raise ValueError("give both latitude and longitude, or neither")
        return self


class PermitPeriod(_In):
    start: date
    end: date

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.end < self.start:
            raise _field_error(("end",), "period_order", "the period ends before it starts", self.end.isoformat())
        if self.end - self.start > _MAX_PERIOD:
            raise _field_error(("end",), "period_length", "a pre-application covers at most 3 years", self.end.isoformat())
        return self


class ExemptionClaim(_In):
    kind: SnakeId = Field(description="e.g. person_with_disability, low_income, resident_artisan")
    detail: Annotated[str, Field(max_length=1000)] | None = None


class Consent(_In):
    """The applicant's agreement to the processing of their data (LGPD art. 7 I / RGPD art. 6(1)(a))."""

    given: bool
    given_at: AwareDatetime
    text_version: Annotated[str, Field(min_length=1, max_length=64)] = Field(
        description="Version id of the consent text the citizen was shown"
    )

    @field_validator("given")
    @classmethod
    def _must_be_given(cls, value: bool) -> bool:
        if not value:
            raise ValueError("the applicant's consent is required before anything is stored")
        return value

    @field_validator("given_at")
    @classmethod
    def _not_in_future(cls, value: datetime) -> datetime:
        if value > datetime.now(UTC) + _CLOCK_SKEW:
            raise ValueError("consent time is in the future")
        return value.astimezone(UTC)


class PreapplicationCreate(_In):
    jurisdiction_id: JurisdictionId
    permit_kind: str = Field(pattern=PERMIT_KIND_PATTERN, description="Permit id of the rules catalogue")
    activity: Activity
    applicant: Applicant
    contact: Contact
    place: Place
    period: PermitPeriod
    exemption_claims: list[ExemptionClaim] = Field(default_factory=list, max_length=10)
    consent: Consent
    channel: Channel
    conversation_id: Annotated[str, Field(max_length=200)] | None = None
    # What the assistant told the citizen, kept as it was said (free JSON from the rules module).
    fee_estimate: dict[str, Any] | None = None
    citations: list[Any] | None = Field(default=None, max_length=50)

    @model_validator(mode="after")
    def _fits_jurisdiction(self) -> Self:
        accepted = JURISDICTIONS[self.jurisdiction_id].document_types
        if self.applicant.document_type not in accepted:
            raise _field_error(
                ("applicant", "document_type"),
                "document_type",
                f"{self.jurisdiction_id} takes {' or '.join(d.upper() for d in accepted)}",
                self.applicant.document_type,
            )
        try:
            check_permit_kind(self.jurisdiction_id, self.permit_kind)
        except ValueError as exc:
            raise _field_error(("permit_kind",), "permit_kind", str(exc), self.permit_kind) from None
        return self


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


class NoteCreate(_In):
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


class StatusChange(_In):
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


class PreapplicationFilter(BaseModel):
    """Query of the clerks' list and CSV export."""

    jurisdiction_id: JurisdictionId | None = None
    status: PreapplicationStatus | None = None
    permit_kind: str | None = None
    submitted_from: date | None = None
    submitted_to: date | None = None
    offset: int = Field(default=0, ge=0)
    limit: int = Field(default=50, ge=1, le=500)


class ErasureReceipt(BaseModel):
    protocol: str
    erased_at: datetime
    # True while the conversation in Rasa's tracker store could not be wiped yet (Rasa down): it stays
    # queued and is retried (`python -m api.permits erase-conversations`); the audit trail says why.
    conversation_erasure_pending: bool = False
