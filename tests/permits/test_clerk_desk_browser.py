"""The clerk desk in real headless Chromium (Debian's): a clerk logs in, filters and sorts the list,
opens a case and reads its fee table and local times — on a 1280×800 desktop and a 390 px phone, with
no horizontal overflow at 360 px, no English on a pt-BR page, and axe-core finding nothing serious.

How the browser is driven: as tests/channels/test_widget_browser.py (marker `browser`,
/usr/bin/chromium from scripts/ensure_chromium.sh). The cases are submitted through the API as the
chat's action server does (signed conversation), with the fee estimate the chat really builds.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, expect, sync_playwright

from actions.permits.application import Application
from api.clerk_desk import _texts
from api.db import dispose_engines
from api.permits.settings import PermitSettings, get_permit_settings
from knowledge.rules.registry import registry
from tests.permits.conftest import CLERKS, SECRET_KEY, TOKENS, auth, preapplication, sign_as_the_assistant
from tests.support.axe import serious_violations
from tests.support.channel_fakes import serve_app

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--lang=pt-BR", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PONTAL = "br-pr-pontal-do-parana"
SAO_PAULO = ZoneInfo("America/Sao_Paulo")
# Words of English a pt-BR desk page must not show (the desk's own English texts are checked too).
ENGLISH = {"the", "and", "of", "to", "from", "with", "fee", "fees", "year", "status", "permit", "permits",
           "received", "submitted", "approved", "rejected", "review", "filter", "filters", "sort", "sign",
           "out", "estimate", "vendor", "sand", "food", "licence", "license", "season", "summer", "channel",
           "history", "notes", "note", "none", "per", "four-month", "utc", "applicant", "consent", "erase",
           "website", "clerk", "when", "who", "what"}


@pytest.fixture(autouse=True)
def fixed_permit_catalogue() -> Iterator[None]:
    """The real rules catalogue here (conftest swaps in a test one): the desk names real permits."""
    yield


def _estimate(language: str) -> dict:
    """The fee estimate the chat builds for a food vendor on Pontal's sand, worded in `language`."""
    app = Application(language=language, started_on=date(2026, 11, 20), jurisdiction=PONTAL,
                      activity="beach_food_vendor", permit_kind="pontal_summer_season_authorization",
                      answers={"fee_category": "sand_food", "person_type": "natural_person"})
    return app.fee_estimate(language)


