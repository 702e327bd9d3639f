"""make screenshots: PNGs of every citizen page at desktop and phone width, in each language, for review.

Starts the API alone on a free loopback port (the pages need no Rasa: the chat shows its greeting and
would say "unavailable" if asked), drives Debian's Chromium with Playwright and writes
var/screenshots/<page>-<language>-<desktop|phone>.png (var/ is not in git).

    .venv/bin/python scripts/screenshots.py [--out var/screenshots] [--languages pt-BR,en]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.support.channel_fakes import serve_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PAGES = {
    "home": "/",
    "faq": "/faq",
    "faq-search": "/faq?q=multa",
    "norms": "/norms",
    "norm-bertioga": "/norms/br-sp-bertioga/decreto-4510-2024",
    "article-bertioga-art-14": "/norms/br-sp-bertioga/decreto-4510-2024/art-14",
    "article-igarapava-art-109": "/norms/br-sp-igarapava/lc-57-2018/art-109",
    "annex-pontal-anexo-vi": "/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi",
    "article-ramt-art-1": "/norms/pt/decreto-lei-269-2003/art-1",
    "widget-embed": "/widget/embed",
    "docs": "/docs",
    "redoc": "/redoc",
}
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "screenshots")
    parser.add_argument("--languages", default="pt-BR,pt-PT,en")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    from api.main import create_app

    written = 0
    with serve_app(create_app()) as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        for language in args.languages.split(","):
            for size, viewport in VIEWPORTS.items():
                phone = size == "phone"
                context = browser.new_context(viewport=viewport, locale=language, is_mobile=phone, has_touch=phone)
                page = context.new_page()
                for name, path in PAGES.items():
                    if name in ("docs", "redoc") and language != "pt-BR":
                        continue  # the API's docs are in English only
                    joiner = "&" if "?" in path else "?"
                    page.goto(f"{base_url}{path}{joiner}lang={language}", wait_until="networkidle")
                    target = args.out / f"{name}-{language}-{size}.png"
                    page.screenshot(path=str(target), full_page=name not in ("docs", "redoc"))
                    written += 1
                context.close()
        browser.close()
    print(f"{written} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
