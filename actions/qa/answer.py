"""action_answer: every question about a rule ("can I", "how much", "which documents", "what fine"…).

Thin adapter: the intent is the topic, the slots are the subject; the rules module decides; the
catalogue's `answer.*` templates speak. Context carries over: a question without a municipality or an
activity reuses the previous ones, and "e no calçadão de Ipanema?" (inform) reuses the previous topic.
"""

import re
from datetime import date
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.common.spanish import gloss
from actions.qa.brief import LEAD_SECTIONS, MAX_ARTICLES, asks_a_coded_rule, asks_to_transfer, blocking_restriction, brief_decision, forbidding_clause, stems_of
from actions.qa.decision_view import citation_link, citation_payload, decision_view, lead_link, places_geojson
from actions.qa.details import DETAILS_PAYLOAD, details_button
from actions.qa.fact_answer import answer_fact, asks_can_i, say_other_parts
from actions.qa.facts import (applicant_facts, askable, occupation_facts, pending_fact_answer, person_facts, place_facts, product_kind,
                              seat_facts, age_facts,
                              products_in_text, sells_in_the_street)
from actions.qa.search import answer_article, answer_from_search, law_hits, unknown_norm_cited
from actions.qa.subject import (
    activity_buttons,
    activity_in_text,
    activity_tagged,
    activity_name,
    context_jurisdiction,
    covered_jurisdictions,
    jurisdiction_name,
    looks_like_a_place,
    municipality_buttons,
    resolve_activity,
    is_follow_up,
    jurisdiction_in_text,
    town_asked_in_text,
    previous_question,
    resolve_jurisdiction,
    with_the_question_before,
    without_a_vehicle,
    names_topic,
    topic_in_text,
)
from knowledge.corpus import load_corpus
from knowledge.facts import asked_kinds
from knowledge.facts.resolve import ASKS_RECOURSE, asked_directly, asked_sentences, asking_parts, asks_a_price
from knowledge.jurisdictions import answer_language, speaking
from knowledge.rules import Outcome, evaluate, regulating_norms, text_in
from knowledge.rules.registry import registry
from knowledge.search.text import fold

__all__ = ["ActionAnswer", "TOPIC_BY_INTENT", "answer_question", "completes_kept_question"]

TOPIC_BY_INTENT = {
    "ask_permission": "permission",
    "ask_places": "places",
    "ask_fee": "fee",
    "ask_documents": "documents",
    "ask_hours": "hours",
    "ask_season": "season",
    "ask_limits": "limits",
    "ask_obligations": "obligations",
    "ask_fine": "fine",
    "ask_after_fine": "after_fine",
    "ask_law": "law",
}


# Topics whose cue words in an ask_permission question say what it really asks (topic_cues.yml, its
# ambiguous words left out). Fees and fines are not among them: "can I sell without paying the fee?"
# still asks whether one may.
_NARROWER_THAN_PERMISSION = ("limits", "season", "hours", "documents")


class ActionAnswer(Action):
    def name(self) -> str:
        return "action_answer"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        answer_question(turn)
        offer_preapplication(turn)
        return turn.events


def offer_preapplication(turn: Turn) -> None:
    """A question that also read as a wish to apply ("quero vender milho na areia, precisa de licença?",
    or a request NLU was unsure of) is answered, then the pre-application is offered with a button: the
    citizen decides, not the classifier's margin (bot/components/cues.py sets `intent_cue`)."""
    cue = turn.tracker.latest_message.get("intent_cue") or {}
    # a clarifying question comes first ("Mais detalhes" is no question)
    asked_back = any(b.get("payload") != DETAILS_PAYLOAD for m in turn.dispatcher.messages for b in m.get("buttons") or [])
    if cue.get("offer_preapplication") and not (turn.tracker.active_loop or {}).get("name") and not asked_back:
        turn.say("answer.offer_preapplication",
                 buttons=[{"title": turn.text("answer.offer_preapplication_button"), "payload": "/request_permit"}])


