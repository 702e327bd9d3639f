"""/clerk/insights: thumbs-down and unanswered questions, per norm and per topic, feedback over time
as charts, a CSV export — behind the clerk login, in the desk's language."""

import csv
import io

from api.feedback.charts import bars, daily_columns
from .test_feedback import QUESTION, SENDER, chat

TOKEN = "clerk-token-1"


def login(client):
    response = client.post("/clerk/login", data={"token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303


def test_the_page_needs_the_clerk_login(api_client):
    response = api_client.get("/clerk/insights", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/clerk"
    assert api_client.get("/clerk/insights.csv", follow_redirects=False).status_code == 303


def test_thumbs_down_and_unanswered_questions_are_shown_with_charts(api_client):
    answer_id = chat(api_client, QUESTION)["answer_id"]
    api_client.post("/api/v1/feedback", json={"sender": SENDER, "answer_id": answer_id, "rating": "down",
                                              "comment": "faltou o endereço"})
    chat(api_client, "posso lançar um foguete na praia?")
    login(api_client)
    page = api_client.get("/clerk/insights")
    assert page.status_code == 200
    html = page.text
    assert "faltou o endereço" in html and "Quem emite a licença de ambulante em Lajes?" in html
    assert "123.456.789-09" not in html
    assert "posso lançar um foguete na praia?" in html  # unanswered
    assert html.count("<svg") == 3  # over time, per norm, per topic
    assert "Lajes (RN) — Lei Complementar nº 489/2009" in html  # names, never ids
    assert "br-rn-lajes/lc-489-2009" not in html.replace('href="/norms/br-rn-lajes/lc-489-2009', "")
    assert 'data-figure="downs">1<' in html and 'data-figure="unanswered">1<' in html
    for english in ("Thumbs", "Unanswered", "per norm"):
        assert english not in html


def test_the_csv_has_one_row_per_answer_with_its_feedback(api_client):
    answer_id = chat(api_client, QUESTION)["answer_id"]
    api_client.post("/api/v1/feedback", json={"sender": SENDER, "answer_id": answer_id, "rating": "up"})
    login(api_client)
    response = api_client.get("/clerk/insights.csv")
    assert response.headers["content-type"].startswith("text/csv")
    [row] = list(csv.DictReader(io.StringIO(response.text)))
    assert row["rating"] == "up" and row["jurisdiction"] == "br-rn-lajes" and row["channel"] == "web"
    assert row["citations"] == "br-rn-lajes/lc-489-2009/art-65" and "[redacted]" in row["question"]


def test_charts_are_plain_svg_with_a_title():
    svg = bars([("Taxas", 3), ("Multas", 1)], title="Perguntas por assunto")
    assert svg.startswith("<svg") and "<title>Perguntas por assunto</title>" in svg and "Taxas" in svg
    assert bars([], title="x") == ""
    from datetime import date
    columns = daily_columns([(date(2026, 12, 5), 1, 2, 4)], title="t", legend=("a", "b", "c"))
    assert columns.count('class="up"') == 1 and columns.count('class="down"') == 1
