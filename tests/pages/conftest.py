"""Fixtures of the citizen pages' tests: the API on a loopback port (a fake Rasa behind it, so the
widget's send path is real up to Rasa's REST channel), and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from api.settings import Settings, get_settings
from tests.channels.test_widget_browser import CHROMIUM, CHROMIUM_ARGS, ROOT
from tests.support.channel_fakes import FakeRasa, serve_app

DESKTOP = {"width": 1280, "height": 800}
PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
LANGUAGES = ("pt-BR", "pt-PT", "en", "es")


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
        subprocess.run(["bash", str(ROOT / "scripts" / "ensure_chromium.sh")], check=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
