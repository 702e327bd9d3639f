"""action_human_contact: the competent office of the municipality in the conversation, how to reach a
person there, and a button that sends the citizen's question to the office's desk.

How to reach the office comes from `knowledge.rules.office_contacts`: from the law where its text
prints it (Lajes' letterhead), from the city's configuration otherwise (said to be so), and never made
up — without either, the answer says the law gives no phone. The "send my question" button's payload
(HANDOFF_PAYLOAD) is not for Rasa: every channel's relay (api/channels/relay.py) turns it into a
ticket for the clerk desk, so no NLU change is needed for it.
"""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.citations import article_url
from actions.common.conversation import Turn
from actions.qa.subject import context_jurisdiction, jurisdiction_name, municipality_buttons, resolve_jurisdiction
from knowledge.rules import OfficeContact, office_contacts

__all__ = ["ActionHumanContact", "HANDOFF_PAYLOAD", "contact_view"]

# What the handoff button sends; the API's relay reads it (the jurisdiction follows the colon).
HANDOFF_PAYLOAD = "#handoff:"


def _reach(contact: OfficeContact) -> dict[str, Any]:
    return {
        "of": contact.of,
        "phones": contact.phones,
        "address": contact.address,
        "web": contact.web,
        "where": contact.printed_where,
    }


def contact_view(jurisdiction: str, language: str) -> dict[str, Any]:
    """What the answer shows: the offices' names, the law's contact once per body it belongs to (two
    Lajes offices share the Prefeitura's letterhead), and what the city configured, marked as such."""
    contacts = office_contacts(jurisdiction, language)
    law: list[dict[str, Any]] = []
    for c in contacts:
        if c.from_law and _reach(c) not in law:
            law.append(_reach(c))
    configured = [
        {"name": c.name, "phones": c.configured_phones, "address": c.configured_address,
         "hours": c.configured_hours, "web": c.configured_web, "email": c.configured_email}
        for c in contacts if c.configured
    ]
    citations: list[dict[str, str]] = []
    for c in contacts:
        for citation in c.citations[:1]:  # the first article naming each office; at most three in all
            if len(citations) < 3:
                citations.append({"unit_id": citation.unit_id, "label": citation.label, "url": article_url(citation.unit_id)})
    return {
        "place": jurisdiction_name(jurisdiction),
        "offices": [c.name for c in contacts],
        "law": law,
        "configured": configured,
        "has_phone": any(r["phones"] for r in law) or any(r["phones"] for r in configured),
        "citations": citations,
    }


class ActionHumanContact(Action):
    def name(self) -> str:
        return "action_human_contact"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        jurisdiction = resolve_jurisdiction(turn.entity("municipality")) or context_jurisdiction(tracker)
        view = contact_view(jurisdiction, turn.language) if jurisdiction else None
        if view and view["offices"]:
            button = {"title": turn.text("human_contact.handoff_button"), "payload": HANDOFF_PAYLOAD + jurisdiction}
            turn.say("human_contact.card", view=view, buttons=[button],
                     custom={"citations": view["citations"], "contact": {"jurisdiction": jurisdiction}})
        else:
            turn.say("contact.no_municipality", buttons=municipality_buttons())
        return turn.events
