"""Projection: the rule data (schema, relative cites) turned into what answers carry (models, absolute
citations, amounts converted where units.yml has a sourced value). No decision is taken here."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from knowledge.rules import places as _places
from knowledge.rules.citations import cites
from knowledge.rules.models import (
    Amount,
    Fee,
    Note,
    Penalty,
    Period,
    Permit,
    Place,
    PointDistance,
    PointOut,
    ProceedsShare,
)
from knowledge.rules.registry import Registry
from knowledge.rules.schema import AmountData, FeeData, NoteData, NormData, PenaltyData, PeriodData

__all__ = ["amount", "fee", "nearest_points_for", "note", "penalty", "period", "permit", "place", "point_out"]


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
        aggravating=[note(norm, o) for o in p.aggravating],
        aggravating_percent=p.aggravating_percent,
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
