"""Places the rules depend on: licensed points (converted to WGS84), areas, and which jurisdiction a
location falls in.

Bertioga's decree prints its points in SIRGAS 2000 / UTM zone 23S (EPSG:31983) with the labels
swapped: the 6-digit figure under "NORTE" is the easting and the 7-digit one under "ESTE" is the
northing. We convert with pyproj (SIRGAS 2000 and WGS84 agree to a few centimetres, far below the
20 m radius of a point) and measure distances on the WGS84 ellipsoid.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict
from pyproj import Geod, Transformer

from knowledge.strict_yaml import load_yaml
from knowledge.rules.schema import AreaData, parse_decimal

__all__ = [
    "Location",
    "PointRecord",
    "distance_m",
    "municipality_at",
    "utm_to_wgs84",
]

DATA = Path(__file__).parent / "data" / "places"
_GEOD = Geod(ellps="WGS84")


class Location(BaseModel):
    model_config = ConfigDict(frozen=True)
    lat: float
    lon: float


@dataclass(frozen=True)
class PointRecord:
    """A licensed point as the decree prints it and as WGS84."""

    id: str
    area: str
    number: int
    easting: Decimal
    northing: Decimal
    lat: float
    lon: float
    radius_m: Decimal


@lru_cache(maxsize=8)
def _transformer(crs: str) -> Transformer:
    return Transformer.from_crs(crs, "EPSG:4326", always_xy=True)


def utm_to_wgs84(easting: float, northing: float, crs: str = "EPSG:31983") -> tuple[float, float]:
    """(lat, lon) in WGS84 for a projected coordinate."""
    lon, lat = _transformer(crs).transform(easting, northing)
    return lat, lon


def area_points(area_id: str, area: AreaData) -> list[PointRecord]:
    if not area.points:
        return []
    if area.crs is None:
        raise ValueError(f"area {area_id} has points but no crs")
    out = []
    for p in area.points:
        first, second = parse_decimal(p.printed_norte), parse_decimal(p.printed_este)
        easting, northing = (first, second) if area.labels_swapped else (second, first)
        lat, lon = utm_to_wgs84(float(easting), float(northing), area.crs)
        out.append(
            PointRecord(
                id=f"{area_id}-{p.number:02d}",
                area=area_id,
                number=p.number,
                easting=easting,
                northing=northing,
                lat=lat,
                lon=lon,
                radius_m=area.radius_m or Decimal(0),
            )
        )
    return out


def distance_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Geodesic distance on the WGS84 ellipsoid, in metres."""
    _, _, dist = _GEOD.inv(lon1, lat1, lon2, lat2)
    return float(dist)


class _Box(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    south: float
    north: float
    west: float
    east: float

    def contains(self, lat: float, lon: float) -> bool:
        return self.south <= lat <= self.north and self.west <= lon <= self.east


class _MunicipalArea(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    jurisdiction: str
    source: str
    boxes: list[_Box]


class _MunicipalAreas(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    checked_on: object
    areas: list[_MunicipalArea]


@lru_cache(maxsize=1)
def _municipal_areas() -> _MunicipalAreas:
    return _MunicipalAreas.model_validate(load_yaml(DATA / "municipalities.yml"))


def municipality_at(lat: float, lon: float) -> str | None:
    """The jurisdiction id whose (approximate, documented) area holds the location, or None."""
    for area in _municipal_areas().areas:
        if any(b.contains(lat, lon) for b in area.boxes):
            return area.jurisdiction
    return None
