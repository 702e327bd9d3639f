"""The rules endpoints, through the real app (api.main.create_app) and fastapi's TestClient."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.main import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_evaluate_returns_the_decision(client):
    r = client.post("/api/v1/rules/evaluate", json={
        "activity": "beach_food_vendor", "jurisdiction": "br-pr-pontal-do-parana", "on": "2024-12-01",
        "applicant": {"licence_period": "summer_season", "age": 61},
    })
    assert r.status_code == 200
    body = r.json()
    assert body["outcome"] == "needs_permit"
    assert body["season"]["in_season"] is True
    assert body["exemptions"][0]["applies"] is True
    assert any(c["unit_id"] == "br-pr-pontal-do-parana/lei-1902-2018/art-9/par-3" for c in body["exemptions"][0]["citations"])


def test_evaluate_with_a_location(client):
    r = client.post("/api/v1/rules/evaluate", json={
        "activity": "sup", "jurisdiction": "br-sp-bertioga", "on": "2025-01-10",
        "at": {"lat": -23.8517371, "lon": -46.1338089},
        "applicant": {"based_in_municipality": True, "holds_permit": True},
    })
    assert r.status_code == 200
    assert r.json()["outcome"] == "allowed"
    assert r.json()["nearest"][0]["point"]["id"] == "enseada-01"


def test_evaluate_rejects_unknown_ids_and_fields(client):
    assert client.post("/api/v1/rules/evaluate", json={"activity": "skydiving", "jurisdiction": "pt"}).status_code == 422
    assert client.post("/api/v1/rules/evaluate", json={"activity": "sup", "jurisdiction": "br-xx"}).status_code == 422
    assert client.post("/api/v1/rules/evaluate", json={"activity": "sup", "jurisdiction": "pt", "when": "x"}).status_code == 422


def test_activities_list_names_in_four_languages(client):
    body = client.get("/api/v1/activities").json()
    sup = next(a for a in body if a["id"] == "sup")
    assert set(sup["names"]) == {"pt-BR", "pt-PT", "en", "es"}
    assert set(sup["jurisdictions"]) == {"br-sp-bertioga", "br-pr-pontal-do-parana", "pt"}


def test_fees_for_an_activity(client):
    body = client.get("/api/v1/fees", params={"jurisdiction": "br-pr-pontal-do-parana", "activity": "sup", "on": "2023-01-01"}).json()
    assert {f["id"] for f in body["fees"]} >= {"nautical_rental_year", "nautical_rental_quadrimester"}
    assert all(f["amount"] is None or f["amount"]["unit"] for f in body["fees"])
    assert client.get("/api/v1/fees", params={"jurisdiction": "nowhere"}).status_code == 422


def test_places_are_geojson(client):
    body = client.get("/api/v1/places", params={"jurisdiction": "br-sp-bertioga", "activity": "sup"}).json()
    assert body["type"] == "FeatureCollection"
    assert len(body["features"]) == 22
    f = body["features"][0]
    assert f["type"] == "Feature" and f["geometry"]["type"] == "Point"
    lon, lat = f["geometry"]["coordinates"]  # GeoJSON order: longitude first
    assert -46.16 <= lon <= -45.84 and -23.87 <= lat <= -23.74
    boardwalks = client.get("/api/v1/places", params={"jurisdiction": "br-pr-pontal-do-parana"}).json()["features"]
    assert {x["id"] for x in boardwalks} == {"calcadao_praia_de_leste", "calcadao_santa_terezinha", "calcadao_ipanema"}
    assert all(x["geometry"] is None for x in boardwalks)


def test_permit_requirements(client):
    r = client.get("/api/v1/rules/permits/igarapava_event_stall_licence")
    assert r.status_code == 200
    assert r.json()["permit"]["lead_time"]["value"] == 10
    assert client.get("/api/v1/rules/permits/no_such_permit").status_code == 404