def _case(desk: dict, protocol: str) -> dict:
    """A case as the clerk API gives it, asked of the live server: once it serves the app, the TestClient's
    own event loop must not serve it too (the app's loop-bound state then waits on the other loop: a CI
    run hung here for minutes)."""
    response = httpx.get(f"{desk['url']}/api/v1/clerk/preapplications/{protocol}", headers=auth("carla"), timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture(scope="module")
def desk(tmp_path_factory) -> Iterator[dict]:
    """The API on a loopback port with three Pontal cases (one from an English-speaking citizen) and
    one Portuguese case; the protocols by name."""
    from api.main import create_app

    tmp = tmp_path_factory.mktemp("desk")
    settings = PermitSettings(database_url=f"sqlite:///{tmp / 'permits.db'}", var_dir=tmp, clerk_accounts=CLERKS,
                              permits_secret_key=SECRET_KEY, retention_days=365)
    app = create_app()
    app.dependency_overrides[get_permit_settings] = lambda: settings
    cases: dict[str, str] = {}
    with TestClient(app) as client:
        client.event_hooks["request"].append(sign_as_the_assistant)

        def submit(name: str, **changes) -> str:  # type: ignore[no-untyped-def]
            response = client.post("/api/v1/preapplications", json=preapplication(**changes))
            assert response.status_code == 201, response.text
            cases[name] = response.json()["protocol"]
            return cases[name]

        food = {"id": "beach_food_vendor", "category": "sand_food", "description": "Categoria da taxa: Areia, alimentos"}
        sand = {"description": "Praia de Leste, em frente ao posto 2"}
        submit("english_food", jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization",
               activity=food, fee_estimate=_estimate("en"), exemption_claims=[], channel="web", place=sand,
               applicant={"name": "John Smith", "document_type": "cpf", "document_number": "529.982.247-25"})
        submit("annual", jurisdiction_id=PONTAL, permit_kind="pontal_annual_permission",
               activity={"id": "itinerant_vendor"}, fee_estimate=None, exemption_claims=[], place=sand,
               period={"start": "2027-01-10", "end": "2027-12-31"})
        second = submit("reviewed", jurisdiction_id=PONTAL, permit_kind="pontal_summer_season_authorization",
                        activity=food, fee_estimate=_estimate("pt-BR"), exemption_claims=[], place=sand,
                        period={"start": "2026-12-20", "end": "2027-02-28"})
        moved = client.post(f"/api/v1/clerk/preapplications/{second}/status", headers=auth("carla"),
                            json={"status": "under_review"})
        assert moved.status_code == 200, moved.text
        submit("portugal", jurisdiction_id="pt", permit_kind="pt_maritime_tourist_operator_licence",
               activity={"id": "boat_tour"}, fee_estimate=None, exemption_claims=[],
               place={"description": "Marina do Funchal"},
               applicant={"name": "Joana Costa", "document_type": "nif", "document_number": "123456789"},
               contact={"phone": "+351 912 345 678"}, channel="whatsapp")
        with serve_app(app) as url:
            yield {"url": url, "cases": cases}
    dispose_engines()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        subprocess.run(["bash", str(ROOT / "scripts" / "ensure_chromium.sh")], check=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(params=["desktop", "phone"])
def page(request, browser) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    # bypass_csp: only so that axe can be injected; the desk itself runs under the site's CSP elsewhere.
    context = browser.new_context(locale="pt-BR", viewport=DESKTOP if request.param == "desktop" else PHONE,
                                  is_mobile=request.param == "phone", bypass_csp=True)
    page = context.new_page()
    page.size_name = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def log_in(page: Page, url: str, clerk: str = "carla") -> None:
    page.goto(url + "/clerk")
    expect(page.get_by_label("Token de acesso do servidor")).to_be_visible()
    page.get_by_label("Token de acesso do servidor").fill(TOKENS[clerk])
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Pré-requerimentos")


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"clerk-{name}-{page.size_name}.png"), full_page=True)  # type: ignore[attr-defined]


def rows(page: Page) -> list[str]:
    return page.locator("table.cases tbody tr td:first-child a").all_inner_texts()


def assert_focus_visible(page: Page) -> None:
    """The focused control is drawn with a visible outline (the desk's :focus-visible ring)."""
    style = page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                          " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert style[0] != "none" and style[1] >= 2, style


def sort_by(page: Page, option: str, value: str) -> None:
    page.get_by_label("Ordenar por", exact=True).select_option(label=option)
    page.get_by_role("button", name="Filtrar").click()
    expect(page).to_have_url(re.compile(rf"sort={re.escape(value)}(&|$)"))


def assert_no_overflow(page: Page) -> None:
    """Nothing wider than the screen: the page does not scroll sideways."""
    for width in (360, page.viewport_size["width"]):
        page.set_viewport_size({"width": width, "height": 800})
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"{page.url} is {wide} px wider than a {width} px screen"


def assert_only_portuguese(page: Page) -> None:
    text = page.locator("body").inner_text()
    english_texts = {v for k, v in _flat(_texts()["en"]).items() if v != _flat(_texts()["pt-BR"]).get(k)}
    shown = [t for t in english_texts if len(t) > 3 and "{" not in t
             and re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text)]
    assert not shown, f"English desk texts on a pt-BR page: {shown}"
    english_rules = {n["en"] for norm in registry().norms.values() for f in norm.fees.values()
                     for n in [f.name] if n.get("en") != n.get("pt-BR")}
    assert not [n for n in english_rules if n in text], "an English fee name on a pt-BR page"
    words = {w.lower() for w in re.findall(r"[^\W\d_][\w-]*", text)}  # accented letters are letters
    found = sorted(words & ENGLISH)
    assert not found, f"English words on a pt-BR page: {found}: " + "; ".join(re.findall(r".{0,40}\b(?:" + "|".join(found or ["^$"]) + r")\b.{0,40}", text, re.I))


