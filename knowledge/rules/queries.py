"""Read-only views of the rule data that are not a decision: fee schedules, what a permit's
pre-application asks for, and the places as GeoJSON."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from knowledge.rules.citations import cites
from knowledge.rules.evaluate import RulesError
from knowledge.rules.projection import fee, note, permit, place
from knowledge.rules.temporal import Day, uncertainty_notes
from knowledge.rules.models import Citation, Document, Exemption, Fee, Note, Permit, text_in
from knowledge.rules.registry import JURISDICTIONS, registry
from knowledge.rules.schema import NormData

__all__ = [
    "FeeCategory",
    "FeeSchedule",
    "PermitField",
    "PermitRequirements",
    "fee_schedule",
    "offices_of",
    "permit_requirements",
    "places_geojson",
]


class _Public(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FeeSchedule(_Public):
    jurisdiction: str
    activity: str | None
    on: date
    fees: list[Fee]
    exemptions: list[Exemption] = Field(default_factory=list)
    not_covered: list[Note] = Field(default_factory=list)


class PermitField(_Public):
    fact: str
    question: str  # question key the form renders from its templates
    type: str
    choices: list[str] | None = None
    required: bool
    citations: list[Citation]


class FeeCategory(_Public):
    """One line of the fee table an applicant can fall into (e.g. Pontal's "food on the sand")."""

    category: str
    activities: list[str]
    fees: list[Fee]


class PermitRequirements(_Public):
    permit: Permit
    jurisdiction: str
    norm_id: str
    on: date
    activities: list[str]
    fields: list[PermitField]
    documents: list[Document]
    fees: list[Fee]
    fee_categories: list[FeeCategory]
    exemptions: list[Exemption]
    conditions: list[Note]
    not_covered: list[Note]


def _valid_regimes(norm: NormData, day: date, *, activity: str | None = None, permit_kind: str | None = None):
    d = Day(norm, day)
    for aid, data in norm.activities.items():
        if activity is not None and aid != activity:
            continue
        for r in data.regimes:
            if d.valid(r) and (permit_kind is None or r.permit == permit_kind):
                yield aid, r


def _exemption(norm: NormData, eid: str) -> Exemption:
    e = norm.exemptions[eid]
    return Exemption(
        code=eid,
        discount_percent=e.discount_percent,
        applies=None,
        fees=list(e.fees),
        proof=[
            Document(id=x, text=norm.documents[x].text, citations=cites(norm.norm, norm.documents[x].cite))
            for x in e.proof
        ],
        text=e.text,
        citations=cites(norm.norm, e.cite),
    )


def fee_schedule(jurisdiction: str, activity: str | None = None, *, on: date | None = None) -> FeeSchedule:
    """Every fee valid on the day, for one activity or for the whole jurisdiction, with no facts
    applied (all rows shown). Amounts stay in their unit unless units.yml has a sourced value."""
    if jurisdiction not in JURISDICTIONS:
        raise RulesError(f"unknown jurisdiction {jurisdiction!r}")
    reg = registry()
    if activity is not None and activity not in reg.catalogue.activities:
        raise RulesError(f"unknown activity {activity!r}")
    day = on or date.today()
    fees: dict[str, Fee] = {}
    exemptions: dict[str, Exemption] = {}
    notes: list[Note] = []
    for norm in reg.norms_of(jurisdiction):
        d = Day(norm, day)
        if activity is None:
            ids = list(norm.fees)
            ex_ids = list(norm.exemptions)
        else:
            ids, ex_ids = [], []
            for _, r in _valid_regimes(norm, day, activity=activity):
                ids += r.fees + (norm.permits[r.permit].fees if r.permit else [])
                ex_ids += r.exemptions
        uncertain: list[str] = []
        for fid in dict.fromkeys(ids):
            f = norm.fees[fid]
            if d.valid(f):
                uncertain += d.uncertain(f)
                fees[f"{norm.norm}#{fid}"] = fee(reg, norm, fid, f, day)
        for eid in dict.fromkeys(ex_ids):
            if d.valid(norm.exemptions[eid]):
                exemptions[eid] = _exemption(norm, eid)
        notes += uncertainty_notes(norm, uncertain)
        notes += [note(norm, n) for n in norm.not_covered]
    return FeeSchedule(
        jurisdiction=jurisdiction,
        activity=activity,
        on=day,
        fees=list(fees.values()),
        exemptions=list(exemptions.values()),
        not_covered=notes,
    )


def permit_requirements(permit_kind: str, *, on: date | None = None) -> PermitRequirements:
    """What the pre-application form must ask and show for one permit kind: the questions (facts
    with their question keys), documents, fees by category, exemptions and who issues it."""
    reg = registry()
    found = reg.find_permit(permit_kind)
    if found is None:
        raise RulesError(f"unknown permit kind {permit_kind!r}")
    norm, pdata = found
    day = on or date.today()
    d = Day(norm, day)
    activities: list[str] = []
    fee_ids: list[str] = list(pdata.fees)
    ex_ids: list[str] = []
    by_category: dict[str, tuple[list[str], list[str]]] = {}
    conditions: dict[str, Note] = {}
    for aid, r in _valid_regimes(norm, day, permit_kind=permit_kind):
        activities.append(aid)
        ex_ids += r.exemptions
        for fid in r.fees:
            fee_ids.append(fid)
            cat = norm.fees[fid].category
            if cat and d.valid(norm.fees[fid]):
                acts, fids = by_category.setdefault(cat, ([], []))
                acts.append(aid)
                fids.append(fid)
        for c in r.restrictions:
            if c.text is not None:
                conditions.setdefault(c.reason, Note(code=c.reason, text=c.text, citations=cites(norm.norm, c.cite)))
    fields = []
    for f in pdata.fields:
        spec = reg.facts[f.fact]
        fields.append(
            PermitField(
                fact=f.fact,
                question=spec.question,
                type=spec.type,
                # The categories are this permit's own rows of the fee table.
                choices=sorted(by_category) if f.fact == "fee_category" and by_category else spec.choices,
                required=f.required,
                citations=cites(norm.norm, f.cite),
            )
        )
    uncertain: list[str] = []
    fees_out = []
    for fid in dict.fromkeys(fee_ids):
        if d.valid(norm.fees[fid]):
            uncertain += d.uncertain(norm.fees[fid])
            fees_out.append(fee(reg, norm, fid, norm.fees[fid], day))
    categories = [
        FeeCategory(
            category=cat,
            activities=sorted(set(acts)),
            fees=[fee(reg, norm, fid, norm.fees[fid], day) for fid in dict.fromkeys(fids)],
        )
        for cat, (acts, fids) in by_category.items()
    ]
    return PermitRequirements(
        permit=permit(norm, permit_kind),
        jurisdiction=norm.jurisdiction,
        norm_id=norm.norm,
        on=day,
        activities=sorted(set(activities)),
        fields=fields,
        documents=[
            Document(id=x, text=norm.documents[x].text, citations=cites(norm.norm, norm.documents[x].cite))
            for x in pdata.documents
        ],
        fees=fees_out,
        fee_categories=categories,
        exemptions=[_exemption(norm, e) for e in dict.fromkeys(ex_ids) if d.valid(norm.exemptions[e])],
        conditions=[*list(conditions.values()), *(note(norm, n) for n in pdata.notes if d.valid(n))],
        not_covered=[*uncertainty_notes(norm, uncertain), *(note(norm, n) for n in norm.not_covered)],
    )


def places_geojson(
    jurisdiction: str | None = None, activity: str | None = None, *, on: date | None = None, lang: str = "pt-BR"
) -> dict[str, Any]:
    """Licensed points (Point features) and places without coordinates (boardwalks, as features
    with a null geometry, RFC 7946 §3.2) as a GeoJSON FeatureCollection."""
    reg = registry()
    day = on or date.today()
    features: list[dict[str, Any]] = []
    for norm in reg.norms.values():
        if jurisdiction is not None and norm.jurisdiction != jurisdiction:
            continue
        if activity is None:
            area_ids = list(norm.areas)
        else:
            area_ids = []
            for _, r in _valid_regimes(norm, day, activity=activity):
                area_ids += [*(r.place.areas if r.place else []), *r.places]
        for area_id in dict.fromkeys(area_ids):
            p = place(norm, area_id)
            base = {
                "jurisdiction": norm.jurisdiction,
                "area": area_id,
                "area_name": text_in(p.name, lang),
                "citations": [c.model_dump() for c in p.citations],
            }
            if not p.points:
                features.append({
                    "type": "Feature",
                    "id": area_id,
                    "geometry": None,
                    "properties": {**base, "width_m": float(p.width_m) if p.width_m is not None else None,
                                   "text": text_in(p.text, lang)},
                })
            for pt in p.points:
                features.append({
                    "type": "Feature",
                    "id": pt.id,
                    "geometry": {"type": "Point", "coordinates": [round(pt.lon, 7), round(pt.lat, 7)]},
                    "properties": {
                        **base,
                        "number": pt.number,
                        "name": text_in(pt.name, lang),
                        "radius_m": float(pt.radius_m),
                        "utm_easting": float(pt.utm_easting),
                        "utm_northing": float(pt.utm_northing),
                        "citations": [c.model_dump() for c in pt.citations],
                    },
                })
    return {"type": "FeatureCollection", "features": features}


def offices_of(jurisdiction: str, language: str) -> list[str]:
    """The names of the competent offices the jurisdiction's norms state, each once, in the language
    asked (pt-BR when a norm names it only in Portuguese)."""
    names: list[str] = []
    for norm in registry().norms_of(jurisdiction):
        for office in norm.offices.values():
            name = text_in(office.name, language)
            if name not in names:
                names.append(name)
    return names
