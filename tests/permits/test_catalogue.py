"""permit_kind is checked against the rules module's permit catalogue (knowledge.rules.permit_kinds)."""

from __future__ import annotations

import pytest

from knowledge import rules
from knowledge.permits.catalogue import _from_rules_catalogue, set_permit_kind_check
from tests.permits.conftest import preapplication


@pytest.fixture
def real_catalogue():  # type: ignore[no-untyped-def]
    previous = set_permit_kind_check(_from_rules_catalogue)
    yield
    set_permit_kind_check(previous)


def test_permit_kind_must_be_one_the_municipality_issues(client, real_catalogue) -> None:  # type: ignore[no-untyped-def]
    kinds = rules.permit_kinds("br-sp-bertioga")
    assert kinds
    ok = client.post("/api/v1/preapplications", json=preapplication(permit_kind=kinds[0]))
    assert ok.status_code == 201, ok.text
    unknown = client.post("/api/v1/preapplications", json=preapplication(permit_kind="no_such_permit"))
    assert unknown.status_code == 422
    error = unknown.json()["detail"][0]
    assert error["loc"] == ["body", "permit_kind"] and kinds[0] in error["msg"]


@pytest.mark.parametrize("jurisdiction", ["br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes", "pt"])
def test_every_municipality_takes_the_kinds_of_its_catalogue(client, real_catalogue, jurisdiction) -> None:  # type: ignore[no-untyped-def]
    kinds = rules.permit_kinds(jurisdiction)
    assert kinds, f"the rules catalogue has no permit of {jurisdiction}"
    changes = {"jurisdiction_id": jurisdiction, "permit_kind": kinds[-1]}
    if jurisdiction == "pt":
        changes["applicant"] = {"name": "João Pereira", "document_type": "nif", "document_number": "501964843"}
    assert client.post("/api/v1/preapplications", json=preapplication(**changes)).status_code == 201
    # A kind of another municipality is not one of this one's.
    foreign = rules.permit_kinds("br-sp-bertioga")[0]
    refused = client.post("/api/v1/preapplications", json=preapplication(**{**changes, "permit_kind": foreign}))
    assert refused.status_code == 422 and refused.json()["detail"][0]["loc"] == ["body", "permit_kind"]


def test_without_a_catalogue_for_the_municipality_any_well_formed_kind_is_taken(client, real_catalogue, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = rules.permit_kinds
    monkeypatch.setattr(rules, "permit_kinds", lambda j=None: [] if j == "br-rn-lajes" else real(j))
    body = preapplication(jurisdiction_id="br-rn-lajes", permit_kind="street_vendor")
    assert client.post("/api/v1/preapplications", json=body).status_code == 201
    assert client.post("/api/v1/preapplications", json={**body, "permit_kind": "Street Vendor"}).status_code == 422
