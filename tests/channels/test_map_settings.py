"""MAP_TILES_URL (api/map_tiles.py): OpenStreetMap's tiles by default, empty for none, a template
checked at start, and the pages' CSP opened to the tile server's origin only."""

import pytest
from pydantic import ValidationError

from api.map_tiles import OSM_TILES, MapSettings, get_map_settings, with_tile_images
from api.security.middleware import HTML_SECURITY_HEADERS

CSP = HTML_SECURITY_HEADERS["content-security-policy"]


def test_the_default_is_openstreetmaps_tiles_with_their_credit(monkeypatch):
    monkeypatch.delenv("MAP_TILES_URL", raising=False)
    settings = MapSettings()
    assert settings.tiles_url == OSM_TILES and settings.enabled
    assert settings.tiles_origin == "https://tile.openstreetmap.org"
    assert "OpenStreetMap" in settings.widget_config()["tiles"]["attribution"]


def test_empty_switches_the_tiles_off_and_the_csp_stays_as_it_was(monkeypatch):
    monkeypatch.setenv("MAP_TILES_URL", "")
    get_map_settings.cache_clear()
    try:
        assert get_map_settings().widget_config()["tiles"] is None
        assert with_tile_images(CSP) == CSP
    finally:
        get_map_settings.cache_clear()


def test_a_subdomain_template_becomes_a_wildcard_source_for_images_only(monkeypatch):
    monkeypatch.setenv("MAP_TILES_URL", "https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png")
    get_map_settings.cache_clear()
    try:
        csp = with_tile_images(CSP)
    finally:
        get_map_settings.cache_clear()
    assert "img-src 'self' data: https://*.tiles.example.org;" in csp
    assert csp.count("tiles.example.org") == 1  # scripts, styles and connections stay 'self'


@pytest.mark.parametrize("url", ["ftp://tiles.example.org/{z}/{x}/{y}.png", "https://tiles.example.org/tile.png",
                                 "/tiles/{z}/{x}/{y}.png"])
def test_a_url_that_is_no_tile_template_is_refused(url):
    with pytest.raises(ValidationError):
        MapSettings(tiles_url=url)
