"""action_request_permit: starting a pre-application from the chat.

The form itself (questions, validation, submission) is in actions/permits/form.py; the status of an
application already sent in actions/permits/status.py.
"""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.permits.form import start_application
from knowledge.jurisdictions import local_today

__all__ = ["ActionRequestPermit"]


class ActionRequestPermit(Action):
    """Starts a pre-application: the permit is picked from the activity and the municipality named
    (in this message or earlier in the conversation) through the rules module; what is missing or
    ambiguous is the form's first question. The rules then run `preapplication_form`."""

    def __init__(self, clock=local_today) -> None:
        self.clock = clock

    def name(self) -> str:
        return "action_request_permit"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        app = start_application(turn, self.clock)
        if app.language != turn.language:
            turn.language = app.language
            turn.set_slot("language", app.language)
        if app.permit_kind is None:
            turn.say("preapplication.intro_choose")
        turn.set_slot("pa_state", app.to_slot())
        turn.set_slot("pa_answer", None)
        turn.set_slot("requested_slot", None)
        return turn.events
