"""YAML scenarios (OpenFisca style): tests/rules/scenarios/<jurisdiction>.yml.

Each case gives a situation (activity, day, place, facts) and what the citizen must be told. Unit ids
in `cites` are relative to the file's `norm`. Every citation a decision carries must exist in the
corpus, whatever the case checks.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pyproj import Geod

from knowledge.corpus import load_corpus
from knowledge.rules import Decision, evaluate, nearest_points, permit_requirements
from knowledge.rules.estimate import fee_estimate
from knowledge.rules.period import next_season, period_rule
from knowledge.strict_yaml import load_yaml
from knowledge.rules.registry import registry

SCENARIOS = Path(__file__).parent / "scenarios"
_GEOD = Geod(ellps="WGS84")


def _files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.yml"))


def _cases() -> list[Any]:
    out = []
    for path in _files():
        data = load_yaml(path)
        for case in data["cases"]:
            out.append(pytest.param(data, case, id=f"{path.stem}:{case['name']}"))
    return out


def _point(point_id: str):
    pts = [p.point for p in nearest_points(-23.8, -46.0, limit=100) if p.point.id == point_id]
    assert pts, f"no licensed point {point_id}"
    return pts[0]


def _location(at: dict[str, Any]) -> tuple[float, float]:
    if "point" in at:
        p = _point(at["point"])
        lon, lat, _ = _GEOD.fwd(p.lon, p.lat, at.get("azimuth", 0), at.get("metres", 0))
        return lat, lon
    return at["lat"], at["lon"]


def _citations(obj: Any) -> list[dict]:
    if isinstance(obj, dict):
        if set(obj) == {"unit_id", "label", "norm_id"}:
            return [obj]
        return [c for v in obj.values() for c in _citations(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in _citations(v)]
    return []


def _amount(a) -> tuple[Decimal, str] | None:
    return (a.value, a.unit) if a is not None else None


def _spec(text: str) -> tuple[Decimal, str] | None:
    """ "2.00 UFM" → (Decimal('2.00'), 'UFM'); "None" → None (the norm sets no figure)."""
    if text.strip() == "None":
        return None
    value, unit = text.split()
    return Decimal(value), unit


def _check(decision: Decision, expect: dict[str, Any], norm: str, applicant: dict[str, Any]) -> None:
    if "outcome" in expect:
        assert decision.outcome.value == expect["outcome"], decision.reasons
    for r in expect.get("reasons", []):
        assert r in decision.reasons
    for r in expect.get("not_reasons", []):
        assert r not in decision.reasons
    if "permit" in expect:
        assert decision.permit_kind == expect["permit"]
    if "office" in expect:
        assert decision.issuing_office and decision.issuing_office["pt-BR"] == expect["office"]
    cited = {c["unit_id"] for c in _citations(decision.model_dump(mode="json"))}
    for unit in expect.get("cites", []):
        assert f"{norm}/{unit}" in cited, f"{unit} not cited"
    fees = {f.id: f for f in decision.fees}
    for fid, amount in expect.get("fees", {}).items():
        assert fid in fees, f"fee {fid} missing; got {sorted(fees)}"
        assert _amount(fees[fid].amount) == _spec(amount)
    for fid in expect.get("no_fees", []):
        assert fid not in fees
    for fid, pct in expect.get("discount", {}).items():
        assert fees[fid].discount_percent == (Decimal(str(pct)) if pct is not None else None)
    if "missing" in expect:
        assert sorted(m.question for m in decision.missing_facts) == sorted(expect["missing"])
    for q, why in expect.get("missing_for", {}).items():
        assert [m.needed_for for m in decision.missing_facts if m.question == q] == [why]
    if "in_season" in expect:
        assert decision.season is not None and decision.season.in_season is expect["in_season"]
    ex = {e.code: e.applies for e in decision.exemptions}
    for code, applies in expect.get("exemptions", {}).items():
        assert code in ex and ex[code] is applies
    for code in expect.get("no_exemptions", []):
        assert code not in ex
    pens = {p.id: p for p in decision.penalties}
    for pid, spec in expect.get("penalties", {}).items():
        p = pens[pid]
        lo, _, hi = str(spec).partition("..")
        assert _amount(p.amount) == _spec(lo)
        if hi:
            assert _amount(p.amount_max) == _spec(hi)
    for pid, spec in expect.get("penalties_legal_person", {}).items():
        lo, _, hi = spec.partition("..")
        assert _amount(pens[pid].amount_legal_person) == _spec(lo)
        assert _amount(pens[pid].amount_max_legal_person) == _spec(hi)
    dist = {d.code: d for d in decision.distances}
    for code, spec in expect.get("distances", {}).items():
        assert code in dist, sorted(dist)
        if isinstance(spec, dict):
            if "metres" in spec:
                assert dist[code].metres == Decimal(str(spec["metres"]))
            if "satisfied" in spec:
                assert dist[code].satisfied is spec["satisfied"]
    hours = {h.code: h for h in decision.hours}
    for code, span in expect.get("hours", {}).items():
        assert f"{hours[code].opens}-{hours[code].closes}" == span
    periods = {p.code: p for p in decision.deadlines}
    if decision.permit and decision.permit.validity:
        periods.setdefault(decision.permit.validity.code, decision.permit.validity)
    if decision.permit and decision.permit.lead_time:
        periods.setdefault(decision.permit.lead_time.code, decision.permit.lead_time)
    for code, spec in expect.get("periods", {}).items():
        assert code in periods, sorted(periods)
        assert f"{periods[code].value} {periods[code].unit}" == spec
    notes = {n.code for n in decision.not_covered}
    for code in expect.get("not_covered", []):
        assert code in notes, sorted(notes)
    conds = {n.code for n in decision.conditions}
    for code in expect.get("conditions", []):
        assert code in conds, sorted(conds)
    for code in expect.get("no_conditions", []):
        assert code not in conds
    obls = {o.code for o in decision.obligations}
    for code in expect.get("obligations", []):
        assert code in obls, sorted(obls)
    docs = [d.id for d in decision.documents]
    for code in expect.get("documents", []):
        assert code in docs, docs
    if "places" in expect:
        assert [p.id for p in decision.places] == expect["places"]
    if "nearest" in expect:
        assert decision.nearest and decision.nearest[0].point.id == expect["nearest"]
    if "holder" in expect:
        assert decision.permit is not None and decision.permit.holder == expect["holder"]
    if "estimate" in expect:
        _check_estimate(decision, expect["estimate"], applicant)
    if "period" in expect:
        _check_period(decision, expect["period"])


def _check_estimate(decision: Decision, spec: dict[str, Any], applicant: dict[str, Any]) -> None:
    """The fee estimate a clerk receives with the request: exactly these rows, their amounts, the
    totals of square-metre fees and the exemptions granted when the applicant claims one."""
    req = permit_requirements(decision.permit_kind, on=decision.on)
    estimate = fee_estimate(req, decision, applicant, exemption_claimed=spec.get("claim_exemption", False))
    rows = {line.fee.id: line for line in estimate.lines}
    assert {fid: _amount(line.fee.amount) for fid, line in rows.items()} == \
        {fid: _spec(amount) for fid, amount in spec["lines"].items()}
    for fid, total in spec.get("totals", {}).items():
        assert _amount(rows[fid].total) == _spec(total)
    assert [e.code for e in estimate.exemptions] == spec.get("exemptions", [])


def _check_period(decision: Decision, spec: dict[str, Any]) -> None:
    """The period a request starting on `from` gets: `gives` [start, end] when the law fixes the end
    (a season, N months or years, the calendar year), `asks_end` with `max_days` when it does not."""
    rule = period_rule(permit_requirements(decision.permit_kind, on=decision.on), decision)
    start = spec["from"]
    if "gives" in spec:
        given = list(next_season(rule.season, start)) if rule.season else [start, rule.end_for(start)]
        assert given == spec["gives"]
    if "asks_end" in spec:
        assert rule.asks_end is spec["asks_end"]
    if "max_days" in spec:
        assert rule.max_days == spec["max_days"]
    if "lead_time" in spec:
        assert rule.lead_time is not None and f"{rule.lead_time.value} {rule.lead_time.unit}" == spec["lead_time"]


@pytest.mark.parametrize(("data", "case"), _cases())
def test_scenario(data, case):
    at = _location(case["at"]) if "at" in case else None
    decision = evaluate(
        case["activity"], data["jurisdiction"], on=case["date"], at=at, applicant=case.get("applicant") or {}
    )
    corpus = load_corpus()
    missing = [c["unit_id"] for c in _citations(decision.model_dump(mode="json")) if not corpus.has(c["unit_id"])]
    assert missing == []
    assert decision.citations, "every decision cites at least one unit"
    _check(decision, case.get("expect", {}), data["norm"], case.get("applicant") or {})


def test_scenarios_cover_every_activity_each_norm_regulates():
    covered = set()
    for path in _files():
        data = load_yaml(path)
        covered |= {(c["activity"], data["jurisdiction"]) for c in data["cases"]}
    regulated = {(a, n.jurisdiction) for n in registry().norms.values() for a in n.activities}
    assert regulated - covered == set()


def test_scenarios_use_real_dates():
    for path in _files():
        for case in load_yaml(path)["cases"]:
            assert isinstance(case["date"], date), case["name"]
