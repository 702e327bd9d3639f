"""evaluate(): "can I do X here, now, as who I am — and what does it cost?" from the rule data.

Order of the checks (each one cites its article):
 1. the jurisdiction's norms in force on the day; an activity none of them regulates → not_covered
    (we never borrow another town's rule);
 2. a location outside the jurisdiction's area → not_covered;
 3. the regime for the day (and for the facts that pick one, e.g. the kind of vendor);
 4. eligibility facts (who may hold the permit): failing → not_allowed, missing → unknown;
 5. season, stated distances, licensed place: failing → not_allowed;
 6. regime says not_allowed → not_allowed; needs a permit the applicant does not say they hold →
    needs_permit; otherwise allowed — but only when the place and the distances are known, else
    unknown with the question to ask. Nothing missing ever turns into "allowed".
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from knowledge.rules import places as _places
from knowledge.rules.citations import cite, cites
from knowledge.rules.models import (
    Amount,
    Citation,
    Decision,
    DistanceRule,
    Document,
    Fee,
    Hours,
    MissingFact,
    Note,
    Obligation,
    Outcome,
    Penalty,
    Period,
    Permit,
    Place,
    PointDistance,
    PointOut,
    Season,
)
from knowledge.rules.registry import JURISDICTIONS, Registry, registry
from knowledge.rules.schema import (
    AmountData,
    FactCheck,
    FeeData,
    NoteData,
    NormData,
    PenaltyData,
    PeriodData,
    RegimeData,
)

__all__ = ["LocationLike", "evaluate", "in_season", "to_location"]

LocationLike = _places.Location | tuple[float, float] | Mapping[str, float]
_MISSING = object()


class RulesError(ValueError):
    """An unknown activity or jurisdiction id (a programming error, not a citizen's question)."""


def to_location(at: LocationLike | None) -> _places.Location | None:
    if at is None or isinstance(at, _places.Location):
        return at
    if isinstance(at, tuple):
        return _places.Location(lat=at[0], lon=at[1])
    return _places.Location(lat=at["lat"], lon=at["lon"])


# ----------------------------------------------------------------------------------- conversions
def amount(reg: Registry, jurisdiction: str, a: AmountData | None, on: date) -> Amount | None:
    if a is None:
        return None
    uv = reg.unit_value(a.unit, jurisdiction, on.year)
    if uv is None:
        return Amount(value=a.value, unit=a.unit)
    return Amount(
        value=a.value,
        unit=a.unit,
        converted=(a.value * uv.value).quantize(Decimal("0.01")),
        converted_unit=uv.currency,
        conversion_source=uv.source,
    )


def note(norm: NormData, n: NoteData) -> Note:
    return Note(code=n.code, text=n.text, citations=cites(norm.norm, n.cite))


def period(norm: NormData, pid: str, p: PeriodData) -> Period:
    return Period(value=p.value, unit=p.unit, code=pid, text=p.text, citations=cites(norm.norm, p.cite))


def fee(reg: Registry, norm: NormData, fid: str, f: FeeData, on: date) -> Fee:
    return Fee(
        id=fid,
        name=f.name,
        amount=amount(reg, norm.jurisdiction, f.amount, on),
        per=f.per,
        applies=f.applies,
        category=f.category,
        product=f.product,
        sector=f.sector,
        discount_percent=f.discount_percent,
        deferred_to=f.deferred_to,
        note=f.note,
        valid_from=f.valid_from,
        valid_to=f.valid_to,
        citations=cites(norm.norm, f.cite),
    )


def penalty(reg: Registry, norm: NormData, pid: str, p: PenaltyData, on: date) -> Penalty:
    return Penalty(
        id=pid,
        grade=p.grade,
        amount=amount(reg, norm.jurisdiction, p.amount, on),
        amount_max=amount(reg, norm.jurisdiction, p.amount_max, on),
        suspension_days=p.suspension_days,
        cancellation=p.cancellation,
        seizure=p.seizure,
        repeat_multiplier=p.repeat_multiplier,
        offences=[note(norm, o) for o in p.offences],
        text=p.text,
        citations=cites(norm.norm, p.cite),
    )


def point_out(norm: NormData, area_id: str, rec: _places.PointRecord) -> PointOut:
    data = next(p for p in norm.areas[area_id].points if p.number == rec.number)
    return PointOut(
        id=rec.id,
        area=area_id,
        number=rec.number,
        name=data.name,
        lat=rec.lat,
        lon=rec.lon,
        radius_m=rec.radius_m,
        utm_easting=rec.easting,
        utm_northing=rec.northing,
        citations=cites(norm.norm, data.cite),
    )


def place(norm: NormData, area_id: str) -> Place:
    a = norm.areas[area_id]
    return Place(
        id=area_id,
        name=a.name,
        points=[point_out(norm, area_id, r) for r in _places.area_points(area_id, a)],
        width_m=a.width_m,
        text=a.text,
        citations=cites(norm.norm, a.cite),
    )


def permit(norm: NormData, kind: str) -> Permit:
    p = norm.permits[kind]
    office = norm.offices[p.office] if p.office else None
    return Permit(
        kind=kind,
        name=p.name,
        office=office.name if office else None,
        office_id=p.office,
        holder=list(p.holder),
        validity=period(norm, p.validity, norm.periods[p.validity]) if p.validity else None,
        lead_time=period(norm, p.lead_time, norm.periods[p.lead_time]) if p.lead_time else None,
        transferable=p.transferable,
        citations=cites(norm.norm, p.cite),
    )


# ----------------------------------------------------------------------------------- facts
def _fact(applicant: Mapping[str, Any], name: str) -> Any:
    value = applicant.get(name, _MISSING)
    return _MISSING if value is None else value


def check(c: FactCheck, applicant: Mapping[str, Any]) -> bool | None:
    """True/False, or None when the fact is missing."""
    v = _fact(applicant, c.fact)
    if v is _MISSING:
        return None
    want = c.value
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        v, want = Decimal(str(v)), Decimal(str(want))
    match c.op:
        case "eq":
            return v == want
        case "ne":
            return v != want
        case "lt":
            return v < want
        case "le":
            return v <= want
        case "gt":
            return v > want
        case "ge":
            return v >= want
        case "in":
            return v in want
        case "not_in":
            return v not in want
    raise AssertionError(c.op)


def in_season(start: str, end: str, on: date) -> bool:
    """Inclusive MM-DD window; a window that wraps the new year (12-01 → 03-31) is handled."""
    md = on.strftime("%m-%d")
    if start <= end:
        return start <= md <= end
    return md >= start or md <= end


def _in_force(norm: NormData, on: date) -> bool:
    return norm.in_force_from <= on and (norm.in_force_to is None or on <= norm.in_force_to)


def _regime_valid(r: RegimeData, on: date) -> bool:
    return (r.valid_from is None or r.valid_from <= on) and (r.valid_to is None or on <= r.valid_to)


def _fee_valid(f: FeeData, on: date) -> bool:
    return (f.valid_from is None or f.valid_from <= on) and (f.valid_to is None or on <= f.valid_to)


def _missing(reg: Registry, fact: str, citations: list[Citation]) -> MissingFact:
    return MissingFact(fact=fact, question=reg.facts[fact].question, citations=citations)


def _dedupe(citations: list[Citation]) -> list[Citation]:
    seen: dict[str, Citation] = {}
    for c in citations:
        seen.setdefault(c.unit_id, c)
    return list(seen.values())


# ----------------------------------------------------------------------------------- evaluate
def evaluate(
    activity: str,
    jurisdiction: str,
    *,
    on: date | datetime | None = None,
    at: LocationLike | None = None,
    applicant: Mapping[str, Any] | None = None,
) -> Decision:
    reg = registry()
    if jurisdiction not in JURISDICTIONS:
        raise RulesError(f"unknown jurisdiction {jurisdiction!r}; known: {', '.join(JURISDICTIONS)}")
    if activity not in reg.catalogue.activities:
        raise RulesError(f"unknown activity {activity!r}; see catalogue()")
    day = on.date() if isinstance(on, datetime) else (on or date.today())
    facts: dict[str, Any] = dict(applicant or {})
    loc = to_location(at)

    norms = reg.norms_of(jurisdiction)
    in_force = [n for n in norms if _in_force(n, day)]
    regulating = [n for n in in_force if activity in n.activities]

    def not_covered(reason: str, extra: list[Note] | None = None) -> Decision:
        base = in_force or norms
        return Decision(
            activity=activity,
            jurisdiction=jurisdiction,
            on=day,
            outcome=Outcome.NOT_COVERED,
            reasons=[reason],
            citations=_dedupe([c for n in base for c in cites(n.norm, n.scope_cite)]),
            not_covered=[*(extra or []), *(note(n, x) for n in base for x in n.not_covered)],
        )

    if not in_force:
        return not_covered("no_norm_in_force")
    if loc is not None and _places.municipality_at(loc.lat, loc.lon) != jurisdiction:
        return not_covered("location_outside_jurisdiction")
    if not regulating:
        return not_covered("activity_not_regulated")

    # Regimes valid on the day; facts in `applies_when` pick among them.
    candidates = [(n, r) for n in regulating for r in n.activities[activity].regimes if _regime_valid(r, day)]
    if not candidates:
        return not_covered("no_regime_on_date")
    chosen: list[tuple[NormData, RegimeData]] = []
    undecided: list[tuple[NormData, RegimeData]] = []
    for n, r in candidates:
        results = [check(c, facts) for c in r.applies_when]
        if all(x is True for x in results):
            chosen.append((n, r))
        elif not any(x is False for x in results):
            undecided.append((n, r))
    if not chosen and not undecided:
        return not_covered("no_regime_for_facts")

    norm, regime = (chosen or undecided)[0]
    reasons: list[str] = []
    missing: list[MissingFact] = []
    blocked = False

    if not chosen:
        seen_facts: set[str] = set()
        for n, r in undecided:
            for c in r.applies_when:
                if check(c, facts) is None and c.fact not in seen_facts:
                    seen_facts.add(c.fact)
                    missing.append(_missing(reg, c.fact, cites(n.norm, c.cite)))
        reasons.append("regime_depends_on_facts")

    for c in regime.eligibility:
        ok = check(c, facts)
        if ok is None:
            missing.append(_missing(reg, c.fact, cites(norm.norm, c.cite)))
        elif ok is False:
            blocked = True
            reasons.append(c.reason)

    season = None
    if regime.season:
        s = norm.seasons[regime.season]
        inside = in_season(s.start, s.end, day)
        season = Season(
            code=regime.season,
            start=s.start,
            end=s.end,
            in_season=inside,
            transferable=s.transferable,
            text=s.text,
            citations=cites(norm.norm, s.cite),
        )
        if not inside:
            blocked = True
            reasons.append("out_of_season")

    distances: list[DistanceRule] = []
    pending_distance_facts: list[MissingFact] = []
    for d in regime.distances:
        measured = satisfied = None
        if d.fact:
            v = _fact(facts, d.fact)
            if v is _MISSING:
                pending_distance_facts.append(_missing(reg, d.fact, cites(norm.norm, d.cite)))
            else:
                measured = Decimal(str(v))
                satisfied = measured >= d.metres if d.op == "ge" else measured <= d.metres
                if not satisfied:
                    blocked = True
                    reasons.append(f"distance_{d.code}")
        distances.append(
            DistanceRule(
                code=d.code,
                metres=d.metres,
                measured=measured,
                satisfied=satisfied,
                text=d.text,
                citations=cites(norm.norm, d.cite),
            )
        )

    nearest: list[PointDistance] = []
    if regime.place is not None and loc is not None:
        nearest = nearest_points_for(norm, regime.place.areas, loc.lat, loc.lon, limit=3)
        if not any(p.inside for p in nearest):
            blocked = True
            reasons.append("outside_licensed_point")
        else:
            reasons.append("inside_licensed_point")

    if blocked:
        outcome = Outcome.NOT_ALLOWED
    elif missing:
        outcome = Outcome.UNKNOWN
    elif regime.outcome == "not_allowed":
        outcome = Outcome.NOT_ALLOWED
        reasons.append("prohibited")
    elif regime.outcome == "needs_permit" and _fact(facts, "holds_permit") is not True:
        outcome = Outcome.NEEDS_PERMIT
        reasons.append("permit_required")
    else:
        # Only now do the place and the stated distances decide: allowed needs all of them known.
        if regime.place is not None and loc is None:
            missing.append(_missing(reg, "location", cites(norm.norm, regime.place.cite)))
        missing.extend(pending_distance_facts)
        outcome = Outcome.UNKNOWN if missing else Outcome.ALLOWED
        if not missing and regime.outcome == "needs_permit":
            reasons.append("permit_held")

    permit_out = permit(norm, regime.permit) if regime.permit else None
    pdata = norm.permits[regime.permit] if regime.permit else None
    doc_ids = list(pdata.documents) if pdata else []
    documents = [
        Document(id=d, text=norm.documents[d].text, citations=cites(norm.norm, norm.documents[d].cite))
        for d in doc_ids
    ]
    fee_ids = list(dict.fromkeys([*regime.fees, *(pdata.fees if pdata else [])]))
    fees = [fee(reg, norm, f, norm.fees[f], day) for f in fee_ids if _fee_valid(norm.fees[f], day)]
    area_ids = list(dict.fromkeys([*(regime.place.areas if regime.place else []), *regime.places]))
    conditions = [note(norm, c) for c in regime.conditions]
    if pdata:
        conditions.extend(note(norm, c) for c in pdata.notes)

    citations = cites(norm.norm, regime.cite)
    for group in (conditions, documents):
        for item in group:
            citations.extend(item.citations)
    citations.extend(permit_out.citations if permit_out else [])

    return Decision(
        activity=activity,
        jurisdiction=jurisdiction,
        on=day,
        outcome=outcome,
        reasons=reasons,
        conditions=conditions,
        permit=permit_out,
        documents=documents,
        fees=fees,
        season=season,
        hours=[
            Hours(
                code=h,
                opens=norm.hours[h].opens,
                closes=norm.hours[h].closes,
                days=norm.hours[h].days,
                text=norm.hours[h].text,
                citations=cites(norm.norm, norm.hours[h].cite),
            )
            for h in regime.hours
        ],
        places=[place(norm, a) for a in area_ids],
        nearest=nearest,
        distances=distances,
        obligations=[
            Obligation(code=o.code, text=o.text, citations=cites(norm.norm, o.cite)) for o in regime.obligations
        ],
        penalties=[penalty(reg, norm, p, norm.penalties[p], day) for p in regime.penalties],
        deadlines=[period(norm, d, norm.periods[d]) for d in regime.deadlines],
        citations=_dedupe(citations),
        missing_facts=missing,
        not_covered=[*(note(norm, n) for n in regime.not_covered), *(note(norm, n) for n in norm.not_covered)],
    )


def nearest_points_for(
    norm: NormData, area_ids: list[str], lat: float, lon: float, *, limit: int = 3
) -> list[PointDistance]:
    found: list[PointDistance] = []
    for area_id in area_ids:
        for rec in _places.area_points(area_id, norm.areas[area_id]):
            dist = _places.distance_m(lat, lon, rec.lat, rec.lon)
            found.append(
                PointDistance(
                    point=point_out(norm, area_id, rec),
                    distance_m=round(dist, 1),
                    inside=dist <= float(rec.radius_m),
                )
            )
    found.sort(key=lambda p: p.distance_m)
    return found[:limit]