def answer_question(turn: Turn, *, today: date | None = None, located: tuple[str, float, float] | None = None) -> None:
    """Answer the question of this turn. `located` = (jurisdiction, lat, lon) when the citizen has just
    shared where "here" is, to answer the question that asked for it."""
    tracker = turn.tracker
    resume_question(turn)
    pending = registry().facts.get(tracker.get_slot("pending_fact") or "")
    answered = pending_fact_answer(turn, pending)
    if turn.intent in ("affirm", "deny") and not answered and not (is_follow_up(turn.asked) and turn.asked.rstrip().endswith("?")):
        # a yes/no to no question of ours — not a follow-up question NLU heard as one ("e no domingo?": "no" is
        # "on the", not a no)
        turn.say("help")
        return
    text = turn.asked
    topic, overrules_can_i = _topic(turn, text)
    turn.set_slot("topic", topic)
    invented = unknown_norm_cited(text)
    if invented:
        turn.say("search.unknown_norm", norm=invented,
                 norms=[n.citation + " (" + jurisdiction_name(n.jurisdiction) + ")" for n in load_corpus().norms])
        return

    if topic == "law" and answer_article(turn, None if turn.entity("municipality") else
                                         context_jurisdiction(tracker), strict=True):
        return  # "o que diz o art. 21 do decreto 4510?" names its norm; no municipality needed

    # The municipality: a shared location, then a town named now, then the conversation's. A named town we
    # don't cover is said plainly, and forgotten as context so that no later answer borrows the previous
    # town's rules; words NLU mistook for a town are ignored. "here" without a town named asks for the
    # location: the last town talked about may not be here.
    named, uncovered = _named_jurisdiction(turn)
    if located:
        jurisdiction = located[0]
    elif named:
        jurisdiction = named
    elif uncovered:
        turn.set_slot("municipality", None)
        turn.set_slot("jurisdiction", None)
        turn.say("answer.not_covered_place", place=uncovered,
                 covered=[jurisdiction_name(j) for j in covered_jurisdictions()],
                 buttons=municipality_buttons())
        return
    else:
        jurisdiction = context_jurisdiction(tracker)
    if jurisdiction is None:
        jurisdiction = speaking(turn.language)  # pt-PT wording ("aluguer", "coima") asks about Portugal's RAMT
    if turn.entity("here") and not located and not named:
        turn.say("answer.ask_location", custom={"request_location": True},
                 buttons=[{"title": turn.text("answer.share_location_button"), "payload": "/share_location"}])
        return
    if jurisdiction is None:
        turn.say("answer.ask_municipality", buttons=municipality_buttons())
        keep_question(turn)
        return
    turn.set_slot("municipality", jurisdiction)
    turn.set_slot("jurisdiction", jurisdiction)
    if answer_language(jurisdiction, turn.language) != turn.language:
        turn.language = answer_language(jurisdiction, turn.language)  # Portuguese about Portugal in pt-PT style
        turn.set_slot("language", turn.language)

    vendor, product_facts = _vendor_for_product(turn, text)
    at_a_festival = bool(_AT_A_FESTIVAL.search(fold(text))) and bool(regulating_norms("event_stall", jurisdiction,
                                                                                        today or date.today()))
    if vendor in _PLAIN_VENDORS and at_a_festival:
        # "vender espetinho na festa da padroeira": a stall at a festival, whose own permit and dates the place
        # sets (Lajes art. 64 § 2, 144; Igarapava art. 107–109), not the everyday street vendor's
        vendor = "event_stall"
    tagged = activity_tagged(turn.message)
    if tagged in _PLAIN_VENDORS and at_a_festival:
        # ... whatever vendor NLU heard ("a church festa … a barraca selling pastel")
        tagged = "event_stall"
    if vendor and tagged in _PLAIN_VENDORS:
        # the products named say which vendor: "óculos e cangas na faixa de areia" is the sand vendor of
        # other goods, whatever NLU heard in "andando na areia"; "salgado na areia" the sand food vendor
        tagged = None
    activity = (tagged or _activity_named(text, vendor)
                or vendor or resolve_activity(tracker.get_slot("current_activity"))
                or resolve_activity(tracker.get_slot("activity")))
    if (activity == "beach_food_vendor" and not regulating_norms(activity, jurisdiction, today or date.today())
            and regulating_norms("itinerant_vendor", jurisdiction, today or date.today())):
        # food named by a beach seller's word ("carrinho de churrasquinho") in a town whose norms have no beach
        # vendor: its street vendor (Lajes, Igarapava)
        activity = "itinerant_vendor"
    if (activity in _PLAIN_VENDORS or activity is None) and at_a_festival and _A_STAND.search(fold(text)):
        # "vou montar uma barraca de comida na festa da padroeira": a stall at a festival, whatever names it (Lajes
        # art. 144: the festival's own permission, asked 10 days before, from the Tax and Registry Office)
        activity = "event_stall"
    elif ((activity in _PLAIN_VENDORS or activity is None) and _A_STAND.search(fold(text)) and _STANDS_STILL.search(fold(text))
            and _sells_food(text, product_facts) and _stands_at_a_point("food_truck", jurisdiction, today or date.today())):
        # "carrinho de lanche fixo na esquina": a food cart or stall that stands at one point is the fixed-point
        # stall where the place licenses one (Lajes art. 40 II, 56: 5 m from the corner), not the roaming vendor
        # (also when nothing else named the activity: "a little fixed coffee cart on a sidewalk near a corner")
        activity = "food_truck"
    # One fact asked ("prazo pra me defender", "quem emite", "quantos pontos"): its record, in one sentence.
    # A follow-up ("e de noite?", "and for a company?") is read with the question it continues.
    follow_up = is_follow_up(text)
    fact_text = with_the_question_before(text, _question_before(turn, tracker)) if follow_up else text
    # (a question about the law is answered by a record only when it asks which law, or who enforces it)
    if ((topic != "law" or asked_kinds(fact_text)[:1] in (["law"], ["enforcement"]))
            and answer_fact(turn, fact_text, jurisdiction, activity=activity,
                            municipality=jurisdiction_name(jurisdiction), today=today, follow_up=follow_up)):
        return
    if topic == "law":
        if not answer_article(turn, jurisdiction) and not _long_tail_fact(turn, text, jurisdiction, activity, today):
            answer_from_search(turn, jurisdiction)
        return
    if activity is None:
        # A short question without a subject ("quanto custa?") needs the activity; a longer one is the
        # long tail ("pode fazer churrasco na praia?"): a record its words clearly match, else the text
        # of the law.
        if len(text.split()) >= 4 or follow_up:
            if not _long_tail_fact(turn, fact_text, jurisdiction, activity, today, follow_up=follow_up,
                                   after_fine=topic == "after_fine" or names_a_procedure_step(text)):
                answer_from_search(turn, jurisdiction)
        else:
            turn.say("answer.ask_activity", buttons=activity_buttons(jurisdiction, turn.language))
            keep_question(turn)
        return
    turn.set_slot("activity", activity)
    turn.set_slot("current_activity", activity)

    facts = applicant_facts(tracker, {**place_facts(turn.entity("place")), **(product_facts if activity == vendor else {}),
                                      **answered})
    turn.set_slot("facts", facts or None)
    at = (located[1], located[2]) if located else None
    # A deck named in this question is this question's subject only: kept in the slot, it would price
    # a later question about plain tables and chairs at the deck's rate.
    said = {**person_facts(text), **({} if "occupation_kind" in answered else occupation_facts(text)),
            **seat_facts(text, _other_towns(turn, jurisdiction)), **age_facts(text)}
    decision = evaluate(activity, jurisdiction, on=today or date.today(), at=at,
                        applicant={**facts, **{k: v for k, v in said.items() if k not in answered}})
    full = decision_view(decision, topic, turn.language)
    if full["empty"] and topic == "season" and overrules_can_i:
        # "how long" in a "can I…?" question is rarely about a season ("Can I rent a jet ski to someone
        # without a licence? For how long?"): with no season nor validity in the rules, answer the "can
        # I…?" that NLU heard, whose conditions hold the durations. (An empty hours answer, "the norms
        # set no hours", is itself the answer, so it stays.)
        topic = "permission"
        turn.set_slot("topic", topic)
        full = decision_view(decision, topic, turn.language)
    names = {"activity": activity_name(activity, turn.language), "municipality": jurisdiction_name(jurisdiction)}

    if decision.outcome is Outcome.NOT_COVERED:
        turn.say("answer.activity_not_covered", **names, view=full)
        return
    # The short answer first (actions/qa/brief.py); the whole of it behind "Mais detalhes".
    brief = brief_decision(decision, full["sections"], text)
    shown = brief.decision
    if located:  # the nearest points were just said (actions/qa/location.py): not the town's whole list again
        shown = shown.model_copy(update={"places": []})
    # (a can-I question NLU heard as another topic is still a yes/no: "Can I install a sound system on my
    # trailer? How big can it be?" is no, then the size)
    forbidding = (forbidding_clause(decision, text, turn.language)
                  if topic == "permission" or asks_can_i(text) or asks_to_transfer(text) or asks_a_coded_rule(text)
                  else None)
    if forbidding is None and decision.outcome is Outcome.NOT_ALLOWED:
        # what the citizen said blocks it ("as a private person" where only companies may apply): that
        # restriction is the answer, said first with its article
        forbidding = blocking_restriction(decision, turn.language)
    lead = brief.lead if (brief.lead is not None and forbidding is None
                          and (topic in _HEADLINE_FIRST or "permit" not in full["sections"])) else None
    # what is said first is not said again in its list (a forbidding condition only when said whole)
    said_first = [lead] if lead is not None else []
    if forbidding is not None and text_in(forbidding.condition.text, turn.language) == forbidding.clause:
        said_first.append(forbidding.condition)
    if said_first:
        shown = shown.model_copy(update={s: [x for x in getattr(shown, s) if not any(x is y for y in said_first)]
                                         for s in LEAD_SECTIONS})
    view = decision_view(shown, topic, turn.language, max_articles=MAX_ARTICLES, cite_first=brief.cite_first,
                         asked=brief.asked)
    # (the restriction that blocks it is said first: the template's generic "no" is not said again)
    view["reason_said"] = forbidding is not None and decision.outcome is Outcome.NOT_ALLOWED
    # (the item said first was the list's answer: no "the norms set no distances" after it)
    view["lead_said"] = lead is not None
    custom: dict[str, Any] = {"citations": citation_payload(view)}
    if topic in ("permission", "places") and decision.places and not located:
        custom["places"] = places_geojson(decision, turn.language)
    answer = turn.text(f"answer.{topic}", **names, view=view)
    if forbidding is not None:
        # "dá pra montar barraca de fogos na festa junina?": no, and the clause that says so, first
        link = citation_link(forbidding.citation) if forbidding.citation is not None else None
        answer = turn.text("answer.forbidden", municipality=names["municipality"], text=forbidding.clause,
                           link=link) + "\n" + answer
    elif lead is not None:
        # "qual a altura máxima das bandeiras?": the condition that states it is the first sentence
        answer = turn.text("answer.lead", municipality=names["municipality"],
                           text=text_in(lead.text, turn.language), link=lead_link(lead, brief.asked)) + "\n" + answer
    if view["citations"]:
        answer += "\n" + turn.text("answer.sources", groups=view["citations"])
    details = turn.text(f"answer.{topic}", **names, view=full)
    if full["citations"]:
        details += "\n" + turn.text("answer.sources", groups=full["citations"])
    with turn.captured() as extra:
        if full["empty"]:
            # The rules hold nothing on this topic for this activity: the text of the law may still say it.
            answer_from_search(turn, jurisdiction, intro="search.also_the_text")
        else:
            _key_passage(turn, jurisdiction, full)
    # The closest passage of the law is part of the answer when the rules hold nothing on the topic, or
    # when it holds a word of the question that nothing in the short answer holds (a detail the rules
    # data does not model: "como pego de volta o carrinho removido?"); otherwise it is a detail.
    # (_key_passage and answer_from_search already drop a passage without the figure asked for.)
    speaks = full["empty"] or any(brief.unmet & stems_of(m.get("text", "")) for m in extra)
    passages, extra = (extra, []) if speaks else ([], extra)
    more = brief.cut or bool(extra) or citation_payload(full) != citation_payload(view)
    if more:
        details = "\n\n".join([details, *(m["text"] for m in extra if m.get("text"))])
        turn.set_slot("details", {"text": details, "citations": citation_payload(full)
                                  + [c for m in extra for c in (m.get("custom") or {}).get("citations", [])]})
    else:
        turn.set_slot("details", None)
    turn.dispatcher.utter_message(text=answer, json_message=custom,
                                  buttons=[details_button(turn)] if more else [])
    if not follow_up:
        # "Quais documentos preciso? Tem idade mínima?": the message's other questions, each from its record
        say_other_parts(turn, text, jurisdiction, activity=activity, municipality=names["municipality"], today=today,
                        shown=answer)
    turn.dispatcher.messages.extend(passages)

    # A missing fact: say what we need to know, as a question with yes/no or choice buttons. Asked once:
    # a citizen who moves on to another question is not asked again and again.
    missing = next((m for m in decision.missing_facts
                    if m.fact in registry().facts and askable(registry().facts[m.fact]) and _changes_the_answer(m, topic)), None)
    if missing is not None and tracker.get_slot("pending_fact") != missing.fact:
        turn.set_slot("pending_fact", missing.fact)
        turn.say(f"question.{missing.question}", **names, buttons=_answer_buttons(turn, missing.fact))
    elif missing is None:
        turn.set_slot("pending_fact", None)


