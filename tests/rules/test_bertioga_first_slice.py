"""Bertioga, Decreto 4.510/2024: the first answers the chat gives (SUP at the licensed points)."""

from datetime import date

from knowledge.rules import Outcome, evaluate, nearest_points

from .conftest import seed_text, squash

ON = date(2025, 1, 10)
BERTIOGA = squash(seed_text("000_ed8a310b9ec690b5.txt"))


def test_sup_needs_a_licence_and_says_who_may_hold_it():
    d = evaluate("sup", "br-sp-bertioga", on=ON)
    assert d.outcome is Outcome.NEEDS_PERMIT
    based = next(c for c in d.conditions if c.code == "not_based_in_municipality")
    assert based.citations[0].unit_id == "br-sp-bertioga/decreto-4510-2024/art-4"
    assert "com sede no Município de Bertioga" in BERTIOGA


def test_a_business_based_elsewhere_may_not_rent_sup_in_bertioga():
    d = evaluate("sup", "br-sp-bertioga", on=ON, applicant={"based_in_municipality": False})
    assert d.outcome is Outcome.NOT_ALLOWED and d.reasons == ["not_based_in_municipality"]


def test_a_licence_holder_must_say_where_before_hearing_allowed():
    d = evaluate("sup", "br-sp-bertioga", on=ON, applicant={"based_in_municipality": True, "holds_permit": True})
    assert d.outcome is Outcome.UNKNOWN
    assert [m.question for m in d.missing_facts] == ["ask_location"]


def test_sup_for_a_local_business_needs_the_tourism_department_licence():
    d = evaluate("sup", "br-sp-bertioga", on=ON, applicant={"based_in_municipality": True})
    assert d.outcome is Outcome.NEEDS_PERMIT
    assert d.permit is not None and d.permit.kind == "bertioga_nautical_rental_licence"
    assert d.issuing_office["pt-BR"] == "Secretaria Municipal de Turismo e Cultura"
    assert "As licenças serão emitidas pela Secretaria Municipal de Turismo e Cultura" in BERTIOGA
    assert [p.id for p in d.places] == ["enseada", "riviera", "guaratuba", "boraceia"]
    assert sum(len(p.points) for p in d.places) == 11 + 8 + 1 + 2
    assert [doc.citations[0].label for doc in d.documents] == [f"art. 8, {r}" for r in ("I", "II", "III", "IV", "V")]
    fee = d.fees[0]
    assert fee.amount is None and "Código Tributário" in fee.deferred_to["pt-BR"]
    assert "pagamento das taxas previstas no Código Tributário do Município de Bertioga" in BERTIOGA


def test_sup_with_licence_inside_a_point_is_allowed_and_outside_is_not():
    pt = nearest_points(-23.8517, -46.1338, limit=1)[0].point
    assert pt.id == "enseada-01"
    local = {"based_in_municipality": True, "holds_permit": True}
    inside = evaluate("sup", "br-sp-bertioga", on=ON, at=(pt.lat, pt.lon), applicant=local)
    assert inside.outcome is Outcome.ALLOWED
    away = evaluate("sup", "br-sp-bertioga", on=ON, at=(pt.lat + 0.001, pt.lon), applicant=local)  # ~110 m
    assert away.outcome is Outcome.NOT_ALLOWED and "outside_licensed_point" in away.reasons


def test_food_trucks_are_not_covered_in_bertioga():
    d = evaluate("food_truck", "br-sp-bertioga", on=ON)
    assert d.outcome is Outcome.NOT_COVERED
    assert d.citations and d.citations[0].unit_id == "br-sp-bertioga/decreto-4510-2024/art-1"


def test_the_package_docstring_example_runs():
    import doctest

    import knowledge.rules

    assert doctest.testmod(knowledge.rules).failed == 0
