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
    Exemption,
    Fee,
    Hours,
    MissingFact,
    Note,
    Obligation,
    Outcome,
    Penalty,
    Period,
    Permit,
    ProceedsShare,
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
        amount_max=amount(reg, norm.jurisdiction, f.amount_max, on),
        per=f.per,
        applies=f.applies,
        category=f.category,
        product=f.product,
        sector=f.sector,
        discount_percent=f.discount_percent,
        percent_of_licence_fee=f.percent_of_licence_fee,
        deferred_to=f.deferred_to,
        note=f.note,
        valid_from=f.valid_from,
        valid_to=f.valid_to,
        citations=cites(norm.norm, f.cite),
    )


def _times(a: Amount | None, k: Decimal | None) -> Amount | None:
    if a is None or k is None:
        return None
    return Amount(
        value=a.value * k,
        unit=a.unit,
        converted=a.converted * k if a.converted is not None else None,
        converted_unit=a.converted_unit,
        conversion_source=a.conversion_source,
    )


def penalty(reg: Registry, norm: NormData, pid: str, p: PenaltyData, on: date) -> Penalty:
    base = amount(reg, norm.jurisdiction, p.amount, on)
    top = amount(reg, norm.jurisdiction, p.amount_max, on)
    return Penalty(
        id=pid,
        grade=p.grade,
        amount=base,
        amount_max=top,
        amount_legal_person=_times(base, p.legal_person_multiplier),
        amount_max_legal_person=_times(top, p.legal_person_multiplier),
        proceeds=[ProceedsShare(code=x.code, percent=x.percent) for x in p.proceeds],
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


def _missing(reg: Registry, fact: str, citations: list[Citation]) -> MissingFact:
    return MissingFact(fact=fact, question=reg.facts[fact].question, citations=citations)


def _dedupe(citations: list[Citation]) -> list[Citation]:
    seen: dict[str, Citation] = {}
    for c in citations:
        seen.setdefault(c.unit_id, c)
    return list(seen.values())


# ----------------------------------------------------------------------------------- dates
class _Day:
    """The day being evaluated, and the state of each amendment of a norm on it."""

    def __init__(self, norm: NormData, day: date) -> None:
        self.norm, self.day = norm, day

    def amendment(self, aid: str) -> str:
        a = self.norm.amendments[aid]
        if self.day < a.earliest:
            return "before"
        if self.day >= a.certain_by:
            return "after"
        return "uncertain"

    def valid(self, item: Any) -> bool:
        if getattr(item, "valid_from", None) and self.day < item.valid_from:
            return False
        if getattr(item, "valid_to", None) and self.day > item.valid_to:
            return False
        if getattr(item, "since", None) and self.amendment(item.since) == "before":
            return False
        if getattr(item, "until", None) and self.amendment(item.until) == "after":
            return False
        return True

    def uncertain(self, item: Any) -> list[str]:
        """Amendments whose unknown date makes this item's validity on the day uncertain."""
        return [
            aid
            for aid in (getattr(item, "since", None), getattr(item, "until", None))
            if aid and self.amendment(aid) == "uncertain"
        ]


def _uncertainty_notes(norm: NormData, amendment_ids: list[str]) -> list[Note]:
    out = []
    for aid in dict.fromkeys(amendment_ids):
        a = norm.amendments[aid]
        out.append(
            Note(
                code=f"amendment_date_uncertain:{aid}",
                text=a.text
                or {
                    "pt-BR": a.label,
                    "pt-PT": a.label,
                    "en": a.label,
                },
                citations=cites(norm.norm, a.cite),
            )
        )
    return out


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

    def not_covered(reason: str) -> Decision:
        base = in_force or norms
        return Decision(
            activity=activity,
            jurisdiction=jurisdiction,
            on=day,
            outcome=Outcome.NOT_COVERED,
            reasons=[reason],
            citations=_dedupe([c for n in base for c in cites(n.norm, n.scope_cite)]),
            not_covered=[note(n, x) for n in base for x in n.not_covered],
        )

    if not in_force:
        return not_covered("no_norm_in_force")
    if loc is not None and _places.municipality_at(loc.lat, loc.lon) != jurisdiction:
        return not_covered("location_outside_jurisdiction")
    if not regulating:
        return not_covered("activity_not_regulated")

    # Regimes valid on the day; facts in `applies_when` pick among them.
    candidates = [
        (n, r) for n in regulating for r in n.activities[activity].regimes if _Day(n, day).valid(r)
    ]
    if not candidates:
        return not_covered("no_regime_on_date")
    chosen: list[tuple[NormData, RegimeData]] = []
    undecided: list[tuple[NormData, RegimeData]] = []
    for n, r in candidates:
        results = [check(c, {**r.implies, **facts}) for c in r.applies_when]
        if all(x is True for x in results):
            chosen.append((n, r))
        elif not any(x is False for x in results):
            undecided.append((n, r))
    if chosen:
        norm, regime = chosen[0]
        return _decide(reg, activity, norm, regime, day, facts, loc)
    if not undecided:
        return not_covered("no_regime_for_facts")

    # The facts that pick the regime are missing. If every possible regime gives the same outcome
    # that is the answer, and the missing facts only choose the details; otherwise it is unknown.
    decisions = [_decide(reg, activity, n, r, day, facts, loc) for n, r in undecided]
    selectors: list[MissingFact] = []
    seen: set[str] = set()
    for n, r in undecided:
        for c in r.applies_when:
            if check(c, {**r.implies, **facts}) is None and c.fact not in seen:
                seen.add(c.fact)
                selectors.append(_missing(reg, c.fact, cites(n.norm, c.cite)))
    first = decisions[0]
    same = all(d.outcome == first.outcome for d in decisions)
    needed_for = "details" if same else "outcome"
    flagged = [m.model_copy(update={"needed_for": needed_for}) for m in selectors]
    return first.model_copy(
        update={
            "outcome": first.outcome if same else Outcome.UNKNOWN,
            "reasons": [*first.reasons, "regime_depends_on_facts"],
            "missing_facts": [*flagged, *first.missing_facts],
        }
    )


def _decide(
    reg: Registry,
    activity: str,
    norm: NormData,
    regime: RegimeData,
    day: date,
    facts: Mapping[str, Any],
    loc: _places.Location | None,
) -> Decision:
    d = _Day(norm, day)
    facts = {**regime.implies, **facts}
    reasons: list[str] = []
    missing: list[MissingFact] = []
    uncertain: list[str] = d.uncertain(regime)
    blocked = False

    # The articles behind a "no" are cited with it, whatever else the decision cites.
    blocking: list[Citation] = []
    for c in regime.eligibility:
        ok = check(c, facts)
        if ok is None:
            missing.append(_missing(reg, c.fact, cites(norm.norm, c.cite)))
        elif ok is False:
            blocked = True
            reasons.append(c.reason)
            blocking += cites(norm.norm, c.cite)

    # Restrictions (who may hold the permit, what may not be used): a stated fact that fails them
    # blocks; an unstated one is shown as a condition and must be known before "allowed".
    pending: list[MissingFact] = []
    for c in regime.restrictions:
        ok = check(c, facts)
        if ok is False:
            blocked = True
            reasons.append(c.reason)
            blocking += cites(norm.norm, c.cite)
        elif ok is None and all(p.fact != c.fact for p in pending):
            pending.append(_missing(reg, c.fact, cites(norm.norm, c.cite)))

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
            blocking += season.citations

    distances: list[DistanceRule] = []
    for dist in regime.distances:
        measured = satisfied = None
        if dist.fact:
            v = _fact(facts, dist.fact)
            if v is _MISSING:
                pending.append(_missing(reg, dist.fact, cites(norm.norm, dist.cite)))
            else:
                measured = Decimal(str(v))
                satisfied = measured >= dist.metres if dist.op == "ge" else measured <= dist.metres
                if not satisfied:
                    blocked = True
                    reasons.append(f"distance_{dist.code}")
                    blocking += cites(norm.norm, dist.cite)
        distances.append(
            DistanceRule(
                code=dist.code,
                metres=dist.metres,
                measured=measured,
                satisfied=satisfied,
                text=dist.text,
                citations=cites(norm.norm, dist.cite),
            )
        )

    nearest: list[PointDistance] = []
    if regime.place is not None and loc is not None:
        nearest = nearest_points_for(norm, regime.place.areas, loc.lat, loc.lon, limit=3)
        if not any(p.inside for p in nearest):
            blocked = True
            reasons.append("outside_licensed_point")
            blocking += cites(norm.norm, regime.place.cite)
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
        # Only now do the place, the stated distances and the restrictions decide: "allowed" needs
        # every one of them known.
        if regime.place is not None and loc is None:
            missing.append(_missing(reg, "location", cites(norm.norm, regime.place.cite)))
        missing.extend(pending)
        outcome = Outcome.UNKNOWN if missing else Outcome.ALLOWED
        if not missing and regime.outcome == "needs_permit":
            reasons.append("permit_held")

    permit_out = permit(norm, regime.permit) if regime.permit else None
    pdata = norm.permits[regime.permit] if regime.permit else None
    documents = [
        Document(id=i, text=norm.documents[i].text, citations=cites(norm.norm, norm.documents[i].cite))
        for i in (pdata.documents if pdata else [])
    ]

    fees, fee_missing, fee_uncertain = select_fees(
        reg, norm, [*regime.fees, *(pdata.fees if pdata else [])], day, facts
    )
    uncertain += fee_uncertain
    exemptions, ex_missing, ex_uncertain = apply_exemptions(reg, norm, regime.exemptions, fees, day, facts)
    uncertain += ex_uncertain
    for m in [*fee_missing, *ex_missing]:
        if all(x.fact != m.fact for x in missing):
            missing.append(m)
    if exemptions:
        waived = {
            f: e.discount_percent
            for e in exemptions
            if e.applies
            for f in (e.fees or [x.id for x in fees])
        }
        fees = [f.model_copy(update={"discount_percent": waived[f.id]}) if f.id in waived else f for f in fees]

    def dated_notes(items: list[NoteData]) -> list[Note]:
        out = []
        for n in items:
            if d.valid(n):
                uncertain.extend(d.uncertain(n))
                out.append(note(norm, n))
        return out

    conditions = dated_notes(regime.conditions)
    # A restriction not met, or not yet checked (its fact unstated), is a condition to show.
    conditions.extend(
        Note(code=c.reason, text=c.text, citations=cites(norm.norm, c.cite))
        for c in regime.restrictions
        if check(c, facts) is not True and c.text is not None
    )
    if pdata:
        conditions.extend(dated_notes(pdata.notes))
    obligations = [Obligation(code=n.code, text=n.text, citations=n.citations) for n in dated_notes(regime.obligations)]

    penalties = []
    for pid in regime.penalties:
        p = norm.penalties[pid]
        if d.valid(p):
            uncertain.extend(d.uncertain(p))
            penalties.append(penalty(reg, norm, pid, p, day))

    hours = []
    for h in regime.hours:
        hd = norm.hours[h]
        if d.valid(hd):
            uncertain.extend(d.uncertain(hd))
            hours.append(
                Hours(code=h, opens=hd.opens, closes=hd.closes, days=hd.days, text=hd.text,
                      citations=cites(norm.norm, hd.cite))
            )

    area_ids = list(dict.fromkeys([*(regime.place.areas if regime.place else []), *regime.places]))
    citations = [*blocking, *cites(norm.norm, regime.cite)]
    for group in (conditions, documents):
        for item in group:
            citations.extend(item.citations)
    citations.extend(permit_out.citations if permit_out else [])

    return Decision(
        activity=activity,
        jurisdiction=norm.jurisdiction,
        on=day,
        outcome=outcome,
        reasons=reasons,
        conditions=conditions,
        permit=permit_out,
        documents=documents,
        fees=fees,
        exemptions=exemptions,
        season=season,
        hours=hours,
        places=[place(norm, a) for a in area_ids],
        nearest=nearest,
        distances=distances,
        obligations=obligations,
        penalties=penalties,
        deadlines=[period(norm, x, norm.periods[x]) for x in regime.deadlines],
        citations=_dedupe(citations),
        missing_facts=missing,
        not_covered=[
            *_uncertainty_notes(norm, uncertain),
            *dated_notes(regime.not_covered),
            *(note(norm, n) for n in norm.not_covered),
        ],
    )


def select_fees(
    reg: Registry, norm: NormData, fee_ids: list[str], day: date, facts: Mapping[str, Any]
) -> tuple[list[Fee], list[MissingFact], list[str]]:
    """The fee rows valid on the day that match the stated facts. Rows whose conditions depend on
    a missing fact are all kept (the citizen sees the possible amounts) and the fact is asked."""
    d = _Day(norm, day)
    out: list[Fee] = []
    missing: dict[str, MissingFact] = {}
    uncertain: list[str] = []
    for fid in dict.fromkeys(fee_ids):
        f = norm.fees[fid]
        if not d.valid(f):
            continue
        results = [check(c, facts) for c in f.when]
        if any(r is False for r in results):
            continue
        for c, r in zip(f.when, results, strict=True):
            if r is None and c.fact not in missing:
                missing[c.fact] = _missing(reg, c.fact, cites(norm.norm, f.cite)).model_copy(
                    update={"needed_for": "fee"}
                )
        uncertain.extend(d.uncertain(f))
        out.append(fee(reg, norm, fid, f, day))
    return out, list(missing.values()), uncertain


def apply_exemptions(
    reg: Registry, norm: NormData, ids: list[str], fees: list[Fee], day: date, facts: Mapping[str, Any]
) -> tuple[list[Exemption], list[MissingFact], list[str]]:
    d = _Day(norm, day)
    out: list[Exemption] = []
    missing: dict[str, MissingFact] = {}
    uncertain: list[str] = []
    # By default an exemption waives the licence fees themselves, not charges set as a share of them.
    fee_ids = {f.id for f in fees if f.percent_of_licence_fee is None}
    for eid in ids:
        e = norm.exemptions[eid]
        if not d.valid(e):
            continue
        uncertain.extend(d.uncertain(e))
        results = [check(c, facts) for c in e.any_of]
        applies = True if any(r is True for r in results) else (False if all(r is False for r in results) else None)
        if applies is None:
            for c, r in zip(e.any_of, results, strict=True):
                if r is None and c.fact not in missing:
                    missing[c.fact] = _missing(reg, c.fact, cites(norm.norm, e.cite)).model_copy(
                        update={"needed_for": "fee"}
                    )
        out.append(
            Exemption(
                code=eid,
                discount_percent=e.discount_percent,
                applies=applies,
                fees=[f for f in (e.fees or sorted(fee_ids)) if f in fee_ids],
                proof=[
                    Document(id=x, text=norm.documents[x].text, citations=cites(norm.norm, norm.documents[x].cite))
                    for x in e.proof
                ],
                text=e.text,
                citations=cites(norm.norm, e.cite),
            )
        )
    return out, list(missing.values()), uncertain


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
