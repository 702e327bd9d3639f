"""In Chromium: feedback clicked in the widget is stored and shown on the clerk's insights page; a
handoff ticket answered by a clerk reaches the citizen's widget (and Telegram: test_handoff.py)."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

import httpx
from pydantic import SecretStr

from api.channels.catalog import get_catalog
from api.channels.settings import TelegramSettings, get_telegram_settings
from api.permits.settings import PermitSettings, get_permit_settings
from api.settings import Settings, get_settings
from tests.channels.test_widget_browser import browser  # noqa: F401  (fixture: Debian's Chromium)
from tests.support.channel_fakes import FakeBotAPI, FakeRasa, serve_app, tg_callback_update, tg_text_update
from .conftest import civic_bot

pytestmark = pytest.mark.browser

TOKEN = "clerk-token-browser-1"
HOST_PAGE = "/__widget-host.html"
TG_SECRET = "tg-secret-browser_1"


@pytest.fixture(scope="module")
def telegram() -> Iterator[FakeBotAPI]:
    with FakeBotAPI() as server:
        yield server


@pytest.fixture(scope="module")
def base_url(tmp_path_factory, telegram) -> Iterator[str]:
    from api.main import create_app

    var = tmp_path_factory.mktemp("var")
    with FakeRasa(civic_bot) as rasa:
        app = create_app()
        app.dependency_overrides[get_telegram_settings] = lambda: TelegramSettings(
            bot_token=SecretStr(telegram.token), api_base_url=telegram.base_url, webhook_secret=SecretStr(TG_SECRET))
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


def answer_ticket_as_clerk(page: Page, base_url: str, question: str, reply: str) -> None:
    clerk_login(page, base_url)
    page.goto(base_url + "/clerk/tickets")
    page.get_by_role("link", name=question).first.click()
    page.locator("#reply").fill(reply)
    page.get_by_role("button", name="Responder").click()


def test_a_widget_ticket_answered_by_a_clerk_reaches_the_widget(browser: Browser, base_url):  # noqa: F811
    context = browser.new_context(locale="pt-BR", viewport={"width": 390, "height": 844})
    try:
        citizen = context.new_page()
        html = (f'<!doctype html><html lang="pt-BR"><head><title>host</title></head><body><main><h1>Prefeitura</h1></main>'
                f'<script src="{base_url}/widget/widget.js" data-language="pt-BR" data-open="true" data-poll-ms="1000">'
                f"</script></body></html>")
        citizen.route(base_url + HOST_PAGE, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        citizen.goto(base_url + HOST_PAGE)
        ask(citizen, "Posso vender tapioca na praça de Lajes?")
        expect(citizen.locator(".bsa-feedback-up").last).to_be_visible()
        ask(citizen, "quero falar com um atendente")
        send = citizen.get_by_role("button", name="Enviar minha pergunta")
        expect(send).to_be_visible()
        send.click()
        expect(citizen.locator(".bsa-msg--bot").last).to_contain_text("Enviei sua pergunta ao órgão de Lajes (RN)")

        clerk = context.new_page()
        answer_ticket_as_clerk(clerk, base_url, "Posso vender tapioca na praça de Lajes?",
                               "Pode, com a permissão da Coordenadoria de Tributos.")
        expect(clerk.locator(".ticket-status")).to_have_text("Respondido, a entregar")

        expect(citizen.locator(".bsa-msg--bot").last).to_contain_text(
            "Resposta da prefeitura ao seu pedido nº", timeout=10_000)
        expect(citizen.locator(".bsa-msg--bot").last).to_contain_text("Pode, com a permissão da Coordenadoria de Tributos.")
        clerk.reload()
        expect(clerk.locator(".ticket-status")).to_have_text("Entregue")
    finally:
        context.close()


def test_a_telegram_ticket_answered_in_the_desk_reaches_telegram(page: Page, base_url, telegram):
    chat = 90210
    headers = {"X-Telegram-Bot-Api-Secret-Token": TG_SECRET}
    for update in (tg_text_update(chat, "Quanto custa a licença de feirante em Lajes?"),
                   tg_text_update(chat, "quero falar com um atendente"),
                   tg_callback_update(chat, "#handoff:br-rn-lajes")):
        assert httpx.post(base_url + "/telegram/webhook", json=update, headers=headers).status_code == 200
    answer_ticket_as_clerk(page, base_url, "Quanto custa a licença de feirante em Lajes?", "Veja o art. 65; ligue (84) 3532-2627.")
    expect(page.locator(".ticket-status")).to_have_text("Entregue")
    last = telegram.calls_to("sendMessage")[-1]
    assert int(last["chat_id"]) == chat
    assert last["text"].endswith("Veja o art. 65; ligue (84) 3532-2627.")
    assert last["text"].startswith(get_catalog().text("handoff.reply", "pt-BR", number=0, reply="").split(" 0")[0])


def test_the_feedback_and_desk_pages_fit_a_phone_and_pass_axe(browser: Browser, base_url):  # noqa: F811
    from tests.support.axe import serious_violations

    context = browser.new_context(locale="pt-BR", viewport={"width": 360, "height": 780}, is_mobile=True, bypass_csp=True)
    try:
        page = context.new_page()
        html = (f'<!doctype html><html lang="pt-BR"><head><title>host</title></head><body><main><h1>Prefeitura</h1></main>'
                f'<script src="{base_url}/widget/widget.js" data-language="pt-BR" data-open="true"></script></body></html>')
        page.route(base_url + HOST_PAGE, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(base_url + HOST_PAGE)
        ask(page, "Quem fiscaliza os ambulantes em Lajes?")
        page.locator(".bsa-feedback-down").last.click()
        expect(page.locator(".bsa-feedback-comment")).to_be_visible()
        assert serious_violations(page) == []
        ask(page, "quero falar com um atendente")
        page.get_by_role("button", name="Enviar minha pergunta").click()
        expect(page.locator(".bsa-msg--bot").last).to_contain_text("Enviei sua pergunta")

        clerk_login(page, base_url)
        for path in ("/clerk/insights", "/clerk/tickets"):
            page.goto(base_url + path)
            assert serious_violations(page) == [], path
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (path, overflow)
        page.get_by_role("link", name="Quem fiscaliza os ambulantes em Lajes?").first.click()
        expect(page.locator("#reply")).to_be_visible()
        assert serious_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    finally:
        context.close()
