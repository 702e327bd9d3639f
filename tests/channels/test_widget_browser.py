"""The website widget in real headless Chromium (Debian's), against the API and a fake Rasa.

Run by default with the unit tests (marker `browser`); /usr/bin/chromium comes from
scripts/ensure_chromium.sh. Screenshots are saved under tests/artifacts/.
"""

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.support.channel_fakes import FakeRasa, serve_app
from api.settings import Settings, get_settings

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BERTIOGA_ENSEADA = {"latitude": -23.8355, "longitude": -46.1290}


@pytest.fixture(scope="module")
def rasa() -> Iterator[FakeRasa]:
    with FakeRasa() as server:
        yield server


@pytest.fixture(scope="module")
def base_url(rasa, tmp_path_factory) -> Iterator[str]:
    from api.main import create_app

    app = create_app()
    core = Settings(rasa_host="127.0.0.1", rasa_port=rasa.port, var_dir=tmp_path_factory.mktemp("var"))
    app.dependency_overrides[get_settings] = lambda: core
    with serve_app(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        # Debian's package, never a downloaded browser build (see the script).
        subprocess.run(["bash", str(ROOT / "scripts" / "ensure_chromium.sh")], check=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, base_url) -> Iterator[Page]:
    context = browser.new_context(geolocation=BERTIOGA_ENSEADA, permissions=["geolocation"],
                                  locale="pt-BR", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    yield page
    context.close()


def open_widget(page: Page, base_url: str) -> None:
    page.goto(base_url + "/widget/embed")
    launcher = page.locator(".bsa-launcher")
    expect(launcher).to_be_visible()
    # Keyboard only: Tab until the launcher has focus, then Enter.
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.classList.contains('bsa-launcher')"):
            break
    else:
        pytest.fail("the launcher cannot be reached with Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#bsa-panel")).to_be_visible()
    expect(page.locator("#bsa-input")).to_be_focused()


def sender_of(page: Page, base_url: str) -> str:
    state = page.evaluate(f"JSON.parse(localStorage.getItem('bsa-chat:v1:{base_url}'))")
    return "web-" + state["sender"]


def ask(page: Page, text: str) -> None:
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_keyboard_only_question_and_quick_reply(page, base_url, rasa):
    open_widget(page, base_url)
    ask(page, "Posso alugar SUP em Bertioga?")

    log = page.locator("#bsa-log")
    expect(log.locator(".bsa-msg--bot").last).to_contain_text("You said: Posso alugar SUP em Bertioga?")
    sender = sender_of(page, base_url)
    assert rasa.messages_from(sender) == ['/set_language{"language": "pt-BR"}', "Posso alugar SUP em Bertioga?"]

    # The quick replies sit above the input: Shift+Tab walks back to them.
    first_reply = page.locator(".bsa-quick-reply").first
    expect(first_reply).to_have_text("Bertioga")
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.textContent") == "Bertioga":
            break
    expect(first_reply).to_be_focused()
    page.keyboard.press("Enter")

    expect(log.locator(".bsa-msg--user").last).to_have_text(re.compile("Bertioga$"))
    expect(log.locator(".bsa-sources a")).to_have_count(1)
    assert rasa.messages_from(sender)[-1] == '/choose_municipality{"municipality":"br-sp-bertioga"}'
    # The old quick replies are gone once answered.
    expect(page.locator(".bsa-quick-reply")).to_have_count(0)


def test_a_citation_link_opens_the_article_page_on_this_api(page, base_url):
    open_widget(page, base_url)
    ask(page, "oi")
    page.locator(".bsa-quick-reply").first.click()
    citation = page.locator(".bsa-sources a").first
    expect(citation).to_contain_text("Art. 1 (fake)")
    with page.context.expect_page() as popup:
        citation.click()
    article = popup.value
    article.wait_for_load_state()
    assert article.url == f"{base_url}/norms/br-sp-bertioga/fake-norm/art-1"


def test_share_my_location_sends_the_browser_position_and_shows_a_map_and_list(page, base_url, rasa):
    open_widget(page, base_url)
    page.get_by_role("button", name="📍 Enviar minha localização").click()

    places = page.locator(".bsa-places")
    expect(places).to_be_visible()
    sender = sender_of(page, base_url)
    sent = rasa.messages_from(sender)[-1]
    assert sent.startswith("/share_location")
    assert json.loads(sent[len("/share_location"):]) == BERTIOGA_ENSEADA
    expect(page.locator("#bsa-log .bsa-msg--user").last).to_have_text(re.compile("Localização enviada"))
    # Inline SVG: a marker per point and the citizen's own position; works with no tiles at all.
    expect(places.locator("svg.bsa-map .bsa-map-marker")).to_have_count(3)
    expect(places.locator("svg.bsa-map .bsa-map-you")).to_have_count(1)
    expect(places.locator("svg.bsa-map")).to_have_attribute("role", "img")
    items = places.locator(".bsa-places-list li")
    expect(items).to_have_count(3)
    expect(items.first).to_contain_text("Ponto 2 — Enseada")  # nearest first
    expect(items.first).to_contain_text("a 0 m de você")


def test_a_location_request_from_the_bot_offers_the_location_button(page, base_url, rasa):
    open_widget(page, base_url)
    ask(page, "onde posso vender?")
    button = page.locator(".bsa-quick-reply", has_text="Enviar minha localização")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator(".bsa-places")).to_be_visible()


