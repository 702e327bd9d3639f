"""make screenshots: PNGs of every citizen page and of the clerk desk at desktop and phone width, for review.

Starts the API alone on a free loopback port with a scripted stand-in for Rasa (the citizen pages need
no bot; the desk's feedback and tickets are seeded through the chat as a citizen would make them), and
its own database in a temporary folder, seeded with pre-applications as the chat's action server sends
them (Pontal do Paraná, Bertioga, Portugal), a thumbs-down with its comment, an unanswered question and
a handoff ticket. Drives Debian's Chromium with Playwright and writes
var/screenshots/<page>-<language>-<desktop|phone>.png (var/ is not in git): the citizen pages in each
language, the desk's login in each language, and the desk's list, case details, tickets and insights
in the language the desk speaks for each municipality (pt-BR; pt-PT for the Portuguese case).

    .venv/bin/python scripts/screenshots.py [--out var/screenshots] [--languages pt-BR,en]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The pages never need map tiles; none are asked of the internet unless MAP_TILES_URL says so.
os.environ.setdefault("MAP_TILES_URL", "")

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.support.channel_fakes import FakeRasa, serve_app  # noqa: E402

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
PONTAL = "br-pr-pontal-do-parana"
DESK_TOKEN = "screenshots-clerk-token-0123456789abcdef"
LAJES_ART = "br-rn-lajes/lc-489-2009/art-65"
SENDER = "screenshots-citizen-1"
_LANGUAGES: dict[str, str] = {}  # each conversation's language, as /set_language said it


def scripted_bot(sender: str, message: str) -> list[dict]:
    """Answers like ours, enough for the desk's pages: a cited answer, a "don't know", the contact
    answer with its "send my question" button (as tests/feedback/conftest.py's civic_bot)."""
    lowered = message.lower()
    if message.startswith("/set_language"):
        _LANGUAGES[sender] = message.split('"language":', 1)[-1].strip(' "}') or "pt-BR"
        return [{"recipient_id": sender, "text": "ok"}]
    if message.startswith("/share_location"):
        return bot_location_answer(sender, message, _LANGUAGES.get(sender, "pt-BR"))
    if "atendente" in lowered:
        return [{"recipient_id": sender, "text": "Para falar com uma pessoa em Lajes (RN): Coordenadoria de Tributos.",
                 "buttons": [{"title": "Enviar minha pergunta", "payload": "#handoff:br-rn-lajes"}],
                 "custom": {"contact": {"jurisdiction": "br-rn-lajes"}}}]
    if "foguete" in lowered:
        return [{"recipient_id": sender, "text": "Não encontrei nada sobre isso nas normas que tenho. Pode reformular?"}]
    return [{"recipient_id": sender, "text": "Em Lajes, a licença de ambulante é da Coordenadoria de Tributos (art. 65).",
             "custom": {"fact": {"id": "x", "kind": "office"},
                        "citations": [{"unit_id": LAJES_ART, "label": "art. 65", "url": f"/norms/{LAJES_ART}"}]}}]


def bot_location_answer(sender: str, message: str, language: str) -> list[dict]:
    """The real action's answer to a shared location (actions/qa/location.py), run without Rasa: the
    widget's map and list show what the bot really sends."""
    import json

    from rasa_sdk import Tracker
    from rasa_sdk.executor import CollectingDispatcher

    from actions.qa.location import ActionShareLocation

    where = json.loads(message[len("/share_location"):])
    entities = [{"entity": k, "value": where[k]} for k in ("latitude", "longitude")]
    tracker = Tracker(sender_id=sender, slots={"language": language},
                      latest_message={"text": message, "intent": {"name": "share_location", "confidence": 1.0},
                                      "entities": entities},
                      events=[], paused=False, followup_action=None, active_loop={}, latest_action_name="action_listen")
    dispatcher = CollectingDispatcher()
    ActionShareLocation().run(dispatcher, tracker, {})
    return [{"recipient_id": sender, **{k: m[k] for k in ("text", "buttons") if m.get(k)},
             **({"custom": m["custom"]} if m.get("custom") else {})} for m in dispatcher.messages]


def widget_places_screenshot(browser, base_url: str, size: str, viewport: dict, language: str, out: Path) -> int:  # type: ignore[no-untyped-def]
    """The chat's answer to a shared location, 600 m from Bertioga's Enseada 01: the map (Leaflet over
    MAP_TILES_URL's tiles when set and reachable, else the offline drawing) and the nearest points."""
    phone = size == "phone"
    context = browser.new_context(viewport=viewport, locale=language, is_mobile=phone, has_touch=phone,
                                  geolocation={"latitude": -23.8560, "longitude": -46.1300}, permissions=["geolocation"])
    page = context.new_page()
    page.goto(f"{base_url}/widget/embed?lang={language}", wait_until="networkidle")
    page.locator(".bsa-launcher").click()
    page.locator(".bsa-location").click()
    places = page.locator(".bsa-places").last
    places.wait_for()
    page.wait_for_timeout(1500)  # tiles, when there are any
    places.scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"widget-places-{language}-{size}.png"))
    context.close()
    return 1