# The topics whose answer a missing fact of each kind changes (MissingFact.needed_for): "season or
# annual?" changes the fee and the permit, not the fine for selling without one.
_ANSWER_DEPENDS = {"fee": ("fee",), "details": ("permission", "documents", "season", "fee")}


def _question_before(turn: Turn, tracker: Tracker) -> str | None:
    """The question this message continues, in the words the readers match (a Spanish one glossed)."""
    before = previous_question(tracker)
    return gloss(before) if before and turn.language == "es" else before


def _long_tail_fact(turn: Turn, text: str, jurisdiction: str, activity: str | None, today: date | None,
                    follow_up: bool = False, after_fine: bool = False) -> bool:
    # (a follow-up's text holds the question before it, which is no question of this message)
    return answer_fact(turn, text, jurisdiction, activity=activity, municipality=jurisdiction_name(jurisdiction),
                       today=today, long_tail=True, follow_up=follow_up, after_fine=after_fine)


def _changes_the_answer(missing, topic: str) -> bool:
    return missing.needed_for == "outcome" or topic in _ANSWER_DEPENDS.get(missing.needed_for, ())


# A question kept while we ask which town or activity: its words, intent and entities (bounded).
_KEPT_TEXT = 500
_COMPLETING = ("municipality", "activity", "jurisdiction")


