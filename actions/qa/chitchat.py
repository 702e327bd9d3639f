"""Greeting, help, thanks, goodbye, out of scope, human contact, language switch, low confidence."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.common.i18n import LANGUAGES


class _Say:
    """Mixin for an action that answers with one catalogue sentence in the citizen's language.

    Not an Action subclass itself: rasa_sdk registers every Action subclass it finds."""

    key = ""

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        turn.say(self.key, buttons=self.buttons(turn))
        return turn.events

    def buttons(self, turn: Turn) -> list[dict]:
        return []


def _example_buttons(turn: Turn) -> list[dict]:
    return [
        {"title": turn.text(f"examples.{k}.title"), "payload": turn.text(f"examples.{k}.question")}
        for k in ("sup", "fee", "food_truck")
    ]


class ActionGreet(_Say, Action):
    key = "greet"

    def name(self) -> str:
        return "action_greet"

    def buttons(self, turn: Turn) -> list[dict]:
        return _example_buttons(turn)


class ActionHelp(_Say, Action):
    key = "help"

    def name(self) -> str:
        return "action_help"

    def buttons(self, turn: Turn) -> list[dict]:
        return _example_buttons(turn)


class ActionThanks(_Say, Action):
    key = "thanks"

    def name(self) -> str:
        return "action_thanks"


class ActionGoodbye(_Say, Action):
    key = "goodbye"

    def name(self) -> str:
        return "action_goodbye"


class ActionOutOfScope(_Say, Action):
    key = "out_of_scope"

    def name(self) -> str:
        return "action_out_of_scope"


class ActionSetLanguage(Action):
    def name(self) -> str:
        return "action_set_language"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        wanted = turn.entity("language")
        if wanted in LANGUAGES:
            turn.language = wanted
            turn.set_slot("language", wanted)
        turn.say("language_set")
        return turn.events
