"""What the form asks comes from the rules module, for every permit kind it knows.

`plan()` turns `permit_requirements(kind)` into steps; these tests check the order that matters to
the citizen (nothing personal before consent), that each of the rules' fields is asked or filled,
and — driving every permit kind to the end with plain answers — that each one produces a body the
permits API accepts.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import httpx
import pytest

from actions.permits.client import PermitsApi
from actions.permits.application import Application
from actions.permits.plan import (
    EXEMPTION_FACTS,
    category_choices,
    permit_choice,
    plan,
    requirements,
)
from knowledge.rules.period import next_season, season_window
from tests.support.permit_conversation import Conversation
from knowledge.permits.contract import PreapplicationCreate
from knowledge.rules import Outcome, evaluate, permit_kinds

TODAY = date(2026, 12, 2)
ALL_KINDS = permit_kinds()
_FILLED = {"activity", "dates", "event_date", "cnpj", "on_sand", "vehicle", "fee_category"}


def application(kind: str, **answers) -> Application:
    req = requirements(kind, TODAY)
    return Application(started_on=TODAY, jurisdiction=req.jurisdiction, activity=req.activities[0],
                       permit_kind=kind, answers=answers)


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_nothing_personal_is_asked_before_consent(kind):
    steps = [s.key for s in plan(application(kind))]
    before = steps[: steps.index("consent")]
    assert set(before) <= {"person_type", "based_in_municipality"}
    assert steps.index("applicant_name" if "applicant_name" in steps else "company_name") > steps.index("consent")
    assert steps[-1] == "summary"


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_field_of_the_rules_is_asked_or_filled(kind):
    req = requirements(kind, TODAY)
    app = application(kind, person_type="legal_person", sidewalk_kind="boardwalk", exemption="age")
    asked = {s.key for s in plan(app)}
    # The exemption's facts (age, income) are asked for the exemption the citizen claims.
    claimable = set(EXEMPTION_FACTS) if "exemption" in asked else set()
    for field in req.fields:
        assert field.fact in asked | _FILLED | claimable, f"{kind}: {field.fact} is neither asked nor filled"


def test_a_natural_person_is_not_asked_for_a_company_name_in_bertioga():
    natural = {s.key for s in plan(application("bertioga_nautical_rental_licence", person_type="natural_person"))}
    legal = {s.key for s in plan(application("bertioga_nautical_rental_licence", person_type="legal_person"))}
    assert "company_name" not in natural and "company_name" in legal


def test_the_document_follows_the_applicant():
    def document(kind, **answers):
        return next(s for s in plan(application(kind, **answers)) if s.key == "document").choices

    assert document("lajes_itinerant_licence", person_type="natural_person") == ("cpf",)
    assert document("lajes_itinerant_licence", person_type="legal_person") == ("cnpj",)
    assert document("igarapava_event_stall_licence") == ("cpf", "cnpj")
    assert document("igarapava_food_truck_alvara", person_type="legal_person") == ("cnpj",)
    assert document("pt_maritime_tourist_operator_licence", person_type="natural_person") == ("nif",)


def test_pontal_vendors_choose_between_the_season_and_the_annual_permit():
    choice = permit_choice("ice_cream", "br-pr-pontal-do-parana", TODAY)
    assert choice.fact == "licence_period"
    assert choice.by_value == {"summer_season": "pontal_summer_season_authorization",
                               "annual": "pontal_annual_permission"}
    assert permit_choice("surf_school", "br-sp-bertioga", TODAY).kinds == ("bertioga_surf_school_licence",)


def test_fee_category_is_asked_only_when_the_activity_has_several_rows():
    req = requirements("pontal_summer_season_authorization", TODAY)
    assert category_choices(req, "ice_cream") == ("sand_food",)
    assert len(category_choices(req, "itinerant_vendor")) > 1
    vendor = Application(started_on=TODAY, jurisdiction="br-pr-pontal-do-parana", activity="itinerant_vendor",
                         permit_kind="pontal_summer_season_authorization")
    assert "fee_category" in {s.key for s in plan(vendor)}
    assert "fee_category" not in {s.key for s in plan(application("pontal_summer_season_authorization"))}


def test_the_season_window_wraps_the_new_year():
    season = evaluate("ice_cream", "br-pr-pontal-do-parana", on=TODAY, applicant={"licence_period": "summer_season"}).season
    assert season_window(season, date(2027, 1, 15)) == (date(2026, 12, 1), date(2027, 3, 31))
    assert season_window(season, date(2026, 12, 1)) == (date(2026, 12, 1), date(2027, 3, 31))
    assert season_window(season, date(2027, 4, 1)) is None
    assert next_season(season, TODAY) == (TODAY, date(2027, 3, 31))
    assert next_season(season, date(2027, 5, 10)) == (date(2027, 12, 1), date(2028, 3, 31))


# ------------------------------------------------------------------ every permit, to the end

_DOCUMENTS = {"cpf": "529.982.247-25", "cnpj": "11.222.333/0001-81", "nif": "501964843"}


def _answer(chat: Conversation) -> str:
    """A plain, valid answer to whatever the form asks now."""
    app = Application.from_slot(chat.state)
    step = app.current_step()
    later = (TODAY + timedelta(days=40)).strftime("%d/%m/%Y")
    if step.kind == "choice":
        value = step.choices[0]
        if step.key == "person_type":  # one the rules let apply (Pontal's amusements: companies only)
            value = next(v for v in requirements(app.permit_kind, TODAY).permit.holder
                         if evaluate(app.activity, app.jurisdiction, on=TODAY,
                                     applicant={**app.rules_facts(), "person_type": v}).outcome != Outcome.NOT_ALLOWED)
        return f'/inform{{"choice": "{value}"}}'
    if step.kind in ("yes_no", "consent"):
        return "/affirm"
    if step.kind == "exemption":
        return '/inform{"choice": "none"}'
    if step.kind == "summary":
        return '/inform{"choice": "confirm"}'
    if step.kind == "point":
        areas = [p for p in evaluate(app.activity, app.jurisdiction, on=TODAY).places if p.points]
        return f'/inform{{"choice": "{areas[0].points[0].id}"}}'
    if step.kind == "document":
        return _DOCUMENTS[step.choices[0]]
    if step.key.endswith("_number"):  # a document's number (alvará, CREF) holds digits
        return "12345/2025"
    return {
        "name": "Maria Aparecida Souza", "company": "Empresa Teste Ltda",
        "phone": "912 345 678" if app.jurisdiction == "pt" else "(41) 99999-1234", "email": "teste@example.com", "text": "um texto de teste",
        "decimal": "2", "int": "30", "date": later, "place": "Rua Principal, 100",
        "period_start": later, "period_end": (TODAY + timedelta(days=41)).strftime("%d/%m/%Y"),
    }[step.kind]


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_permit_kind_can_be_completed_into_a_body_the_api_accepts(kind):
    bodies = []

    def api(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return httpx.Response(201, json={"protocol": "XXX-2026-000001", "access_code": "7K2M-9QXD-4T0B",
                                         "status": "submitted"})

    chat = Conversation(clock_day=TODAY, api=PermitsApi("http://api", transport=httpx.MockTransport(api)))
    req = requirements(kind, TODAY)
    chat.say("quero pedir", "request_permit", [{"entity": "municipality", "value": req.jurisdiction},
                                                {"entity": "activity", "value": req.activities[0]}])
    if chat.state["permit_kind"] is None:  # Pontal's vendors choose the season or the annual permit
        choice = permit_choice(req.activities[0], req.jurisdiction, TODAY)
        value = next(v for v, k in choice.by_value.items() if k == kind)
        chat.say(f'/inform{{"choice": "{value}"}}')
    for _ in range(40):
        if not chat.active:
            break
        chat.say(_answer(chat))
    assert not chat.active and len(bodies) == 1, f"{kind} did not reach a submission"
    body = PreapplicationCreate.model_validate(bodies[0])
    assert body.permit_kind == kind and body.jurisdiction_id == req.jurisdiction
    assert body.consent.given and body.period.start == TODAY + timedelta(days=40)
