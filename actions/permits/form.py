"""The pre-application form: one Rasa form (`preapplication_form`) with one requested slot.

Rasa asks `pa_answer` again and again; what it means depends on the application kept in `pa_state`
(actions/permits/application.py) and its current step (actions/permits/plan.py):

- `validate_preapplication_form` reads each message (actions/permits/readers.py). A valid answer is stored and the next step
  comes; an invalid one gets a specific message and the same question again; a question
  ("quanto custa?") is answered as action_answer would answer it, then the same question again;
  "corrigir <dado>" (or a "Corrigir" button of the summary) goes back to that step; "cancelar"
  ends the form. On "Confirmar" it submits to the permits API. It always empties `pa_answer`, and
  ends the form by emptying `requested_slot`.
- `action_ask_pa_answer` asks the current step's question, with buttons (actions/permits/questions.py).
- `action_finish_preapplication` runs when the form ends: it tells the protocol and access code,
  or why nothing was sent, and forgets the application's personal data.

Why the form reads every message itself instead of excluding question intents from the slot
mapping: answers to a pre-application (a name, a CPF, "Enseada, ponto 3", "corrigir e-mail") are
often classified as questions or as `cancel` by NLU, and would be lost; the validator knows which
question is pending and can tell an answer from a question much better.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from pydantic import ValidationError
from rapidfuzz import fuzz, process
from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.qa.answer import answer_question
from actions.common.conversation import Turn
from actions.common.i18n import LANGUAGES, catalogue
from actions.permits.answers import Invalid, fold, has_word, words
from actions.permits.client import PermitsApi, SubmissionRefused, SubmissionUnavailable
from actions.permits.application import Application
from actions.permits.plan import EXEMPTION_FACTS, Step, decision_for, kinds_for, not_allowed_reasons, permit_choice, requirements
from actions.permits.questions import ask
from actions.permits.readers import (
    FREE_KINDS,
    UNREADABLE,
    Accept,
    Form,
    Message,
    activities_with_permit,
    activity_in_text,
    choice_label,
    read,
    text_of,
)
from actions.qa.subject import covered_jurisdictions, jurisdiction_name, resolve_activity, resolve_jurisdiction
from knowledge.jurisdictions import answer_language, local_today
from knowledge.rules import Outcome, permit_kinds
from knowledge.rules.registry import registry

__all__ = [
    "ActionAskPaAnswer",
    "ActionFinishPreapplication",
    "ValidatePreapplicationForm",
    "channel_of",
    "handle",
    "start_application",
]

Clock = Callable[[str | None], date]
"""Today for a jurisdiction (its own time zone); tests pass a fixed day."""

# ------------------------------------------------------------------ choosing the permit

def settle(app: Application) -> None:
    """After the municipality or the activity is known: the permit, if the rules leave one choice."""
    app.language = answer_language(app.jurisdiction, app.language)  # Portuguese about Portugal in pt-PT style
    if app.jurisdiction is None:
        return
    if app.permit_kind is not None:
        req = requirements(app.permit_kind, app.day)
        if req.jurisdiction != app.jurisdiction:
            app.permit_kind = None
        elif app.activity is None and len(req.activities) == 1:
            app.activity = req.activities[0]
        elif app.activity is not None and app.activity not in req.activities:
            app.activity = None
    if app.activity is None or app.permit_kind is not None:
        return
    choice = permit_choice(app.activity, app.jurisdiction, app.day)
    if not choice.kinds:
        app.activity = None
    elif len(choice.kinds) == 1:
        app.permit_kind = choice.kinds[0]
    elif choice.fact and choice.fact in app.fixed_facts and app.fixed_facts[choice.fact] in choice.by_value:
        app.permit_kind = choice.by_value[app.fixed_facts[choice.fact]]


def resolve_permit(raw: str | None, jurisdiction: str | None, day: date) -> str | None:
    """A permit named by the citizen ("autorização de temporada", "licença de operador") → kind."""
    if not raw:
        return None
    names = {}
    for kind in permit_kinds(jurisdiction):
        for name in requirements(kind, day).permit.name.values():
            names[fold(name)] = kind
    match = process.extractOne(fold(raw), names.keys(), scorer=fuzz.partial_ratio, score_cutoff=85)
    if match is None:
        return None
    # Several permits may share the words ("autorização"): take it only if the match is unique.
    best = [k for n, k in names.items() if fuzz.partial_ratio(fold(raw), n) >= match[1]]
    return best[0] if len(set(best)) == 1 else None


def start_application(turn: Turn, clock: Clock) -> Application:
    """A new application from the request message and the conversation so far (action_request_permit)."""
    tracker = turn.tracker
    msg = Message.of(tracker)
    raw_place = msg.entities.get("municipality")
    jurisdiction = resolve_jurisdiction(raw_place) if raw_place else resolve_jurisdiction(tracker.get_slot("municipality"))
    app = Application(language=turn.language, started_on=clock(jurisdiction), jurisdiction=jurisdiction)
    raw_activity = msg.entities.get("activity")
    activity = resolve_activity(raw_activity) if raw_activity else None
    if activity is None and jurisdiction:
        activity = activity_in_text(msg.text, activities_with_permit(app))
    if activity is None and not raw_place:
        activity = resolve_activity(tracker.get_slot("activity"))
    app.activity = activity
    kind = resolve_permit(msg.entities.get("permit"), jurisdiction, app.day)
    if kind is not None:
        app.permit_kind = kind
        app.jurisdiction = requirements(kind, app.day).jurisdiction
    settle(app)
    if app.activity is not None and app.jurisdiction is not None and not kinds_for(app.activity, app.jurisdiction, app.day):
        app.activity = None
    if raw_place and jurisdiction is None:
        turn.say("preapplication.not_covered_place", place=raw_place,
                 covered=[jurisdiction_name(j) for j in covered_jurisdictions()])
    return app


# ------------------------------------------------------------------ one turn of the form

def _apply(form: Form, step: Step, accepted: Accept) -> None:
    app = form.app
    values = dict(accepted.values)
    if "_jurisdiction" in values:
        app.jurisdiction = values.pop("_jurisdiction")
        app.started_on = form.today
        if app.permit_kind and requirements(app.permit_kind, app.day).jurisdiction != app.jurisdiction:
            app.permit_kind = None
        settle(app)
    if "_activity" in values:
        app.activity = values.pop("_activity")
        settle(app)
    if "_permit" in values:
        app.permit_kind = values.pop("_permit")
        app.fixed_facts.update(values.pop("_fixed", {}))
    if "_pending_area" in values:
        app.pending_area = values.pop("_pending_area")
    if step.key == "boardwalk" and step.key in values:
        area = next((p for p in decision_for(app).places if p.id.endswith(values["boardwalk"])), None)
        if area is not None:
            values["place"] = {"id": area.id, "description": text_of(area.name, "pt-BR")}
    for key, value in values.items():
        if value is None and key in ("period_end", "place"):
            app.answers.pop(key, None)
        else:
            app.answers[key] = value
    _drop_inconsistent(app, step.key)


def _drop_inconsistent(app: Application, changed: str) -> None:
    """After a correction, answers that no longer fit are asked again (a company needs a CNPJ)."""
    if app.permit_kind is None:
        return
    keys = {s.key: s for s in app.steps()}
    document = app.answers.get("document")
    if document and "document" in keys and document["type"] not in keys["document"].choices:
        app.answers.pop("document")
    if changed == "sidewalk_kind":
        app.answers.pop("place", None)
        app.answers.pop("boardwalk", None)


def _eligibility(form: Form, step: Step, before: Outcome) -> list | None:
    """The conditions the new answer fails (text + citations), or None if the law still allows it."""
    if step.fact is None or step.fact not in registry().facts:
        return None
    after = decision_for(form.app)
    if after.outcome is Outcome.NOT_ALLOWED and before is not Outcome.NOT_ALLOWED:
        reasons = not_allowed_reasons(after)
        return [(text_of(c.text, form.lang), c.citations) for c in reasons] or [("", after.citations)]
    holders = form.app.requirements().permit.holder
    if step.key == "person_type" and form.app.answers.get("person_type") not in holders:
        req = form.app.requirements()
        label = choice_label(form, "person_type", holders[0])
        return [(form.t("preapplication.invalid.choice", options=[label]).rstrip("."), req.permit.citations)]
    return None


def _reason_texts(form: Form, reasons: list) -> list[str]:
    return [form.cited(text, cites) for text, cites in reasons]


def _correction(form: Form) -> str | None:
    """The step a "corrigir <dado>" message (or a "Corrigir" button) wants to go back to."""
    msg, app = form.msg, form.app
    if msg.choice and msg.choice.startswith("fix:"):
        return msg.choice.removeprefix("fix:")
    if msg.is_button or not has_word(msg.text, "fix") or app.permit_kind is None:
        return None
    text = f" {fold(msg.text)} "
    answered = app.all_answers()
    for step in app.steps():
        if step.key not in answered or not step.personal:
            continue
        names = set(words(f"field_{step.key}"))
        if step.kind in ("place", "point"):
            names |= set(words("field_place"))
        names |= {fold(catalogue(lang).get(f"preapplication.label.{step.key}", "")) for lang in LANGUAGES}
        if any(n and f" {n} " in text for n in names):
            return step.key
    return "?"


def handle(form: Form, api: PermitsApi) -> bool:
    """Read this message for the current step; True when the form is over."""
    app, msg = form.app, form.msg
    step = app.current_step()

    if msg.intent == "set_language" and msg.entities.get("language") in LANGUAGES:
        app.language = form.turn.language = msg.entities["language"]
        form.say("language_set")
        return False

    if msg.choice == "cancel" or msg.text == "/cancel" or (
            msg.intent == "cancel" and msg.confidence >= 0.5 and has_word(msg.text, "cancel")
            and not (step.kind in FREE_KINDS and len(msg.text.split()) > 4)):
        app.stage = "cancelled"
        return True

    target = _correction(form)
    if target == "?":
        _ask_which_to_fix(form)
        return False
    if target is not None and target in {s.key for s in app.steps()}:
        app.editing = target
        if target == "period_start":
            app.answers.pop("period_end", None)
        return False

    result = read(form, step)
    if isinstance(result, Accept) and not (step.kind in FREE_KINDS and msg.is_question and msg.looks_like_question):
        return _accept(form, step, result, api)

    if msg.is_question and (result is None or msg.looks_like_question or (
            isinstance(result, Invalid) and result.reason in UNREADABLE and len(msg.text.split()) >= 3)):
        _digress(form)
        return False
    if msg.intent == "help" and not isinstance(result, Accept):
        form.say("preapplication.help", **form.names())
        return False
    if msg.intent == "human_contact" and app.permit_kind:
        form.say("preapplication.office", **form.names())
        return False
    if msg.intent == "request_permit" and app.permit_kind:
        form.say("preapplication.already", **form.names())
        return False
    if isinstance(result, Invalid):
        form.say(f"preapplication.invalid.{result.reason}", **result.values)
    elif step.kind == "summary":
        form.say("preapplication.invalid.summary")
    else:
        form.say("preapplication.invalid.text")
    return False


def _accept(form: Form, step: Step, accepted: Accept, api: PermitsApi) -> bool:
    app = form.app
    if step.kind == "consent":
        if not accepted.values["consent"]:
            app.stage = "no_consent"
            return True
        app.consent_given_at = datetime.now(UTC)
        app.answers["consent"] = True
        return False
    if step.kind == "summary":
        if accepted.values.get("_fix_which"):
            _ask_which_to_fix(form)
            return False
        return _submit(form, api)

    before = decision_for(app).outcome if step.fact else None
    saved = (dict(app.answers), app.editing)
    _apply(form, step, accepted)
    reasons = _eligibility(form, step, before) if step.fact else None
    if reasons:
        if step.kind in ("choice", "yes_no"):
            app.stage = "ineligible"
            app.stop_reason = {"reasons": _reason_texts(form, reasons)}
            return True
        app.answers, app.editing = saved
        form.say("preapplication.invalid.not_allowed", reasons=_reason_texts(form, reasons))
        return False
    if step.key == app.editing and step.key in app.answers:
        app.editing = None
    for key, values in accepted.notes:
        form.say(key, **values)
    if step.kind == "exemption" or (step.key in EXEMPTION_FACTS and app.answers.get("exemption") == step.key):
        _exemption_outcome(form, step)
    return False


def _exemption_outcome(form: Form, step: Step) -> None:
    app = form.app
    claimed = app.answers.get("exemption")
    if claimed not in EXEMPTION_FACTS or claimed not in app.answers:
        return
    exemptions = decision_for(app).exemptions
    text = "; ".join(form.cited(text_of(e.text, form.lang), e.citations) for e in exemptions)
    if app.exemption_claims():
        form.say("preapplication.exempt", text=text)
    else:
        app.answers["exemption"] = "none"
        form.say("preapplication.not_exempt", text=text)


def _submit(form: Form, api: PermitsApi) -> bool:
    app, turn = form.app, form.turn
    sender = turn.tracker.sender_id
    try:
        body = app.payload(sender_id=sender, channel=channel_of(sender))
    except ValidationError as exc:
        first = exc.errors()[0]
        form.say("preapplication.submit.refused", detail=f"{'.'.join(str(x) for x in first['loc'])}: {first['msg']}")
        return False
    try:
        receipt = api.submit(body, idempotency_key=app.idempotency_key(sender, body))
    except SubmissionRefused as exc:
        form.say("preapplication.submit.refused", detail=exc.detail)
        return False
    except SubmissionUnavailable:
        form.say("preapplication.submit.unavailable")
        return False
    app.stage = "submitted"
    app.receipt = {"protocol": receipt.protocol, "access_code": receipt.access_code, "status": receipt.status}
    return True


def channel_of(sender_id: str) -> str:
    """The channel a conversation came through: sender ids are "<channel>-<user>" (api/channels)."""
    prefix = sender_id.split("-", 1)[0]
    return prefix if prefix in ("whatsapp", "telegram", "web") else "api"


def _ask_which_to_fix(form: Form) -> None:
    form.app.prompt = "fix_which"  # said by action_ask_pa_answer, in place of the step's question


def _digress(form: Form) -> None:
    """Answer a question asked in the middle of the form, as action_answer would, about the permit's
    activity and municipality unless the question names others. Its follow-up question (a missing
    fact with yes/no buttons) is left out: the form's own question comes next."""
    app, tracker = form.app, form.turn.tracker
    form.digressed = True
    tracker.slots.update({k: v for k, v in {"municipality": app.jurisdiction, "activity": app.activity,
                                            "facts": app.rules_facts() or None}.items() if v is not None})
    side = CollectingDispatcher()
    inner = Turn(side, tracker)
    inner.language = form.turn.language
    inner.events = []
    answer_question(inner, today=form.today)
    asked_more = any(e.get("name") == "pending_fact" and e.get("value") for e in inner.events)
    messages = side.messages[:-1] if asked_more and len(side.messages) > 1 else side.messages
    form.turn.dispatcher.messages.extend(messages)
    for event in inner.events:
        if event.get("name") not in ("pending_fact", "language"):
            form.turn.set_slot(event["name"], event["value"])


