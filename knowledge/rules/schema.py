"""Schema of the rule data files (knowledge/rules/data/<jurisdiction>/<norm>.yml).

One file per norm. Every figure carries `cite` (unit ids relative to the norm, e.g. `art-21/par-1/inc-I`),
and may carry `valid_from`/`valid_to`; the file carries `checked_on`, the day somebody compared it with
the text. Models forbid unknown keys so that a misspelt key fails loudly instead of being ignored.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "REQUIRED_LANGS",
    "ActivityData",
    "AmountData",
    "AreaData",
    "CatalogueData",
    "CiteData",
    "ContactData",
    "DistanceData",
    "DocumentData",
    "AmendmentData",
    "Condition",
    "ExemptionData",
    "FactCheck",
    "FeeData",
    "HoursData",
    "NormData",
    "NoteData",
    "OfficeData",
    "PenaltyData",
    "PeriodData",
    "PermitData",
    "PlaceRequirement",
    "PointData",
    "RegimeData",
    "SeasonData",
    "TextData",
    "parse_decimal",
]

REQUIRED_LANGS = ("pt-BR", "pt-PT", "en")
_LANGS = {*REQUIRED_LANGS, "es"}
_UNIT_PATH = re.compile(
    r"^(ramt/)?(art-\d+(-[a-z])?|anexo-[ivx]+|preambulo|ementa)(/[A-Za-z0-9.\-]+)*$"
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_text(value: dict[str, str]) -> dict[str, str]:
    missing = [lang for lang in REQUIRED_LANGS if not value.get(lang, "").strip()]
    if missing:
        raise ValueError(f"text lacks {missing}: {value}")
    unknown = set(value) - _LANGS
    if unknown:
        raise ValueError(f"unknown language keys {sorted(unknown)}")
    return value


TextData = Annotated[dict[str, str], AfterValidator(_check_text)]


def parse_decimal(raw: str | int | float | Decimal) -> Decimal:
    """A figure as printed in the law: '395420,424' and '384542.2369' both mean what they say."""
    if isinstance(raw, Decimal):
        return raw
    text = str(raw).strip().replace(" ", "")
    if "," in text and "." in text:  # 12.000,00 (Brazilian thousands + decimal comma)
        text = text.replace(".", "").replace(",", ".")
    else:
        text = text.replace(",", ".")
    return Decimal(text)


# A figure as the law prints it ("4,00", "12.000,00") or as a YAML number.
LawDecimal = Annotated[Decimal, BeforeValidator(parse_decimal)]


class CiteData(_Strict):
    unit: str
    label: str | None = None
    norm: str | None = None  # another norm of the corpus, full id (e.g. an amending law)


Cite = str | CiteData


def _check_cites(cites: list[Any]) -> list[Any]:
    for c in cites:
        unit = c if isinstance(c, str) else c.unit
        if not (isinstance(c, CiteData) and c.norm) and not _UNIT_PATH.match(unit):
            raise ValueError(f"unit id {unit!r} is not relative to the norm (e.g. art-14/inc-I)")
    return cites


Cites = Annotated[list[Cite], AfterValidator(_check_cites)]


class _Cited(_Strict):
    cite: Annotated[Cites, Field(min_length=1)]


class _Dated(_Strict):
    """Validity of one item: plain dates, and/or the amendment that brought it in (`since`) or
    replaced it (`until`), whose date of entry into force may be known only roughly."""

    valid_from: date | None = None
    valid_to: date | None = None
    since: str | None = None  # amendment id
    until: str | None = None  # amendment id


class Condition(_Strict):
    fact: str
    op: Literal["eq", "ne", "lt", "le", "gt", "ge", "in", "not_in"] = "eq"
    value: Any


class NoteData(_Dated):
    code: str
    text: TextData
    cite: Cites = Field(default_factory=list)
    # the phrases citizens name it with, when the law's words do not ("fined twice" for "duas multas no período
    # de 1 ano", whose "multas" is the fine question's own cue): read by knowledge.facts for an offence
    about: list[str] = Field(default_factory=list)


class AmountData(_Strict):
    value: LawDecimal
    unit: str

    @field_validator("value", mode="before")
    @classmethod
    def _value(cls, v: Any) -> Decimal:
        return parse_decimal(v)


class ContactData(_Strict):
    """How to reach an office, where the law's own text prints it (Lajes' letterhead carries the
    Prefeitura's phones on every page). A letterhead is page furniture, not an article, so the corpus
    has no unit for it: `printed` holds the lines exactly as in the seed (a test finds each one there)
    and `where` says in the reader's words where they are printed. Hours the law does not give stay
    out: they are configuration (knowledge/rules/contacts.py), never guessed."""

    of: TextData  # whose contact it is (the Prefeitura, of which the office is part)
    phones: list[str] = Field(default_factory=list)
    address: str | None = None
    web: str | None = None
    printed: Annotated[list[str], Field(min_length=1)]
    where: TextData


class OfficeData(_Cited):
    name: TextData
    contact: ContactData | None = None


class DocumentData(_Cited):
    text: TextData


class PeriodData(_Cited):
    value: int
    unit: Literal["days", "working_days", "months", "years", "hours"]
    text: TextData | None = None
    # what a citizen calls it ("mercadoria perecível", "recorrer da decisão", "appeal"), pt-BR, pt-PT and
    # English: the law's wording alone rarely tells two deadlines of a town apart in a question's words
    about: list[str] = Field(default_factory=list)
    # a step of the norm's enforcement procedure (defence, appeal, seized goods): it applies to whatever
    # activity of the norm the fine or the seizure was about, listed in a regime or not
    procedure: bool = False


class FeeData(_Cited, _Dated):
    name: TextData
    amount_max: AmountData | None = None  # for ranges ("between 5 and 20 UFM")
    # The fee row applies only when these facts hold (e.g. selling on the sand, without a vehicle).
    when: list[Condition] = Field(default_factory=list)
    # A charge set as a share of the licence fee (e.g. 50% for a second badge).
    percent_of_licence_fee: LawDecimal | None = None
    amount: AmountData | None = None
    per: str | None = None
    applies: str | None = None
    category: str | None = None
    product: str | None = None
    sector: str | None = None
    discount_percent: LawDecimal | None = None
    deferred_to: TextData | None = None
    note: TextData | None = None
    # the citizen's words for what the fee pays for ("add a boat to the licence": the averbamento)
    about: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _figure_or_deferral(self) -> FeeData:
        if (
            self.amount is None
            and self.deferred_to is None
            and self.discount_percent is None
            and self.percent_of_licence_fee is None
        ):
            raise ValueError("a fee needs an amount (with its unit), a percentage or `deferred_to`")
        return self


class ProceedsShare(_Strict):
    code: str  # who receives it: notice_issuer | instructing_entity | state ...
    percent: LawDecimal


class PenaltyData(_Cited, _Dated):
    grade: str | None = None
    # Portugal's RAMT doubles the limits of every coima for legal persons (pessoas colectivas).
    legal_person_multiplier: LawDecimal | None = None
    proceeds: list[ProceedsShare] = Field(default_factory=list)
    amount: AmountData | None = None
    amount_max: AmountData | None = None
    suspension_days: int | None = None
    cancellation: bool = False
    seizure: bool = False
    repeat_multiplier: LawDecimal | None = None
    offences: list[NoteData] = Field(default_factory=list)
    # circumstances that raise the fine by a percentage each (Pontal art. 36 and 38: +30% per aggravating
    # factor) — not offences: "quanto aumenta por agravante?" is answered by the percentage
    aggravating: list[NoteData] = Field(default_factory=list)
    aggravating_percent: LawDecimal | None = None
    text: TextData | None = None


class PointData(_Cited):
    number: int
    name: TextData | None = None
    # As printed in the decree, decimal commas included; see AreaData.labels_swapped.
    printed_norte: str
    printed_este: str


class AreaData(_Cited):
    name: TextData
    crs: str | None = None  # EPSG code of the printed coordinates, e.g. "EPSG:31983"
    # Bertioga's decree prints the easting under NORTE and the northing under ESTE.
    labels_swapped: bool = False
    radius_m: LawDecimal | None = None
    width_m: LawDecimal | None = None
    text: TextData | None = None
    points: list[PointData] = Field(default_factory=list)


class SeasonData(_Cited):
    start: str = Field(pattern=r"^\d\d-\d\d$")
    end: str = Field(pattern=r"^\d\d-\d\d$")
    transferable: bool | None = None
    text: TextData | None = None


class HoursData(_Cited, _Dated):
    opens: str | None = Field(default=None, pattern=r"^\d\d:\d\d$")
    closes: str | None = Field(default=None, pattern=r"^\d\d:\d\d$")
    days: str | None = None
    text: TextData | None = None
    # the trade in a citizen's words ("comércio", "loja", "shops"), the same on each of its days' records;
    # see PeriodData
    about: list[str] = Field(default_factory=list)


class DistanceData(_Cited):
    code: str
    metres: LawDecimal
    # A fact the applicant states (e.g. distance from the surf line) that must respect `metres`.
    fact: str | None = None
    op: Literal["ge", "le"] = "ge"
    text: TextData | None = None
    # what the distance is from, in a citizen's words ("esquina", "corner"); see PeriodData
    about: list[str] = Field(default_factory=list)


class FactCheck(Condition):
    """A fact about the applicant or the situation the rule depends on."""

    reason: str
    text: TextData | None = None  # shown as a condition while the fact is not stated  # short code given when the check fails
    cite: Annotated[Cites, Field(min_length=1)]



class PlaceRequirement(_Cited):
    areas: list[str] = Field(min_length=1)
    radius_m: LawDecimal


class FieldSpec(_Strict):
    """A question the permit pre-application form asks."""

    fact: str
    required: bool = True
    cite: Cites = Field(default_factory=list)


class PermitData(_Cited):
    name: TextData
    office: str | None = None
    holder: list[Literal["natural_person", "legal_person"]] = Field(default_factory=list)
    documents: list[str] = Field(default_factory=list)
    fees: list[str] = Field(default_factory=list)
    fields: list[FieldSpec] = Field(default_factory=list)
    validity: str | None = None  # a period id
    lead_time: str | None = None  # a period id
    transferable: bool | None = None
    notes: list[NoteData] = Field(default_factory=list)


class ExemptionData(_Cited, _Dated):
    """A reduction of, or exemption from, fees, granted when any of the conditions holds."""

    any_of: list[Condition] = Field(min_length=1)
    discount_percent: LawDecimal
    fees: list[str] = Field(default_factory=list)  # empty: every fee of the regime
    proof: list[str] = Field(default_factory=list)  # document ids
    text: TextData


class AmendmentData(_Cited):
    """A later law that changed this norm. The corpus often names it without its date: `earliest`
    is the first day it can have been in force (1 January of its year), `certain_by` a day it
    certainly was (e.g. the consolidation date). Between the two, both wordings are shown."""

    label: str
    earliest: date
    certain_by: date
    text: TextData | None = None


class RegimeData(_Cited, _Dated):
    """How one activity is treated by the norm during one span of time."""

    id: str
    outcome: Literal["allowed", "needs_permit", "not_allowed"]
    permit: str | None = None
    # Facts that the activity itself implies here (a beach food vendor sells food on the sand);
    # they fill in only what the applicant did not state.
    implies: dict[str, Any] = Field(default_factory=dict)
    # Facts that pick this regime among several (e.g. the kind of vendor); missing → unknown.
    applies_when: list[FactCheck] = Field(default_factory=list)
    # Facts the citizen must satisfy; missing → unknown, failing → not_allowed.
    eligibility: list[FactCheck] = Field(default_factory=list)
    # Checked when the fact is stated (failing → not_allowed); otherwise shown as a condition.
    restrictions: list[FactCheck] = Field(default_factory=list)
    exemptions: list[str] = Field(default_factory=list)
    place: PlaceRequirement | None = None
    season: str | None = None
    hours: list[str] = Field(default_factory=list)
    distances: list[DistanceData] = Field(default_factory=list)
    conditions: list[NoteData] = Field(default_factory=list)
    obligations: list[NoteData] = Field(default_factory=list)
    fees: list[str] = Field(default_factory=list)
    penalties: list[str] = Field(default_factory=list)
    deadlines: list[str] = Field(default_factory=list)
    places: list[str] = Field(default_factory=list)  # areas to show even without a place requirement
    not_covered: list[NoteData] = Field(default_factory=list)
    # A stall or vehicle that stands at one defined point (Lajes art. 40 II, "móveis de ponto definido"): a
    # food cart or stall the citizen says stands still ("carrinho de lanche fixo na esquina") is this
    # regime's activity, not the roaming vendor who must keep moving.
    stands_at_a_point: bool = False


class ActivityData(_Strict):
    regimes: list[RegimeData] = Field(min_length=1)


class NormData(_Strict):
    norm: str
    jurisdiction: str
    source_file: str
    title: TextData
    published: date
    in_force_from: date
    in_force_to: date | None = None
    checked_on: date
    scope_cite: Annotated[Cites, Field(min_length=1)]  # what the norm regulates (cited by not_covered)
    offices: dict[str, OfficeData] = Field(default_factory=dict)
    documents: dict[str, DocumentData] = Field(default_factory=dict)
    fees: dict[str, FeeData] = Field(default_factory=dict)
    periods: dict[str, PeriodData] = Field(default_factory=dict)
    permits: dict[str, PermitData] = Field(default_factory=dict)
    penalties: dict[str, PenaltyData] = Field(default_factory=dict)
    areas: dict[str, AreaData] = Field(default_factory=dict)
    seasons: dict[str, SeasonData] = Field(default_factory=dict)
    hours: dict[str, HoursData] = Field(default_factory=dict)
    exemptions: dict[str, ExemptionData] = Field(default_factory=dict)
    amendments: dict[str, AmendmentData] = Field(default_factory=dict)
    activities: dict[str, ActivityData] = Field(default_factory=dict)
    # What the norm leaves to other texts, said to the citizen with every answer from this norm.
    not_covered: list[NoteData] = Field(default_factory=list)
    discrepancies: list[NoteData] = Field(default_factory=list)

    @model_validator(mode="after")
    def _references_resolve(self) -> NormData:
        def need(kind: str, table: dict[str, Any], key: str | None, where: str) -> None:
            if key is not None and key not in table:
                raise ValueError(f"{where}: unknown {kind} {key!r}")

        for pid, p in self.permits.items():
            need("office", self.offices, p.office, f"permit {pid}")
            for d in p.documents:
                need("document", self.documents, d, f"permit {pid}")
            for f in p.fees:
                need("fee", self.fees, f, f"permit {pid}")
            need("period", self.periods, p.validity, f"permit {pid}")
            need("period", self.periods, p.lead_time, f"permit {pid}")
        dated: list[tuple[str, Any]] = [
            *(("fee " + k, v) for k, v in self.fees.items()),
            *(("penalty " + k, v) for k, v in self.penalties.items()),
            *(("exemption " + k, v) for k, v in self.exemptions.items()),
            *(("hours " + k, v) for k, v in self.hours.items()),
            *((f"regime {a}/{r.id}", r) for a, d in self.activities.items() for r in d.regimes),
            *((f"note {a}/{r.id}/{n.code}", n) for a, d in self.activities.items() for r in d.regimes
              for n in [*r.conditions, *r.obligations, *r.not_covered]),
        ]
        for where, item in dated:
            need("amendment", self.amendments, item.since, where)
            need("amendment", self.amendments, item.until, where)
        for eid, e in self.exemptions.items():
            for f in e.fees:
                need("fee", self.fees, f, f"exemption {eid}")
            for d in e.proof:
                need("document", self.documents, d, f"exemption {eid}")
        for aid, a in self.activities.items():
            for r in a.regimes:
                w = f"activity {aid} regime {r.id}"
                for e in r.exemptions:
                    need("exemption", self.exemptions, e, w)
                need("permit", self.permits, r.permit, w)
                need("season", self.seasons, r.season, w)
                for h in r.hours:
                    need("hours", self.hours, h, w)
                for f in r.fees:
                    need("fee", self.fees, f, w)
                for p in r.penalties:
                    need("penalty", self.penalties, p, w)
                for d in r.deadlines:
                    need("period", self.periods, d, w)
                for ar in [*(r.place.areas if r.place else []), *r.places]:
                    need("area", self.areas, ar, w)
                if r.outcome == "needs_permit" and r.permit is None:
                    raise ValueError(f"{w}: needs_permit without a permit")
        return self


class ActivityEntry(_Strict):
    names: dict[str, list[str]]  # lang -> [preferred name, synonyms...]
    group: str

    @field_validator("names")
    @classmethod
    def _langs(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for lang in (*REQUIRED_LANGS, "es"):
            if not v.get(lang):
                raise ValueError(f"activity names lack {lang}")
        return v


class CatalogueData(_Strict):
    checked_on: date
    activities: dict[str, ActivityEntry]
