"""Greeting, help, thanks, goodbye, out of scope, human contact, language switch, low confidence."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.common.i18n import LANGUAGES
from actions.qa.answer import answer_question
from actions.qa.subject import activity_in_text, is_follow_up, previous_question, resolve_jurisdiction, topic_in_text
from knowledge.facts import asked_kinds


def asks_the_law(turn: Turn, *, strict: bool = False) -> bool:
    """Whether a message NLU placed in chit-chat (a language switch, "cancelar", out of scope) is in
    fact a question about the law: its words ask a kind of fact, name an activity or a topic, or it
    continues the previous question ("¿y para una empresa de helados?" read as `cancel`).

    `strict` (out of scope) wants two of: a kind or topic asked, an activity, a covered town named —
    "horário do ônibus", "quanto custa a passagem" and "onde compro um caiaque usado" ask one of them
    and stay out of scope; "cuánto tiempo guardan las tablas secuestradas en Bertioga" asks two."""
    text = turn.asked
    if is_follow_up(text) and (turn.tracker.get_slot("topic") or previous_question(turn.tracker)):
        return True
    asks = bool(asked_kinds(text) or topic_in_text(text))
    activity = activity_in_text(text) is not None
    if not strict:
        return asks or activity
    town = any(resolve_jurisdiction(e.get("value")) for e in turn.message.get("entities") or []
               if e.get("entity") == "municipality")
    return asks + activity + town >= 2


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
    """Also what `cancel` outside a form runs: a question NLU read as "cancelar" or as a call for help is
    answered instead."""

    key = "help"

    def name(self) -> str:
        return "action_help"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        # ("e no domingo?" after the shops' hours, read as a call for help, continues the question)
        if turn.intent in ("cancel", "help") and asks_the_law(turn):
            answer_question(turn)
            return turn.events
        return super().run(dispatcher, tracker, domain)

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

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        if asks_the_law(turn, strict=True):
            answer_question(turn)
            return turn.events
        return super().run(dispatcher, tracker, domain)


class ActionSetLanguage(Action):
    def name(self) -> str:
        return "action_set_language"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        wanted = turn.entity("language")
        if wanted is None and asks_the_law(turn):
            # "¿Y en caso de reincidencia?" read as a language switch: no language named, a question asked
            answer_question(turn)
            return turn.events
        if wanted in LANGUAGES:
            turn.language = wanted
            turn.set_slot("language", wanted)
        turn.say("language_set")
        return turn.events
