"""action_more_details: the rest of the last answer ("Mais detalhes" / "More details").

A rules answer shows its first items and three articles (actions/qa/brief.py); the whole answer —
every condition, note, fee row, fines tier, article, and the closest passage of the law — is kept in
the `details` slot and sent when asked. Each new answer replaces it, so the slot never grows.
"""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn

__all__ = ["ActionMoreDetails", "DETAILS_PAYLOAD", "details_button"]

DETAILS_PAYLOAD = "/more_details"


def details_button(turn: Turn) -> dict:
    return {"title": turn.text("answer.more_details_button"), "payload": DETAILS_PAYLOAD}


class ActionMoreDetails(Action):
    def name(self) -> str:
        return "action_more_details"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        details = tracker.get_slot("details")
        if not isinstance(details, dict) or not details.get("text"):
            turn.say("answer.no_more_details")
            return turn.events
        dispatcher.utter_message(text=str(details["text"]), json_message={"citations": list(details.get("citations") or [])})
        turn.set_slot("details", None)  # said once; a second "more" has nothing more
        return turn.events
