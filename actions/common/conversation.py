"""What every action needs from the conversation: the language to answer in and a way to speak.

Actions stay thin adapters (slots in → knowledge call → message out); this module is the shared
"slots in" and "message out" part.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common.i18n import render
from actions.common.language import detect_language
from actions.common.spanish import gloss

__all__ = ["Turn"]


class Turn:
    """One bot turn: the citizen's language, the words to send, and the slots to set."""

    def __init__(self, dispatcher: CollectingDispatcher, tracker: Tracker) -> None:
        self.dispatcher = dispatcher
        self.tracker = tracker
        self.events: list[dict[str, Any]] = []
        # The message being answered: this turn's, or the question it completes ("Em qual município?" →
        # "Bertioga" answers the question asked before; actions/qa/answer.py resumes it).
        self.message: dict[str, Any] = tracker.latest_message or {}
        previous = tracker.get_slot("language")
        self.language = detect_language(
            tracker.latest_message.get("text"), previous, tracker.get_slot("municipality")
        )
        if self.language != previous:
            self.set_slot("language", self.language)

    def text(self, key: str, **values: Any) -> str:
        return render(self.language, key, **values)

    def say(self, key: str, *, buttons: list[dict] | None = None, custom: dict | None = None, **values: Any) -> None:
        self.dispatcher.utter_message(text=self.text(key, **values), buttons=buttons or [], json_message=custom)

    def set_slot(self, name: str, value: Any) -> None:
        self.events = [e for e in self.events if e.get("name") != name]
        self.events.append(SlotSet(name, value))

    def entity(self, name: str) -> Any:
        return next((e.get("value") for e in self.message.get("entities") or [] if e.get("entity") == name), None)

    @property
    def intent(self) -> str | None:
        return (self.message.get("intent") or {}).get("name")

    @property
    def asked(self) -> str:
        """The words of the message being answered, as the word-based readers match them: a Spanish
        message in Portuguese words (actions/common/spanish.py), since every cue list, activity name and
        the search read Portuguese and English. The citizen's own words stay in `message` (and the
        form's readers read `tracker.latest_message`): a name or an address is never glossed."""
        text = self.message.get("text") or ""
        return gloss(text) if self.language == "es" else text

    @contextmanager
    def captured(self) -> Iterator[list[dict[str, Any]]]:
        """Messages said inside the block are collected, not sent (the part of an answer kept for
        "Mais detalhes")."""
        sent, self.dispatcher = self.dispatcher, CollectingDispatcher()
        try:
            yield self.dispatcher.messages
        finally:
            self.dispatcher = sent