def _flat(tree: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out |= _flat(value, f"{prefix}{key}.")
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


def test_login_page_is_labelled_and_passes_axe(page, desk) -> None:  # type: ignore[no-untyped-def]
    page.goto(desk["url"] + "/clerk")
    # The first Tab reaches the skip link, which is then visible.
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Ir para o conteúdo")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    assert_focus_visible(page)
    page.keyboard.press("Enter")  # the skip link moves the focus to the content
    page.keyboard.press("Tab")
    expect(page.get_by_label("Token de acesso do servidor")).to_be_focused()
    assert_focus_visible(page)
    assert serious_violations(page) == []
    page.get_by_label("Token de acesso do servidor").fill("wrong-token-0000")
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("alert")).to_have_text("Token inválido.")
    assert serious_violations(page) == []
    assert_only_portuguese(page)
    shot(page, "login")


def test_the_list_filters_and_sorts_in_the_desks_language(page, desk) -> None:  # type: ignore[no-untyped-def]
    cases = desk["cases"]
    log_in(page, desk["url"])
    pontal_cases = {cases["english_food"], cases["annual"], cases["reviewed"]}
    # Carla reviews Pontal (pt-BR, listed first) and Portugal: the list speaks pt-BR and shows both.
    assert set(rows(page)) == pontal_cases | {cases["portugal"]}
    table = page.locator("table.cases")
    expect(table).to_contain_text("Autorização de temporada de verão (comércio ambulante ou eventual)")
    expect(table).to_contain_text("Ambulante na praia")
    expect(table).not_to_contain_text("pontal_summer_season_authorization")
    expect(table).not_to_contain_text("beach_food_vendor")
    expect(table).to_contain_text("Pontal do Paraná (PR)")
    expect(page.locator("#zone-caption")).to_have_text("Horários na hora local de cada município.")

    # Filters, keyboard and labels: the municipality, then the status.
    page.get_by_label("Município", exact=True).select_option(label="Pontal do Paraná (PR)")
    page.get_by_role("button", name="Filtrar").click()
    expect(page).to_have_url(re.compile("jurisdiction_id=br-pr-pontal-do-parana"))
    assert set(rows(page)) == pontal_cases
    expect(page.locator("#zone-caption")).to_have_text("Horários na hora local: Horário Brasil (São Paulo).")
    page.get_by_label("Situação", exact=True).select_option(label="Em análise")
    page.get_by_role("button", name="Filtrar").focus()  # the keyboard's way: Enter on the button
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("status=under_review"))
    expect(page.locator("table.cases tbody tr")).to_have_count(1)
    assert rows(page) == [cases["reviewed"]]
    page.get_by_role("link", name="Limpar filtros").click()
    expect(page).to_have_url(re.compile("/clerk$"))
    page.get_by_label("Licença", exact=True).select_option(label="Permissão anual para comércio ambulante ou prestação de serviço — Pontal do Paraná (PR)")
    page.get_by_role("button", name="Filtrar").click()
    expect(page).to_have_url(re.compile("permit_kind=pontal_annual_permission"))
    assert rows(page) == [cases["annual"]]
    today = datetime.now(SAO_PAULO).date()
    page.goto(desk["url"] + f"/clerk?submitted_from={today.replace(year=today.year + 1)}")
    expect(page.locator("table.cases tbody")).to_contain_text("Nenhum pré-requerimento com estes filtros.")

    # Sorting: on a desktop by the column headers (links: once ascending, then descending, aria-sort
    # says which); on a phone, whose table rows are cards, by the form's "Ordenar por".
    page.goto(desk["url"] + "/clerk")
    if page.size_name == "desktop":  # type: ignore[attr-defined]
        header = page.get_by_role("link", name="Ordenar por protocolo")
        header.focus()
        assert_focus_visible(page)
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile("sort=protocol"))
        expect(page.locator("th[aria-sort=ascending]")).to_contain_text("Protocolo")
        ascending = rows(page)
        page.get_by_role("link", name="Ordenar por protocolo").click()
        expect(page).to_have_url(re.compile("sort=-protocol"))
        expect(page.locator("th[aria-sort=descending]")).to_contain_text("Protocolo")
    else:
        sort_by(page, "Protocolo (crescente)", "protocol")
        ascending = rows(page)
        sort_by(page, "Protocolo (decrescente)", "-protocol")
    assert ascending == sorted(ascending)
    assert rows(page) == sorted(ascending, reverse=True)
    if page.size_name == "desktop":  # type: ignore[attr-defined]
        page.get_by_role("link", name="Ordenar por período").click()
        expect(page).to_have_url(re.compile("sort=period_start"))
        expect(page.locator("th[aria-sort=ascending]")).to_contain_text("Período")
    else:
        sort_by(page, "Período (crescente)", "period_start")
    # 15/12 (two cases: the id breaks the tie), 20/12, 10/01/2027.
    assert rows(page) == [cases["english_food"], cases["portugal"], cases["reviewed"], cases["annual"]]
    expect(table).to_contain_text("20/12/2026 a 28/02/2027")

    assert serious_violations(page) == []
    assert_only_portuguese(page)
    shot(page, "list")
    assert_no_overflow(page)


