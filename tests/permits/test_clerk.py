"""A municipal clerk works through the pre-applications of their municipality, and only theirs."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.permits.conftest import TOKENS, auth, preapplication


def submit(client, **changes) -> dict:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/preapplications", json=preapplication(**changes))
    assert response.status_code == 201, response.text
    return response.json()


def set_status(client, protocol, status, reason=None, clerk="ana"):  # type: ignore[no-untyped-def]
    return client.post(f"/api/v1/clerk/preapplications/{protocol}/status",
                       json={"status": status, "reason": reason}, headers=auth(clerk))


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer not-a-clerk-token-at-all-0123456789"}, {"Authorization": f"Basic {TOKENS['ana']}"},
     {"Authorization": TOKENS["ana"]}],
    ids=["none", "unknown-token", "wrong-scheme", "no-scheme"],
)
def test_without_a_valid_token_the_clerk_api_answers_401(client, headers) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    for method, path in [
        ("GET", "/api/v1/clerk/preapplications"),
        ("GET", "/api/v1/clerk/preapplications.csv"),
        ("GET", f"/api/v1/clerk/preapplications/{protocol}"),
        ("POST", f"/api/v1/clerk/preapplications/{protocol}/notes"),
        ("DELETE", f"/api/v1/clerk/preapplications/{protocol}/personal-data"),
    ]:
        response = client.request(method, path, headers=headers, json={"text": "x"})
        assert response.status_code == 401, (method, path)
        assert response.headers["WWW-Authenticate"] == "Bearer"
        assert "Maria" not in response.text


def test_clerk_sees_only_the_cases_of_their_municipalities(client) -> None:  # type: ignore[no-untyped-def]
    bertioga = submit(client)["protocol"]
    pontal = submit(client, jurisdiction_id="br-pr-pontal-do-parana")["protocol"]

    ana = client.get("/api/v1/clerk/preapplications", headers=auth("ana")).json()
    assert [case["protocol"] for case in ana["data"]] == [bertioga] and ana["count"] == 1
    carla = client.get("/api/v1/clerk/preapplications", headers=auth("carla")).json()
    assert [case["protocol"] for case in carla["data"]] == [pontal]

    # Another municipality's case does not exist, as far as this clerk can tell.
    assert client.get(f"/api/v1/clerk/preapplications/{pontal}", headers=auth("ana")).status_code == 404
    assert client.get("/api/v1/clerk/preapplications/PON-2026-999999", headers=auth("ana")).json() == \
        client.get(f"/api/v1/clerk/preapplications/{pontal}", headers=auth("ana")).json()
    assert set_status(client, pontal, "under_review").status_code == 404
    assert client.get(f"/api/v1/clerk/preapplications/{pontal}/audit", headers=auth("ana")).status_code == 404
    assert client.delete(f"/api/v1/clerk/preapplications/{pontal}/personal-data", headers=auth("ana")).status_code == 404
    # Asking for the other municipality's list outright is refused.
    refused = client.get("/api/v1/clerk/preapplications", params={"jurisdiction_id": "br-pr-pontal-do-parana"},
                         headers=auth("ana"))
    assert refused.status_code == 403
    export = client.get("/api/v1/clerk/preapplications.csv", headers=auth("ana")).text
    assert bertioga in export and pontal not in export


def test_list_filters_and_pages(client) -> None:  # type: ignore[no-untyped-def]
    protocols = [submit(client)["protocol"] for _ in range(5)]
    submit(client, permit_kind="beach_food_vendor")
    assert set_status(client, protocols[0], "under_review").status_code == 200

    def listing(**params):  # type: ignore[no-untyped-def]
        response = client.get("/api/v1/clerk/preapplications", params=params, headers=auth("ana"))
        assert response.status_code == 200, response.text
        return response.json()

    page1, page2 = listing(limit=4), listing(limit=4, offset=4)
    assert page1["count"] == page2["count"] == 6
    assert len(page1["data"]) == 4 and len(page2["data"]) == 2
    seen = [case["protocol"] for case in page1["data"] + page2["data"]]
    assert len(set(seen)) == 6
    # Newest first.
    assert seen[0].endswith("-000006") and seen[-1].endswith("-000001")

    assert [c["protocol"] for c in listing(status="under_review")["data"]] == [protocols[0]]
    assert listing(status="submitted")["count"] == 5
    assert listing(permit_kind="beach_food_vendor")["count"] == 1
    today = datetime.now(ZoneInfo("America/Sao_Paulo")).date()  # the days are Bertioga's own
    assert listing(submitted_from=today.isoformat())["count"] == 6
    assert listing(submitted_to="2020-01-01")["count"] == 0
    assert client.get("/api/v1/clerk/preapplications", params={"limit": 0}, headers=auth("ana")).status_code == 422
    assert client.get("/api/v1/clerk/preapplications", params={"status": "lost"}, headers=auth("ana")).status_code == 422


def test_a_case_goes_through_review_to_a_decision(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    steps = [
        ("under_review", None),
        ("needs_info", "Falta a planta do ponto com as medidas"),
        ("under_review", "Planta recebida por e-mail"),
        ("approved", "Ponto livre e documentação completa (art. 9)"),
    ]
    for status, reason in steps:
        response = set_status(client, protocol, status, reason)
        assert response.status_code == 200, response.text
        assert response.json()["status"] == status
    case = response.json()
    assert case["closed_at"] is not None and case["status_reason"] == steps[-1][1]


def test_citizen_reads_the_reason_of_the_latest_decision(client) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client)
    set_status(client, receipt["protocol"], "under_review")
    set_status(client, receipt["protocol"], "needs_info", "Envie a licença ambiental")
    view = client.get(f"/api/v1/preapplications/{receipt['protocol']}", headers={"X-Access-Code": receipt["access_code"]})
    assert view.json()["status"] == "needs_info"
    assert view.json()["status_reason"] == "Envie a licença ambiental"


@pytest.mark.parametrize(
    ("path", "target"),
    [([], "approved"), ([], "needs_info"), ([], "submitted"), (["under_review"], "submitted"),
     (["under_review", "rejected"], "under_review"), (["under_review", "approved"], "rejected"),
     (["under_review", "needs_info"], "approved")],
    ids=["skip-review-approve", "skip-review-ask", "back-to-submitted", "review-to-submitted",
         "reopen-rejected", "reverse-approval", "approve-while-waiting"],
)
def test_invalid_transition_is_409_and_changes_nothing(client, path, target) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    for status in path:
        assert set_status(client, protocol, status, "motivo").status_code == 200
    before = client.get(f"/api/v1/clerk/preapplications/{protocol}/audit", headers=auth("ana")).json()
    response = set_status(client, protocol, target, "motivo")
    assert response.status_code == 409
    assert "allowed next" in response.json()["detail"]
    after = client.get(f"/api/v1/clerk/preapplications/{protocol}/audit", headers=auth("ana")).json()
    assert after == before


@pytest.mark.parametrize("target", ["needs_info", "approved", "rejected"])
def test_a_decision_needs_a_reason(client, target) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    set_status(client, protocol, "under_review")
    for reason in (None, "   "):
        response = set_status(client, protocol, target, reason)
        assert response.status_code == 422
        assert response.json()["detail"][0]["loc"] == ["body", "reason"]
    assert client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()["status"] == "under_review"


def test_a_viewer_reads_but_cannot_decide_annotate_or_erase(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    assert client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("bruno")).status_code == 200
    assert client.get("/api/v1/clerk/preapplications.csv", headers=auth("bruno")).status_code == 200
    assert set_status(client, protocol, "under_review", clerk="bruno").status_code == 403
    assert client.post(f"/api/v1/clerk/preapplications/{protocol}/notes", json={"text": "oi"},
                       headers=auth("bruno")).status_code == 403
    assert client.delete(f"/api/v1/clerk/preapplications/{protocol}/personal-data",
                         headers=auth("bruno")).status_code == 403
    case = client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()
    assert case["status"] == "submitted" and case["notes"] == [] and case["applicant_name"]


def test_every_change_is_in_the_audit_trail(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client)["protocol"]
    set_status(client, protocol, "under_review")
    note = client.post(f"/api/v1/clerk/preapplications/{protocol}/notes",
                       json={"text": "Ligar para a requerente sobre o horário"}, headers=auth("ana"))
    assert note.status_code == 201 and note.json()["author"] == "ana"
    set_status(client, protocol, "rejected", "Ponto já licenciado a outro permissionário")

    trail = client.get(f"/api/v1/clerk/preapplications/{protocol}/audit", headers=auth("ana")).json()
    summary = [(e["actor"], e["action"], e["from_status"], e["to_status"]) for e in trail]
    assert summary == [
        ("citizen", "submitted", None, "submitted"),
        ("clerk:ana", "status_changed", "submitted", "under_review"),
        ("clerk:ana", "note_added", None, None),
        ("clerk:ana", "status_changed", "under_review", "rejected"),
    ]
    assert trail[-1]["detail"] == "Ponto já licenciado a outro permissionário"
    times = [datetime.fromisoformat(e["at"]) for e in trail]
    assert times == sorted(times) and all(t.tzinfo is not None for t in times)
    assert abs((times[-1] - datetime.now(UTC)).total_seconds()) < 60
    # The note's text is in the case, not in the audit trail.
    assert all("horário" not in (e["detail"] or "") for e in trail)
    notes = client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()["notes"]
    assert [n["text"] for n in notes] == ["Ligar para a requerente sobre o horário"]


def test_csv_export_has_one_row_per_case_with_its_data(client) -> None:  # type: ignore[no-untyped-def]
    first = submit(client)["protocol"]
    second = submit(client, applicant={"name": "=HYPERLINK(\"http://x\")", "document_type": "cnpj",
                                       "document_number": "11.222.333/0001-81"})["protocol"]
    set_status(client, first, "under_review")
    response = client.get("/api/v1/clerk/preapplications.csv", headers=auth("ana"))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [row["protocol"] for row in rows] == [first, second]
    assert rows[0]["status"] == "under_review" and rows[1]["status"] == "submitted"
    assert rows[0]["applicant_name"] == "Maria Aparecida da Silva"
    assert rows[0]["applicant_document"] == "52998224725" and rows[0]["contact_email"] == "maria.silva@example.com.br"
    assert rows[0]["period_start"] == "2026-12-15" and rows[0]["period_end"] == "2027-03-15"
    assert rows[0]["permit_kind"] == "nautical_sport_point" and rows[0]["jurisdiction_id"] == "br-sp-bertioga"
    # A name that looks like a spreadsheet formula is exported as text.
    assert rows[1]["applicant_name"] == "'=HYPERLINK(\"http://x\")"
    assert rows[1]["applicant_document_type"] == "cnpj"
    only_review = client.get("/api/v1/clerk/preapplications.csv", params={"status": "under_review"}, headers=auth("ana"))
    assert [row["protocol"] for row in csv.DictReader(io.StringIO(only_review.text))] == [first]


def test_whoami(client) -> None:  # type: ignore[no-untyped-def]
    me = client.get("/api/v1/clerk/me", headers=auth("carla")).json()
    assert me == {"username": "carla", "roles": {"br-pr-pontal-do-parana": "reviewer", "pt": "reviewer"}}
