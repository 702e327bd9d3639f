"""The rules module: can I do X here, now, as who I am — and what does it cost?

Pure Python over dated, cited YAML data (knowledge/rules/data/, README.md next to this file).

    >>> from datetime import date
    >>> from knowledge.rules import evaluate
    >>> d = evaluate("sup", "br-sp-bertioga", on=date(2025, 1, 10))
    >>> d.outcome.value, d.permit.kind, [c.label for c in d.citations][:2]
    ('needs_permit', 'bertioga_nautical_rental_licence', ['art. 1', 'art. 3'])
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from knowledge.rules.contacts import OfficeContact, office_contacts
from knowledge.rules.evaluate import RulesError, evaluate, regulating_norms
from knowledge.rules.models import Citation, Decision, Outcome, PointDistance, Text, text_in
from knowledge.rules.places import Location
from knowledge.rules.projection import nearest_points_for
from knowledge.rules.places import municipality_at as _municipality_at
from knowledge.rules.queries import (
    FeeSchedule,
    PermitRequirements,
    fee_schedule,
    offices_of,
    permit_requirements,
    places_geojson,
)
from knowledge.rules.registry import JURISDICTIONS, registry

__all__ = [
    "JURISDICTIONS",
    "Activity",
    "Citation",
    "Decision",
    "FeeSchedule",
    "Location",
    "Outcome",
    "PermitRequirements",
    "PointDistance",
    "RulesError",
    "catalogue",
    "evaluate",
    "regulating_norms",
    "fee_schedule",
    "municipality_at",
    "nearest_points",
    "OfficeContact",
    "office_contacts",
    "offices_of",
    "permit_kinds",
    "permit_requirements",
    "places_geojson",
    "Text",
    "text_in",
]


class Activity(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    group: str
    names: dict[str, list[str]]  # lang → [preferred name, synonyms...]; pt-BR, pt-PT, en, es
    jurisdictions: list[str]  # where a norm in our corpus regulates it


def catalogue() -> list[Activity]:
    reg = registry()
    out = []
    for aid, entry in reg.catalogue.activities.items():
        where = sorted({n.jurisdiction for n in reg.norms.values() if aid in n.activities})
        out.append(Activity(id=aid, group=entry.group, names=entry.names, jurisdictions=where))
    return out


def nearest_points(lat: float, lon: float, limit: int = 3, *, jurisdiction: str | None = None) -> list[PointDistance]:
    """The licensed points nearest to a location, with their distance and whether it is inside them."""
    found: list[PointDistance] = []
    for norm in registry().norms.values():
        if jurisdiction and norm.jurisdiction != jurisdiction:
            continue
        areas = [a for a, data in norm.areas.items() if data.points]
        found.extend(nearest_points_for(norm, areas, lat, lon, limit=limit))
    found.sort(key=lambda p: p.distance_m)
    return found[:limit]


def municipality_at(lat: float, lon: float) -> str | None:
    """Jurisdiction id for a location (approximate documented areas), None outside all of them."""
    return _municipality_at(lat, lon)


def permit_kinds(jurisdiction: str | None = None) -> list[str]:
    """Permit kinds the rule data knows, for one jurisdiction or all."""
    return sorted(
        kind
        for norm in registry().norms.values()
        if jurisdiction is None or norm.jurisdiction == jurisdiction
        for kind in norm.permits
    )
