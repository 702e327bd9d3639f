"""The widget's map with geography (issue 14), in real headless Chromium against the API and a fake Rasa.

Where tiles are configured (MAP_TILES_URL) the widget loads Leaflet from this API (vendored, no CDN)
and draws the answer's GeoJSON over the tiles; tiles that fail to load, or none configured, leave its
own offline drawing with every point. The tiles here come from a fake tile server on 127.0.0.1: no
test ever asks the internet for a tile (tests/conftest.py switches tiles off for every other test).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from api.map_tiles import get_map_settings
from api.settings import Settings, get_settings
from tests.channels.test_widget_browser import BERTIOGA_ENSEADA, browser, open_widget  # noqa: F401 (fixture)
from tests.support.axe import serious_violations
from tests.support.channel_fakes import FakeRasa, _LoopbackServer, serve_app

pytestmark = pytest.mark.browser

# A 1×1 PNG: Leaflet stretches it over its 256 px tile, enough to count as a loaded tile.
PIXEL = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==")
TILE = re.compile(r"^/tiles/(\d+)/(\d+)/(\d+)\.png$")


class FakeTileServer(_LoopbackServer):
    """A slippy-map tile server: GET /tiles/{z}/{x}/{y}.png."""

    def handle(self, method, path, headers, body):  # type: ignore[no-untyped-def]
        if method == "GET" and TILE.match(path):
            return 200, PIXEL, "image/png"
        return 404, {"error": "not found"}, "application/json"

    @property
    def tile_paths(self) -> list[str]:
        with self._lock:
            return [path for _, path, _, _ in self.requests if TILE.match(path)]


@pytest.fixture(scope="module")
def tiles() -> Iterator[FakeTileServer]:
    with FakeTileServer() as server:
        yield server


@pytest.fixture(scope="module")
def base_url(tiles, tmp_path_factory) -> Iterator[str]:
    from api.main import create_app

    with pytest.MonkeyPatch.context() as env, FakeRasa() as rasa:
        env.setenv("MAP_TILES_URL", tiles.url + "/tiles/{z}/{x}/{y}.png")
        env.setenv("MAP_TILES_ATTRIBUTION", "Fake tiles for tests")
        get_map_settings.cache_clear()
        app = create_app()
        core = Settings(rasa_host="127.0.0.1", rasa_port=rasa.port, var_dir=tmp_path_factory.mktemp("var"))
        app.dependency_overrides[get_settings] = lambda: core
        with serve_app(app) as url:
            yield url
    get_map_settings.cache_clear()


@pytest.fixture
def page(browser, base_url) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(geolocation=BERTIOGA_ENSEADA, permissions=["geolocation"],
                                  locale="pt-BR", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    yield page
    context.close()


def share_location(page: Page, base_url: str) -> None:
    open_widget(page, base_url)
    page.get_by_role("button", name="📍 Enviar minha localização").click()
    expect(page.locator(".bsa-places")).to_be_visible()


def test_with_tiles_leaflet_draws_the_points_over_tiles_from_the_configured_server(page, base_url, tiles):
    asked_elsewhere: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:")) else asked_elsewhere.append(r.url))
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    before = len(tiles.tile_paths)
    share_location(page, base_url)

    leaflet = page.locator(".bsa-places .bsa-lmap")
    expect(leaflet).to_have_class(re.compile("bsa-lmap--ready"), timeout=15000)
    expect(leaflet).to_be_visible()
    # Tiles came from the fake server, at a zoom that frames the three points (8 km apart) in Bertioga.
    requested = tiles.tile_paths[before:]
    assert requested, "no tile was requested from MAP_TILES_URL"
    assert all(int(TILE.match(p).group(1)) >= 10 for p in requested)
    expect(leaflet.locator("img.leaflet-tile").first).to_be_attached()
    # The answer's GeoJSON on top: one numbered marker per point, nearest first, and the citizen.
    expect(leaflet.locator(".bsa-lmap-marker")).to_have_count(3)
    expect(leaflet.locator('.bsa-lmap-marker[title^="1. Ponto 2 — Enseada"]')).to_have_text("1")
    expect(leaflet.locator('.bsa-lmap-marker[title^="3. Ponto 1 — Riviera"]')).to_have_text("3")
    expect(leaflet.locator("path.bsa-lmap-you")).to_have_count(1)
    expect(leaflet.locator(".leaflet-control-attribution")).to_contain_text("Fake tiles for tests")
    # The offline drawing is kept underneath, hidden from sight and from screen readers.
    drawing = page.locator(".bsa-places svg.bsa-map")
    expect(drawing).to_have_attribute("aria-hidden", "true")
    expect(drawing).to_be_hidden()
    # Leaflet from this API, never a CDN; nothing but 127.0.0.1 was asked for anything.
    assert page.evaluate("[...document.scripts].some(s => s.src.endsWith('/vendor/leaflet/leaflet.js'))")
    assert asked_elsewhere == []
    assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e]
    page.locator(".bsa-places").last.screenshot(path="tests/artifacts/widget-map-tiles.png")


def test_the_map_with_tiles_has_no_serious_accessibility_violation(browser, base_url):  # noqa: F811
    # axe-core is injected past the page's CSP (tests/support/axe), the CSP itself is checked above.
    context = browser.new_context(geolocation=BERTIOGA_ENSEADA, permissions=["geolocation"], locale="pt-BR",
                                  viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    try:
        share_location(page, base_url)
        expect(page.locator(".bsa-places .bsa-lmap")).to_have_class(re.compile("bsa-lmap--ready"), timeout=15000)
        assert serious_violations(page) == []
    finally:
        context.close()


def test_tiles_blocked_the_offline_drawing_still_shows_every_point(page, base_url, tiles):
    page.route(re.compile(r"^" + re.escape(tiles.url) + "/tiles/.*"), lambda route: route.abort())
    share_location(page, base_url)
    drawing = page.locator(".bsa-places svg.bsa-map")
    expect(drawing.locator(".bsa-map-marker")).to_have_count(3)
    expect(drawing.locator(".bsa-map-you")).to_have_count(1)
    # Leaflet was tried (the tiles are configured), gave up at the first failed tile, and left the drawing.
    page.wait_for_function("[...document.scripts].some(s => s.src.endsWith('/vendor/leaflet/leaflet.js'))")
    expect(page.locator(".bsa-places .bsa-lmap")).to_have_count(0, timeout=15000)
    expect(drawing).to_be_visible()
    expect(drawing).not_to_have_attribute("aria-hidden", "true")
    expect(page.locator(".bsa-places-list li")).to_have_count(3)
    page.locator(".bsa-places").last.screenshot(path="tests/artifacts/widget-map-offline.png")


def test_the_pages_csp_lets_images_come_from_the_tile_server_only(page, base_url, tiles):
    response = page.goto(base_url + "/widget/embed")
    csp = response.headers["content-security-policy"]
    img = next(part for part in csp.split(";") if part.strip().startswith("img-src"))
    assert img.split() == ["img-src", "'self'", "data:", tiles.url]
    assert "script-src 'self';" in csp  # Leaflet is served by the API: no inline script, no CDN
    config = page.request.get(base_url + "/widget/map.json").json()
    assert config["tiles"]["url"] == tiles.url + "/tiles/{z}/{x}/{y}.png"
    assert config["leaflet"] == {"js": "/vendor/leaflet/leaflet.js", "css": "/vendor/leaflet/leaflet.css"}
    leaflet = page.request.get(base_url + "/vendor/leaflet/leaflet.js")
    assert leaflet.ok and "Leaflet 1.9.4" in leaflet.text()
    assert page.request.get(base_url + "/vendor/leaflet/..%2F..%2Fwidget%2Fwidget.js").status == 404
