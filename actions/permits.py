"""Permit pre-applications from the chat: starting one, and the status of one already sent."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.answer import answer_question
from actions.conversation import Turn

__all__ = ["ActionRequestPermit"]


class ActionRequestPermit(Action):
    """Until the guided form lands, the citizen gets what the permit needs: office and documents."""

    def name(self) -> str:
        return "action_request_permit"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        turn.intent_override = "ask_documents"
        answer_question(turn)
        return turn.events
