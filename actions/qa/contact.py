"""action_human_contact: the competent office of the municipality in the conversation."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.qa.subject import context_jurisdiction, municipality_buttons, resolve_jurisdiction
from knowledge.rules import offices_of

__all__ = ["ActionHumanContact"]


class ActionHumanContact(Action):
    def name(self) -> str:
        return "action_human_contact"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        jurisdiction = resolve_jurisdiction(turn.entity("municipality")) or context_jurisdiction(tracker)
        offices = offices_of(jurisdiction, turn.language) if jurisdiction else []
        if offices:
            turn.say("contact.office", offices=offices)
        else:
            turn.say("contact.no_municipality", buttons=municipality_buttons())
        return turn.events
