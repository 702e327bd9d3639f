"""The activity catalogue and the jurisdiction areas."""

from __future__ import annotations

import pytest

from knowledge.rules import JURISDICTIONS, catalogue, municipality_at

SHARED_IDS = {  # notes/common.md
    "sup", "kayak", "surf_lessons", "surf_school", "kitesurf", "wakesurf", "jet_ski", "banana_boat",
    "boat_tour", "beach_food_vendor", "ice_cream", "green_coconut", "crafts", "itinerant_vendor",
    "itinerant_vendor_vehicle", "food_delivery_sand", "food_truck", "newsstand", "event_stall",
    "amusement_park", "sidewalk_tables", "signage", "business_licence",
}


def test_the_catalogue_has_every_shared_activity_id():
    assert SHARED_IDS <= {a.id for a in catalogue()}


def test_every_activity_has_names_and_synonyms_in_four_languages():
    for a in catalogue():
        for lang in ("pt-BR", "pt-PT", "en", "es"):
            assert a.names[lang], (a.id, lang)


def test_portuguese_and_brazilian_names_differ_where_usage_does():
    jet = next(a for a in catalogue() if a.id == "jet_ski")
    assert jet.names["pt-PT"][0] == "mota de água"
    assert "jet ski" in jet.names["pt-BR"]


def test_every_regulated_activity_names_its_jurisdictions():
    where = {a.id: set(a.jurisdictions) for a in catalogue()}
    assert where["sup"] == {"br-sp-bertioga", "br-pr-pontal-do-parana", "pt"}
    assert where["food_truck"] == {"br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes"}
    assert where["surf_lessons"] == {"br-sp-bertioga"}
    assert all(set(j) <= set(JURISDICTIONS) for j in where.values())


@pytest.mark.parametrize(("lat", "lon", "expected"), [
    (-23.8517, -46.1338, "br-sp-bertioga"),      # Enseada, Bertioga
    (-25.67, -48.47, "br-pr-pontal-do-parana"),  # Praia de Leste
    (-20.04, -47.75, "br-sp-igarapava"),
    (-5.70, -36.24, "br-rn-lajes"),
    (38.70, -9.14, "pt"),                        # Lisbon
    (32.65, -16.91, "pt"),                       # Funchal, Madeira
    (37.74, -25.67, "pt"),                       # Ponta Delgada, Azores
    (-23.55, -46.63, None),                      # São Paulo city
    (0.0, 0.0, None),
])
def test_municipality_at(lat, lon, expected):
    assert municipality_at(lat, lon) == expected
