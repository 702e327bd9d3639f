"""Wiping an erased pre-application's conversation from Rasa's tracker store.

The citizen's answers (name, CPF, phone, e-mail...) are also in the conversation's events that Rasa
keeps in its tracker store (bot/endpoints.yml: SQL, SQLite at RASA_TRACKER_DB by default). When a
case is erased, that conversation goes too.

Why the API deletes the rows itself instead of asking Rasa's HTTP API to replace the events:
`PUT /conversations/{id}/tracker/events` is documented to replace a tracker's events, but Rasa 3.6's
`SQLTrackerStore.save` only *appends* the events beyond those already stored for the latest session
(`_additional_events` in rasa/core/tracker_store.py; RasaHQ/rasa#3676). A PUT of `[]` or of one
`session_started` event leaves every stored row, personal answers included, in place. Rasa 3.6
has no endpoint that deletes a conversation.

So `RasaConversationEraser.erase`:
1. deletes the conversation's rows from the tracker store's `events` table (the table of Rasa's
   SQLTrackerStore, the URL built from the same RASA_TRACKER_DB Rasa is started with);
2. asks Rasa (GET /conversations/{id}/tracker, httpx, the core RASA_HOST/RASA_PORT setting) whether
   any user or bot message of the conversation is left. Only when Rasa answers and shows none is the
   wipe done; this also catches an API pointed at another tracker store than Rasa's. The GET starts
   an empty session for the id (session_started, action_listen): nothing personal.

Any failure raises `ConversationErasureFailed` with a reason that holds no personal data; the
caller (repository.wipe_conversations) keeps the conversation queued and records the failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import httpx
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

__all__ = ["ConversationEraser", "ConversationErasureFailed", "RasaConversationEraser"]

# Events that carry what was said. Rows left by a failed delete would include them.
_MESSAGE_EVENTS = {"user", "bot"}


class ConversationErasureFailed(Exception):
    """The conversation could not be wiped (yet); `reason` has no personal data and may be stored."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason[:200]


class ConversationEraser(Protocol):
    def erase(self, conversation_id: str) -> int:
        """Wipe the conversation; return how many stored events were deleted. Raises ConversationErasureFailed."""
        ...


class RasaConversationEraser:
    def __init__(self, *, tracker_db_url: str, rasa_url: str, transport: httpx.BaseTransport | None = None,
                 timeout: float = 10.0, busy_timeout: float = 30.0, rasa_params: dict[str, str] | None = None) -> None:
        self.tracker_db_url = tracker_db_url
        # Rasa's HTTP API token (api.settings.Settings.rasa_api_params): the tracker is not public.
        self._rasa_params = dict(rasa_params or {})
        self.rasa_url = rasa_url.rstrip("/")
        self._transport = transport
        self._timeout = timeout
        self._busy_timeout = busy_timeout

    def erase(self, conversation_id: str) -> int:
        deleted = self._delete_events(conversation_id)
        self._check_with_rasa(conversation_id)
        return deleted

    def _delete_events(self, conversation_id: str) -> int:
        url = make_url(self.tracker_db_url)
        connect_args = {}
        if url.get_backend_name() == "sqlite":
            # Never create an empty database where Rasa's should be: no file, no rows to delete
            # (the check with Rasa below tells whether Rasa keeps the conversation elsewhere).
            if not url.database or not Path(url.database).exists():
                return 0
            connect_args = {"timeout": self._busy_timeout}
        engine = create_engine(url, connect_args=connect_args, poolclass=NullPool)
        try:
            with engine.begin() as connection:
                if not inspect(connection).has_table("events"):
                    return 0
                result = connection.execute(text("DELETE FROM events WHERE sender_id = :sender"),
                                            {"sender": conversation_id})
                return result.rowcount or 0
        except SQLAlchemyError as exc:
            raise ConversationErasureFailed(f"tracker store: {type(exc).__name__}") from None
        finally:
            engine.dispose()

    def _check_with_rasa(self, conversation_id: str) -> None:
        try:
            with httpx.Client(base_url=self.rasa_url, transport=self._transport, timeout=self._timeout) as client:
                response = client.get(f"/conversations/{conversation_id}/tracker", params={"include_events": "ALL", **self._rasa_params})
        except httpx.HTTPError as exc:
            raise ConversationErasureFailed(f"Rasa unreachable: {type(exc).__name__}") from None
        if response.status_code != 200:
            raise ConversationErasureFailed(f"Rasa answered HTTP {response.status_code}")
        try:
            events = response.json().get("events") or []
        except ValueError:
            raise ConversationErasureFailed("Rasa's answer is not a tracker") from None
        left = sum(1 for event in events if event.get("event") in _MESSAGE_EVENTS)
        if left:
            raise ConversationErasureFailed(
                f"Rasa still shows {left} message(s) of the conversation: "
                "is RASA_TRACKER_DB (or RASA_TRACKER_URL) the tracker store Rasa uses?")
