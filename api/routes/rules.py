"""The rules module over HTTP: evaluate a situation, list activities, fee schedules, places (GeoJSON)
and what a permit's pre-application asks for. Route functions only translate HTTP ⇄ knowledge.rules."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field

from knowledge import rules
from knowledge.jurisdictions import jurisdiction_ids

router = APIRouter(prefix="/api/v1", tags=["rules"])

Jurisdiction = Annotated[str, Query(description=f"{', '.join(jurisdiction_ids()[:-1])} or {jurisdiction_ids()[-1]}")]


class LocationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)


class EvaluateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    activity: str
    jurisdiction: str
    on: date | None = None
    at: LocationIn | None = None
    applicant: dict[str, Any] = Field(default_factory=dict)


def _bad_request(exc: rules.RulesError) -> HTTPException:
    return HTTPException(status_code=422, detail=str(exc))


@router.post("/rules/evaluate", response_model=rules.Decision)
def evaluate(body: EvaluateRequest) -> rules.Decision:
    try:
        return rules.evaluate(
            body.activity,
            body.jurisdiction,
            on=body.on,
            at=(body.at.lat, body.at.lon) if body.at else None,
            applicant=body.applicant,
        )
    except rules.RulesError as exc:
        raise _bad_request(exc) from exc


@router.get("/activities", response_model=list[rules.Activity])
def activities() -> list[rules.Activity]:
    return rules.catalogue()


@router.get("/fees", response_model=rules.FeeSchedule)
def fees(jurisdiction: Jurisdiction, activity: str | None = None, on: date | None = None) -> rules.FeeSchedule:
    try:
        return rules.fee_schedule(jurisdiction, activity, on=on)
    except rules.RulesError as exc:
        raise _bad_request(exc) from exc


@router.get("/places")
def places(
    jurisdiction: str | None = None, activity: str | None = None, on: date | None = None, lang: str = "pt-BR"
) -> dict[str, Any]:
    """GeoJSON FeatureCollection (RFC 7946) of licensed points; unlocated places have null geometry."""
    if jurisdiction is not None and jurisdiction not in jurisdiction_ids():
        raise HTTPException(status_code=422, detail=f"unknown jurisdiction {jurisdiction!r}")
    return rules.places_geojson(jurisdiction, activity, on=on, lang=lang)


@router.get("/rules/permits/{permit_kind}", response_model=rules.PermitRequirements)
def permit_requirements(permit_kind: str, on: date | None = None) -> rules.PermitRequirements:
    try:
        return rules.permit_requirements(permit_kind, on=on)
    except rules.RulesError as exc:
        raise HTTPException(status_code=404, detail=str(exc)) from exc