def _pontal_estimate(language: str) -> dict:
    """The fee estimate the chat builds for a food vendor on Pontal's sand, worded in `language`."""
    from actions.permits.application import Application

    app = Application(language=language, started_on=date(2026, 11, 20), jurisdiction=PONTAL,
                      activity="beach_food_vendor", permit_kind="pontal_summer_season_authorization",
                      answers={"fee_category": "sand_food", "person_type": "natural_person"})
    return app.fee_estimate(language)


def seed_desk(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Cases, feedback and a ticket, made through the API as the chat and a citizen make them.
    Returns the pages to photograph: name → path."""
    from fastapi.testclient import TestClient

    from tests.permits.conftest import preapplication, sign_as_the_assistant

    with TestClient(app) as client:
        client.event_hooks["request"].append(sign_as_the_assistant)

        def submit(**changes) -> str:  # type: ignore[no-untyped-def]
            response = client.post("/api/v1/preapplications", json=preapplication(**changes))
            response.raise_for_status()
            return response.json()["protocol"]

        food = {"id": "beach_food_vendor", "category": "sand_food", "description": "Milho verde e açaí"}
        sand = {"description": "Praia de Leste, em frente ao posto 2"}
        pontal = submit(jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization", activity=food,
                        fee_estimate=_pontal_estimate("en"), exemption_claims=[], channel="web", place=sand,
                        applicant={"name": "John Smith", "document_type": "cpf", "document_number": "529.982.247-25"})
        reviewed = submit(jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization", activity=food,
                          fee_estimate=_pontal_estimate("pt-BR"), exemption_claims=[], place=sand,
                          period={"start": "2026-12-20", "end": "2027-02-28"})
        headers = {"Authorization": f"Bearer {DESK_TOKEN}"}
        client.post(f"/api/v1/clerk/preapplications/{reviewed}/status", headers=headers,
                    json={"status": "under_review"}).raise_for_status()
        submit(permit_kind="bertioga_nautical_rental_licence", exemption_claims=[])
        portugal = submit(jurisdiction_id="pt", permit_kind="pt_maritime_tourist_operator_licence",
                          activity={"id": "boat_tour"}, fee_estimate=None, exemption_claims=[],
                          place={"description": "Marina do Funchal"}, channel="whatsapp",
                          applicant={"name": "Joana Costa", "document_type": "nif", "document_number": "123456789"},
                          contact={"phone": "+351 912 345 678"})

        def chat(message: str) -> dict:
            response = client.post("/api/v1/chat", json={"sender": SENDER, "message": message, "language": "pt-BR"})
            response.raise_for_status()
            return response.json()

        answer = chat("Quem emite a licença de ambulante em Lajes?")
        client.post("/api/v1/feedback", json={"sender": SENDER, "answer_id": answer["answer_id"], "rating": "down",
                                              "comment": "Faltou o endereço e o horário da Coordenadoria."})
        chat("posso lançar um foguete na praia?")
        chat("Quem emite a licença de ambulante em Lajes?")
        chat("quero falar com um atendente")
        chat("#handoff:br-rn-lajes")
        client.post("/clerk/login", data={"token": DESK_TOKEN})
        listing = client.get("/clerk/tickets").text
        ticket = listing.split('href="/clerk/tickets/', 1)[1].split('"', 1)[0] if 'href="/clerk/tickets/' in listing else None
    pages = {"desk-list": "/clerk", "desk-case-pontal": f"/clerk/cases/{pontal}",
             "desk-case-portugal": f"/clerk/cases/{portugal}", "desk-tickets": "/clerk/tickets",
             "desk-insights": "/clerk/insights"}
    if ticket:
        pages["desk-ticket"] = f"/clerk/tickets/{ticket}"
    return pages


def desk_screenshots(page: Page, base_url: str, pages: dict[str, str], size: str, out: Path,
                     languages: list[str]) -> int:
    """The login page in each language (before a clerk is known it follows ?lang=), then, logged in
    through the form, each desk page in the language the desk speaks for its municipality."""
    written = 0
    for language in languages:
        page.goto(f"{base_url}/clerk?lang={language}", wait_until="networkidle")
        page.screenshot(path=str(out / f"desk-login-{language}-{size}.png"), full_page=True)
        written += 1
    page.fill('input[name="token"]', DESK_TOKEN)
    page.locator('form[action="/clerk/login"] button[type="submit"], form[action="/clerk/login"] input[type="submit"]').first.click()
    page.wait_for_url(f"{base_url}/clerk")
    for name, path in pages.items():
        page.goto(base_url + path, wait_until="networkidle")
        language = page.evaluate("document.documentElement.lang") or "pt-BR"
        page.screenshot(path=str(out / f"{name}-{language}-{size}.png"), full_page=True)
        written += 1
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "screenshots")
    parser.add_argument("--languages", default="pt-BR,pt-PT,en")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    from api.main import create_app
    from api.permits.settings import ClerkAccount, PermitSettings, get_permit_settings
    from api.settings import Settings, get_settings
    from knowledge.jurisdictions import jurisdiction_ids

    written = 0
    with tempfile.TemporaryDirectory(prefix="screenshots-") as tmp, FakeRasa(scripted_bot) as rasa:
        app = create_app()
        clerk = ClerkAccount(username="screenshots", token=DESK_TOKEN,
                             roles={j: "reviewer" for j in jurisdiction_ids()})
        permits = PermitSettings(database_url=f"sqlite:///{Path(tmp) / 'permits.db'}", var_dir=Path(tmp),
                                 clerk_accounts=[clerk], permits_secret_key="s" * 40)
        core = Settings(rasa_host="127.0.0.1", rasa_port=rasa.port, var_dir=Path(tmp))
        app.dependency_overrides[get_permit_settings] = lambda: permits
        app.dependency_overrides[get_settings] = lambda: core
        desk_pages = seed_desk(app)
        written += shoot(app, args, desk_pages)
    print(f"{written} screenshots in {args.out}")
    return 0


def shoot(app, args, desk_pages: dict[str, str]) -> int:  # type: ignore[no-untyped-def]
    written = 0
    languages = args.languages.split(",")
    with serve_app(app) as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        for size, viewport in VIEWPORTS.items():
            phone = size == "phone"
            context = browser.new_context(viewport=viewport, locale="pt-BR", is_mobile=phone, has_touch=phone)
            written += desk_screenshots(context.new_page(), base_url, desk_pages, size, args.out, languages)
            context.close()
        for language in languages:
            for size, viewport in VIEWPORTS.items():
                written += widget_places_screenshot(browser, base_url, size, viewport, language, args.out)
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
    return written


if __name__ == "__main__":
    raise SystemExit(main())
