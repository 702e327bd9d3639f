"""The long tail: "what does the law say about …" answered with the best passages of the corpus,
quoted with their citation and said to be the text of the law, not advice."""

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.citations import article_url, norm_citation_title
from actions.contact import offices_of
from actions.conversation import Turn
from actions.subject import resolve_jurisdiction
from knowledge.search import search

__all__ = ["answer_from_search", "ActionDefaultFallback"]

# BM25 scores are comparable within one query only, so no absolute threshold says "confident": the
# passages are presented as the answer when NLU understood a question about the law (ask_law), and as
# "maybe" — with an offer to rephrase and the office to contact — when NLU itself was unsure.


def answer_from_search(turn: Turn, jurisdiction: str | None, limit: int = 2, force_unsure: bool = False) -> None:
    query = turn.tracker.latest_message.get("text") or ""
    hits = search(query, jurisdiction=jurisdiction, limit=limit) if query.strip() else []
    if not hits:
        turn.say("search.nothing", jurisdiction=jurisdiction)
        return
    passages = [
        {"norm": norm_citation_title(h.norm_id), "label": h.label, "url": article_url(h.unit_id),
         "snippet": h.snippet}
        for h in hits
    ]
    confident = not force_unsure
    offices = offices_of(jurisdiction, turn.language) if jurisdiction else []
    turn.say("search.passages" if confident else "search.unsure", passages=passages, offices=offices,
             custom={"citations": [{"unit_id": h.unit_id, "label": h.label, "url": article_url(h.unit_id)} for h in hits]})


class ActionDefaultFallback(Action):
    """Low NLU confidence: show the closest passages of the law, say we are unsure, offer to rephrase."""

    def name(self) -> str:
        return "action_default_fallback"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        jurisdiction = resolve_jurisdiction(tracker.get_slot("municipality"))
        answer_from_search(turn, jurisdiction, force_unsure=True)
        return turn.events
