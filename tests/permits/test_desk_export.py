"""The desk's "Exportar CSV" (/clerk/export.csv) names things as the desk page does (issue 14): the
permit and the activity by their names from the rules data, status, channel and header in the desk's
language, the licensed point by beach and number, the fee estimate as a line of names and amounts —
no internal id. The JSON API's CSV (/api/v1/clerk/preapplications.csv) keeps the stored ids for
programs (tests/permits/test_clerk.py)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest

from api.db import dispose_engines
from tests.permits.test_clerk_desk import PONTAL, _estimate
from tests.permits.test_clerk_page import login, submit

RENTAL = "bertioga_nautical_rental_licence"


@pytest.fixture(params=["sqlite"])
def database_url(request, tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield f"sqlite:///{tmp_path / 'permits.db'}"
    dispose_engines()


@pytest.fixture(autouse=True)
def fixed_permit_catalogue() -> Iterator[None]:
    """The real rules catalogue (conftest swaps in a test one): the export names real permits."""
    yield


def rows(client, **params) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    response = client.get("/clerk/export.csv", params=params)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.text)))


def test_a_bertioga_case_is_exported_with_names_in_portuguese(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client, permit_kind=RENTAL, exemption_claims=[])
    login(client, "ana")
    response = client.get("/clerk/export.csv")
    text = response.text
    for raw in (RENTAL, "br-sp-bertioga", '"submitted"', '"telegram"', "enseada-03", '"sup"', '"cpf"'):
        assert raw not in text, raw
    [row] = rows(client)
    assert row["Protocolo"] == protocol
    assert row["Município"] == "Bertioga (SP)"
    assert row["Situação"] == "Recebido" or row["Situação"].startswith("Receb")
    assert row["Licença"].lower().startswith("licença") and "_" not in row["Licença"]
    assert row["Atividade"] == "SUP" or "stand up" in row["Atividade"].lower()
    assert row["Canal"] == "Telegram"
    assert "Praia da Enseada, ponto 03" in row["Local"]
    assert row["Tipo de documento"] == "CPF"
    assert row["Requerente"] == "Maria Aparecida da Silva"
    assert row["Recebido em"].endswith("-03:00")  # Bertioga's own time, sortable


def test_a_pontal_case_shows_its_fee_estimate_as_names_and_amounts(client) -> None:  # type: ignore[no-untyped-def]
    submit(client, jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization",
           activity={"id": "beach_food_vendor", "category": "sand_food"}, exemption_claims=[],
           place={"description": "Praia de Leste"}, fee_estimate=_estimate("en"))
    login(client, "carla")
    [row] = rows(client, jurisdiction_id=PONTAL)
    assert "pontal_summer_season_authorization" not in row["Licença"]
    assert "UFM" in row["Estimativa de taxa"] and "fee_id" not in row["Estimativa de taxa"]
    assert "{" not in row["Estimativa de taxa"]  # never the stored JSON
    assert "Sand vendor" not in row["Estimativa de taxa"]  # the citizen chatted in English; the desk reads pt-BR


def test_a_portuguese_case_is_exported_in_pt_pt(client) -> None:  # type: ignore[no-untyped-def]
    submit(client, jurisdiction_id="pt", permit_kind="pt_maritime_tourist_operator_licence",
           activity={"id": "boat_tour"}, exemption_claims=[], fee_estimate=None,
           place={"description": "Marina do Funchal"}, contact={"phone": "+351 912 345 678"},
           applicant={"name": "Joana Costa", "document_type": "nif", "document_number": "501964843"})
    login(client, "carla")
    [row] = rows(client, jurisdiction_id="pt")
    assert row["Licença"].startswith("Licença de operador marítimo-turístico")
    assert row["Tipo de documento"] == "NIF" and row["Correio eletrónico"] == ""
