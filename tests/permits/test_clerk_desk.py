"""What the clerk desk shows, without a browser: names for ids, Babel amounts and dates, local times,
the fee table rebuilt in the desk's language, one language per page, local days in the date filter."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import update

from actions.permits.application import Application
from api.clerk_desk import Desk
from api.db import dispose_engines
from api.permits.models import Preapplication
from tests.permits.conftest import auth, preapplication
from tests.permits.test_clerk_page import form_token_of, login, submit

PONTAL = "br-pr-pontal-do-parana"
RENTAL = "bertioga_nautical_rental_licence"  # the conftest's case is Bertioga's: a real permit of its rules


@pytest.fixture(params=["sqlite"])  # formatting adds no database behaviour of its own
def database_url(request, tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield f"sqlite:///{tmp_path / 'permits.db'}"
    dispose_engines()


@pytest.fixture(autouse=True)
def fixed_permit_catalogue() -> Iterator[None]:
    """The real rules catalogue (conftest swaps in a test one): the desk names real permits."""
    yield


def _estimate(language: str, **answers) -> dict:  # type: ignore[no-untyped-def]
    app = Application(language=language, started_on=date(2026, 11, 20), jurisdiction=PONTAL,
                      activity="beach_food_vendor", permit_kind="pontal_summer_season_authorization",
                      answers={"fee_category": "sand_food", "person_type": "natural_person", **answers})
    return app.fee_estimate(language)


# ------------------------------------------------------------------ formats

def test_amounts_keep_the_laws_unit_and_precision_in_each_locale():
    br, pt, en = Desk.for_jurisdiction(PONTAL), Desk.for_jurisdiction("pt"), Desk("en", Desk.for_jurisdiction("pt").zone)
    assert br.amount("30.00", "UFM") == "30,00\xa0UFM"
    assert br.amount("2500", "UFIB") == "2.500\xa0UFIB"
    assert br.amount("60.00", "BRL") == "R$\xa060,00"
    assert pt.amount("60.00", "EUR") == "60,00\xa0€"
    assert pt.amount("205", "EUR") == "205\xa0€"  # whole euros, as the RAMT writes them
    assert en.amount("3.00", "UFM") == "3.00\xa0UFM"
    assert br.amount(None, "UFM") is None


def test_days_in_the_locales_format_and_times_in_the_jurisdictions_zone():
    pontal, lisbon = Desk.for_jurisdiction(PONTAL), Desk.for_jurisdiction("pt")
    assert pontal.day(date(2026, 12, 4)) == "04/12/2026"
    assert lisbon.day("2026-12-04") == "04/12/2026"
    assert Desk("en", lisbon.zone).day(date(2026, 12, 4)) == "4 Dec 2026"
    moment = datetime(2026, 12, 5, 1, 30, tzinfo=UTC)
    assert pontal.time(moment) == "04/12/2026 22:30"  # UTC−3, the day before
    assert lisbon.time(moment) == "05/12/2026 01:30"
    assert Desk.for_jurisdiction("br-rn-lajes").iso_time(moment) == "2026-12-04T22:30-03:00"
    assert pontal.zone_name == "Horário Brasil (São Paulo)"


def test_ids_are_named_from_the_rules_data():
    desk = Desk.for_jurisdiction(PONTAL)
    assert desk.permit_name("pontal_summer_season_authorization") == \
        "Autorização de temporada de verão (comércio ambulante ou eventual)"
    assert Desk.for_jurisdiction("pt").permit_name("pontal_summer_season_authorization") == \
        "Autorização de época de verão (comércio ambulante ou ocasional)"
    assert desk.activity_name("beach_food_vendor") == "Ambulante na praia"
    assert desk.jurisdiction_name("pt") == "Portugal"
    assert desk.point_name("br-sp-bertioga", "enseada-03").startswith("Praia da Enseada, ponto 03 — ")
    assert desk.exemption_name("pontal_summer_season_authorization", "low_income_or_over_60").startswith("Isenção")
    assert desk.status("needs_info") == "Pendente de informação"
    assert Desk.for_jurisdiction("pt").status("needs_info") == "A aguardar informação"
    assert desk.actor("clerk:ana") == "Servidor ana" and desk.channel("web") == "Site"


def test_the_audit_trails_english_details_are_said_in_the_desks_words():
    desk = Desk.for_jurisdiction(PONTAL)
    assert desk.audit_detail("submitted", "channel telegram; consent text lgpd-2026-12-v1-pt-BR") == \
        "Canal Telegram; consentimento versão lgpd-2026-12-v1-pt-BR"
    assert desk.audit_detail("note_added", "note #7") == "Nota nº 7"
    assert desk.audit_detail("conversation_erased", "Rasa tracker store: 4 event(s) deleted") == \
        "4 evento(s) apagado(s) do histórico do assistente"
    assert desk.audit_detail("status_changed", "Falta a planta") == "Falta a planta"  # the clerk's own words


def test_the_fee_table_is_rebuilt_in_the_desks_language_from_the_fee_ids():
    table = Desk.for_jurisdiction(PONTAL).fee_table(_estimate("en"), "pontal_summer_season_authorization")
    assert table is not None and table.readable and not table.has_totals
    assert [(r.name, r.amount, r.per) for r in table.rows] == [
        ("Ambulante na faixa de areia — produtos alimentícios, sem veículo ou com veículo sem tração motora (ano)",
         "2,00\xa0UFM", "por ano"),
        ("Ambulante na faixa de areia — produtos alimentícios (fração quadrimestral)", "1,00\xa0UFM", "por quadrimestre"),
    ]
    (citation,) = table.rows[0].citations
    assert citation["label"].startswith("Anexo VI, 11.20.00")
    assert citation["href"] == "/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi/item-11.20.00-10"
    assert table.computed_on == "20/11/2026"
    assert any("UFM" in note for note in table.notes) and not any("The value" in note for note in table.notes)


def test_an_exemption_shows_on_each_row_and_an_old_estimate_is_not_dumped():
    exempt = _estimate("pt-BR", exemption="age", age=65)
    desk = Desk.for_jurisdiction(PONTAL)
    table = desk.fee_table(exempt, "pontal_summer_season_authorization")
    assert exempt["exemptions"]  # over 60 (art. 9 § 3): the chat grants it on the claim
    assert {r.discount for r in table.rows} == {"isento"}
    assert table.exemptions[0]["text"].startswith("Isenção")
    assert [c["label"] for c in table.exemptions[0]["citations"]] == ["art. 9, § 3", "art. 9, § 4", "art. 9, § 5"]
    old = desk.fee_table({"amount": {"value": "10", "unit": "UFIB"}, "per": "season"}, "nautical_sport_point")
    assert old is not None and not old.readable
    assert desk.fee_table(None, "x") is None


# ------------------------------------------------------------------ pages

def test_the_detail_page_reads_in_the_jurisdictions_language_without_raw_json(client) -> None:  # type: ignore[no-untyped-def]
    pontal = submit(client, jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization",
                    activity={"id": "beach_food_vendor", "category": "sand_food"}, exemption_claims=[],
                    place={"description": "Praia de Leste"}, fee_estimate=_estimate("en"))
    portugal = submit(client, jurisdiction_id="pt", permit_kind="pt_maritime_tourist_operator_licence",
                      activity={"id": "boat_tour"}, exemption_claims=[], fee_estimate=None,
                      place={"description": "Marina do Funchal"}, contact={"phone": "+351 912 345 678"},
                      applicant={"name": "Joana Costa", "document_type": "nif", "document_number": "501964843"})
    login(client, "carla")
    page = client.get(f"/clerk/cases/{pontal}").text
    assert '<html lang="pt-BR">' in page
    assert "\\u00" not in page and "fee_id" not in page and "pontal_summer_season_authorization" not in page
    assert "Estimativa de taxa" in page and "<table class=\"fees\"" in page and "2,00\xa0UFM" in page
    assert "Sand vendor" not in page and "UTC" not in page
    page = client.get(f"/clerk/cases/{portugal}").text
    assert '<html lang="pt-PT">' in page and "Contacto" in page and "Hora de Portugal (Lisboa)" in page
    assert "Licença de operador marítimo-turístico" in page and "passeio de barco" in page.lower()


def test_the_list_sorts_and_keeps_its_filters_in_links(client) -> None:  # type: ignore[no-untyped-def]
    for start in ("2027-01-10", "2026-12-20", "2027-02-01"):
        submit(client, permit_kind=RENTAL, period={"start": start, "end": "2027-03-15"})
    login(client)
    page = client.get("/clerk", params={"sort": "period_start", "status": "submitted"}).text
    assert [d for d in re.findall(r"(\d\d/\d\d/\d{4}) a 15/03/2027", page)] == ["20/12/2026", "10/01/2027", "01/02/2027"]
    assert 'aria-sort="ascending"' in page
    # The header flips the order and keeps the status filter.
    assert 'href="/clerk?status=submitted&amp;sort=-period_start"' in page
    page = client.get("/clerk", params={"sort": "-period_start"}).text
    assert re.findall(r"(\d\d/\d\d/\d{4}) a 15/03/2027", page)[0] == "01/02/2027"
    assert client.get("/clerk", params={"sort": "applicant_name"}).status_code == 422
    # An HTML form's empty options mean no filter.
    assert client.get("/clerk", params={"status": "", "permit_kind": "", "submitted_from": ""}).status_code == 200


def test_the_date_filter_counts_the_municipalitys_own_days(client, settings) -> None:  # type: ignore[no-untyped-def]
    late_evening = submit(client, permit_kind=RENTAL)  # Bertioga: 23:30 on 4 December is 02:30 UTC on the 5th
    from api.db import get_engine

    with get_engine(settings.database_url).begin() as connection:
        connection.execute(update(Preapplication).where(Preapplication.protocol == late_evening)
                           .values(submitted_at=datetime(2026, 12, 5, 2, 30, tzinfo=UTC)))

    def count(**params) -> int:  # type: ignore[no-untyped-def]
        return client.get("/api/v1/clerk/preapplications", params=params, headers=auth("ana")).json()["count"]

    assert count(submitted_from="2026-12-04", submitted_to="2026-12-04") == 1
    assert count(submitted_from="2026-12-05", submitted_to="2026-12-05") == 0


def test_erasing_from_the_page_needs_the_confirmation(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client, permit_kind=RENTAL)
    login(client)
    token = form_token_of(client.get(f"/clerk/cases/{protocol}").text)
    refused = client.post(f"/clerk/cases/{protocol}/erase", data={"csrf_token": token})
    assert refused.status_code == 422 and "Marque a confirmação" in refused.text
    assert client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()["applicant_name"]
    done = client.post(f"/clerk/cases/{protocol}/erase", data={"csrf_token": token, "confirm": "yes"},
                       follow_redirects=False)
    assert done.status_code == 303
    assert client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()["applicant_name"] is None
    assert "Dados pessoais apagados" in client.get(f"/clerk/cases/{protocol}").text


def test_another_municipalitys_case_is_not_found_in_the_desks_words(client) -> None:  # type: ignore[no-untyped-def]
    theirs = submit(client, jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization",
                    activity={"id": "beach_food_vendor"}, exemption_claims=[], place={"description": "Praia de Leste"})
    login(client)  # ana works for Bertioga only
    for protocol in (theirs, "BER-2026-999999", "nonsense"):
        page = client.get(f"/clerk/cases/{protocol}")
        assert page.status_code == 404 and "Pré-requerimento não encontrado" in page.text
        assert "detail" not in page.text and "Praia de Leste" not in page.text
