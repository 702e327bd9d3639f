"""A citizen's pre-application from the chat: protocol, access code, status query, validation."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.permits.conftest import PERSONAL_VALUES, auth, preapplication

PROTOCOL = re.compile(r"(BER|PON|IGA|LAJ|PRT)-(\d{4})-(\d{6})")


def submit(client, body=None, **headers):  # type: ignore[no-untyped-def]
    return client.post("/api/v1/preapplications", json=body or preapplication(), headers=headers)


def test_submission_gets_protocol_of_its_municipality_and_year_and_a_code(client) -> None:  # type: ignore[no-untyped-def]
    first = submit(client)
    second = submit(client)
    pontal = submit(client, preapplication(jurisdiction_id="br-pr-pontal-do-parana"))
    assert first.status_code == second.status_code == pontal.status_code == 201
    year = datetime.now(UTC).astimezone().year  # São Paulo time is within a day of this
    assert PROTOCOL.fullmatch(first.json()["protocol"])
    assert first.json()["protocol"].startswith("BER-")
    assert int(first.json()["protocol"][4:8]) in (year - 1, year, year + 1)
    assert first.json()["protocol"].endswith("-000001")
    assert second.json()["protocol"].endswith("-000002")
    # Each municipality counts on its own.
    assert pontal.json()["protocol"].startswith("PON-") and pontal.json()["protocol"].endswith("-000001")
    assert first.json()["status"] == "submitted"
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}", first.json()["access_code"])
    assert first.json()["access_code"] != second.json()["access_code"]


def test_citizen_sees_status_with_protocol_and_code_and_no_personal_data(client) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client).json()
    view = client.get(f"/api/v1/preapplications/{receipt['protocol']}", headers={"X-Access-Code": receipt["access_code"]})
    assert view.status_code == 200
    body = view.json()
    assert body["protocol"] == receipt["protocol"]
    assert body["status"] == "submitted" and body["permit_kind"] == "nautical_sport_point"
    assert body["period_start"] == "2026-12-15" and body["personal_data_erased"] is False
    assert not any(value in view.text for value in PERSONAL_VALUES)


def test_code_typed_loosely_still_works(client) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client).json()
    typed = receipt["access_code"].lower().replace("-", " ")
    view = client.get(f"/api/v1/preapplications/{receipt['protocol'].lower()}", headers={"X-Access-Code": typed})
    assert view.status_code == 200


def test_wrong_code_looks_exactly_like_an_unknown_protocol(client) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client).json()
    wrong = client.get(f"/api/v1/preapplications/{receipt['protocol']}", headers={"X-Access-Code": "AAAA-BBBB-CCCC"})
    unknown = client.get("/api/v1/preapplications/BER-2026-999999", headers={"X-Access-Code": receipt["access_code"]})
    garbage = client.get("/api/v1/preapplications/not-a-protocol", headers={"X-Access-Code": receipt["access_code"]})
    assert wrong.status_code == unknown.status_code == garbage.status_code == 404
    assert wrong.json() == unknown.json() == garbage.json()


def test_status_query_needs_the_code(client) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client).json()
    assert client.get(f"/api/v1/preapplications/{receipt['protocol']}").status_code == 422


def _count(client) -> int:  # type: ignore[no-untyped-def]
    listing = client.get("/api/v1/clerk/preapplications", headers=auth("ana"))
    assert listing.status_code == 200
    return listing.json()["count"]


@pytest.mark.parametrize(
    "consent",
    [
        {"given": False, "given_at": "2026-01-10T10:00:00Z", "text_version": "lgpd-2026-01"},
        {"given": True, "text_version": "lgpd-2026-01"},
        {"given": True, "given_at": "2026-01-10T10:00:00Z"},
        {"given": True, "given_at": "2026-01-10T10:00:00", "text_version": "lgpd-2026-01"},  # no time zone
    ],
    ids=["refused", "no-timestamp", "no-text-version", "naive-timestamp"],
)
def test_without_valid_consent_nothing_is_stored(client, consent) -> None:  # type: ignore[no-untyped-def]
    response = submit(client, preapplication(consent=consent))
    assert response.status_code == 422
    assert all(error["loc"][:2] == ["body", "consent"] for error in response.json()["detail"])
    assert _count(client) == 0
    # Not even a protocol number was used up.
    assert submit(client).json()["protocol"].endswith("-000001")


def test_consent_from_the_future_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    later = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    response = submit(client, preapplication(consent={"given": True, "given_at": later, "text_version": "v1"}))
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "consent", "given_at"]


def _error_locs(response) -> list[list]:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.text
    return [error["loc"] for error in response.json()["detail"]]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"applicant": {"name": "Maria", "document_type": "cpf", "document_number": "529.982.247-26"}},
         ["body", "applicant", "document_number"]),
        ({"applicant": {"name": "Maria", "document_type": "cnpj", "document_number": "11.222.333/0001-80"}},
         ["body", "applicant", "document_number"]),
        ({"applicant": {"name": "Maria", "document_type": "nif", "document_number": "123456789"}},
         ["body", "applicant", "document_type"]),
        ({"jurisdiction_id": "pt"}, ["body", "applicant", "document_type"]),  # a CPF in Portugal
        ({"jurisdiction_id": "br-sp-santos"}, ["body", "jurisdiction_id"]),
        ({"contact": {"email": "maria@"}}, ["body", "contact", "email"]),
        ({"contact": {"phone": "12"}}, ["body", "contact", "phone"]),
        ({"contact": {}}, ["body", "contact"]),
        ({"period": {"start": "2027-03-15", "end": "2026-12-15"}}, ["body", "period", "end"]),
        ({"period": {"start": "2026-02-30", "end": "2026-12-15"}}, ["body", "period", "start"]),
        ({"permit_kind": "Beach Vendor!"}, ["body", "permit_kind"]),
        ({"channel": "fax"}, ["body", "channel"]),
        ({"place": {"description": "Enseada", "latitude": -23.8}}, ["body", "place"]),
        ({"surname": "Silva"}, ["body", "surname"]),
    ],
    ids=["cpf", "cnpj", "nif-in-brazil", "cpf-in-portugal", "jurisdiction", "email", "phone", "no-contact",
         "period-order", "impossible-date", "permit-kind", "channel", "half-coordinates", "unknown-field"],
)
def test_invalid_field_gets_422_naming_it(client, changes, field) -> None:  # type: ignore[no-untyped-def]
    assert field in _error_locs(submit(client, preapplication(**changes)))
    assert _count(client) == 0


def test_portuguese_applicant_with_nif(client) -> None:  # type: ignore[no-untyped-def]
    body = preapplication(
        jurisdiction_id="pt",
        permit_kind="maritime_tourism_operator",
        applicant={"name": "João Pereira", "document_type": "nif", "document_number": "PT 123 456 789"},
        contact={"phone": "+351 912 345 678"},
    )
    response = submit(client, body)
    assert response.status_code == 201, response.text
    assert response.json()["protocol"].startswith("PRT-")
    case = client.get(f"/api/v1/clerk/preapplications/{response.json()['protocol']}", headers=auth("carla")).json()
    assert case["applicant_document"] == "123456789" and case["contact_phone"] == "+351912345678"


def test_the_clerk_receives_everything_the_chat_sent(client) -> None:  # type: ignore[no-untyped-def]
    protocol = submit(client).json()["protocol"]
    case = client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()
    assert case["applicant_name"] == "Maria Aparecida da Silva"
    assert case["applicant_document_type"] == "cpf" and case["applicant_document"] == "52998224725"
    assert case["contact_email"] == "maria.silva@example.com.br" and case["contact_phone"] == "+5513998765432"
    assert case["place"]["point_id"] == "enseada-03" and case["activity_id"] == "sup"
    assert case["exemption_claims"] == [{"kind": "resident_artisan", "detail": "moradora há 12 anos"}]
    assert case["fee_estimate"] == {"amount": {"value": "10", "unit": "UFIB"}, "per": "season"}
    assert case["citations"] == [{"unit_id": "br-sp-bertioga/decreto-4510-2024/art-9"}]
    assert case["consent_text_version"] == "lgpd-2026-01" and case["channel"] == "telegram"


# ---------------------------------------------------------------- idempotency

KEY = "6f1c1c4e-6a4e-4b8f-9a59-3f0f0b7f1a11"


def test_retry_with_same_key_and_body_answers_the_same_and_stores_nothing_new(client) -> None:  # type: ignore[no-untyped-def]
    body = preapplication()
    first = submit(client, body, **{"Idempotency-Key": KEY})
    retry = submit(client, body, **{"Idempotency-Key": KEY})
    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert retry.headers.get("Idempotent-Replayed") == "true" and "Idempotent-Replayed" not in first.headers
    assert _count(client) == 1
    # The replayed code is the real one.
    view = client.get(f"/api/v1/preapplications/{first.json()['protocol']}",
                      headers={"X-Access-Code": retry.json()["access_code"]})
    assert view.status_code == 200
    # And the sequence did not move.
    assert submit(client).json()["protocol"].endswith("-000002")


def test_same_key_with_another_body_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    assert submit(client, preapplication(), **{"Idempotency-Key": KEY}).status_code == 201
    other = submit(client, preapplication(permit_kind="beach_food_vendor"), **{"Idempotency-Key": KEY})
    assert other.status_code == 422
    assert other.json()["detail"][0]["loc"] == ["header", "idempotency-key"]
    assert _count(client) == 1


def test_different_keys_are_different_submissions(client) -> None:  # type: ignore[no-untyped-def]
    body = preapplication()
    a = submit(client, body, **{"Idempotency-Key": KEY})
    b = submit(client, body, **{"Idempotency-Key": KEY.replace("a11", "a12")})
    assert a.json()["protocol"] != b.json()["protocol"]
    assert _count(client) == 2


def test_a_too_short_idempotency_key_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    assert ["header", "idempotency-key"] in _error_locs(submit(client, preapplication(), **{"Idempotency-Key": "1"}))


def check_status(protocol: str, access_code: str, *, settings):  # type: ignore[no-untyped-def]
    """The repository's citizen view of a case, read directly from storage (what the route serves)."""
    from api.db import get_session_factory
    from api.permits.errors import CaseNotFound
    from api.permits.repository import citizen_view

    factory = get_session_factory(settings.resolved_database_url, busy_timeout=settings.sqlite_busy_timeout)
    with factory() as session:
        try:
            return citizen_view(session, protocol=protocol, access_code=access_code)
        except CaseNotFound:
            return None


def test_chat_status_query_in_process_gives_the_same_view(client, settings) -> None:  # type: ignore[no-untyped-def]
    receipt = submit(client).json()
    view = check_status(receipt["protocol"], receipt["access_code"], settings=settings)
    over_http = client.get(f"/api/v1/preapplications/{receipt['protocol']}", headers={"X-Access-Code": receipt["access_code"]})
    assert view is not None and view.model_dump(mode="json") == over_http.json()
    assert check_status(receipt["protocol"], "0000-0000-0000", settings=settings) is None
