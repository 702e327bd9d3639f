"""Personal data never reaches a log line."""

from __future__ import annotations

import json

import structlog
from structlog.testing import capture_logs

from api.permits.logs import REDACTED, get_logger, redact_personal_data
from tests.permits.conftest import PERSONAL_VALUES, auth, preapplication


def test_personal_fields_are_redacted_by_name_at_any_depth() -> None:
    event = redact_personal_data(None, "info", {
        "event": "x",
        "protocol": "BER-2026-000001",
        "email": "a@b.pt",
        "payload": {"applicant": {"name": "Maria"}, "contact": {"phone": "1"}, "channel": "web"},
        "items": [{"cpf": "52998224725"}, {"kind": "sup"}],
    })
    assert event["email"] == REDACTED
    assert event["payload"] == {"applicant": REDACTED, "contact": REDACTED, "channel": "web"}
    assert event["items"] == [{"cpf": REDACTED}, {"kind": "sup"}]
    assert event["protocol"] == "BER-2026-000001"


def test_personal_data_written_into_a_message_is_masked_but_protocols_stay() -> None:
    message = ("BER-2026-000042: Maria (maria.silva@example.com.br, CPF 529.982.247-25, CNPJ 11.222.333/0001-81, "
               "tel. +55 (13) 99876-5432, NIF 123 456 789) pediu 3 pontos")
    event = redact_personal_data(None, "info", {"event": message})["event"]
    for leaked in ("maria.silva@", "529.982.247-25", "11.222.333/0001-81", "99876-5432", "123 456 789"):
        assert leaked not in event
    assert event.startswith("BER-2026-000042: Maria (") and event.endswith("pediu 3 pontos")


def test_the_permit_logger_redacts_whatever_structlog_is_configured_with(capsys) -> None:  # type: ignore[no-untyped-def]
    structlog.configure(processors=[structlog.processors.JSONRenderer()], logger_factory=structlog.PrintLoggerFactory())
    try:
        get_logger().info("test", contact_email="maria.silva@example.com.br", protocol="PON-2026-000007")
    finally:
        structlog.reset_defaults()
    line = json.loads(capsys.readouterr().out)
    assert line == {"event": "test", "contact_email": REDACTED, "protocol": "PON-2026-000007", "logger": "api.permits"}


def test_a_whole_case_handled_through_the_api_logs_no_personal_data(client) -> None:  # type: ignore[no-untyped-def]
    with capture_logs() as events:
        receipt = client.post("/api/v1/preapplications", json=preapplication()).json()
        protocol = receipt["protocol"]
        client.post(f"/api/v1/clerk/preapplications/{protocol}/status", json={"status": "under_review"},
                    headers=auth("ana"))
        client.post(f"/api/v1/clerk/preapplications/{protocol}/notes", json={"text": "Maria Aparecida ligou"},
                    headers=auth("ana"))
        client.get("/api/v1/clerk/preapplications.csv", headers=auth("ana"))
        client.delete(f"/api/v1/preapplications/{protocol}/personal-data", headers={"X-Access-Code": receipt["access_code"]})
    names = [event["event"] for event in events]
    assert {"preapplication_submitted", "preapplication_status_changed", "preapplications_exported",
            "personal_data_erased"} <= set(names)
    assert any(event.get("protocol") == protocol for event in events)
    logged = json.dumps(events, default=str)
    assert not any(value in logged for value in (*PERSONAL_VALUES, receipt["access_code"]))
