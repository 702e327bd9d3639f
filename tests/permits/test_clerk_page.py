"""The clerk's web page: log in with the token, see the municipality's cases, decide one."""

from __future__ import annotations

import re

import pytest

from tests.permits.conftest import TOKENS, auth, preapplication


def submit(client, **changes) -> str:  # type: ignore[no-untyped-def]
    return client.post("/api/v1/preapplications", json=preapplication(**changes)).json()["protocol"]


def login(client, clerk="ana"):  # type: ignore[no-untyped-def]
    return client.post("/clerk/login", data={"token": TOKENS[clerk]}, follow_redirects=False)


def form_token_of(page: str) -> str:
    match = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page)
    assert match, "the page has no form token"
    return match.group(1)


@pytest.fixture(params=["sqlite"])  # the page adds no database behaviour of its own
def database_url(request, tmp_path):  # type: ignore[no-untyped-def]
    from api.db import dispose_engines

    yield f"sqlite:///{tmp_path / 'permits.db'}"
    dispose_engines()


def test_without_login_the_page_asks_for_the_token(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/clerk")
    assert page.status_code == 200 and 'name="token"' in page.text
    assert client.get(f"/clerk/cases/{submit(client)}", follow_redirects=False).status_code == 303


def test_a_wrong_token_does_not_log_in(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/clerk/login", data={"token": "nope-nope-nope"}, follow_redirects=False)
    assert response.status_code == 401 and "Token inválido" in response.text
    assert "clerk_session" not in response.headers.get("set-cookie", "")


def test_login_sets_a_strict_http_only_cookie_and_lists_own_cases(client) -> None:  # type: ignore[no-untyped-def]
    mine = submit(client)
    other = submit(client, jurisdiction_id="br-pr-pontal-do-parana")
    response = login(client)
    assert response.status_code == 303 and response.headers["location"] == "/clerk"
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/clerk" in cookie
    page = client.get("/clerk")
    assert mine in page.text and other not in page.text
    assert "Maria Aparecida da Silva" in page.text and "Recebido" in page.text


def test_clerk_decides_a_case_from_the_page(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)
    login(client)
    page = client.get(f"/clerk/cases/{protocol}")
    assert page.status_code == 200 and "52998224725" in page.text  # the clerk sees the CPF
    token = form_token_of(page.text)

    moved = client.post(f"/clerk/cases/{protocol}/status", data={"status": "under_review", "csrf_token": token},
                        follow_redirects=False)
    assert moved.status_code == 303
    client.post(f"/clerk/cases/{protocol}/notes", data={"text": "Conferir a planta", "csrf_token": token})
    client.post(f"/clerk/cases/{protocol}/status",
                data={"status": "approved", "reason": "Documentação completa", "csrf_token": token})
    case = client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()
    assert case["status"] == "approved" and case["status_reason"] == "Documentação completa"
    assert [note["text"] for note in case["notes"]] == ["Conferir a planta"]
    page = client.get(f"/clerk/cases/{protocol}").text
    assert "Deferido" in page and "Servidor ana" in page and "Conferir a planta" in page


def test_page_shows_why_a_decision_was_refused(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)
    login(client)
    token = form_token_of(client.get(f"/clerk/cases/{protocol}").text)
    response = client.post(f"/clerk/cases/{protocol}/status", data={"status": "approved", "csrf_token": token})
    assert response.status_code == 409 and "Situações possíveis agora: Em análise" in response.text
    client.post(f"/clerk/cases/{protocol}/status", data={"status": "under_review", "csrf_token": token})
    response = client.post(f"/clerk/cases/{protocol}/status", data={"status": "rejected", "csrf_token": token})
    assert response.status_code == 422 and "é preciso escrever o motivo" in response.text


def test_a_form_without_the_form_token_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)
    login(client)
    for data in ({"status": "under_review"}, {"status": "under_review", "csrf_token": "0" * 64}):
        response = client.post(f"/clerk/cases/{protocol}/status", data=data)
        assert response.status_code in (403, 422)
    assert client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()["status"] == "submitted"


def test_the_form_token_of_one_clerk_does_not_work_for_another(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client, jurisdiction_id="br-pr-pontal-do-parana")
    other = submit(client)
    login(client)
    anas_token = form_token_of(client.get(f"/clerk/cases/{other}").text)
    login(client, "carla")
    response = client.post(f"/clerk/cases/{protocol}/status", data={"status": "under_review", "csrf_token": anas_token})
    assert response.status_code == 403


def test_page_export_and_logout(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)
    login(client)
    export = client.get("/clerk/export.csv")
    assert export.status_code == 200 and protocol in export.text
    client.post("/clerk/logout")
    assert 'name="token"' in client.get("/clerk").text
    assert client.get("/clerk/export.csv", follow_redirects=False).status_code == 303
