"""action_human_contact: the competent office of the municipality in the conversation."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import Turn
from actions.subject import context_jurisdiction, resolve_jurisdiction
from knowledge.rules.registry import registry

__all__ = ["ActionHumanContact", "offices_of"]


def offices_of(jurisdiction: str, language: str) -> list[str]:
    names: list[str] = []
    for norm in registry().norms.values():
        if norm.jurisdiction != jurisdiction:
            continue
        for office in norm.offices.values():
            name = office.name.get(language) or office.name["pt-BR"]
            if name not in names:
                names.append(name)
    return names


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
            from actions.answer import municipality_buttons

            turn.say("contact.no_municipality", buttons=municipality_buttons(turn))
        return turn.events
