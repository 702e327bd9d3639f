"""An erasure also wipes the case's conversation from Rasa's tracker store (api/permits/conversations.py).

No live Rasa: the tracker store is a SQLite file with the table Rasa's SQLTrackerStore writes
(`events`), and Rasa's HTTP API is an httpx.MockTransport that reads the conversation from that
same file, as Rasa would. Rasa can be "down" (the transport refuses the connection).
"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from api.db import get_session_factory
from api.permits.conversations import ConversationErasureFailed, RasaConversationEraser
from api.permits.models import ConversationErasure
from api.permits.repository import wipe_conversations
from tests.permits.conftest import auth, preapplication

CONVERSATION = "tg-5550001234"  # preapplication()'s conversation_id
OTHER = "web-someone-else"
CPF = "529.982.247-25"


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_tracker_store(path: Path) -> None:
    """Rasa 3.6's SQLTrackerStore table, with two conversations in it."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id VARCHAR(255) NOT NULL, type_name VARCHAR(255)"
                   " NOT NULL, timestamp FLOAT, intent_name VARCHAR(255), action_name VARCHAR(255), data TEXT)")
        for sender in (CONVERSATION, OTHER):
            for event in ({"event": "session_started"}, {"event": "user", "text": CPF},
                          {"event": "bot", "text": "Qual o telefone?"},
                          {"event": "slot", "name": "pa_state", "value": {"answers": {"document": CPF}}}):
                db.execute("INSERT INTO events (sender_id, type_name, data) VALUES (?, ?, ?)",
                           (sender, event["event"], json.dumps(event)))


def stored(path: Path, sender: str) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("SELECT data FROM events WHERE sender_id = ?", (sender,))]


class FakeRasa:
    """GET /conversations/{id}/tracker answered from the tracker store file, like Rasa's own."""

    def __init__(self, store: Path) -> None:
        self.store = store
        self.up = True
        self.calls: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if not self.up:
            raise httpx.ConnectError("connection refused", request=request)
        match = re.fullmatch(r"/conversations/(.+)/tracker", request.url.path)
        assert match and request.method == "GET", request.url
        self.calls.append(match.group(1))
        events = [json.loads(data) for data in stored(self.store, match.group(1))] if self.store.exists() else []
        return httpx.Response(200, json={"sender_id": match.group(1), "events": events})


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "rasa_tracker.db"
    make_tracker_store(path)
    return path


@pytest.fixture
def rasa(store: Path) -> FakeRasa:
    return FakeRasa(store)


@pytest.fixture
def conversation_eraser(store: Path, rasa: FakeRasa) -> RasaConversationEraser:
    """The real eraser (used by the `client` fixture's app), on the fake tracker store and Rasa."""
    return RasaConversationEraser(tracker_db_url=f"sqlite:///{store}", rasa_url="http://rasa.test",
                                  transport=httpx.MockTransport(rasa))


# ---------------------------------------------------------------- the eraser alone


def test_eraser_deletes_that_conversation_only_and_asks_rasa(conversation_eraser, store, rasa) -> None:  # type: ignore[no-untyped-def]
    assert conversation_eraser.erase(CONVERSATION) == 4
    assert stored(store, CONVERSATION) == []
    assert len(stored(store, OTHER)) == 4
    assert rasa.calls == [CONVERSATION]
    assert conversation_eraser.erase(CONVERSATION) == 0  # again: nothing left, still fine


def test_eraser_reports_rasa_unreachable_but_the_rows_are_gone(conversation_eraser, store, rasa) -> None:  # type: ignore[no-untyped-def]
    rasa.up = False
    with pytest.raises(ConversationErasureFailed, match="Rasa unreachable: ConnectError"):
        conversation_eraser.erase(CONVERSATION)
    assert stored(store, CONVERSATION) == []


def test_eraser_pointed_at_another_tracker_store_fails(store, rasa, tmp_path) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "elsewhere.db"
    make_tracker_store(elsewhere)
    eraser = RasaConversationEraser(tracker_db_url=f"sqlite:///{elsewhere}", rasa_url="http://rasa.test",
                                    transport=httpx.MockTransport(rasa))
    with pytest.raises(ConversationErasureFailed, match="still shows 2 message") as failure:
        eraser.erase(CONVERSATION)
    assert CONVERSATION not in failure.value.reason and CPF not in failure.value.reason
    assert len(stored(store, CONVERSATION)) == 4  # Rasa's own store: untouched, so it is not done


