"""permit_kind is checked against the rules module's permit catalogue (knowledge.rules.permit_kinds)."""

from __future__ import annotations

import pytest

from api.permits.catalogue import _from_rules_catalogue, set_permit_kind_check
from tests.permits.conftest import preapplication


@pytest.fixture
def real_catalogue():  # type: ignore[no-untyped-def]
    previous = set_permit_kind_check(_from_rules_catalogue)
    yield
    set_permit_kind_check(previous)


def test_permit_kind_must_be_one_the_municipality_issues(client, real_catalogue) -> None:  # type: ignore[no-untyped-def]
    rules = pytest.importorskip("knowledge.rules")
    kinds = rules.permit_kinds("br-sp-bertioga")
    if not kinds:
        pytest.skip("the rules catalogue has no permit of Bertioga yet")
    ok = client.post("/api/v1/preapplications", json=preapplication(permit_kind=kinds[0]))
    assert ok.status_code == 201, ok.text
    unknown = client.post("/api/v1/preapplications", json=preapplication(permit_kind="no_such_permit"))
    assert unknown.status_code == 422
    error = unknown.json()["detail"][0]
    assert error["loc"] == ["body", "permit_kind"] and kinds[0] in error["msg"]


def test_a_municipality_without_catalogue_accepts_any_well_formed_kind(client, real_catalogue) -> None:  # type: ignore[no-untyped-def]
    rules = pytest.importorskip("knowledge.rules")
    bare = [j for j in ("br-rn-lajes", "br-sp-igarapava") if not rules.permit_kinds(j)]
    if not bare:
        pytest.skip("every municipality has a permit catalogue now")
    response = client.post("/api/v1/preapplications", json=preapplication(jurisdiction_id=bare[0], permit_kind="street_vendor"))
    assert response.status_code == 201, response.text