def keep_question(turn: Turn) -> None:
    """"Em qual município?" asked back: keep the question, so that the answer ("Bertioga") completes it
    instead of replacing it."""
    message = turn.message
    turn.set_slot("pending_question", {
        "text": (message.get("text") or "")[:_KEPT_TEXT], "intent": message.get("intent") or {},
        "entities": [{k: e.get(k) for k in ("entity", "value", "start", "end")} for e in message.get("entities") or []][:20],
    })


def resume_question(turn: Turn) -> None:
    """A reply that only names the town or the activity we asked for ("Bertioga", the button) answers
    the kept question; any other message is a new question, and the kept one is dropped."""
    kept = turn.tracker.get_slot("pending_question")
    if not isinstance(kept, dict):
        return
    turn.set_slot("pending_question", None)
    given = _completing(turn)
    if not given:
        return
    named = {e.get("entity") for e in given}
    turn.message = {"text": kept.get("text") or "", "intent": kept.get("intent") or {},
                    "entities": [e for e in kept.get("entities") or [] if e.get("entity") not in named] + given}


def completes_kept_question(turn: Turn) -> bool:
    """A question is kept ("Em qual município?" was asked back) and this message only names what it lacked."""
    return isinstance(turn.tracker.get_slot("pending_question"), dict) and bool(_completing(turn))


