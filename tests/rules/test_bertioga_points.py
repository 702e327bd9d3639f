"""Bertioga's licensed points (Decreto 4.510/2024, arts. 14–17): printed SIRGAS 2000 / UTM 23S
figures, converted to WGS84, checked against an independent inverse Transverse Mercator (Snyder,
"Map Projections — A Working Manual", USGS PP 1395, eqs. 8-17 to 8-25) and against the shoreline."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pytest

from knowledge.rules import nearest_points
from knowledge.rules.registry import registry

from .conftest import seed_text, squash

NORM = "br-sp-bertioga/decreto-4510-2024"
# GRS 80 (SIRGAS 2000); WGS 84 differs from it by less than a millimetre here.
A = 6378137.0
F = 1 / 298.257222101
K0 = 0.9996
LON0 = -45.0  # central meridian of UTM zone 23
FALSE_E, FALSE_N = 500000.0, 10000000.0  # southern hemisphere


def utm_south_to_latlon(easting: float, northing: float) -> tuple[float, float]:
    e2 = F * (2 - F)
    ep2 = e2 / (1 - e2)
    x, y = easting - FALSE_E, northing - FALSE_N
    m = y / K0
    mu = m / (A * (1 - e2 / 4 - 3 * e2**2 / 64 - 5 * e2**3 / 256))
    e1 = (1 - math.sqrt(1 - e2)) / (1 + math.sqrt(1 - e2))
    phi1 = (
        mu
        + (3 * e1 / 2 - 27 * e1**3 / 32) * math.sin(2 * mu)
        + (21 * e1**2 / 16 - 55 * e1**4 / 32) * math.sin(4 * mu)
        + (151 * e1**3 / 96) * math.sin(6 * mu)
        + (1097 * e1**4 / 512) * math.sin(8 * mu)
    )
    c1 = ep2 * math.cos(phi1) ** 2
    t1 = math.tan(phi1) ** 2
    n1 = A / math.sqrt(1 - e2 * math.sin(phi1) ** 2)
    r1 = A * (1 - e2) / (1 - e2 * math.sin(phi1) ** 2) ** 1.5
    d = x / (n1 * K0)
    lat = phi1 - (n1 * math.tan(phi1) / r1) * (
        d**2 / 2
        - (5 + 3 * t1 + 10 * c1 - 4 * c1**2 - 9 * ep2) * d**4 / 24
        + (61 + 90 * t1 + 298 * c1 + 45 * t1**2 - 252 * ep2 - 3 * c1**2) * d**6 / 720
    )
    lon = (
        d
        - (1 + 2 * t1 + c1) * d**3 / 6
        + (5 - 2 * c1 + 28 * t1 - 3 * c1**2 + 8 * ep2 + 24 * t1**2) * d**5 / 120
    ) / math.cos(phi1)
    return math.degrees(lat), LON0 + math.degrees(lon)


def _points():
    return [p.point for p in nearest_points(-23.8, -46.0, limit=100, jurisdiction="br-sp-bertioga")]


def test_the_decree_has_22_points_and_riviera_skips_06():
    ids = sorted(p.id for p in _points())
    assert len(ids) == 11 + 8 + 1 + 2
    riviera = sorted(p.number for p in _points() if p.area == "riviera")
    assert riviera == [1, 2, 3, 4, 5, 7, 8, 9]


@pytest.mark.parametrize("point", _points(), ids=lambda p: p.id)
def test_wgs84_matches_an_independent_transverse_mercator(point):
    lat, lon = utm_south_to_latlon(float(point.utm_easting), float(point.utm_northing))
    # 1e-7 degrees is about 1 cm: far below the 20 m radius, above any datum difference.
    assert point.lat == pytest.approx(lat, abs=1e-7)
    assert point.lon == pytest.approx(lon, abs=1e-7)


@pytest.mark.parametrize("point", _points(), ids=lambda p: p.id)
def test_every_point_lies_on_bertiogas_shoreline(point):
    assert -23.87 <= point.lat <= -23.74
    assert -46.16 <= point.lon <= -45.84


def test_printed_labels_are_swapped_and_the_six_digit_figure_is_the_easting():
    text = squash(seed_text("000_ed8a310b9ec690b5.txt"))
    assert "NORTE 384542.2369, ESTE 7361726.0856" in text
    first = next(p for p in _points() if p.id == "enseada-01")
    assert first.utm_easting == Decimal("384542.2369")
    assert first.utm_northing == Decimal("7361726.0856")
    # Read the other way round the point would be thousands of km away, in the Atlantic off Africa.
    lat, _ = utm_south_to_latlon(7361726.0856, 384542.2369)
    assert not -24 < lat < -23


def test_decimal_commas_in_riviera_are_read_as_decimals():
    text = squash(seed_text("000_ed8a310b9ec690b5.txt"))
    assert "NORTE 395420,424, ESTE 7366893,002" in text
    p3 = next(p for p in _points() if p.id == "riviera-03")
    assert (p3.utm_easting, p3.utm_northing) == (Decimal("395420.424"), Decimal("7366893.002"))


def test_every_printed_coordinate_is_in_the_data():
    """Each NORTE/ESTE pair of arts. 14–17 is a point of the data, and nothing else is."""
    text = squash(seed_text("000_ed8a310b9ec690b5.txt"))
    printed = re.findall(r"NORTE ([\d.,]+), ESTE ([\d.,]+?)[);]", text)
    as_data = {
        (str(p.printed_norte), str(p.printed_este))
        for area in registry().norms[NORM].areas.values()
        for p in area.points
    }
    assert set(printed) == as_data
    assert len(printed) == 22


def test_points_are_20_m_radius_as_the_decree_says():
    text = squash(seed_text("000_ed8a310b9ec690b5.txt"))
    assert text.count("com o raio total de 20m (vinte metros) de cada coordenada extraída") == 4
    assert {p.radius_m for p in _points()} == {Decimal(20)}


def test_nearest_points_are_sorted_with_distances():
    near = nearest_points(-23.8517, -46.1338, limit=3)
    assert [p.point.id for p in near] == ["enseada-01", "enseada-02", "enseada-03"]
    assert near[0].inside and not near[1].inside
    assert near[0].distance_m < near[1].distance_m < near[2].distance_m
