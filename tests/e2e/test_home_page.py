"""The citizens' home page against the real stack (Rasa, action server, API): an example question,
clicked, is answered in the open chat beside it with a citation of that town's law — on a desktop and
on a 390 px phone, in Portuguese and in English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pages.conftest import DESKTOP, PHONES

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture(scope="module")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    from tests.channels.test_widget_browser import CHROMIUM, CHROMIUM_ARGS

    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh (make browser)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.mark.parametrize(("language", "viewport"), [("pt-BR", DESKTOP), ("en", PHONES[1])], ids=["pt-BR-desktop", "en-phone"])
def test_an_example_question_is_answered_with_its_towns_law(stack, browser, language, viewport):
    from playwright.sync_api import expect

    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale=language, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{stack.api_url}/?lang={language}")
        town = page.locator(".home-examples h3").first  # Bertioga (SP), the first record
        example = page.locator(".home-examples ul.examples").first.locator(".example-question").first
        assert town.inner_text().startswith("Bertioga")
        example.click()
        answer = page.locator(".bsa-msg--bot").last
        expect(page.locator(".bsa-msg--user").last).to_contain_text(example.get_attribute("data-question"))
        # A real answer, citing Bertioga's decree (its article pages), in the page's language.
        expect(page.locator('#bsa-log a[href*="/norms/br-sp-bertioga/"]').first).to_be_visible()
        assert page.locator(".bsa-root").get_attribute("lang") == language
        assert answer.inner_text().strip()
    finally:
        context.close()
