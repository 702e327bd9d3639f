"""The norms and search API and the HTML pages, through TestClient on the real app."""

import re

import pytest
from fastapi.testclient import TestClient

from api.main import create_app

PONTAL = "br-pr-pontal-do-parana/lei-1902-2018"
BERTIOGA = "br-sp-bertioga/decreto-4510-2024"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def test_norms_list_has_the_five_norms_with_page_links(client):
    body = client.get("/api/v1/norms").json()
    assert {n["id"] for n in body} == {
        BERTIOGA, PONTAL, "br-sp-igarapava/lc-57-2018", "br-rn-lajes/lc-489-2009", "pt/decreto-lei-269-2003"
    }
    bertioga = next(n for n in body if n["id"] == BERTIOGA)
    assert bertioga["articles"] == 26 and bertioga["url"] == f"/norms/{BERTIOGA}"


def test_norm_detail_has_its_table_of_contents(client):
    body = client.get(f"/api/v1/norms/{PONTAL}").json()
    assert body["citation"].startswith("Lei")
    titles = [entry["label"] for entry in body["contents"]]
    assert "Título I" in titles


def test_unit_by_relative_or_full_id_gives_text_versions_and_hierarchy(client):
    relative = client.get(f"/api/v1/norms/{PONTAL}/units/art-9/par-3").json()
    full = client.get(f"/api/v1/norms/{PONTAL}/units/{PONTAL}/art-9/par-3").json()
    assert relative == full
    assert "mais de sessenta anos" in relative["text"]
    assert [s["label"] for s in relative["hierarchy"]][-1] == "Art. 9º"
    superseded = [v for v in relative["versions"] if not v["in_force"]]
    assert "reduzido pela metade" in superseded[0]["wording"]
    assert any(v["amending_norm"] == "Lei nº 2247/2021" for v in relative["versions"])


def test_unknown_norm_or_unit_is_404(client):
    assert client.get("/api/v1/norms/br-sp-bertioga/decreto-1-1900").status_code == 404
    assert client.get(f"/api/v1/norms/{BERTIOGA}/units/art-999").status_code == 404
    # a unit of another norm is not found under this one
    assert client.get(f"/api/v1/norms/{BERTIOGA}/units/{PONTAL}/art-9").status_code == 404


def test_search_endpoint_ranks_and_filters(client):
    body = client.get("/api/v1/search", params={"q": "kitesurf arrebentação", "jurisdiction": "br-sp-bertioga", "limit": 2}).json()
    assert body["hits"][0]["unit_id"] == f"{BERTIOGA}/art-6"
    assert body["hits"][0]["url"] == f"/norms/{BERTIOGA}/art-6"
    assert len(body["hits"]) <= 2
    assert client.get("/api/v1/search", params={"q": "multa", "jurisdiction": "atlantis"}).status_code == 422
    assert client.get("/api/v1/search", params={"q": ""}).status_code == 422


def test_article_page_shows_hierarchy_current_wording_and_folded_history(client):
    page = client.get(f"/norms/{PONTAL}/art-9/par-3")
    assert page.status_code == 200
    html = page.text
    assert '<html lang="pt-BR">' in html
    assert '<h1 lang="pt-BR">Art. 9º' in html
    assert "Seção II" in html  # hierarchy
    assert "mais de sessenta anos de idade" in html  # wording in force
    history = re.search(r"<details class=\"history\">(.*?)</details>", html, re.S).group(1)
    assert "reduzido pela metade" in history and "Lei nº 2247/2021" in history
    assert 'id="art-9--par-3" aria-current="true"' in html.replace("\n     ", " ")


def test_portuguese_article_page_is_pt_pt(client):
    html = client.get("/norms/pt/decreto-lei-269-2003/ramt/art-21").text
    assert '<html lang="pt-PT">' in html
    assert "60 kw" in html.lower()


def test_fee_row_link_opens_the_annex_table_with_the_row_marked(client):
    html = client.get(f"/norms/{PONTAL}/anexo-vi/item-11.20.00-4").text
    row = re.search(r'<tr id="anexo-vi--item-11\.20\.00-4" class="focus"[^>]*>(.*?)</tr>', html, re.S).group(1)
    assert "Stand Up Paddle" in row and "30,00 UFM" in row  # the figure in the page's locale (Babel)


def test_norm_page_and_unknown_page(client):
    assert "Sumário" in client.get(f"/norms/{BERTIOGA}").text
    assert client.get("/norms/nowhere/art-1").status_code == 404


def test_faq_page_lists_questions_per_municipality_and_searches_without_script(client):
    html = client.get("/faq").text
    assert '<form class="search" method="get" action="/faq"' in html
    for place in ("Bertioga (SP)", "Pontal do Paraná (PR)", "Igarapava (SP)", "Lajes (RN)", "Portugal"):
        assert place in html
    assert 'lang="pt-PT"' in html
    assert f'href="/norms/{BERTIOGA}/art-19?lang=pt-BR"' in html  # article links keep the page language
    results = client.get("/faq", params={"q": "horário do ambulante", "jurisdiction": "br-pr-pontal-do-parana"}).text
    assert f'href="/norms/{PONTAL}/art-13?lang=pt-BR"' in results
    assert "<mark>" in results


def test_site_stylesheet_is_served(client):
    response = client.get("/static/site/site.css")
    assert response.status_code == 200 and "text/css" in response.headers["content-type"]
    assert client.get("/static/site/../../main.py").status_code == 404
