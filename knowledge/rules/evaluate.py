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
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from knowledge.rules import places as _places
from knowledge.rules.citations import cites, dedupe
from knowledge.rules.conditions import MISSING, check, fact_value, missing_fact
from knowledge.rules.models import (
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
    PointDistance,
    Season,
)
from knowledge.rules.projection import fee, nearest_points_for, note, penalty, period, permit, place
from knowledge.rules.registry import JURISDICTIONS, Registry, registry
from knowledge.rules.schema import NoteData, NormData, PermitData, RegimeData
from knowledge.rules.temporal import Day, in_force, in_season, uncertainty_notes

__all__ = ["LocationLike", "RulesError", "evaluate", "in_season", "to_location"]

LocationLike = _places.Location | tuple[float, float] | Mapping[str, float]


class RulesError(ValueError):
    """An unknown activity or jurisdiction id (a programming error, not a citizen's question)."""


def to_location(at: LocationLike | None) -> _places.Location | None:
    if at is None or isinstance(at, _places.Location):
        return at
    if isinstance(at, tuple):
        return _places.Location(lat=at[0], lon=at[1])
    return _places.Location(lat=at["lat"], lon=at["lon"])


# ----------------------------------------------------------------------------------- engine
def regulating_norms(activity: str, jurisdiction: str, day: date) -> list[NormData]:
    """The place's norms in force on `day` that regulate the activity; none: the activity is NOT_COVERED."""
    return [n for n in registry().norms_of(jurisdiction) if in_force(n, day) and activity in n.activities]


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
    current = [n for n in norms if in_force(n, day)]
    regulating = regulating_norms(activity, jurisdiction, day)

    def not_covered(reason: str) -> Decision:
        base = current or norms
        return Decision(
            activity=activity,
            jurisdiction=jurisdiction,
            on=day,
            outcome=Outcome.NOT_COVERED,
            reasons=[reason],
            citations=dedupe([c for n in base for c in cites(n.norm, n.scope_cite)]),
            not_covered=[note(n, x) for n in base for x in n.not_covered],
        )

    if not current:
        return not_covered("no_norm_in_force")
    if loc is not None and _places.municipality_at(loc.lat, loc.lon) != jurisdiction:
        return not_covered("location_outside_jurisdiction")
    if not regulating:
        return not_covered("activity_not_regulated")

    # Regimes valid on the day; facts in `applies_when` pick among them.
    candidates = [
        (n, r) for n in regulating for r in n.activities[activity].regimes if Day(n, day).valid(r)
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
                selectors.append(missing_fact(reg, c.fact, cites(n.norm, c.cite)))
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


@dataclass
class _Findings:
    """What the checks of one regime found, in the order they ran."""

    uncertain: list[str]  # amendments whose unknown date makes something on the day uncertain
    reasons: list[str] = field(default_factory=list)
    missing: list[MissingFact] = field(default_factory=list)  # facts the outcome depends on
    # Facts "allowed" needs (restrictions, stated distances): asked only when nothing else decides.
    pending: list[MissingFact] = field(default_factory=list)
    # The articles behind a "no" are cited with it, whatever else the decision cites.
    blocking: list[Citation] = field(default_factory=list)
    blocked: bool = False

    def block(self, reason: str, citations: list[Citation]) -> None:
        self.blocked = True
        self.reasons.append(reason)
        self.blocking += citations


def _decide(
    reg: Registry,
    activity: str,
    norm: NormData,
    regime: RegimeData,
    day: date,
    facts: Mapping[str, Any],
    loc: _places.Location | None,
) -> Decision:
    """One regime's decision, in the order of the module docstring (4-6), then what it carries."""
    d = Day(norm, day)
    facts = {**regime.implies, **facts}
    found = _Findings(uncertain=d.uncertain(regime))
    _check_eligibility(reg, norm, regime, facts, found)
    _check_restrictions(reg, norm, regime, facts, found)
    season = _check_season(norm, regime, day, found)
    distances = _check_distances(reg, norm, regime, facts, found)
    nearest = _check_licensed_place(norm, regime, loc, found)
    outcome = _outcome(reg, norm, regime, facts, loc, found)

    pdata = norm.permits[regime.permit] if regime.permit else None
    permit_out = permit(norm, regime.permit) if regime.permit else None
    documents = [_document(norm, i) for i in (pdata.documents if pdata else [])]
    fees, exemptions = _fees_and_exemptions(reg, norm, regime, pdata, day, facts, found)

    def dated_notes(items: list[NoteData]) -> list[Note]:
        out = []
        for n in items:
            if d.valid(n):
                found.uncertain.extend(d.uncertain(n))
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
    penalties = _penalties(reg, norm, regime, d, found)
    hours = _hours(norm, regime, d, found)
    # Said before the regime's own not-covered notes are dated (their amendments are not in it).
    uncertainty = uncertainty_notes(norm, found.uncertain)

    area_ids = list(dict.fromkeys([*(regime.place.areas if regime.place else []), *regime.places]))
    citations = [*found.blocking, *cites(norm.norm, regime.cite)]
    for group in (conditions, documents):
        for item in group:
            citations.extend(item.citations)
    citations.extend(permit_out.citations if permit_out else [])

    return Decision(
        activity=activity,
        jurisdiction=norm.jurisdiction,
        on=day,
        outcome=outcome,
        reasons=found.reasons,
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
        citations=dedupe(citations),
        missing_facts=found.missing,
        not_covered=[
            *uncertainty,
            *dated_notes(regime.not_covered),
            *(note(norm, n) for n in norm.not_covered),
        ],
    )


# ------------------------------------------------------------------ the steps of _decide

def _check_eligibility(reg: Registry, norm: NormData, regime: RegimeData, facts: Mapping[str, Any],
                       found: _Findings) -> None:
    """Who may hold the permit: a failing fact blocks, a missing one makes the outcome unknown."""
    for c in regime.eligibility:
        ok = check(c, facts)
        if ok is None:
            found.missing.append(missing_fact(reg, c.fact, cites(norm.norm, c.cite)))
        elif ok is False:
            found.block(c.reason, cites(norm.norm, c.cite))


def _check_restrictions(reg: Registry, norm: NormData, regime: RegimeData, facts: Mapping[str, Any],
                        found: _Findings) -> None:
    """Restrictions (who may hold the permit, what may not be used): a stated fact that fails them
    blocks; an unstated one is shown as a condition and must be known before "allowed"."""
    for c in regime.restrictions:
        ok = check(c, facts)
        if ok is False:
            found.block(c.reason, cites(norm.norm, c.cite))
        elif ok is None and all(p.fact != c.fact for p in found.pending):
            found.pending.append(missing_fact(reg, c.fact, cites(norm.norm, c.cite)))


def _check_season(norm: NormData, regime: RegimeData, day: date, found: _Findings) -> Season | None:
    if not regime.season:
        return None
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
        found.block("out_of_season", season.citations)
    return season


def _check_distances(reg: Registry, norm: NormData, regime: RegimeData, facts: Mapping[str, Any],
                     found: _Findings) -> list[DistanceRule]:
    """Stated distances are checked; an unstated one is pending (needed before "allowed")."""
    distances: list[DistanceRule] = []
    for dist in regime.distances:
        measured = satisfied = None
        if dist.fact:
            v = fact_value(facts, dist.fact)
            if v is MISSING:
                found.pending.append(missing_fact(reg, dist.fact, cites(norm.norm, dist.cite)))
            else:
                measured = Decimal(str(v))
                satisfied = measured >= dist.metres if dist.op == "ge" else measured <= dist.metres
                if not satisfied:
                    found.block(f"distance_{dist.code}", cites(norm.norm, dist.cite))
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
    return distances


def _check_licensed_place(norm: NormData, regime: RegimeData, loc: _places.Location | None,
                          found: _Findings) -> list[PointDistance]:
    if regime.place is None or loc is None:
        return []
    nearest = nearest_points_for(norm, regime.place.areas, loc.lat, loc.lon, limit=3)
    if not any(p.inside for p in nearest):
        found.block("outside_licensed_point", cites(norm.norm, regime.place.cite))
    else:
        found.reasons.append("inside_licensed_point")
    return nearest


def _outcome(reg: Registry, norm: NormData, regime: RegimeData, facts: Mapping[str, Any],
             loc: _places.Location | None, found: _Findings) -> Outcome:
    """Blocked → not allowed; a missing eligibility fact → unknown; then the regime's own outcome.
    Nothing missing ever turns into "allowed"."""
    if found.blocked:
        return Outcome.NOT_ALLOWED
    if found.missing:
        return Outcome.UNKNOWN
    if regime.outcome == "not_allowed":
        found.reasons.append("prohibited")
        return Outcome.NOT_ALLOWED
    if regime.outcome == "needs_permit" and fact_value(facts, "holds_permit") is not True:
        found.reasons.append("permit_required")
        return Outcome.NEEDS_PERMIT
    # Only now do the place, the stated distances and the restrictions decide: "allowed" needs
    # every one of them known.
    if regime.place is not None and loc is None:
        found.missing.append(missing_fact(reg, "location", cites(norm.norm, regime.place.cite)))
    found.missing.extend(found.pending)
    if found.missing:
        return Outcome.UNKNOWN
    if regime.outcome == "needs_permit":
        found.reasons.append("permit_held")
    return Outcome.ALLOWED


def _document(norm: NormData, doc_id: str) -> Document:
    return Document(id=doc_id, text=norm.documents[doc_id].text, citations=cites(norm.norm, norm.documents[doc_id].cite))


def _fees_and_exemptions(reg: Registry, norm: NormData, regime: RegimeData, pdata: PermitData | None,
                         day: date, facts: Mapping[str, Any], found: _Findings) -> tuple[list[Fee], list[Exemption]]:
    """The fee rows for the facts, with the discount of each exemption that applies."""
    fees, fee_missing, fee_uncertain = select_fees(
        reg, norm, [*regime.fees, *(pdata.fees if pdata else [])], day, facts
    )
    found.uncertain += fee_uncertain
    exemptions, ex_missing, ex_uncertain = apply_exemptions(reg, norm, regime.exemptions, fees, day, facts)
    found.uncertain += ex_uncertain
    for m in [*fee_missing, *ex_missing]:
        if all(x.fact != m.fact for x in found.missing):
            found.missing.append(m)
    if exemptions:
        waived = {
            f: e.discount_percent
            for e in exemptions
            if e.applies
            for f in (e.fees or [x.id for x in fees])
        }
        fees = [f.model_copy(update={"discount_percent": waived[f.id]}) if f.id in waived else f for f in fees]
    return fees, exemptions


def _penalties(reg: Registry, norm: NormData, regime: RegimeData, d: Day, found: _Findings) -> list[Penalty]:
    out = []
    for pid in regime.penalties:
        p = norm.penalties[pid]
        if d.valid(p):
            found.uncertain.extend(d.uncertain(p))
            out.append(penalty(reg, norm, pid, p, d.day))
    return out


def _hours(norm: NormData, regime: RegimeData, d: Day, found: _Findings) -> list[Hours]:
    out = []
    for h in regime.hours:
        hd = norm.hours[h]
        if d.valid(hd):
            found.uncertain.extend(d.uncertain(hd))
            out.append(
                Hours(code=h, opens=hd.opens, closes=hd.closes, days=hd.days, text=hd.text,
                      citations=cites(norm.norm, hd.cite))
            )
    return out


# ------------------------------------------------------------------ fees

def select_fees(
    reg: Registry, norm: NormData, fee_ids: list[str], day: date, facts: Mapping[str, Any]
) -> tuple[list[Fee], list[MissingFact], list[str]]:
    """The fee rows valid on the day that match the stated facts. Rows whose conditions depend on
    a missing fact are all kept (the citizen sees the possible amounts) and the fact is asked."""
    d = Day(norm, day)
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
                missing[c.fact] = missing_fact(reg, c.fact, cites(norm.norm, f.cite)).model_copy(
                    update={"needed_for": "fee"}
                )
        uncertain.extend(d.uncertain(f))
        out.append(fee(reg, norm, fid, f, day))
    return out, list(missing.values()), uncertain


def apply_exemptions(
    reg: Registry, norm: NormData, ids: list[str], fees: list[Fee], day: date, facts: Mapping[str, Any]
) -> tuple[list[Exemption], list[MissingFact], list[str]]:
    d = Day(norm, day)
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
                    missing[c.fact] = missing_fact(reg, c.fact, cites(norm.norm, e.cite)).model_copy(
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
