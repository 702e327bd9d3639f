"""The public answer of the rules module: a `Decision` and the pieces it is made of.

Everything a citizen reads is either language-keyed data copied from the YAML (`Text`, keyed by
pt-BR, pt-PT, en and optionally es) or a short code the chat renders from its own templates. No
sentence is assembled here.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Amount",
    "Citation",
    "Decision",
    "DistanceRule",
    "Exemption",
    "ProceedsShare",
    "Document",
    "Fee",
    "Hours",
    "Lang",
    "MissingFact",
    "Note",
    "Obligation",
    "Outcome",
    "Penalty",
    "Period",
    "Permit",
    "Place",
    "PointOut",
    "PointDistance",
    "Season",
    "Text",
    "text_in",
]

Lang = str  # "pt-BR" | "pt-PT" | "en" | "es"
Text = dict[Lang, str]
"""Language-keyed text straight from the data files (pt-BR, pt-PT and en always present)."""

FALLBACK_LANG: Lang = "pt-BR"  # the language every data file writes first


def text_in(text: Text | None, lang: Lang) -> str | None:
    """The one language-fallback rule for every Text: the language asked, else pt-BR, else whatever
    language the text has; None when there is no text."""
    if not text:
        return None
    return text.get(lang) or text.get(FALLBACK_LANG) or next(iter(text.values()), None)


class _Public(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Outcome(StrEnum):
    ALLOWED = "allowed"
    NEEDS_PERMIT = "needs_permit"
    NOT_ALLOWED = "not_allowed"
    UNKNOWN = "unknown"
    NOT_COVERED = "not_covered"


class Citation(_Public):
    unit_id: str
    label: str  # "art. 14", "art. 21, § 1º, II", "Anexo VI, 11.20.00"
    norm_id: str


class Amount(_Public):
    value: Decimal
    unit: str  # UFM, UFIB, UR, BRL, EUR, minimum_wage ...
    # Filled only when a configured, sourced value for the unit and year exists (data/units.yml).
    converted: Decimal | None = None
    converted_unit: str | None = None
    conversion_source: str | None = None


class Period(_Public):
    """A length of time in the law's own terms (e.g. 30 working days, 2 years)."""

    value: int
    unit: str  # days | working_days | months | years | hours
    code: str  # what the period is for: defence, appeal, validity, seized_goods, lead_time ...
    text: Text | None = None
    citations: list[Citation] = Field(default_factory=list)


class Fee(_Public):
    id: str
    name: Text
    amount_max: Amount | None = None  # upper end when the norm gives a range
    amount: Amount | None = None  # None when the norm defers the figure elsewhere (see `deferred_to`)
    per: str | None = None  # period | quadrimester | m2_year | m2_month | product | licence ...
    applies: str | None = None  # short code, e.g. second_badge
    category: str | None = None  # the fee table's category (Pontal Anexo VI: a, b, c ...)
    product: str | None = None
    sector: str | None = None
    discount_percent: Decimal | None = None  # set when an exemption/reduction applies to this fee
    percent_of_licence_fee: Decimal | None = None  # e.g. 50 for a second badge
    deferred_to: Text | None = None  # "Código Tributário do Município" when the norm sets no figure
    note: Text | None = None
    valid_from: date | None = None
    valid_to: date | None = None
    citations: list[Citation]


class Document(_Public):
    id: str
    text: Text
    citations: list[Citation]


class Obligation(_Public):
    code: str
    text: Text
    citations: list[Citation]


class Note(_Public):
    code: str
    text: Text
    citations: list[Citation] = Field(default_factory=list)


class ProceedsShare(_Public):
    code: str  # notice_issuer | instructing_entity | state
    percent: Decimal