def test_eraser_never_creates_a_missing_tracker_store(rasa, tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nothing-here.db"
    rasa.store = missing
    eraser = RasaConversationEraser(tracker_db_url=f"sqlite:///{missing}", rasa_url="http://rasa.test",
                                    transport=httpx.MockTransport(rasa))
    assert eraser.erase(CONVERSATION) == 0
    assert not missing.exists()


# ---------------------------------------------------------------- through the API


def _submit(client) -> dict:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/preapplications", json=preapplication())
    assert response.status_code == 201, response.text
    return response.json()


def _trail(client, protocol: str) -> list[dict]:  # type: ignore[no-untyped-def]
    return client.get(f"/api/v1/clerk/preapplications/{protocol}/audit", headers=auth("ana")).json()


def _queued(settings) -> list[ConversationErasure]:  # type: ignore[no-untyped-def]
    with get_session_factory(settings.resolved_database_url)() as session:
        return list(session.scalars(select(ConversationErasure)))


def test_citizen_erasure_wipes_the_conversation_in_rasa(client, settings, store) -> None:  # type: ignore[no-untyped-def]
    receipt = _submit(client)
    response = client.delete(f"/api/v1/preapplications/{receipt['protocol']}/personal-data",
                             headers={"X-Access-Code": receipt["access_code"]})
    assert response.status_code == 200 and response.json()["conversation_erasure_pending"] is False
    assert stored(store, CONVERSATION) == [] and len(stored(store, OTHER)) == 4
    trail = _trail(client, receipt["protocol"])
    assert [e["action"] for e in trail][-2:] == ["personal_data_erased", "conversation_erased"]
    assert trail[-1]["actor"] == "system:conversation-erasure" and "4 event(s)" in trail[-1]["detail"]
    assert _queued(settings) == []  # nothing left that names the conversation
    assert CONVERSATION not in json.dumps(trail)


def test_clerk_erasure_wipes_the_conversation_too(client, store) -> None:  # type: ignore[no-untyped-def]
    protocol = _submit(client)["protocol"]
    response = client.delete(f"/api/v1/clerk/preapplications/{protocol}/personal-data", headers=auth("ana"))
    assert response.status_code == 200 and response.json()["conversation_erasure_pending"] is False
    assert stored(store, CONVERSATION) == []


def test_rasa_down_the_erasure_holds_and_the_wipe_is_queued_then_retried(client, settings, store, rasa,  # type: ignore[no-untyped-def]
                                                                         conversation_eraser) -> None:
    receipt = _submit(client)
    protocol = receipt["protocol"]
    rasa.up = False
    store.rename(store.with_suffix(".away"))  # the tracker store is unreachable too: nothing deleted
    response = client.delete(f"/api/v1/preapplications/{protocol}/personal-data",
                             headers={"X-Access-Code": receipt["access_code"]})
    assert response.status_code == 200, response.text
    assert response.json()["conversation_erasure_pending"] is True

    # The case is erased all the same...
    case = client.get(f"/api/v1/clerk/preapplications/{protocol}", headers=auth("ana")).json()
    assert case["erased_at"] is not None and case["applicant_document"] is None and case["conversation_id"] is None
    # ...the failure is in the audit trail, without personal data...
    failed = _trail(client, protocol)[-1]
    assert failed["action"] == "conversation_erasure_failed" and "Rasa unreachable" in failed["detail"]
    assert "erase-conversations" in failed["detail"] and CONVERSATION not in failed["detail"]
    # ...and the conversation waits in the queue, with why.
    [item] = _queued(settings)
    assert (item.conversation_id, item.attempts) == (CONVERSATION, 1)
    assert item.last_error == "Rasa unreachable: ConnectError"

    # Erasing again does not queue it twice; the retry (what `erase-conversations` runs) finishes it.
    client.delete(f"/api/v1/preapplications/{protocol}/personal-data", headers={"X-Access-Code": receipt["access_code"]})
    store.with_suffix(".away").rename(store)
    rasa.up = True
    with get_session_factory(settings.resolved_database_url)() as session:
        assert wipe_conversations(session, eraser=conversation_eraser) == ([protocol], [])
    assert stored(store, CONVERSATION) == [] and len(stored(store, OTHER)) == 4
    assert _queued(settings) == []
    actions = [e["action"] for e in _trail(client, protocol)]
    assert actions[-3:] == ["conversation_erasure_failed", "conversation_erasure_failed", "conversation_erased"]
    assert actions.count("personal_data_erased") == 1


def test_a_case_without_conversation_queues_nothing(client, settings, rasa) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/preapplications", json=preapplication(conversation_id=None))
    receipt = response.json()
    client.delete(f"/api/v1/preapplications/{receipt['protocol']}/personal-data",
                  headers={"X-Access-Code": receipt["access_code"]})
    assert _queued(settings) == [] and rasa.calls == []


def test_an_unexpected_error_of_the_eraser_is_recorded_not_raised(client, settings, rasa) -> None:  # type: ignore[no-untyped-def]
    class Broken:
        def erase(self, conversation_id: str) -> int:
            raise RuntimeError(f"boom {conversation_id}")

    receipt = _submit(client)
    with get_session_factory(settings.resolved_database_url)() as session:
        assert wipe_conversations(session, eraser=Broken()) == ([], [])  # nothing queued before the erasure
    rasa.up = False  # the API's own attempt fails too, so the wipe stays queued
    client.delete(f"/api/v1/clerk/preapplications/{receipt['protocol']}/personal-data", headers=auth("ana"))
    with get_session_factory(settings.resolved_database_url)() as session:
        assert wipe_conversations(session, eraser=Broken()) == ([], [receipt["protocol"]])
    failed = _trail(client, receipt["protocol"])[-1]
    assert failed["action"] == "conversation_erasure_failed" and "unexpected RuntimeError" in failed["detail"]
    assert CONVERSATION not in failed["detail"]