def _completing(turn: Turn) -> list[dict]:
    """The town or activity a short reply names (as entities), or [] when the message is a new question."""
    given = [e for e in turn.message.get("entities") or [] if e.get("entity") in _COMPLETING]
    town = jurisdiction_in_text(turn.message.get("text"))
    if town and not any(e.get("entity") in ("municipality", "jurisdiction") for e in given):
        # "Lajes" typed as the answer, whatever the entity extractor made of one word
        given.append({"entity": "municipality", "value": town})
    # ("Pontal do Paraná (PR)": the state in brackets is no word of a new question; NLU unsure of a town
    # name is still a town named)
    words = len(re.sub(r"\([^)]*\)", " ", turn.message.get("text") or "").split())
    if not given or (turn.intent not in ("inform", "nlu_fallback", None) and words > 3) or words > 6:
        return []
    return given


def _topic(turn: Turn, text: str) -> tuple[str, bool]:
    """(what the question asks, whether its words overruled NLU's ask_permission)."""
    previous = turn.tracker.get_slot("topic")
    # a one-fact answer leaves its kind in the slot ("limit", "office"): a follow-up asks its topic
    if previous and previous not in _TOPICS:
        previous = TOPIC_OF_KIND.get(previous, "permission")
    if is_follow_up(text) and previous:
        # "e se for um deck fixo?" after "quanto custa…?" still asks how much, whatever NLU made of it.
        return topic_in_text(text) or previous, False
    if turn.intent == "inform" and len(text.split()) >= 4:
        # `inform` is an answer ("e no calçadão de Ipanema?" keeps the previous topic), but NLU sometimes
        # reads a whole question as one: then the question's own words name the topic.
        asked = topic_in_text(text)
        if asked:
            return asked, False
    if turn.intent == "ask_permission":
        # "Can I…?" is how most questions start: "food truck precisa ficar longe de lanchonete?" is read
        # as ask_permission, but its words ask how far. A narrow topic named in the words wins over it.
        named = topic_in_text(text, unambiguous=True)
        if named in _NARROWER_THAN_PERMISSION:
            return named, True
        if _HOW_MUCH.match(fold(text)) and not asked_kinds(text):
            return "fee", True  # "How much is the annual licence fee…?" opens with what it asks
    if turn.intent in ("ask_permission", "ask_obligations", "ask_law") and asks_a_price(text) and not asked_kinds(text):
        # "…vender milho na areia, sem carrinho. Qual é a taxa?": the price asked, wherever in the message
        return "fee", turn.intent == "ask_permission"
    parts = asking_parts(text)
    if turn.intent not in TOPIC_BY_INTENT and asks_a_price(parts[0].piece if parts else text):
        # NLU unsure, and the first question asks a price ("how much is the monthly fee, and how much sidewalk
        # do I have to leave free?"): the fee, whatever the later question asks
        return "fee", False
    if turn.intent not in TOPIC_BY_INTENT and asked_kinds(text)[:1] and asked_kinds(text)[0] in TOPIC_OF_KIND:
        # NLU unsure (the fallback), but the words ask for one kind of fact: its topic
        return TOPIC_OF_KIND[asked_kinds(text)[0]], False
    topic = TOPIC_BY_INTENT.get(turn.intent or "") or previous or "permission"
    if (topic in ("obligations", "season", "hours", "limits", "fine", "after_fine") and _WHICH_PERMIT.search(fold(text))
            and asked_kinds(text)[:1] not in (["fine"], ["deadline"])):
        # "Quero alugar motas de água no Algarve este Verão, que licença preciso?": which permit is asked,
        # whatever NLU heard in the rest (a fine, even: "¿Qué permiso hace falta y quién lo da?" — unless a fine
        # or a deadline is what the words ask)
        return "permission", False
    if topic == "obligations" and asked_kinds(asked_sentences(text))[:1] in (["distance"], ["limit"]):
        # "que ancho de vereda tengo que dejar libre…?": "tengo que" is no duty asked, the width is (Lajes art. 56)
        return "limits", False
    if topic == "obligations" and _CONDITIONS.search(fold(text)):
        # "under what conditions may I hire jet skis to people with no boating licence?": the conditions of doing
        # it are the can-I answer's (RAMT art. 21 n.º 5), not the operator's duties NLU heard
        return "permission", False
    if (topic == "season" and names_topic(asked_sentences(text), "fee")
            and not {"season", "validity"} & set(asked_kinds(asked_sentences(text)))):
        # "tengo 63 años y quiero vender en la temporada. ¿Tengo algún descuento en la tasa?": the fee named is asked,
        # the season is the story (NLU heard a season in it)
        return "fee", False
    if topic == "season" and asks_can_i(text) and not {"season", "validity"} & set(asked_kinds(text)):
        # "Posso vender cerveja andando na rua? … aqui no verão é um golaço": the summer is the story, the
        # question asks whether (NLU heard a season in it)
        return "permission", False
    if topic == "fee" and asks_can_i(text) and not asks_a_price(text) and not names_topic(text, "fee"):
        # "we're an ice cream company… can we put our own sellers on the sand, or is it only for independent
        # vendors?": no price, no fee named — a yes/no NLU heard as a fee question
        return "permission", False
    direct = asked_directly(text)
    if direct in TOPIC_OF_KIND and topic not in ("permission", "law") and TOPIC_OF_KIND[direct] != topic:
        # the question's own question word names what it asks ("which authority gives the licence…?",
        # "quanto tempo tenho pra corrigir?"): that decides over the classifier's reading of another topic
        return TOPIC_OF_KIND[direct], False
    if topic == "documents" and asked_kinds(text)[:1] == ["office"]:
        return "permission", False  # "a quem peço a licença?": who issues it heads the can-I answer
    if topic == "law" and not turn.entity("article"):
        # "what does the law say" read by NLU, but the words ask for one kind of fact ("quem autoriza…?",
        # "how long is the permit valid?"): the topic that holds that kind (and the fact records first).
        kinds = asked_kinds(text)
        if kinds and kinds[0] in TOPIC_OF_KIND:
            return TOPIC_OF_KIND[kinds[0]], False
        if asks_can_i(text) and activity_tagged(turn.message) is not None:
            # "Mi hijo tiene 17 años… ¿lo puede anotar como ambulante?": a yes/no about an activity named is the
            # rules' to answer, not a passage's
            return "permission", False
    return topic, False


