"""One language per page: a pt-BR page carries no English (every article page of the pt-BR norms, each
norm's contents, the FAQ, /norms and the home page), /norms names towns not ids, figures and dates are
in the page's locale, and an English reader is told the law is in Portuguese."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.site import page_texts
from knowledge.corpus import UnitKind, load_corpus
from knowledge.jurisdictions import jurisdictions

# Words that give English away. From the pages' English words that Portuguese never uses, and what the
# corpus notes were written with ("Numeral printed as 'Il', read as III", "Coordinates are SIRGAS…").
ENGLISH_MARKERS = (
    "the", "and", "of the", "read as", "printed", "Coordinates", "missing", "Numeral", "wording", "Wording",
    "publisher", "is in force", "not reproduced", "Republished", "Inferred", "Error in", "Source", "Notes",
    "Contents", "History", "Search", "Home", "Laws", "Frequently", "Town", "highlighted", "repairs", "applied",
    "which", "should", "would", "there is", "named", "copy we have", "text goes",
)
_MARKER = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ENGLISH_MARKERS)) + r")(?![\w-])")
# The language switcher names English as "English": the one English word a pt-BR page may carry.
ALLOWED = ("English",)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    from api.main import create_app

    with TestClient(create_app()) as client:
        yield client


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    text = html.unescape(page)
    for word in ALLOWED:
        text = text.replace(word, " ")
    return re.sub(r"\s+", " ", text)


def english_in(page: str) -> list[str]:
    text = visible_text(page)
    return sorted({text[max(0, m.start() - 40): m.end() + 40] for m in _MARKER.finditer(text)})


def portuguese_pages(language: str) -> list[str]:
    """Home, FAQ, /norms, and every article and annex page of the norms written in `language`."""
    corpus = load_corpus()
    urls = [f"/?lang={language}", f"/faq?lang={language}", f"/faq?lang={language}&q=multa", f"/norms?lang={language}"]
    for norm in corpus.norms:
        if norm.language != language:
            continue
        urls.append(f"/norms/{norm.id}")
        urls += [f"/norms/{unit.id}" for unit in corpus.units
                 if unit.norm_id == norm.id and unit.kind in (UnitKind.artigo, UnitKind.anexo)]
    return urls


def test_the_marker_list_catches_what_citizens_saw():
    assert english_in("<p>Erro no texto da lei: Coordinates are SIRGAS 2000</p>")
    assert english_in("<p>Correção: Numeral printed as 'II', read as III</p>")
    assert english_in("<dd>Prefeitura (PA n. 5387/04); no publisher named in the text</dd>")
    assert not english_in("<p>Art. 9º A licença será concedida pelo prazo de 1 (um) ano.</p>")


@pytest.mark.parametrize(("language", "at_least"), [("pt-BR", 500), ("pt-PT", 40)])
def test_no_english_on_any_portuguese_page(client, language, at_least):
    """Every article page of the pt-BR norms in pt-BR (the browser says so, as a Brazilian's does), and
    of the pt-PT norm (RAMT) in pt-PT."""
    urls = portuguese_pages(language)
    assert len(urls) > at_least  # every article, not a sample
    found = {}
    for url in urls:
        response = client.get(url, headers={"accept-language": f"{language},pt;q=0.9"})
        assert response.status_code == 200, url
        assert f'lang="{language}"' in response.text.split(">", 2)[1], url
        words = english_in(response.text)
        if words:
            found[url] = words[:3]
    assert found == {}, f"{len(found)} {language} pages with English: {list(found.items())[:5]}"


def test_norms_page_names_towns_never_ids(client):
    page = visible_text(client.get("/norms?lang=pt-BR").text)
    for record in jurisdictions().values():
        assert record.name in page
        assert record.id not in page


def test_fee_table_numbers_in_the_page_locale(client):
    annex = "/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi"
    pt = visible_text(client.get(annex + "?lang=pt-BR").text)
    en = visible_text(client.get(annex + "?lang=en").text)
    assert "3,00 UFM" in pt and "3.00 UFM" not in pt
    assert "3.00 UFM" in en


def test_dates_in_the_page_locale(client):
    norm = "/norms/br-pr-pontal-do-parana/lei-1902-2018"
    consolidated = load_corpus().norm("br-pr-pontal-do-parana/lei-1902-2018").consolidated_up_to
    page = visible_text(client.get(norm + "?lang=pt-BR").text)
    assert consolidated.strftime("%d/%m/%Y") in page and consolidated.isoformat() not in page


def test_an_english_reader_is_told_the_law_is_in_portuguese(client):
    response = client.get("/norms/br-sp-igarapava/lc-57-2018/art-109?lang=en")
    text = html.unescape(response.text)
    assert page_texts("en")["law_language_note"] in text
    assert "Número impresso" not in text and "read as" in text  # notes in English for the English reader
    assert '<html lang="en">' in response.text and 'lang="pt-BR"' in response.text  # the law keeps its language
    faq = html.unescape(client.get("/faq?lang=en").text)
    assert page_texts("en")["faq_language_note"] in faq


def test_a_spanish_reader_gets_the_page_in_spanish_and_is_told_the_law_is_in_portuguese(client):
    # issue 15: an Argentine browser (es-AR) reads the interface in Spanish, the law as published
    response = client.get("/norms/br-sp-igarapava/lc-57-2018/art-109", headers={"accept-language": "es-AR,es;q=0.9"})
    text = html.unescape(response.text)
    assert '<html lang="es">' in response.text and 'lang="pt-BR"' in response.text
    assert page_texts("es")["law_language_note"] in text
    assert "Número impreso" in text and "Número impresso" not in text and "read as" not in text
    home = html.unescape(client.get("/?lang=es").text)
    assert "¿Puedo alquilar kayaks en la playa en Bertioga?" in home
    assert 'data-language="es"' in home
    faq = html.unescape(client.get("/faq?lang=es").text)
    assert page_texts("es")["faq_language_note"] in faq
    assert not english_in(client.get("/norms?lang=es").text)


def test_the_page_language_follows_the_reader(client):
    assert '<html lang="en">' in client.get("/faq", headers={"accept-language": "en-GB,en"}).text
    assert '<html lang="pt-PT">' in client.get("/faq?lang=pt-PT").text
    # A pt-PT norm opens in pt-PT for a browser that says only "pt".
    ramt = client.get("/norms/pt/decreto-lei-269-2003", headers={"accept-language": "pt"})
    assert '<html lang="pt-PT">' in ramt.text


def test_home_page_for_citizens_and_the_embed_snippet_on_its_own_page(client):
    home = client.get("/?lang=pt-BR").text
    assert "<script src=" in home and "Embed" not in home and "&lt;script" not in home
    for record in jurisdictions().values():
        assert record.name in visible_text(home)
    assert 'href="/faq?lang=pt-BR"' in home and 'href="/norms?lang=pt-BR"' in home
    embed = client.get("/widget/embed?lang=en").text
    assert "&lt;script src=" in embed and "/widget/widget.js" in embed


@pytest.mark.parametrize("url", ["/faq", "/norms", "/norms/br-sp-bertioga/decreto-4510-2024/art-14", "/"])
def test_every_citizen_page_has_the_chat_and_a_way_home(client, url):
    page = client.get(url).text
    assert 'src="/widget/widget.js"' in page
    assert 'href="/?lang=' in page