# ------------------------------------------------------------------ the Rasa actions

def _form(dispatcher: CollectingDispatcher, tracker: Tracker, app: Application, clock: Clock) -> Form:
    turn = Turn(dispatcher, tracker)
    msg = Message.of(tracker)
    # The form keeps its language: a name or a CPF says nothing about it. A question in another
    # language (a digression) is answered in the language it was asked in.
    if not (msg.is_question and msg.looks_like_question):
        turn.language = app.language
    if tracker.get_slot("language") != turn.language:
        turn.set_slot("language", turn.language)
    return Form(turn=turn, app=app, today=clock(app.jurisdiction), msg=msg)


def _restore_context(form: Form) -> None:
    """Entities found in answers ("Maria dos Santos" → Santos) must not move the conversation's subject."""
    if form.app.jurisdiction:
        form.turn.set_slot("municipality", form.app.jurisdiction)
    if form.app.activity:
        form.turn.set_slot("activity", form.app.activity)


class ValidatePreapplicationForm(FormValidationAction):
    def __init__(self, api: PermitsApi | None = None, clock: Clock = local_today) -> None:
        self.api = api or PermitsApi()
        self.clock = clock

    def name(self) -> str:
        return "validate_preapplication_form"

    async def validate_pa_answer(self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker,
                                 domain: dict[str, Any]) -> dict[str, Any]:
        app = Application.from_slot(tracker.get_slot("pa_state"))
        if app is None:  # a form without an application (an old conversation): start one
            turn = Turn(dispatcher, tracker)
            app = start_application(turn, self.clock)
            return {"pa_answer": None, "pa_state": app.to_slot()}
        form = _form(dispatcher, tracker, app, self.clock)
        done = handle(form, self.api)
        if not form.digressed:
            _restore_context(form)
        slots = {e["name"]: e["value"] for e in form.turn.events}
        slots.update({"pa_answer": None, "pa_state": app.to_slot()})
        if done:
            slots["requested_slot"] = None
        return slots