_TOPICS = frozenset(TOPIC_BY_INTENT.values())


# Topics whose answer opens with the permit: a figure asked is said before it.
_HEADLINE_FIRST = ("permission", "places", "documents")


# A question that asks which permit is needed ("que licença preciso?", "what licence do I need?")
_WHICH_PERMIT = re.compile(r"\b((que|qual|quais) (tipo de )?(licenca|licencas|alvara|autorizacao|permissao)s? (eu )?"
                           r"(preciso|precisa|e preciso|e precisa|devo|tenho|necessito)|"
                           r"(what|which) (kind of )?(licen[cs]e|permit|authori[sz]ation)s? (do|does|would|will) (i|we|you) need)\b")


# A step of the procedure after a fine, named in the asking sentence ("how do I go about filing a defence?", "como
# recorro?"): asked whatever topic NLU heard in the story — a recourse (the resolver's ASKS_RECOURSE) or a defence
_DEFENCE = re.compile(r"\b(defesa|defence|defense|defensa|contest\w*|impugn\w*)\b")


def names_a_procedure_step(text: str) -> bool:
    asking = fold(asked_sentences(text))
    return ASKS_RECOURSE.search(asking) is not None or _DEFENCE.search(asking) is not None


# The conditions of doing something, named ("em que condições", "under what conditions", "¿en qué condiciones?")
_CONDITIONS = re.compile(r"\b(conditions?|condicao|condicoes|condiciones?)\b")


