"""action_check_status: the status of a pre-application already sent, for whoever holds its protocol
and access code (in any conversation), asked of the permits API through the one client
(actions/permits/client.py).
"""

import re
from typing import Any

import httpx
from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.common.language import detect_language
from actions.permits.client import PermitsApi, StatusUnavailable
from actions.qa.answer import answer_question
from actions.qa.chitchat import asks_the_law
from knowledge.jurisdictions import by_prefix

__all__ = ["ActionCheckStatus"]


_PROTOCOL = re.compile(r"\b([A-Z]{3}-\d{4}-\d{6})\b", re.IGNORECASE)
# The access code as the API prints it ("7K2M-9QXD-4T0B"); NLU's entity may hold only part of it.
_ACCESS_CODE = re.compile(r"\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}|[0-9A-Z]{12})\b", re.IGNORECASE)


def _protocol_and_code(turn: Turn) -> tuple[str | None, str | None]:
    """The protocol and access code, from entities or from the text ("status PON-2026-000123 K7Q2-9XJM")."""
    text = turn.tracker.latest_message.get("text") or ""
    protocol = turn.entity("protocol")
    if not protocol:
        match = _PROTOCOL.search(text)
        protocol = match.group(1) if match else None
    rest_of_text = text[text.upper().find(protocol.upper()) + len(protocol):] if protocol else text
    full = _ACCESS_CODE.search(rest_of_text)
    code = full.group(1) if full else turn.entity("access_code")
    if protocol and not code:
        rest = text[text.upper().find(protocol.upper()) + len(protocol):].split()
        code = rest[0].strip(".,;") if rest else None
    return (protocol.upper() if protocol else None), code


def _language_without_codes(turn: Turn, protocol: str | None, code: str | None) -> None:
    """"status PON-2026-000123 7K2M-9QXD-4T0B" has no words but the codes, which language detection
    reads as English: detect on the rest, with the municipality the protocol's prefix names."""
    text = turn.tracker.latest_message.get("text") or ""
    for token in filter(None, (protocol, code)):
        text = re.sub(re.escape(token), " ", text, flags=re.IGNORECASE)
    jurisdiction = by_prefix(protocol[:3]) if protocol else None
    language = detect_language(text, turn.tracker.get_slot("language"), jurisdiction.id if jurisdiction else None)
    if language != turn.language:
        turn.language = language
        turn.set_slot("language", language)


class ActionCheckStatus(Action):
    """The status a clerk set, for the citizen holding protocol + access code (any conversation)."""

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self.transport = transport  # tests route the call into an in-process API

    def name(self) -> str:
        return "action_check_status"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        protocol, code = _protocol_and_code(turn)
        _language_without_codes(turn, protocol, code)
        if not protocol and not code and asks_the_law(turn):
            # no protocol said, and the words ask about the rules ("and my wife has a handicraft stall, can
            # she stay open at night?" read as a status check): the question is answered
            answer_question(turn)
            return turn.events
        if not protocol or not code:
            turn.say("status.ask_protocol_and_code")
            return turn.events
        try:
            case = PermitsApi(transport=self.transport, timeout=10).status(protocol, code)
        except StatusUnavailable:
            turn.say("status.unavailable")
            return turn.events
        if case is None:
            # Not found and wrong code look the same, so a protocol cannot be probed without its code.
            turn.say("status.not_found", protocol=protocol)
            return turn.events
        turn.say("status.answer", protocol=protocol, status=case["status"], reason=case.get("status_reason"),
                 updated=case["updated_at"][:10])
        return turn.events
