"""The pre-application body: what the chat's permit form sends and the API validates and stores.

Both sides import this module (actions/permits builds the body with it and checks it before sending;
api/routes/preapplications.py takes it as the request body), so there is one schema and one set of
checks: document check digits, the jurisdiction's document types, the permit kind, the longest period.
Unknown fields are refused, so a typo in the chat's payload is a 422 naming the field rather than
silently lost data.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Literal, Self

from pydantic import AwareDatetime, BaseModel, ConfigDict, EmailStr, Field, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from knowledge.jurisdictions import jurisdiction, jurisdiction_ids
from knowledge.permits.catalogue import PERMIT_KIND_PATTERN, check_permit_kind
from knowledge.permits.documents import DocumentType, normalise_document

__all__ = [
    "MAX_PERIOD_YEARS",
    "Activity",
    "Applicant",
    "Channel",
    "Consent",
    "Contact",
    "ExemptionClaim",
    "InputModel",
    "LongText",
    "JurisdictionId",
    "PermitPeriod",
    "Place",
    "PreapplicationCreate",
    "period_too_long",
]

# The covered jurisdictions as a closed set, so that OpenAPI lists them and a wrong id is a 422.
JurisdictionId = Literal[jurisdiction_ids()]  # type: ignore[valid-type]

Channel = Literal["whatsapp", "telegram", "web", "api"]
SnakeId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")]
# Text fields are stripped (InputModel), so a text must hold a visible character: said in the schema too
# (pattern), so a client reading the OpenAPI document knows "   " is refused. \x1c-\x1f: Python strips them.
_VISIBLE = r"[^\s\x1c-\x1f]"
ShortText = Annotated[str, Field(min_length=1, max_length=300, pattern=_VISIBLE)]
LongText = Annotated[str, Field(min_length=1, max_length=2000, pattern=_VISIBLE)]

# A device clock a few minutes fast must not make a consent "from the future".
_CLOCK_SKEW = timedelta(minutes=10)
# The longest period a single pre-application may ask for (Pontal do Paraná's licences are yearly),
# in calendar years: the chat refuses a longer period with the same rule before anything is sent.
MAX_PERIOD_YEARS = 3


class InputModel(BaseModel):
    """A request body: unknown fields refused, surrounding spaces stripped."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def _field_error(loc: tuple[str, ...], kind: str, message: str, value: Any) -> ValidationError:
    """A validation error placed on a nested field, for checks that need two fields at once."""
    return ValidationError.from_exception_data(
        "PreapplicationCreate", [InitErrorDetails(type=PydanticCustomError(kind, message), loc=loc, input=value)]
    )


class Applicant(InputModel):
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


class Contact(InputModel):
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


class Activity(InputModel):
    id: SnakeId = Field(description="Activity id of the rules catalogue, e.g. green_coconut, sup")
    category: SnakeId | None = None
    description: Annotated[str, Field(max_length=2000)] | None = None


class Place(InputModel):
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


class PermitPeriod(InputModel):
    start: date
    end: date

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.end < self.start:
            raise _field_error(("end",), "period_order", "the period ends before it starts", self.end.isoformat())
        if period_too_long(self.start, self.end):
            raise _field_error(("end",), "period_length", "a pre-application covers at most 3 years", self.end.isoformat())
        return self


class ExemptionClaim(InputModel):
    kind: SnakeId = Field(description="e.g. person_with_disability, low_income, resident_artisan")
    detail: Annotated[str, Field(max_length=1000)] | None = None


class Consent(InputModel):
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


class PreapplicationCreate(InputModel):
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
        accepted = jurisdiction(self.jurisdiction_id).document_types.all()
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


def period_too_long(start: date, end: date) -> bool:
    """True when the period ends after the same day MAX_PERIOD_YEARS later (29 February → 28th)."""
    try:
        limit = start.replace(year=start.year + MAX_PERIOD_YEARS)
    except ValueError:
        limit = start.replace(year=start.year + MAX_PERIOD_YEARS, day=28)
    return end > limit
