"""Drive the pre-application actions the way Rasa 3.6 runs them, without Rasa: for tests.

`Conversation.say(text, intent=..., entities=...)` plays one user turn: a request runs
action_request_permit and activates the form; while the form is active, the message fills
`pa_answer` (the from_text mapping), validate_preapplication_form reads it, and either the form
ends (action_finish_preapplication) or action_ask_pa_answer asks the next question — the sequence
Rasa's FormAction follows (rasa/core/actions/forms.py). A button payload ("/inform{"choice": "x"}")
is parsed as Rasa's RegexInterpreter parses it. NLU is the test's: it gives the intent.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.permits.client import PermitsApi
from actions.permits.form import ActionAskPaAnswer, ActionFinishPreapplication, ValidatePreapplicationForm
from actions.permits.start import ActionRequestPermit

__all__ = ["Conversation", "Reply"]

_PAYLOAD = re.compile(r"^/(\w+)(\{.*\})?$")
# Slots Rasa fills from entities before any action runs (their from_entity mappings in bot/domain).
_ENTITY_SLOTS = {"municipality", "activity", "place", "age", "income", "product", "vehicle", "category",
                 "latitude", "longitude", "protocol", "access_code"}


@dataclass
class Reply:
    messages: list[dict[str, Any]]

    @property
    def text(self) -> str:
        return "\n".join(m.get("text") or "" for m in self.messages).replace("\u00a0", " ")

    @property
    def buttons(self) -> list[dict[str, str]]:
        return [b for m in self.messages for b in m.get("buttons") or []]

    def payload(self, title_part: str) -> str:
        """The payload of the button whose title contains `title_part` (fails if there is none)."""
        for b in self.buttons:
            if title_part.lower() in b["title"].lower():
                return b["payload"]
        raise AssertionError(f"no button {title_part!r} in {[b['title'] for b in self.buttons]}")

    @property
    def custom(self) -> list[dict]:
        return [m["custom"] for m in self.messages if m.get("custom")]


@dataclass
class Conversation:
    clock_day: date
    api: PermitsApi
    sender_id: str = "web-test"
    slots: dict[str, Any] = field(default_factory=dict)
    active: bool = False

    def __post_init__(self) -> None:
        clock = lambda jurisdiction: self.clock_day  # noqa: E731 - the test's fixed day everywhere
        self.request = ActionRequestPermit(clock=clock)
        self.validate = ValidatePreapplicationForm(api=self.api, clock=clock)
        self.ask = ActionAskPaAnswer(clock=clock)
        self.finish = ActionFinishPreapplication()

    # -------------------------------------------------------------- one user turn
    def say(self, text: str, intent: str = "inform", entities: list[dict] | None = None,
            confidence: float = 0.9) -> Reply:
        entities = list(entities or [])
        match = _PAYLOAD.match(text.strip())
        if match:  # a button: the intent and entities are in the payload
            intent, confidence = match.group(1), 1.0
            for name, value in (json.loads(match.group(2)) if match.group(2) else {}).items():
                entities.append({"entity": name, "value": value})
        for e in entities:
            if e["entity"] in _ENTITY_SLOTS:
                self.slots[e["entity"]] = e["value"]
        latest = {"text": text, "intent": {"name": intent, "confidence": confidence}, "entities": entities}
        messages: list[dict] = []
        if self.active:
            self.slots["pa_answer"] = text  # from_text mapping, requested_slot = pa_answer
            # As Rasa's FormAction builds it: the form's execution, then the slot candidates.
            candidates = [{"event": "action", "name": "preapplication_form"},
                          {"event": "slot", "name": "pa_answer", "value": text}]
            events = self._run(self._validate, latest, messages, candidates)
            if any(e.get("name") == "requested_slot" and e.get("value") is None for e in events):
                self.active = False
                self._run(self.finish.run, latest, messages)
            else:
                self._run(self.ask.run, latest, messages)
        elif intent == "request_permit":
            self._run(self.request.run, latest, messages)
            self.active = True
            self.slots["requested_slot"] = "pa_answer"
            self._run(self.ask.run, latest, messages)
        else:
            raise AssertionError(f"outside the form, {intent!r} is another action's (rules)")
        return Reply(messages)

    @property
    def state(self) -> dict[str, Any] | None:
        return self.slots.get("pa_state")

    # -------------------------------------------------------------- plumbing
    def _validate(self, dispatcher, tracker, domain):
        return asyncio.run(self.validate.run(dispatcher, tracker, domain))

    def _run(self, run, latest: dict, messages: list, events: list[dict] | None = None) -> list[dict]:
        dispatcher = CollectingDispatcher()
        tracker = Tracker(
            sender_id=self.sender_id,
            slots=dict(self.slots),
            latest_message=latest,
            events=events or [],
            paused=False,
            followup_action=None,
            active_loop={"name": "preapplication_form"} if self.active else {},
            latest_action_name="action_listen",
        )
        result = run(dispatcher, tracker, _DOMAIN) or []
        for e in result:
            if e.get("event") == "slot":
                self.slots[e["name"]] = e["value"]
        messages.extend(dispatcher.messages)
        return result


# What FormValidationAction needs of the domain: the form's required slots and the slots' mappings.
_DOMAIN = {
    "forms": {"preapplication_form": {"required_slots": ["pa_answer"]}},
    "slots": {
        "pa_answer": {"type": "text", "mappings": [{"type": "from_text", "conditions": [
            {"active_loop": "preapplication_form", "requested_slot": "pa_answer"}]}]},
        "pa_state": {"type": "any", "mappings": [{"type": "custom"}]},
    },
}
