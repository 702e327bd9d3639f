"""The citizen pages in Debian's Chromium (Playwright), desktop 1280×800 and 360/390 px phones: an
example question clicked on the home page goes through the widget to Rasa's REST channel and its
answer shows; no horizontal overflow at 360 px in any language; axe-core (vendored for
tests in tests/support/axe, injected by Playwright) finds no serious or critical violation; /docs and /redoc render with nothing
fetched beyond 127.0.0.1."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.support.axe import serious_violations
from tests.pages.conftest import DESKTOP, LANGUAGES, PHONES

pytestmark = pytest.mark.browser

ARTICLE = "/norms/br-sp-bertioga/decreto-4510-2024/art-14"
PAGES = ("/", "/faq", "/norms", ARTICLE, "/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi",
         "/norms/pt/decreto-lei-269-2003", "/widget/embed")


def new_page(browser, viewport, language="pt-BR", *, bypass_csp=False) -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale=language, is_mobile=phone, has_touch=phone,
                                  bypass_csp=bypass_csp)
    return context.new_page()


def overflow(page: Page) -> list[str]:
    """Elements wider than the screen (what makes a phone scroll sideways)."""
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && !e.closest('.table-wrap');
      });
      return [document.documentElement.scrollWidth > width ? 'page ' + document.documentElement.scrollWidth : null,
              ...wide.slice(0, 5).map(e => e.tagName + '.' + e.className)].filter(Boolean);
    }""")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONES[1]], ids=["desktop", "phone390"])
def test_an_example_question_clicked_is_asked_and_answered_in_the_widget(browser, base_url, rasa, viewport):
    page = new_page(browser, viewport)
    try:
        page.goto(base_url + "/?lang=pt-BR")
        expect(page.locator("#bsa-panel")).to_be_visible()  # the chat is open on the home page
        example = page.locator(".example-question").first
        question = example.get_attribute("data-question")
        answers_before = page.locator(".bsa-msg--bot").count()
        example.click()
        expect(page.locator(".bsa-msg--user").last).to_contain_text(question)
        expect(page.locator(".bsa-msg--bot")).to_have_count(answers_before + 1)  # the bot's answer arrived
        expect(page.locator(".bsa-msg--bot").last).not_to_be_empty()
        sender = "web-" + page.evaluate(f"JSON.parse(localStorage.getItem('bsa-chat:v1:{base_url}')).sender")
        assert question in rasa.messages_from(sender)  # the question reached Rasa's REST channel
    finally:
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_horizontal_overflow_on_a_360_px_phone(browser, base_url, language):
    page = new_page(browser, PHONES[0], language)
    try:
        found = {}
        for path in PAGES:
            page.goto(f"{base_url}{path}?lang={language}")
            page.locator(".bsa-root").wait_for(state="attached")  # the widget built
            if page.locator(".bsa-launcher").is_visible():
                page.locator(".bsa-launcher").click()  # the open chat too
            if overflow(page):
                found[path] = overflow(page)
        assert found == {}
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["/", "/faq", "/norms", ARTICLE, "/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi"])
def test_no_serious_accessibility_violations(browser, base_url, path):
    for viewport in (DESKTOP, PHONES[1]):
        # The pages allow only their own scripts; axe is the test's, injected past that policy.
        page = new_page(browser, viewport, bypass_csp=True)
        try:
            page.goto(base_url + path)
            page.locator(".bsa-root").wait_for(state="attached")
            assert serious_violations(page) == [], (path, viewport)
        finally:
            page.context.close()


@pytest.mark.parametrize(("path", "rendered"), [
    ("/docs", ".opblock"),  # Swagger UI's list of operations
    ("/redoc", "[role=menu], .menu-content"),  # ReDoc's side menu
])
def test_api_docs_render_offline(browser, base_url, path, rendered):
    page = new_page(browser, DESKTOP)
    left = []

    def guard(route):
        host = urlsplit(route.request.url).hostname
        if host not in ("127.0.0.1", "localhost"):
            left.append(route.request.url)
            return route.abort()
        return route.continue_()

    try:
        page.route("**/*", guard)  # as on a town hall's intranet: nothing beyond this machine
        page.goto(base_url + path)
        expect(page.locator(rendered).first).to_be_visible(timeout=30_000)
        page.wait_for_load_state("networkidle")  # late requests too (ReDoc's footer logo was one)
        assert left == []
    finally:
        page.context.close()


def test_the_home_pages_open_chat_does_not_open_on_the_next_page(browser, base_url):
    page = new_page(browser, PHONES[1])
    try:
        page.goto(base_url + "/?lang=pt-BR")
        expect(page.locator("#bsa-panel")).to_be_visible()
        page.get_by_role("link", name="Perguntas frequentes", exact=True).first.click()
        expect(page.locator(".bsa-launcher")).to_be_visible()  # the chat waits behind its button
        expect(page.locator("#bsa-panel")).to_be_hidden()
        expect(page.get_by_role("heading", level=1)).to_be_in_viewport()
    finally:
        page.context.close()


MARKDOWN_ANSWER = (
    "Em Bertioga, os pontos licenciados são:\n"
    "• Enseada: 4 pontos\n"
    "• Indaiá• Riviera: 8 pontos\n"
    "O que o texto da lei diz mais perto disso:\n"
    "> Art. 14 Ficam definidos os pontos [...]\n"
    "— Decreto nº 4.510/2024, [Art. 14](/norms/br-sp-bertioga/decreto-4510-2024/art-14)"
)


def test_the_bots_markdown_is_rendered_never_shown_raw(browser, base_url, rasa):
    scripted = rasa.responder
    rasa.responder = lambda sender, message: [{"recipient_id": sender, "text": MARKDOWN_ANSWER}]
    page = new_page(browser, PHONES[1])
    try:
        page.goto(base_url + "/?lang=pt-BR")
        page.locator("#bsa-input").fill("onde ficam os pontos?")
        page.locator("#bsa-input").press("Enter")
        answer = page.locator(".bsa-msg--bot").last
        expect(answer.locator("blockquote.bsa-quote")).to_have_text("Art. 14 Ficam definidos os pontos [...]")
        expect(answer.locator("ul.bsa-list li")).to_have_text(["Enseada: 4 pontos", "Indaiá", "Riviera: 8 pontos"])
        text = answer.inner_text()
        assert "> " not in text and "•" not in text
        expect(answer.get_by_role("link", name="Art. 14")).to_have_attribute("href", re.compile(r"/norms/br-sp-bertioga/"))
    finally:
        rasa.responder = scripted
        page.context.close()