class Penalty(_Public):
    id: str
    grade: str | None = None
    amount: Amount | None = None
    amount_max: Amount | None = None  # ranges (Pontal R$ 300–12.000; Igarapava UFM ranges)
    suspension_days: int | None = None
    cancellation: bool = False
    seizure: bool = False
    repeat_multiplier: Decimal | None = None
    # Limits for legal persons where the norm raises them (Portugal: doubled), already computed.
    amount_legal_person: Amount | None = None
    amount_max_legal_person: Amount | None = None
    proceeds: list[ProceedsShare] = Field(default_factory=list)
    offences: list[Note] = Field(default_factory=list)
    aggravating: list[Note] = Field(default_factory=list)  # each raises the fine by aggravating_percent
    aggravating_percent: Decimal | None = None
    text: Text | None = None
    citations: list[Citation]


class Exemption(_Public):
    code: str
    discount_percent: Decimal
    applies: bool | None  # None: a fact it depends on is missing
    fees: list[str] = Field(default_factory=list)
    proof: list[Document] = Field(default_factory=list)
    text: Text
    citations: list[Citation]


class Season(_Public):
    code: str
    start: str  # "MM-DD"
    end: str  # "MM-DD", inclusive
    in_season: bool | None = None  # for the evaluated date
    transferable: bool | None = None
    text: Text | None = None
    citations: list[Citation]


class Hours(_Public):
    code: str
    opens: str | None = None  # "HH:MM"
    closes: str | None = None
    days: str | None = None  # mon-fri | sat | sun_holidays | all ...
    text: Text | None = None
    citations: list[Citation]


class DistanceRule(_Public):
    code: str  # from_surf_line_min | between_surf_points_min | point_radius | from_same_trade_shop_min ...
    metres: Decimal
    measured: Decimal | None = None  # filled when `at` lets us measure it
    satisfied: bool | None = None
    text: Text | None = None
    citations: list[Citation]


class PointOut(_Public):
    id: str  # "enseada-01"
    area: str
    number: int
    name: Text | None = None
    lat: float
    lon: float
    radius_m: Decimal
    utm_easting: Decimal
    utm_northing: Decimal
    citations: list[Citation]


class Place(_Public):
    id: str
    name: Text
    points: list[PointOut] = Field(default_factory=list)
    width_m: Decimal | None = None
    text: Text | None = None
    citations: list[Citation]


class PointDistance(_Public):
    point: PointOut
    distance_m: float
    inside: bool


class MissingFact(_Public):
    fact: str
    question: str  # question key the chat renders from its templates
    # outcome: the answer depends on it (the outcome is `unknown`); fee: only the amount does;
    # details: which variant of the permit (e.g. season or annual), all of them giving this outcome.
    needed_for: str = "outcome"
    citations: list[Citation] = Field(default_factory=list)


class Permit(_Public):
    kind: str
    name: Text
    office: Text | None = None
    office_id: str | None = None
    holder: list[str] = Field(default_factory=list)  # natural_person | legal_person
    validity: Period | None = None
    lead_time: Period | None = None
    transferable: bool | None = None
    citations: list[Citation]


class Decision(_Public):
    activity: str
    jurisdiction: str
    on: date
    outcome: Outcome
    reasons: list[str] = Field(default_factory=list)  # short codes explaining the outcome
    conditions: list[Note] = Field(default_factory=list)
    permit: Permit | None = None
    documents: list[Document] = Field(default_factory=list)
    fees: list[Fee] = Field(default_factory=list)
    exemptions: list[Exemption] = Field(default_factory=list)
    season: Season | None = None
    hours: list[Hours] = Field(default_factory=list)
    places: list[Place] = Field(default_factory=list)
    nearest: list[PointDistance] = Field(default_factory=list)
    distances: list[DistanceRule] = Field(default_factory=list)
    obligations: list[Obligation] = Field(default_factory=list)
    penalties: list[Penalty] = Field(default_factory=list)
    deadlines: list[Period] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    missing_facts: list[MissingFact] = Field(default_factory=list)
    not_covered: list[Note] = Field(default_factory=list)

    @property
    def permit_kind(self) -> str | None:
        return self.permit.kind if self.permit else None

    @property
    def issuing_office(self) -> Text | None:
        return self.permit.office if self.permit else None
