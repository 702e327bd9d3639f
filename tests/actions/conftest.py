"""Run our actions the way the action server does, on a tracker built from one user message."""

import pytest
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher


def make_tracker(text: str, intent: str, entities: list[dict] | None = None, slots: dict | None = None,
                 before: list[str] | None = None) -> Tracker:
    """`before`: the citizen's earlier messages in this conversation, oldest first."""
    entities = entities or []
    slots = dict(slots or {})
    # Rasa fills from_entity slots before the action runs (action_extract_slots); mirror that.
    for e in entities:
        if e["entity"] in {"municipality", "activity", "place", "age", "income", "product", "vehicle",
                           "category", "latitude", "longitude", "protocol", "access_code"}:
            slots[e["entity"]] = e["value"]
    return Tracker(
        sender_id="test",
        slots=slots,
        latest_message={"text": text, "intent": {"name": intent, "confidence": 0.99}, "entities": entities},
        events=[{"event": "user", "text": t} for t in [*(before or []), text]],
        paused=False,
        followup_action=None,
        active_loop={},
        latest_action_name="action_listen",
    )


class Run:
    def __init__(self, action, tracker: Tracker):
        self.dispatcher = CollectingDispatcher()
        self.events = action.run(self.dispatcher, tracker, {})
        self.messages = self.dispatcher.messages

    @property
    def text(self) -> str:
        # Amounts use a no-break space between figure and unit ("100\u00a0UFIB"); compare with plain spaces.
        return "\n".join(m.get("text") or "" for m in self.messages).replace("\u00a0", " ")

    @property
    def details(self) -> str:
        """What "Mais detalhes" would send after this answer (actions/qa/details.py)."""
        kept = self.slot("details") or {}
        return str(kept.get("text") or "").replace("\u00a0", " ")

    @property
    def full(self) -> str:
        """The short answer and its details: everything the citizen can read after one tap."""
        return self.text + "\n" + self.details

    def slot(self, name: str):
        values = [e["value"] for e in self.events if e.get("event") == "slot" and e.get("name") == name]
        return values[-1] if values else None


@pytest.fixture
def run():
    def _run(action, text, intent, entities=None, slots=None, before=None) -> Run:
        return Run(action, make_tracker(text, intent, entities, slots, before))

    return _run
