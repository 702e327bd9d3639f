"""What the pre-application form asks for each permit (knowledge.rules.permit_requirements)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from knowledge.rules import RulesError, permit_kinds, permit_requirements

ON = date(2024, 12, 10)


def _fields(req):
    return {f.fact: f for f in req.fields}


def test_pontal_summer_season_authorisation_by_fee_category():
    req = permit_requirements("pontal_summer_season_authorization", on=ON)
    assert req.permit.office["pt-BR"] == "Prefeitura Municipal de Pontal do Paraná (Poder Executivo)"
    assert req.permit.transferable is False
    cats = {c.category: c for c in req.fee_categories}
    assert {f.id: f.amount.value for f in cats["nautical_rental"].fees} == {
        "nautical_rental_year": Decimal("30.00"), "nautical_rental_quadrimester": Decimal("10.00")}
    assert {"sand_food", "crafts", "boat_tour"} <= set(cats)
    fields = _fields(req)
    assert set(fields["fee_category"].choices) == set(cats)
    assert fields["age"].question == "ask_age" and fields["age"].required is False
    assert [e.code for e in req.exemptions] == ["low_income_or_over_60"]
    assert [d.id for d in req.exemptions[0].proof] == ["declaracao_renda"]


def test_pontal_annual_occupation_is_per_square_metre():
    req = permit_requirements("pontal_annual_occupation", on=ON)
    fees = {f.id: f for f in req.fees}
    assert fees["occupation_tables_m2"].amount.value == Decimal("0.15")
    assert fees["occupation_deck_m2"].amount.value == Decimal("0.30")
    assert fees["occupation_deck_m2"].per == "m2_year_or_quadrimester"
    assert {"occupation_kind", "occupied_area_m2", "frontage_m", "boardwalk"} <= set(_fields(req))


def test_bertioga_licences_are_at_a_licensed_point():
    for kind in ("bertioga_nautical_rental_licence", "bertioga_surf_school_licence"):
        req = permit_requirements(kind, on=ON)
        assert req.permit.office["pt-BR"] == "Secretaria Municipal de Turismo e Cultura"
        assert "licensed_point" in _fields(req)
        assert req.fees[0].deferred_to is not None
    surf = permit_requirements("bertioga_surf_school_licence", on=ON)
    assert "cref_number" in _fields(surf) and "alvara_aula_surf" in [d.id for d in surf.documents]


def test_igarapava_food_truck_alvara_is_for_legal_persons():
    req = permit_requirements("igarapava_food_truck_alvara", on=ON)
    assert req.permit.holder == ["legal_person"]
    assert req.permit.validity.value == 2 and req.permit.validity.unit == "years"
    assert len(req.documents) == 10
    assert "food_truck_alvara_for_legal_persons_only" in {c.code for c in req.conditions}


def test_igarapava_event_stall_licence_10_working_days_before():
    req = permit_requirements("igarapava_event_stall_licence", on=ON)
    assert (req.permit.lead_time.value, req.permit.lead_time.unit) == (10, "working_days")
    assert req.permit.office["pt-BR"] == "Departamento Municipal de Engenharia"


def test_portugal_operator_licence_by_modality():
    req = permit_requirements("pt_maritime_tourist_operator_licence", on=ON)
    assert {f.id: (f.amount.value, f.amount.unit) for f in req.fees} == {
        "licence": (Decimal(205), "EUR"), "averbamento": (Decimal(60), "EUR")}
    assert "modality" in _fields(req)
    assert set(req.activities) >= {"boat_tour", "jet_ski", "banana_boat", "fishing_tour"}


def test_general_licences_to_sell_in_a_public_area():
    iga = permit_requirements("igarapava_public_area_trade_authorization", on=ON)
    assert iga.permit.office["pt-BR"] == "Departamento de Tributação e Arrecadação"
    lajes = permit_requirements("lajes_itinerant_licence", on=ON)
    assert "age" in _fields(lajes)
    assert [d.id for d in lajes.documents] == ["id_cpf", "photos", "goods_declaration", "cnd", "taxes_paid"]


def test_every_permit_kind_can_be_described():
    kinds = permit_kinds()
    assert len(kinds) == len(set(kinds)) >= 20
    for kind in kinds:
        req = permit_requirements(kind, on=ON)
        assert req.permit.citations and req.permit.office is not None
        for f in req.fields:
            assert f.question.startswith("ask_")
    assert permit_kinds("pt") == ["pt_maritime_tourist_operator_licence"]


def test_unknown_permit_kind():
    with pytest.raises(RulesError):
        permit_requirements("fishing_licence")