# A question that opens by asking an amount ("How much is…", "Quanto custa…", "Qual o valor da taxa…").
_HOW_MUCH = re.compile(r"\s*(how much|what does it cost|quanto (custa|e|eh|pago|sai|fica)|qto custa|qual (o valor|a taxa|o preco))\b")


# The rules topic that holds each kind of fact a question asks for (knowledge.facts.asked_kinds).
TOPIC_OF_KIND = {
    "office": "permission", "holder": "permission", "lead_time": "permission", "insurance": "permission",
    "validity": "season", "season": "season", "deadline": "after_fine", "fine": "fine", "places": "places",
    "distance": "limits", "limit": "limits", "hours": "hours", "document": "documents",
    "law": "law", "enforcement": "law",
}


def _activity_named(text: str, vendor: str | None) -> str | None:
    """An activity named in the text. "espetinho", "milho" are also names of beach food vending; with
    the product tagged, where it is sold decides: "vender espetinho na rua" is street trade."""
    named = activity_in_text(text)
    return None if vendor and named == "beach_food_vendor" else named


_FOCUSED_CITATIONS = 3


def _key_passage(turn: Turn, jurisdiction: str, view: dict) -> None:
    """The article that best matches the question's own words, quoted when the rules' answer does not
    already cite it: a specific question ("how far from the surf line?") may ask for a detail the
    rules data does not hold, and the citizen should see the text that says it."""
    hits = law_hits(turn, jurisdiction, limit=1)
    cited = {link["unit_id"] for group in view["citations"] for link in group["links"]}
    # A broad answer (a long list of articles) does not show what the one matching article says either.
    broad = len(cited) > _FOCUSED_CITATIONS
    if hits and (broad or not any(c == hits[0].unit_id or c.startswith(hits[0].unit_id + "/") for c in cited)):
        answer_from_search(turn, jurisdiction, intro="search.also_the_text", hits=hits)


def _named_jurisdiction(turn: Turn) -> tuple[str | None, str | None]:
    """(covered jurisdiction named in this message, else None; an uncovered town named, else None)."""
    raws = [e.get("value") for e in turn.message.get("entities", []) if e.get("entity") == "municipality"]
    tagged = {j for j in map(resolve_jurisdiction, raws) if j}
    # (one town tagged is the one asked; two, or none, are read in the words: the one the writer does not come from —
    # "from Portugal, moving to Bertioga")
    covered = next(iter(tagged)) if len(tagged) == 1 else town_asked_in_text(turn.asked)
    if covered:
        return covered, None
    return None, next((str(r) for r in raws if looks_like_a_place(r)), None)


# "registered in São Paulo", "com sede em Santos", "con sede en Rosario": a seat named, tagged by NLU or not
_SEAT_NAMED = re.compile(r"\b(?:registered|based|headquartered|incorporated|sediad[oa]|com sede|con sede|registrad[oa]) "
                         r"(?:in|em|en|no|na) ([A-ZÀ-Ý][\w'-]+(?: (?:do|da|de|del)? ?[A-ZÀ-Ý][\w'-]+)*)")


def _other_towns(turn: Turn, jurisdiction: str) -> list[str]:
    """The towns named other than the one asked about ("minha empresa é de Santos… em Bertioga"), as written."""
    text = turn.message.get("text") or ""
    tagged = [text[e["start"]:e["end"]] if isinstance(e.get("start"), int) and isinstance(e.get("end"), int) else str(e.get("value"))
              for e in turn.message.get("entities", []) if e.get("entity") == "municipality"
              and resolve_jurisdiction(e.get("value")) != jurisdiction and looks_like_a_place(e.get("value"))]
    seats = [m.group(1) for m in _SEAT_NAMED.finditer(turn.asked or text) if resolve_jurisdiction(m.group(1)) != jurisdiction]
    return tagged + seats


_SAND = ("praia", "areia", "beach", "sand")
# A motor vehicle sold from ("numa kombi", "from my car", "de van"); a food truck or a trailer is named as
# such (its own activity), a cart is not a motor vehicle.
_MOTOR_VEHICLE = re.compile(r"\b(kombi|kombis|van|vans|carro|carros|car|cars|veiculo|veiculos|vehicle|vehicles|"
                            r"caminhonete|camionete|furgao|furgoes|pickup|pick-up|utilitario|carrinha)\b")
_CLOTHING_FURNITURE = re.compile(r"\b(roupas?|vestuario|vestidos?|camisetas?|cofres?|moveis|movel|clothes|clothing|garments?|"
                                 r"furniture|safes)\b")
