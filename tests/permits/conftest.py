"""Fixtures of the permit tests: each test gets a fresh database on each backend.

`backend` runs a test on SQLite (a file in tmp_path) and on PostgreSQL (a schema of its own in
DATABASE_URL_TEST, default postgresql+psycopg://postgres@127.0.0.1:5432/test, dropped afterwards).
Without a reachable PostgreSQL the PostgreSQL half skips with the reason; with REQUIRE_POSTGRES=1
(CI) it fails instead.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from api.db import dispose_engines
from api.deps import get_conversation_eraser
from api.main import create_app
from api.permits.conversations import ConversationErasureFailed
from api.permits.settings import ClerkAccount, PermitSettings, get_permit_settings
from api.security.conversation_signature import HEADER as SIGNATURE_HEADER, conversation_signature
from api.security.settings import get_security_settings
from tests.postgres import postgres_unavailable, psycopg_conninfo, skip_or_fail

PG_URL = os.environ.get("DATABASE_URL_TEST", "postgresql+psycopg://postgres@127.0.0.1:5432/test")

TOKENS = {
    "ana": "ana-reviews-bertioga-0123456789abcdef",
    "bruno": "bruno-views-bertioga-0123456789abcdef",
    "carla": "carla-reviews-pontal-and-pt-0123456789",
}
CLERKS = [
    ClerkAccount(username="ana", token=TOKENS["ana"], roles={"br-sp-bertioga": "reviewer"}),
    ClerkAccount(username="bruno", token=TOKENS["bruno"], roles={"br-sp-bertioga": "viewer"}),
    ClerkAccount(
        username="carla", token=TOKENS["carla"], roles={"br-pr-pontal-do-parana": "reviewer", "pt": "reviewer"}
    ),
]
SECRET_KEY = "test-secret-key-0123456789abcdef0123456789"


def skip_or_fail_without_postgres() -> None:
    skip_or_fail(postgres_unavailable(PG_URL))


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """A URL whose connections work in a new, empty schema (dropped at the end)."""
    skip_or_fail_without_postgres()
    schema = f"permits_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(psycopg_conninfo(PG_URL), autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    url = make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        dispose_engines()
        with psycopg.connect(psycopg_conninfo(PG_URL), autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'permits.db'}"
        dispose_engines()
    else:
        yield request.getfixturevalue("postgres_schema_url")


@pytest.fixture
def settings(database_url: str, tmp_path) -> PermitSettings:  # type: ignore[no-untyped-def]
    return PermitSettings(
        database_url=database_url,
        var_dir=tmp_path,
        clerk_accounts=CLERKS,
        permits_secret_key=SECRET_KEY,
        retention_days=365,
    )


class RecordingEraser:
    """Stands for Rasa's tracker store: records the conversations wiped; `failure` makes it fail."""

    def __init__(self) -> None:
        self.erased: list[str] = []
        self.failure: str | None = None

    def erase(self, conversation_id: str) -> int:
        if self.failure is not None:
            raise ConversationErasureFailed(self.failure)
        self.erased.append(conversation_id)
        return 1


@pytest.fixture
def conversation_eraser() -> RecordingEraser:
    return RecordingEraser()


@pytest.fixture
def client(settings: PermitSettings, conversation_eraser) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    app = create_app()
    app.dependency_overrides[get_permit_settings] = lambda: settings
    app.dependency_overrides[get_conversation_eraser] = lambda: conversation_eraser
    with TestClient(app) as test_client:
        test_client.event_hooks["request"].append(sign_as_the_assistant)
        yield test_client


def sign_as_the_assistant(request: httpx.Request) -> None:
    """These tests submit as the chat's action server does: its conversation id signed
    (api/security/conversation_signature.py). tests/permits/test_conversation_signature.py sends unsigned ones."""
    if request.method != "POST" or request.url.path != "/api/v1/preapplications" or SIGNATURE_HEADER in request.headers:
        return
    try:
        conversation_id = json.loads(request.content or b"{}").get("conversation_id")
    except (ValueError, AttributeError):
        return
    if isinstance(conversation_id, str):
        key = get_security_settings().conversation_signing_key.get_secret_value()
        request.headers[SIGNATURE_HEADER] = conversation_signature(conversation_id, key)


def auth(clerk: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {TOKENS[clerk]}"}


def preapplication(**changes: Any) -> dict[str, Any]:
    """A complete, valid submission as the chat action sends it; `changes` replaces top-level keys."""
    body: dict[str, Any] = {
        "jurisdiction_id": "br-sp-bertioga",
        "permit_kind": "nautical_sport_point",
        "activity": {"id": "sup", "category": "nautical_sport", "description": "Aluguel de 6 pranchas de SUP"},
        "applicant": {"name": "Maria Aparecida da Silva", "document_type": "cpf", "document_number": "529.982.247-25"},
        "contact": {"phone": "+55 (13) 99876-5432", "email": "maria.silva@example.com.br"},
        "place": {"description": "Praia da Enseada, em frente à Rua 7", "point_id": "enseada-03"},
        "period": {"start": "2026-12-15", "end": "2027-03-15"},
        "exemption_claims": [{"kind": "resident_artisan", "detail": "moradora há 12 anos"}],
        "consent": {"given": True, "given_at": datetime.now(UTC).isoformat(), "text_version": "lgpd-2026-01"},
        "channel": "telegram",
        "conversation_id": "tg-5550001234",
        "fee_estimate": {"amount": {"value": "10", "unit": "UFIB"}, "per": "season"},
        "citations": [{"unit_id": "br-sp-bertioga/decreto-4510-2024/art-9"}],
    }
    body.update(changes)
    return body


PERSONAL_VALUES = (
    "Maria Aparecida da Silva",
    "52998224725",
    "529.982.247-25",
    "99876-5432",
    "5513998765432",
    "maria.silva@example.com.br",
    "tg-5550001234",
    "moradora há 12 anos",
    "Aluguel de 6 pranchas de SUP",
)


TEST_PERMIT_KINDS = {
    "br-sp-bertioga": {"nautical_sport_point", "beach_food_vendor"},
    "br-pr-pontal-do-parana": {"nautical_sport_point", "beach_food_vendor"},
    "pt": {"maritime_tourism_operator"},
}


@pytest.fixture(autouse=True)
def fixed_permit_catalogue() -> Iterator[None]:
    """A permit catalogue of the tests' own, so they do not follow the rules data as it grows
    (test_catalogue.py checks the real hook into knowledge.rules)."""
    from knowledge.permits.catalogue import set_permit_kind_check

    def check(jurisdiction_id: str, permit_kind: str):  # type: ignore[no-untyped-def]
        kinds = TEST_PERMIT_KINDS.get(jurisdiction_id, set())
        return None if not kinds or permit_kind in kinds else sorted(kinds)

    previous = set_permit_kind_check(check)
    yield
    set_permit_kind_check(previous)