class ActionAskPaAnswer(Action):
    def __init__(self, clock: Clock = local_today) -> None:
        self.clock = clock

    def name(self) -> str:
        return "action_ask_pa_answer"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        app = Application.from_slot(tracker.get_slot("pa_state"))
        turn = Turn(dispatcher, tracker)
        if app is None:
            turn.say("help")
            return turn.events
        form = _form(dispatcher, tracker, app, self.clock)
        ask(form)
        form.turn.set_slot("pa_state", app.to_slot())  # a one-off prompt was said
        return form.turn.events


class ActionFinishPreapplication(Action):
    """The end of the form: the protocol, or why nothing was sent. The application is forgotten
    (its personal answers leave the conversation's slots); the receipt was said once."""

    def name(self) -> str:
        return "action_finish_preapplication"

    def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]):
        turn = Turn(dispatcher, tracker)
        app = Application.from_slot(tracker.get_slot("pa_state"))
        if app is not None:
            turn.language = app.language
            names = {}
            if app.permit_kind:
                req = app.requirements()
                names = {"permit": text_of(req.permit.name, app.language), "office": text_of(req.permit.office, app.language)}
            if app.stage == "submitted" and app.receipt:
                turn.say("preapplication.done.submitted", **names, **app.receipt)
            elif app.stage == "no_consent":
                turn.say("preapplication.done.no_consent", office=names.get("office") or jurisdiction_name(app.jurisdiction or ""))
            elif app.stage == "ineligible":
                turn.say("preapplication.done.ineligible", reasons=(app.stop_reason or {}).get("reasons", []))
            else:
                turn.say("preapplication.done.cancelled")
        turn.set_slot("pa_state", None)
        turn.set_slot("pa_answer", None)
        return turn.events