def test_the_conversation_survives_a_reload(page, base_url, rasa):
    open_widget(page, base_url)
    ask(page, "primeira pergunta")
    expect(page.locator(".bsa-msg--bot").last).to_contain_text("You said: primeira pergunta")
    sender = sender_of(page, base_url)

    page.reload()
    expect(page.locator("#bsa-panel")).to_be_visible()  # it was open: it stays open
    expect(page.locator(".bsa-msg--user .bsa-text")).to_have_text(["primeira pergunta"])
    expect(page.locator(".bsa-msg--bot").last).to_contain_text("You said: primeira pergunta")
    page.locator("#bsa-input").fill("segunda")
    page.locator("#bsa-input").press("Enter")
    expect(page.locator(".bsa-msg--bot").last).to_contain_text("You said: segunda")
    assert sender_of(page, base_url) == sender
    assert rasa.messages_from(sender)[-1] == "segunda"


def test_server_down_shows_an_error_and_retry_recovers(page, base_url, rasa):
    open_widget(page, base_url)
    rasa.fail_with = 500
    try:
        ask(page, "alguém aí?")
        alert = page.get_by_role("alert")
        expect(alert).to_be_visible()
        expect(alert).to_contain_text("O assistente está indisponível no momento")
    finally:
        rasa.fail_with = None
    page.get_by_role("button", name="Tentar de novo").click()
    expect(page.get_by_role("alert")).to_be_hidden()
    expect(page.locator(".bsa-msg--bot").last).to_contain_text("You said: alguém aí?")


def test_the_language_picker_switches_the_widget_and_the_bot(page, base_url, rasa):
    open_widget(page, base_url)
    page.get_by_label("Idioma").select_option("en")
    expect(page.locator(".bsa-send")).to_have_text("Send")
    expect(page.locator(".bsa-msg--bot").last).to_contain_text("language: en")
    [switch] = rasa.messages_from(sender_of(page, base_url))
    assert switch.startswith("/set_language") and json.loads(switch[len("/set_language"):]) == {"language": "en"}
    expect(page.locator(".bsa-root")).to_have_attribute("lang", "en")


def test_a_spanish_browser_gets_the_widget_in_spanish_and_the_bot_is_told_es(browser, base_url, rasa):
    # issue 15: an es-AR browser opens the embed page in es, so data-language="es"
    context = browser.new_context(locale="es-AR", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    try:
        open_widget(page, base_url)
        assert page.locator("script[data-language]").get_attribute("data-language") == "es"
        expect(page.locator("#bsa-input")).to_have_attribute("placeholder", "Escriba su pregunta…")
        expect(page.locator(".bsa-root")).to_have_attribute("lang", "es")
        ask(page, "¿Puedo alquilar tablas de SUP en Bertioga?")
        expect(page.locator(".bsa-msg--bot").last).to_contain_text("You said: ¿Puedo alquilar tablas de SUP en Bertioga?")
        assert rasa.messages_from(sender_of(page, base_url)) == [
            '/set_language{"language": "es"}', "¿Puedo alquilar tablas de SUP en Bertioga?"]
    finally:
        context.close()


def test_escape_closes_the_panel_and_gives_focus_back_to_the_launcher(page, base_url):
    open_widget(page, base_url)
    page.keyboard.press("Escape")
    expect(page.locator("#bsa-panel")).to_be_hidden()
    expect(page.locator(".bsa-launcher")).to_be_focused()


def test_reduced_motion_stops_the_typing_animation(browser, base_url):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(base_url + "/widget/embed")
        page.locator(".bsa-launcher").click()
        name = page.evaluate("getComputedStyle(document.querySelector('.bsa-dots span')).animationName")
        assert name == "none"
    finally:
        context.close()


def serious_violations(results) -> list:
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_no_serious_accessibility_violations_and_screenshots(page, browser, base_url):
    from axe_playwright_python.sync_playwright import Axe

    open_widget(page, base_url)
    ask(page, "oi")
    page.locator(".bsa-quick-reply").first.click()
    expect(page.locator(".bsa-sources")).to_be_visible()
    page.locator(".bsa-location").click()
    expect(page.locator(".bsa-places")).to_be_visible()

    assert serious_violations(Axe().run(page)) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "widget-desktop.png"))
    page.locator(".bsa-places").last.screenshot(path=str(ARTIFACTS / "widget-places.png"))

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                geolocation=BERTIOGA_ENSEADA, permissions=["geolocation"])
    mobile = phone.new_page()
    try:
        mobile.goto(base_url + "/widget/embed")
        mobile.locator(".bsa-launcher").click()
        mobile.locator("#bsa-input").fill("qual municipal?")
        mobile.locator("#bsa-input").press("Enter")
        expect(mobile.locator(".bsa-quick-reply")).to_have_count(4)
        box = mobile.locator("#bsa-panel").bounding_box()
        assert box["width"] == 390  # full screen on a phone
        assert serious_violations(Axe().run(mobile)) == []
        mobile.screenshot(path=str(ARTIFACTS / "widget-mobile.png"))
    finally:
        phone.close()