_SELLS = re.compile(r"\b(vend\w*|venda|comerciali\w*|sell\w*|sold)\b")
# A festival named as where one sells ("na festa da padroeira", "quermesse", "São João", "fiesta del pueblo")
_AT_A_FESTIVAL = re.compile(r"\b(festas? (da|do|de|dos|das) \w+|festa junina|festas juninas|quermesses?|kermesse|festival|festejos?|"
                            r"sao joao|padroeira|padroeiro|fiesta (del|de la|de) \w+|fiestas? patronal(es)?|festival stall|fair stall|"
                            # (in English word order: "a church festa", "a parish fete", "the village fair")
                            r"(church|parish|town|village|religious|saint|saints|patron saint|patron saints) (festa|festival|fair|fete|feast))\b")
# A stand, and its standing still at one point ("carrinho fixo", "park my cart on a corner")
_A_STAND = re.compile(r"\b(carrinho|carrinhos|carroca|cart|carts|banca|bancas|barraca|barraquinha|stand|stall|trailer|"
                      r"quiosque|quiosques|kiosk|kiosks|kiosco)\b")
_STANDS_STILL = re.compile(r"\b(fixo|fixa|ponto fixo|ponto definido|parad[oa]|estacion\w*|esquina|corner|park|parked|parking|"
                           r"same spot|one spot|mesmo (lugar|ponto))\b")


def _sells_food(text: str, product_facts: dict[str, Any]) -> bool:
    """The products named are food — said with a selling word or as a stand's ("carrinho de lanche",
    "banca de espetinho", "hot dog cart")."""
    return product_facts.get("product_kind") == "food" or product_kind(products_in_text(text, said_sold=False)) == "food"


def _stands_at_a_point(activity: str, jurisdiction: str, day: date) -> bool:
    """Whether the place licenses the activity as a stall standing at one defined point (rules data:
    `stands_at_a_point` on its regime)."""
    return any(regime.stands_at_a_point for norm in regulating_norms(activity, jurisdiction, day)
               for regime in norm.activities[activity].regimes)


# Vendors told apart by what they sell and where (a vehicle or a cart is its own activity)
_PLAIN_VENDORS = frozenset({"itinerant_vendor", "beach_food_vendor", "itinerant_vendor_vehicle"})


def _vendor_for_product(turn: Turn, text: str) -> tuple[str | None, dict[str, Any]]:
    """"vender milho na areia": a product without an activity is street or beach vending, and what the
    product is decides the fee row (food, or other goods priced per product). A product we cannot
    classify is not guessed: the rules ask."""
    # (NLU tags most products; a product said with a selling word it missed counts too)
    products = ([e.get("value") for e in turn.message.get("entities", []) if e.get("entity") == "product"]
                or products_in_text(text))
    # "vendo lanche numa kombi", "I sell hot dogs from my car": a vendor with a motor vehicle, whose own
    # rules apply (Pontal art. 12: 100 m from shops of the same trade)
    by_vehicle = _MOTOR_VEHICLE.search(without_a_vehicle(text)) is not None
    if not products:
        # "who authorises selling things on the street?": selling in the street, whatever is sold
        if sells_in_the_street(text) or (by_vehicle and _SELLS.search(fold(text))):
            return ("itinerant_vendor_vehicle" if by_vehicle else "itinerant_vendor"), {"on_sand": False}
        return None, {}
    on_sand = any(w in text.lower() for w in _SAND)
    kind = product_kind(products)
    facts: dict[str, Any] = {"on_sand": on_sand}
    if kind:
        facts["product_kind"] = kind
    if by_vehicle:
        # food sold from a van or a kombi is a food truck (Igarapava art. 97: "trailers, vans e veículos
        # similares"; Pontal keeps its 100 m for both); other goods, the vehicle vendor's rows — clothes and
        # furniture from a motor vehicle their own (Pontal Anexo VI 11.20.00: "Veículo com tração motora para
        # venda de roupas e artigos do vestuário, cofres e móveis em geral")
        if kind != "food" and _CLOTHING_FURNITURE.search(fold(" ".join(map(str, products)) + " " + text)):
            facts = {**facts, "product_kind": "clothing_furniture", "vehicle": "motor"}
        return ("food_truck" if kind == "food" else "itinerant_vendor_vehicle"), {**facts, "on_sand": False}
    if on_sand and kind == "food":
        return "beach_food_vendor", facts
    return "itinerant_vendor", facts


def _answer_buttons(turn: Turn, fact: str) -> list[dict]:
    spec = registry().facts[fact]
    if spec.type == "bool":
        return [{"title": turn.text("answer.button_yes"), "payload": "/affirm"},
                {"title": turn.text("answer.button_no"), "payload": "/deny"}]
    return [{"title": turn.text(f"choice.{fact}.{value}"), "payload": f'/inform{{"choice": "{value}"}}'}
            for value in spec.choices or []]
