"""Where the widget's map of licensed points gets its background tiles (issue 14: "a map with
geography where a network is reachable").

    MAP_TILES_URL           a Leaflet tile URL template ({z}/{x}/{y}, optional {s} and {r});
                            default OpenStreetMap's; empty: no tiles, the widget draws its offline map
    MAP_TILES_ATTRIBUTION   the tile provider's credit, shown on the map (HTML as Leaflet takes it;
                            set by the operator, never by a citizen)
    MAP_TILES_MAX_ZOOM      the deepest zoom the provider serves (19 for OpenStreetMap)

The widget always draws the points itself first (offline, no tiles); Leaflet (vendored, served by this
API: api/static/vendor/leaflet) replaces the drawing only once a tile has loaded. Our pages' CSP lets
images come from the tile server's origin and nowhere else (api/security/middleware.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["MapSettings", "get_map_settings", "with_tile_images"]

OSM_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'


class MapSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MAP_", extra="ignore")

    tiles_url: str = OSM_TILES
    tiles_attribution: str = OSM_ATTRIBUTION
    tiles_max_zoom: int = 19

    @field_validator("tiles_url")
    @classmethod
    def _a_tile_template(cls, value: str) -> str:
        value = value.strip()
        if not value:
            return ""
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc or not all(f"{{{k}}}" in value for k in "zxy"):
            raise ValueError("MAP_TILES_URL must be an http(s) URL template with {z}, {x} and {y}, or empty")
        return value

    @property
    def enabled(self) -> bool:
        return bool(self.tiles_url)

    @property
    def tiles_origin(self) -> str | None:
        """The tile server as a CSP source: "https://tile.openstreetmap.org", "https://*.tile.example.org"
        for a {s} subdomain template."""
        if not self.tiles_url:
            return None
        parts = urlsplit(self.tiles_url)
        host = re.sub(r"\{[a-z]+\}", "*", parts.netloc)
        return f"{parts.scheme}://{host}"

    def widget_config(self) -> dict[str, object]:
        """What the widget needs to draw a map with tiles (GET /widget/map.json)."""
        return {
            "tiles": {"url": self.tiles_url, "attribution": self.tiles_attribution, "max_zoom": self.tiles_max_zoom}
            if self.enabled else None,
            "leaflet": {"js": "/vendor/leaflet/leaflet.js", "css": "/vendor/leaflet/leaflet.css"},
        }


@lru_cache(maxsize=1)
def get_map_settings() -> MapSettings:
    return MapSettings()


def with_tile_images(csp: str) -> str:
    """A page's CSP that also lets the map's tiles load (images from the tile server, nothing else)."""
    origin = get_map_settings().tiles_origin
    return csp.replace("img-src 'self' data:", f"img-src 'self' data: {origin}", 1) if origin else csp
