"""action_default_fallback: what NLU could not read. A follow-up of the previous question, or a question
that asks for a kind of fact ("a multa dobra?"), is answered by the facts and rules (actions.qa.answer);
anything else by the closest passages of the law (actions.qa.search).
Its own module so that the search, which the answer uses, never imports the answer back."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.qa.answer import answer_question, completes_kept_question
from actions.qa.search import answer_from_search
from actions.qa.subject import activity_tagged, context_jurisdiction, is_follow_up, jurisdiction_in_text, previous_question
from knowledge.facts import asked_kinds

__all__ = ["ActionDefaultFallback"]


class ActionDefaultFallback(Action):
    """Low NLU confidence: show the closest passages of the law, say we are unsure, offer to rephrase."""

    def name(self) -> str:
        return "action_default_fallback"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        text = turn.asked  # a Spanish message in the Portuguese words the readers match
        # ("Pontal do Paraná (PR)" typed after "which town?": the kept question is answered, whatever NLU
        # made of the brackets)
        # (and a question whose subject is plain — an activity NLU tagged, in a town the words name — is the rules'
        # to answer, however unsure NLU was of the rest: "¿puedo arrancar con el kite en la orilla en Bertioga?")
        named = jurisdiction_in_text(text)
        subject = activity_tagged(turn.message) is not None and named is not None
        if (completes_kept_question(turn) or (is_follow_up(text) and (tracker.get_slot("topic") or previous_question(tracker)))
                or asked_kinds(text) or subject):
            # "e se for um deck fixo no calçadão?" reads as nothing on its own, but after "quanto custa…?"
            # it asks the same question about something else; "fui multado de novo, a multa dobra?"
            # asks for a kind of fact NLU could not place: the facts and the rules answer both. A follow-up
            # continues the question before even when the passages answered it (and set no topic).
            answer_question(turn)
            return turn.events
        # (a town named in the message scopes the passages: "viajo con mi pitbull a Lajes" is not Igarapava's law)
        jurisdiction = named or context_jurisdiction(tracker)
        answer_from_search(turn, jurisdiction, force_unsure=True)
        return turn.events
