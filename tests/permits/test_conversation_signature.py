"""Only the chat's action server names the conversation of a pre-application (issue 13).

An erasure wipes the case's conversation from Rasa's tracker store; were the conversation id taken
from a public body, anyone could wipe anyone's chat by submitting a case naming it and erasing it.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from actions.permits.client import PermitsApi, conversation_signature as signed_by_the_actions
from api.security.conversation_signature import HEADER, conversation_signature
from api.security.settings import DEMO_CONVERSATION_SIGNING_KEY, SecuritySettings, get_security_settings
from tests.permits.conftest import auth, preapplication, sign_as_the_assistant

VICTIM = "whatsapp-5513999990000"


@pytest.fixture
def public(client):  # type: ignore[no-untyped-def]
    """The same API, called as the public calls it: nobody signs for it."""
    hooks = client.event_hooks["request"]
    hooks[:] = [hook for hook in hooks if hook.__name__ != sign_as_the_assistant.__name__]
    return client


def _count(client) -> int:  # type: ignore[no-untyped-def]
    return client.get("/api/v1/clerk/preapplications", headers=auth("ana")).json()["count"]


def test_a_public_body_naming_a_conversation_is_refused(public) -> None:  # type: ignore[no-untyped-def]
    response = public.post("/api/v1/preapplications", json=preapplication(conversation_id=VICTIM))
    assert response.status_code == 403
    assert "conversation_id" in response.json()["detail"]
    forged = public.post("/api/v1/preapplications", json=preapplication(conversation_id=VICTIM),
                         headers={HEADER: conversation_signature(VICTIM, "a-key-the-attacker-guessed-0123456789")})
    assert forged.status_code == 403
    assert _count(public) == 0


def test_a_forged_conversation_id_erases_nothing_of_anyone_else(public, conversation_eraser) -> None:  # type: ignore[no-untyped-def]
    assert public.post("/api/v1/preapplications", json=preapplication(conversation_id=VICTIM)).status_code == 403
    # What the attacker can do: a case of their own, without a conversation, then erase it.
    receipt = public.post("/api/v1/preapplications", json=preapplication(conversation_id=None)).json()
    erased = public.delete(f"/api/v1/preapplications/{receipt['protocol']}/personal-data",
                           headers={"X-Access-Code": receipt["access_code"]})
    assert erased.status_code == 200
    assert conversation_eraser.erased == []


def test_the_action_servers_signature_is_accepted_and_its_conversation_erased(public, conversation_eraser) -> None:  # type: ignore[no-untyped-def]
    key = get_security_settings().conversation_signing_key.get_secret_value()
    assert signed_by_the_actions(VICTIM, key) == conversation_signature(VICTIM, key)  # both sides agree
    api = PermitsApi("http://testserver", transport=public._transport, signing_key=key)
    receipt = api.submit(preapplication(conversation_id=VICTIM), idempotency_key="a-fresh-key-0123456789")
    case = public.get(f"/api/v1/clerk/preapplications/{receipt.protocol}", headers=auth("ana")).json()
    assert case["conversation_id"] == VICTIM
    public.delete(f"/api/v1/preapplications/{receipt.protocol}/personal-data", headers={"X-Access-Code": receipt.access_code})
    assert conversation_eraser.erased == [VICTIM]


def test_a_signature_is_for_one_conversation_only(public) -> None:  # type: ignore[no-untyped-def]
    key = get_security_settings().conversation_signing_key.get_secret_value()
    mine = conversation_signature("web-attacker-own-chat", key)
    response = public.post("/api/v1/preapplications", json=preapplication(conversation_id=VICTIM), headers={HEADER: mine})
    assert response.status_code == 403


def test_outside_local_the_demo_signing_key_is_refused(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENVIRONMENT", "production")
    monkeypatch.delenv("CONVERSATION_SIGNING_KEY", raising=False)
    with pytest.raises(ValidationError, match="CONVERSATION_SIGNING_KEY"):
        SecuritySettings()
    monkeypatch.setenv("CONVERSATION_SIGNING_KEY", "short")
    with pytest.raises(ValidationError):
        SecuritySettings()
    monkeypatch.setenv("CONVERSATION_SIGNING_KEY", "k" * 48)
    assert SecuritySettings().conversation_signing_key.get_secret_value() != DEMO_CONVERSATION_SIGNING_KEY
