"""In Chromium: feedback clicked in the widget is stored and shown on the clerk's insights page; a
handoff ticket answered by a clerk reaches the citizen's widget (and Telegram: test_handoff.py)."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from api.permits.settings import PermitSettings, get_permit_settings
from api.settings import Settings, get_settings
from tests.channels.test_widget_browser import browser  # noqa: F401  (fixture: Debian's Chromium)
from tests.support.channel_fakes import FakeRasa, serve_app
from .conftest import civic_bot

pytestmark = pytest.mark.browser

TOKEN = "clerk-token-browser-1"
HOST_PAGE = "/__widget-host.html"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory) -> Iterator[str]:
    from api.main import create_app

    var = tmp_path_factory.mktemp("var")
    with FakeRasa(civic_bot) as rasa:
        app = create_app()
        core = Settings(rasa_host="127.0.0.1", rasa_port=rasa.port, var_dir=var)
        permits = PermitSettings(database_url=f"sqlite:///{var / 'permits.db'}", var_dir=var, permits_secret_key="k" * 40,
                                 clerk_accounts=[{"username": "ana", "token": TOKEN, "roles": {"br-rn-lajes": "reviewer"}}])
        app.dependency_overrides[get_settings] = lambda: core
        app.dependency_overrides[get_permit_settings] = lambda: permits
        with serve_app(app) as url:
            yield url


@pytest.fixture
def page(browser: Browser, base_url) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(locale="pt-BR", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    # A citizen's page on the API's own origin that embeds the widget, open, polling replies every second.
    html = (f'<!doctype html><html lang="pt-BR"><head><title>host</title></head><body><main><h1>Prefeitura</h1></main>'
            f'<script src="{base_url}/widget/widget.js" data-language="pt-BR" data-open="true" data-poll-ms="1000"></script>'
            f"</body></html>")
    page.route(base_url + HOST_PAGE, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    yield page
    context.close()


def ask(page: Page, text: str) -> None:
    page.locator("#bsa-input").fill(text)
    page.locator("#bsa-input").press("Enter")


def clerk_login(page: Page, base_url: str) -> None:
    page.goto(base_url + "/clerk")
    page.locator("#token").fill(TOKEN)
    page.get_by_role("button", name="Entrar").click()


def test_thumbs_down_in_the_widget_shows_on_the_insights_page(page: Page, base_url):
    page.goto(base_url + HOST_PAGE)
    ask(page, "Quem emite a licença de ambulante em Lajes?")
    down = page.locator(".bsa-feedback-down").last
    expect(down).to_be_visible()
    down.click()
    comment = page.locator(".bsa-feedback-comment")
    expect(comment).to_be_focused()
    comment.fill("Faltou dizer onde fica a Coordenadoria")
    page.locator(".bsa-feedback-send").click()
    expect(page.locator(".bsa-feedback-thanks")).to_have_text("Anotado, obrigado. Vamos revisar esta resposta.")

    clerk_login(page, base_url)
    page.goto(base_url + "/clerk/insights")
    row = page.locator("tr.thumbs-down")
    expect(row).to_have_count(1)
    expect(row.locator(".question")).to_have_text("Quem emite a licença de ambulante em Lajes?")
    expect(row.locator(".comment")).to_have_text("Faltou dizer onde fica a Coordenadoria")
    expect(page.locator("svg.chart")).to_have_count(3)
    expect(page.locator('[data-figure="downs"]')).to_have_text("1")
