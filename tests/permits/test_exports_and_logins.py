"""CSV export safe in "," and ";" spreadsheets; back-off on repeated wrong clerk tokens (issue 13)."""

from __future__ import annotations

import csv
import io

from tests.permits.conftest import TOKENS, auth, preapplication

from api.security.settings import SecuritySettings, get_security_settings

FORMULA_STARTS = ("=", "+", "-", "@")


def test_no_csv_cell_can_start_a_formula_whatever_the_delimiter(client) -> None:  # type: ignore[no-untyped-def]
    hostile = preapplication(applicant={"name": "Maria;=HYPERLINK(\"http://evil.example\"),x", "document_type": "cpf",
                                        "document_number": "529.982.247-25"},
                             activity={"id": "sup", "description": "=1+1;@SUM(A1),-2,+3"})
    assert client.post("/api/v1/preapplications", json=hostile).status_code == 201
    export = client.get("/api/v1/clerk/preapplications.csv", headers=auth("ana")).text
    for delimiter in (",", ";"):  # en spreadsheets split on ",", pt-BR/pt-PT ones on ";"
        for row in csv.reader(io.StringIO(export), delimiter=delimiter):
            for cell in row:
                assert not cell.lstrip(" ").startswith(FORMULA_STARTS), (delimiter, cell)
    rows = list(csv.DictReader(io.StringIO(export)))
    # One cell, as text: the formula after the ";" is neutralised like one at the start.
    assert rows[0]["applicant_name"] == 'Maria;\'=HYPERLINK("http://evil.example"),x'


def test_repeated_wrong_clerk_tokens_must_wait(client) -> None:  # type: ignore[no-untyped-def]
    client.app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(
        clerk_failures_allowed=3, clerk_lockout_seconds=30)
    wrong = {"Authorization": "Bearer not-a-clerk-token-0123456789"}
    assert [client.get("/api/v1/clerk/me", headers=wrong).status_code for _ in range(3)] == [401, 401, 401]
    locked = client.get("/api/v1/clerk/me", headers=auth("ana"))
    assert locked.status_code == 429 and 1 <= int(locked.headers["Retry-After"]) <= 30
    page = client.post("/clerk/login", data={"token": TOKENS["ana"]}, follow_redirects=False)
    assert page.status_code == 429


def test_a_right_token_clears_earlier_mistakes(client) -> None:  # type: ignore[no-untyped-def]
    client.app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(clerk_failures_allowed=3)
    wrong = {"Authorization": "Bearer not-a-clerk-token-0123456789"}
    for _ in range(2):
        assert client.get("/api/v1/clerk/me", headers=wrong).status_code == 401
    assert client.get("/api/v1/clerk/me", headers=auth("ana")).status_code == 200
    for _ in range(2):
        assert client.get("/api/v1/clerk/me", headers=wrong).status_code == 401
    assert client.get("/api/v1/clerk/me", headers=auth("ana")).status_code == 200