def test_the_detail_shows_the_fee_table_and_local_times(page, desk) -> None:  # type: ignore[no-untyped-def]
    protocol = desk["cases"]["english_food"]
    log_in(page, desk["url"])
    page.get_by_role("link", name=protocol).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(protocol)

    fees = page.locator("table.fees")
    expect(fees).to_be_visible()
    # The citizen chatted in English; the desk renames each row from the rules data in pt-BR.
    sand_rows = fees.locator("tbody tr")
    expect(sand_rows).to_have_count(2)
    expect(sand_rows.nth(0)).to_contain_text("2,00\u00a0UFM")
    expect(sand_rows.nth(0)).to_contain_text("por ano")
    expect(sand_rows.nth(1)).to_contain_text("1,00\u00a0UFM")
    expect(sand_rows.nth(1)).to_contain_text("por quadrimestre")
    article = sand_rows.nth(0).get_by_role("link", name=re.compile("Anexo VI, 11.20.00"))
    expect(article).to_have_attribute("href", re.compile(r"^/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi/"))
    expect(page.locator("body")).not_to_contain_text("\\u00")
    expect(page.locator("body")).not_to_contain_text('"fee_id"')
    expect(page.locator(".card").filter(has_text="O que a estimativa não cobre")).to_contain_text("UFM")

    # The times: São Paulo's, not UTC.
    case = _case(desk, protocol)
    submitted = datetime.fromisoformat(case["submitted_at"].replace("Z", "+00:00"))
    local = submitted.astimezone(SAO_PAULO).strftime("%d/%m/%Y %H:%M")
    in_utc = submitted.astimezone(ZoneInfo("UTC")).strftime("%d/%m/%Y %H:%M")
    history = page.locator("table.history")
    expect(history).to_contain_text(local)
    expect(history).to_contain_text("Pré-requerimento recebido")
    expect(history).to_contain_text("Canal Site")
    assert in_utc not in page.locator("body").inner_text()
    expect(page.locator("#zone-caption")).to_contain_text("Horário Brasil (São Paulo)")

    assert serious_violations(page) == []
    assert_only_portuguese(page)
    shot(page, "detail")
    assert_no_overflow(page)


def test_a_portuguese_case_reads_in_pt_pt_with_lisbon_time(page, desk) -> None:  # type: ignore[no-untyped-def]
    protocol = desk["cases"]["portugal"]
    log_in(page, desk["url"])
    page.goto(desk["url"] + f"/clerk/cases/{protocol}")
    expect(page.locator("html")).to_have_attribute("lang", "pt-PT")
    expect(page.locator("dl.facts")).to_contain_text("Contacto")
    expect(page.locator("#zone-caption")).to_contain_text("Hora de Portugal (Lisboa)")
    case = _case(desk, protocol)
    submitted = datetime.fromisoformat(case["submitted_at"].replace("Z", "+00:00"))
    expect(page.locator("table.history")).to_contain_text(submitted.astimezone(ZoneInfo("Europe/Lisbon")).strftime("%d/%m/%Y %H:%M"))
    assert serious_violations(page) == []


def test_axe_is_really_checking(page) -> None:  # type: ignore[no-untyped-def]
    """The guard of the checks above: a page with an unlabelled input and an image without text fails."""
    page.set_content('<html lang="pt-BR"><title>x</title><main><img src="a.png"><input id="q"></main></html>')
    found = " ".join(serious_violations(page))
    assert "image-alt" in found and "label" in found
