"""The pre-application form: one Rasa form (`preapplication_form`) with one requested slot.

Rasa asks `pa_answer` again and again; what it means depends on the application kept in `pa_state`
(actions/permit_application.py) and its current step (actions/permit_plan.py):

- `validate_preapplication_form` reads each message. A valid answer is stored and the next step
  comes; an invalid one gets a specific message and the same question again; a question
  ("quanto custa?") is answered as action_answer would answer it, then the same question again;
  "corrigir <dado>" (or a "Corrigir" button of the summary) goes back to that step; "cancelar"
  ends the form. On "Confirmar" it submits to the permits API. It always empties `pa_answer`, and
  ends the form by emptying `requested_slot`.
- `action_ask_pa_answer` asks the current step's question, with buttons.
- `action_finish_preapplication` runs when the form ends: it tells the protocol and access code,
  or why nothing was sent, and forgets the application's personal data.

Why the form reads every message itself instead of excluding question intents from the slot
mapping: answers to a pre-application (a name, a CPF, "Enseada, ponto 3", "corrigir e-mail") are
often classified as questions or as `cancel` by NLU, and would be lost; the validator knows which
question is pending and can tell an answer from a question much better.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal
from rapidfuzz import fuzz, process
from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.executor import CollectingDispatcher
from pydantic import ValidationError

from actions.answer import TOPIC_BY_INTENT, answer_question
from actions.citations import group_citations
from actions.conversation import Turn
from actions.decision_view import places_geojson
from actions.i18n import LANGUAGES, catalogue
from actions.permit_answers import (
    Invalid,
    fold,
    has_word,
    parse_date,
    parse_decimal,
    parse_document,
    parse_email,
    parse_int,
    parse_name,
    parse_phone,
    parse_text,
    working_days_between,
)
from actions.permit_api import PermitsApi, SubmissionRefused, SubmissionUnavailable
from actions.permit_application import Application, local_today
from actions.permit_plan import (
    EXEMPTION_FACTS,
    Step,
    decision_for,
    kinds_for,
    next_season,
    not_allowed_reasons,
    period_rule,
    permit_choice,
    requirements,
    season_window,
)
from actions.subject import activity_name, covered_jurisdictions, jurisdiction_name, resolve_activity, resolve_jurisdiction
from knowledge.rules import Outcome, catalogue as activity_catalogue, nearest_points
from knowledge.rules.registry import registry

__all__ = [
    "ActionAskPaAnswer",
    "ActionFinishPreapplication",
    "ValidatePreapplicationForm",
    "start_application",
]

Clock = Callable[[str | None], date]
"""Today for a jurisdiction (its own time zone); tests pass a fixed day."""

QUESTION_INTENTS = set(TOPIC_BY_INTENT)
# Steps whose answer is free text: any text "is valid", so a question must look like one.
_FREE_KINDS = {"name", "company", "text", "place"}
_MAX_BUTTONS = 10  # WhatsApp lists hold 10 rows
# Answers we could not read at all (as opposed to read and found wrong: a CPF with bad check digits,
# a date out of season). Only an unreadable answer of a few words may be a question NLU recognised.
_UNREADABLE = {"municipality", "activity", "permit", "consent", "choice", "yes_no", "name", "name_full",
               "cpf_or_cnpj", "phone", "email", "text", "number", "whole_number", "age", "date", "point",
               "place", "exemption", "summary"}


# ------------------------------------------------------------------ the message

@dataclass
class Message:
    text: str
    intent: str | None
    confidence: float
    choice: str | None
    entities: dict[str, str]
    latitude: float | None = None
    longitude: float | None = None

    @classmethod
    def of(cls, tracker: Tracker) -> Message:
        latest = tracker.latest_message or {}
        intent = latest.get("intent") or {}
        entities: dict[str, str] = {}
        for e in latest.get("entities") or []:
            entities.setdefault(e.get("entity"), e.get("value"))
        lat, lon = entities.get("latitude"), entities.get("longitude")
        return cls(
            text=(latest.get("text") or "").strip(),
            intent=intent.get("name"),
            confidence=float(intent.get("confidence") or 0.0),
            choice=str(entities["choice"]) if entities.get("choice") is not None else None,
            entities={k: v for k, v in entities.items() if isinstance(v, str)},
            latitude=_float(lat),
            longitude=_float(lon),
        )

    @property
    def is_button(self) -> bool:
        return self.text.startswith("/")

    @property
    def is_question(self) -> bool:
        return self.intent in QUESTION_INTENTS and self.confidence >= 0.5 and not self.is_button

    @property
    def looks_like_question(self) -> bool:
        first = fold(self.text).split(" ")[0] if self.text else ""
        return "?" in self.text or first in {fold(w) for w in _words("question")}

    def yes_no(self) -> bool | None:
        if self.choice in ("yes", "no"):
            return self.choice == "yes"
        if self.intent in ("affirm", "deny") and (self.confidence >= 0.5 or self.is_button):
            return self.intent == "affirm"
        if has_word(self.text, "no"):
            return False
        if has_word(self.text, "yes"):
            return True
        return None


def _float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _words(kind: str) -> set[str]:
    from actions.permit_answers import words

    return set(words(kind))


# ------------------------------------------------------------------ reading an answer

@dataclass
class Accept:
    """A valid answer: the values to keep, and notes to say before the next question."""

    values: dict[str, Any] = field(default_factory=dict)
    notes: list[tuple[str, dict]] = field(default_factory=list)


@dataclass
class Form:
    """One turn of the form: the citizen's turn, the application, today."""

    turn: Turn
    app: Application
    today: date
    msg: Message
    digressed: bool = False

    @property
    def lang(self) -> str:
        return self.app.language

    def say(self, key: str, **values: Any) -> None:
        self.turn.say(key, **values)

    def t(self, key: str, **values: Any) -> str:
        return self.turn.text(key, **values)

    def names(self) -> dict[str, str]:
        out = {}
        if self.app.jurisdiction:
            out["municipality"] = jurisdiction_name(self.app.jurisdiction)
        if self.app.activity:
            out["activity"] = activity_name(self.app.activity, self.lang)
        if self.app.permit_kind:
            req = self.app.requirements()
            out["permit"] = _t(req.permit.name, self.lang)
            out["office"] = _t(req.permit.office, self.lang)
        return out

    def fmt_date(self, value: date | str) -> str:
        day = date.fromisoformat(value) if isinstance(value, str) else value
        if self.lang == "en":
            return format_date(day, format="d MMM yyyy", locale="en_GB")
        return format_date(day, format="dd/MM/yyyy", locale="pt_BR")

    def sources(self, citations) -> str:
        groups = group_citations(citations)
        return self.t("answer.sources", groups=groups) if groups else ""

    def cited(self, text: str, citations) -> str:
        """A sentence of the law with its source in brackets: "… intransferível (Fonte: Lei …, art. 9)"."""
        sources = self.sources(citations).rstrip(".")
        text = (text or "").rstrip(".")
        return f"{text} ({sources})" if sources else text


def _t(text: dict | None, lang: str) -> str:
    if not text:
        return ""
    return text.get(lang) or text.get("pt-BR") or ""


def choice_label(form: Form, step_key: str, value: str, lang: str | None = None) -> str:
    lang = lang or form.lang
    cat = catalogue(lang)
    for key in (f"preapplication.fee_category.{value}" if step_key == "fee_category" else None,
                f"preapplication.exemption_choice.{value}" if step_key == "exemption" else None,
                f"choice.{step_key}.{value}"):
        if key and key in cat:
            return cat[key]
    return value.replace("_", " ")


def _match_choice(form: Form, step_key: str, choices: tuple[str, ...]) -> str | None:
    msg = form.msg
    if msg.choice in choices:
        return msg.choice
    if not msg.text or msg.is_button:
        return None
    text = fold(msg.text)
    for value in choices:
        if has_word(msg.text, value) and _words(value):
            return value
    labels = {fold(choice_label(form, step_key, v, lang)): v for v in choices for lang in LANGUAGES}
    labels.update({fold(v.replace("_", " ")): v for v in choices})
    if text in labels:
        return labels[text]
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    match = process.extractOne(text, labels.keys(), scorer=fuzz.WRatio, score_cutoff=88)
    return labels[match[0]] if match else None


def read(form: Form, step: Step) -> Accept | Invalid | None:
    """The answer to `step` in this message: Accept, Invalid (say why) or None (not an answer)."""
    msg, app = form.msg, form.app
    if step.optional and (msg.choice == "skip" or (not msg.is_button and has_word(msg.text, "skip")
                                                   and len(msg.text.split()) <= 5)):
        return Accept({step.key: None})
    reader = _READERS[step.kind]
    return reader(form, step)


def _read_jurisdiction(form: Form, step: Step):
    msg = form.msg
    if msg.choice in covered_jurisdictions():
        return Accept({"_jurisdiction": msg.choice})
    raw = msg.entities.get("municipality")
    found = resolve_jurisdiction(raw) if raw else resolve_jurisdiction(msg.text) if not msg.is_button else None
    if found:
        return Accept({"_jurisdiction": found})
    if raw:
        return Invalid("municipality_not_covered",
                       {"place": raw, "covered": [jurisdiction_name(j) for j in covered_jurisdictions()]})
    return Invalid("municipality")


def activities_with_permit(app: Application) -> list[str]:
    if app.permit_kind:
        return list(requirements(app.permit_kind, app.day).activities)
    return [a.id for a in activity_catalogue() if kinds_for(a.id, app.jurisdiction, app.day)]


def activity_in_text(text: str, allowed: list[str]) -> str | None:
    """The activity a sentence names ("quero vender sorvete na praia" → ice_cream), longest name first."""
    from actions.subject import _activity_names

    folded = f" {fold(text)} "
    found = [(len(name), aid) for name, aid in _activity_names().items()
             if aid in allowed and f" {name} " in folded]
    return max(found)[1] if found else None


def _read_activity(form: Form, step: Step):
    msg, app = form.msg, form.app
    allowed = activities_with_permit(app)
    candidate = None
    if msg.choice:
        candidate = msg.choice if msg.choice in {a.id for a in activity_catalogue()} else None
    if candidate is None and msg.entities.get("activity"):
        candidate = resolve_activity(msg.entities["activity"])
    if candidate is None and not msg.is_button:
        candidate = activity_in_text(msg.text, allowed) or resolve_activity(msg.text)
    if candidate is None:
        return Invalid("activity")
    if candidate not in allowed:
        return Invalid("activity_not_here", {"activity": activity_name(candidate, form.lang),
                                             "municipality": jurisdiction_name(app.jurisdiction),
                                             "options": [activity_name(a, form.lang) for a in allowed]})
    return Accept({"_activity": candidate})


def _read_permit(form: Form, step: Step):
    app = form.app
    choice = permit_choice(app.activity, app.jurisdiction, app.day)
    if choice.fact:
        value = _match_choice(form, choice.fact, tuple(choice.by_value))
        if value:
            return Accept({"_permit": choice.by_value[value], "_fixed": {choice.fact: value}})
        return Invalid("permit")
    if form.msg.choice in choice.kinds:
        return Accept({"_permit": form.msg.choice})
    text = fold(form.msg.text)
    if text.isdigit() and 1 <= int(text) <= len(choice.kinds):
        return Accept({"_permit": choice.kinds[int(text) - 1]})
    return Invalid("permit")


def _read_consent(form: Form, step: Step):
    answer = form.msg.yes_no()
    if answer is None:
        return Invalid("consent")
    return Accept({"consent": bool(answer)})


def _read_choice(form: Form, step: Step):
    value = _match_choice(form, step.key, step.choices)
    if value is None:
        if form.msg.is_question:
            return None
        return Invalid("choice", {"options": [choice_label(form, step.key, v) for v in step.choices]})
    return Accept({step.key: value})


def _read_yes_no(form: Form, step: Step):
    answer = form.msg.yes_no()
    return Accept({step.key: answer}) if answer is not None else Invalid("yes_no")


def _read_name(form: Form, step: Step):
    if form.msg.is_button:
        return None
    company = step.kind == "company" or form.app.answers.get("person_type") == "legal_person" and step.key != "applicant_name"
    value = parse_name(form.msg.text, company=company)
    return value if isinstance(value, Invalid) else Accept({step.key: value})


def _read_document(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_document(form.msg.text, step.choices)
    if isinstance(value, Invalid):
        return value
    kind, number = value
    values: dict[str, Any] = {"document": {"type": kind, "number": number}}
    if kind == "cnpj" and "cnpj" in {f.fact for f in form.app.requirements().fields}:
        values["cnpj"] = number
    return Accept(values)


def _read_phone(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_phone(form.msg.text, form.app.jurisdiction)
    return value if isinstance(value, Invalid) else Accept({"phone": value})


def _read_email(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_email(form.msg.text)
    return value if isinstance(value, Invalid) else Accept({"email": value})


def _read_text(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_text(form.msg.text)
    return value if isinstance(value, Invalid) else Accept({step.key: value})


def _read_decimal(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_decimal(form.msg.text)
    return value if isinstance(value, Invalid) else Accept({step.key: str(value)})


def _read_int(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_int(form.msg.text)
    if isinstance(value, Invalid):
        return Invalid("age") if step.key == "age" else value
    if step.key == "age" and not 0 < value < 130:
        return Invalid("age")
    return Accept({step.key: value})


def _read_date(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = parse_date(form.msg.text, form.today)
    if isinstance(value, Invalid):
        return value
    if value < form.today:
        return Invalid("date_past", {"date": form.fmt_date(value), "today": form.fmt_date(form.today)})
    return Accept({step.key: value.isoformat()})


def _read_place(form: Form, step: Step):
    msg = form.msg
    if msg.latitude is not None and msg.longitude is not None:
        return Accept({step.key: {"description": form.t("preapplication.label.place") + f" ({msg.latitude:.5f}, {msg.longitude:.5f})",
                                  "lat": msg.latitude, "lon": msg.longitude}})
    if msg.is_button:
        return None
    value = parse_text(msg.text, minimum=3)
    if isinstance(value, Invalid):
        return Invalid("place")
    if _is_town_name(value):
        return Invalid("place")  # only the town's name: where in it?
    return Accept({step.key: value})


def _is_town_name(text: str) -> bool:
    """Only the municipality's name ("Pontal do Paraná") — not a beach of it ("Praia de Leste")."""
    towns = {fold(jurisdiction_name(j)) for j in covered_jurisdictions()}
    towns |= {t.split(" (")[0] for t in towns} | {"pontal"}
    return fold(text).strip(" .,") in towns


# --- licensed points (Bertioga, arts. 14 to 17: numbered points on four beaches)

def _areas(form: Form):
    decision = decision_for(form.app)
    return [p for p in decision.places if p.points]


def _area_aliases(area) -> list[str]:
    names = {fold(n) for n in area.name.values()}
    short = set()
    for n in names:
        short.add(re.sub(r"^praia (da|de|do) ", "", n))
    return sorted(names | short | {fold(area.id.replace("_", " "))})


def _point_value(form: Form, area, point) -> dict[str, Any]:
    name = _t(point.name, "pt-BR")
    return {"id": point.id, "area": area.id, "number": point.number, "lat": point.lat, "lon": point.lon,
            "description": f"{_t(area.name, 'pt-BR')}, ponto {point.number:02d}" + (f" — {name}" if name else "")}


def _read_point(form: Form, step: Step):
    msg, app = form.msg, form.app
    areas = _areas(form)
    by_id = {p.id: (a, p) for a in areas for p in a.points}
    if msg.choice in by_id:
        area, point = by_id[msg.choice]
        return Accept({step.key: _point_value(form, area, point), "_pending_area": None})
    if msg.choice and msg.choice.startswith("area:"):
        area = next((a for a in areas if a.id == msg.choice.removeprefix("area:")), None)
        if area is not None and len(area.points) == 1:  # Guaratuba has a single point (art. 16)
            return Accept({step.key: _point_value(form, area, area.points[0]), "_pending_area": None})
        return Accept({"_pending_area": msg.choice.removeprefix("area:")})
    if msg.latitude is not None and msg.longitude is not None:
        nearest = nearest_points(msg.latitude, msg.longitude, 1, jurisdiction=app.jurisdiction)
        if nearest and nearest[0].inside and nearest[0].point.id in by_id:
            area, point = by_id[nearest[0].point.id]
            return Accept({step.key: _point_value(form, area, point), "_pending_area": None})
        if nearest:
            p = nearest[0].point
            area = next((a for a in areas if a.id == p.area), None)
            return Invalid("point_far", {"distance": round(nearest[0].distance_m), "radius": p.radius_m,
                                         "name": f"{_t(area.name, form.lang) if area else p.area} {p.number:02d}"})
    if msg.is_button:
        return None
    text = " " + " ".join(re.sub(r"[^\w\s]", " ", fold(msg.text)).split()) + " "
    area = next((a for a in areas for alias in _area_aliases(a) if f" {alias} " in text), None)
    if area is None and app.pending_area:
        area = next((a for a in areas if a.id == app.pending_area), None)
    numbers = [int(n) for n in re.findall(r"\b(\d{1,2})\b", text)]
    if area is not None and numbers:
        point = next((p for p in area.points if p.number == numbers[-1]), None)
        if point is None:
            return Invalid("point_number", {"area": _t(area.name, form.lang), "number": numbers[-1],
                                            "numbers": ", ".join(str(p.number) for p in area.points)})
        return Accept({step.key: _point_value(form, area, point), "_pending_area": None})
    if area is not None:
        if len(area.points) == 1:
            return Accept({step.key: _point_value(form, area, area.points[0]), "_pending_area": None})
        return Accept({"_pending_area": area.id})
    return Invalid("point", {"areas": [{"name": _t(a.name, form.lang),
                                        "numbers": ", ".join(str(p.number) for p in a.points)} for a in areas]})


# --- the period

def _rule(form: Form):
    return period_rule(form.app.requirements(), decision_for(form.app))


def _season_text(form: Form, season) -> str:
    return form.cited(_t(season.text, form.lang), season.citations)


def _read_period_start(form: Form, step: Step):
    msg, rule = form.msg, _rule(form)
    if rule.season and (msg.choice == "whole_season" or has_word(msg.text, "whole_season")):
        start, end = next_season(rule.season, form.today)
        return Accept({"period_start": start.isoformat(), "period_end": end.isoformat()})
    if msg.is_button:
        return None
    day = parse_date(msg.text, form.today)
    if isinstance(day, Invalid):
        return day
    if day < form.today:
        return Invalid("date_past", {"date": form.fmt_date(day), "today": form.fmt_date(form.today)})
    if rule.season and season_window(rule.season, day) is None:
        return Invalid("date_outside_season", {"date": form.fmt_date(day), "season": _season_text(form, rule.season)})
    if rule.lead_time:
        lead = rule.lead_time
        days = working_days_between(form.today, day) if lead.unit == "working_days" else (day - form.today).days
        if days < lead.value:
            return Invalid("lead_time", {"days": days, "date": form.fmt_date(day),
                                         "text": form.cited(_t(lead.text, form.lang), lead.citations)})
    values: dict[str, Any] = {"period_start": day.isoformat()}
    if rule.event:
        values["event_date"] = day.isoformat()
    notes = []
    end = rule.end_for(day)
    validity = form.app.requirements().permit.validity
    if end is not None and validity is not None:
        notes.append(("preapplication.validity_note", {
            "validity": form.cited(_t(validity.text, form.lang), validity.citations), "start": form.fmt_date(day),
            "end": form.fmt_date(end)}))
    if "period_end" in form.app.answers and rule.asks_end:
        values["period_end"] = None  # a new start: the end is asked again
    return Accept(values, notes)


def _read_period_end(form: Form, step: Step):
    msg, rule = form.msg, _rule(form)
    start = date.fromisoformat(form.app.answers["period_start"])
    if rule.event and (msg.choice == "same_day" or has_word(msg.text, "same_day")):
        return Accept({"period_end": start.isoformat()})
    if rule.season and (msg.choice == "whole_season" or has_word(msg.text, "whole_season")):
        window = season_window(rule.season, start)
        return Accept({"period_end": window[1].isoformat()})
    if msg.is_button:
        return None
    day = parse_date(msg.text, start)
    if isinstance(day, Invalid):
        return day
    if day < start:
        return Invalid("date_before_start", {"date": form.fmt_date(day), "start": form.fmt_date(start)})
    if rule.season:
        window = season_window(rule.season, start)
        if season_window(rule.season, day) is None:
            return Invalid("date_outside_season", {"date": form.fmt_date(day), "season": _season_text(form, rule.season)})
        if day > window[1]:
            return Invalid("date_other_season", {"start": form.fmt_date(window[0]), "end": form.fmt_date(window[1])})
    validity = form.app.requirements().permit.validity
    if rule.max_days and (day - start).days + 1 > rule.max_days:
        return Invalid("period_too_long", {"text": form.cited(_t(validity.text, form.lang), validity.citations)})
    if (day - start).days > 3 * 365:
        return Invalid("period_over_three_years")
    return Accept({"period_end": day.isoformat()})


def _read_exemption(form: Form, step: Step):
    msg = form.msg
    if msg.choice in step.choices:
        return Accept({"exemption": msg.choice})
    facts = [c for c in step.choices if c != "none"]
    if "age" in facts and has_word(msg.text, "exemption_age"):
        return Accept({"exemption": "age"})
    if "monthly_income_minimum_wages" in facts and has_word(msg.text, "exemption_income"):
        return Accept({"exemption": "monthly_income_minimum_wages"})
    answer = msg.yes_no()
    if answer is False:
        return Accept({"exemption": "none"})
    if answer is True and len(facts) == 1:
        return Accept({"exemption": facts[0]})
    return Invalid("exemption")


def _read_summary(form: Form, step: Step):
    msg = form.msg
    if msg.choice == "confirm" or (not msg.is_button and has_word(msg.text, "confirm")) or msg.yes_no() is True:
        return Accept({"_submit": True})
    if msg.yes_no() is False:
        return Accept({"_fix_which": True})
    return Invalid("summary")


_READERS: dict[str, Callable[[Form, Step], Accept | Invalid | None]] = {
    "jurisdiction": _read_jurisdiction,
    "activity": _read_activity,
    "permit": _read_permit,
    "consent": _read_consent,
    "choice": _read_choice,
    "yes_no": _read_yes_no,
    "name": _read_name,
    "company": _read_name,
    "document": _read_document,
    "phone": _read_phone,
    "email": _read_email,
    "text": _read_text,
    "decimal": _read_decimal,
    "int": _read_int,
    "date": _read_date,
    "place": _read_place,
    "point": _read_point,
    "period_start": _read_period_start,
    "period_end": _read_period_end,
    "exemption": _read_exemption,
    "summary": _read_summary,
}


# ------------------------------------------------------------------ choosing the permit

def settle(app: Application, form: Form | None = None) -> None:
    """After the municipality or the activity is known: the permit, if the rules leave one choice."""
    if app.jurisdiction == "pt" and app.language == "pt-BR":
        app.language = "pt-PT"  # Portuguese about Portugal is spoken in pt-PT style
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
    from knowledge.rules import permit_kinds

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
            values["place"] = {"id": area.id, "description": _t(area.name, "pt-BR")}
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
        return [(_t(c.text, form.lang), c.citations) for c in reasons] or [("", after.citations)]
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
        names = set(_words(f"field_{step.key}"))
        if step.kind in ("place", "point"):
            names |= _words("field_place")
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
            and not (step.kind in _FREE_KINDS and len(msg.text.split()) > 4)):
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
    if isinstance(result, Accept) and not (step.kind in _FREE_KINDS and msg.is_question and msg.looks_like_question):
        return _accept(form, step, result, api)

    if msg.is_question and (result is None or msg.looks_like_question or (
            isinstance(result, Invalid) and result.reason in _UNREADABLE and len(msg.text.split()) >= 3)):
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
    text = "; ".join(form.cited(_t(e.text, form.lang), e.citations) for e in exemptions)
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


def _fix_buttons(form: Form) -> list[dict]:
    answered = form.app.all_answers()
    buttons = []
    for step in form.app.steps():
        if step.personal and step.key in answered and step.key != "period_end":
            label = form.t(f"preapplication.label.{step.key}") if f"preapplication.label.{step.key}" in catalogue(form.lang) else step.key
            buttons.append({"title": form.t("preapplication.button.fix", label=label), "payload": f'/inform{{"choice": "fix:{step.key}"}}'})
    return buttons


def _ask_which_to_fix(form: Form) -> None:
    form.app.prompt = "fix_which"  # said by action_ask_pa_answer, in place of the step's question


def _say_which_to_fix(form: Form) -> None:
    buttons = _fix_buttons(form)
    labels = [form.t(f"preapplication.label.{b['payload'].split('fix:')[1][:-2]}") for b in buttons]
    form.turn.say("preapplication.fix_which", labels=labels, buttons=buttons[:_MAX_BUTTONS])


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


# ------------------------------------------------------------------ asking

def _buttons_for_choices(form: Form, step_key: str, choices) -> list[dict]:
    return [{"title": choice_label(form, step_key, v), "payload": f'/inform{{"choice": "{v}"}}'} for v in choices]


def ask(form: Form) -> None:
    """Say the question of the current step, with its buttons."""
    app = form.app
    if app.prompt == "fix_which":
        app.prompt = None
        _say_which_to_fix(form)
        return
    step = app.current_step()
    names = form.names()
    say = form.turn.say
    skip = [{"title": form.t("preapplication.button.skip"), "payload": '/inform{"choice": "skip"}'}] if step.optional else []
    location = [{"title": form.t("preapplication.button.share_location"), "payload": "/share_location"}]
    kind = step.kind
    if kind == "jurisdiction":
        say(step.question, buttons=[{"title": jurisdiction_name(j), "payload": f'/inform{{"choice": "{j}"}}'}
                                    for j in covered_jurisdictions()])
    elif kind == "activity":
        options = activities_with_permit(app)
        say(step.question, **names, options=[activity_name(a, form.lang) for a in options[:_MAX_BUTTONS]],
            buttons=[{"title": activity_name(a, form.lang), "payload": f'/inform{{"choice": "{a}"}}'} for a in options[:_MAX_BUTTONS]])
    elif kind == "permit":
        choice = permit_choice(app.activity, app.jurisdiction, app.day)
        if choice.fact:
            spec = registry().facts[choice.fact]
            say(f"question.{spec.question}", **names, buttons=_buttons_for_choices(form, choice.fact, choice.by_value))
        else:
            permits = [_t(requirements(k, app.day).permit.name, form.lang) for k in choice.kinds]
            say(step.question, **names, permits=permits,
                buttons=[{"title": p[:40], "payload": f'/inform{{"choice": "{k}"}}'} for p, k in zip(permits, choice.kinds)])
    elif kind == "consent":
        key = "preapplication.ask.consent_pt" if app.jurisdiction == "pt" else step.question
        form.say("preapplication.intro", **names)
        say(key, **names, buttons=[{"title": form.t("preapplication.button.consent_yes"), "payload": "/affirm"},
                                   {"title": form.t("preapplication.button.consent_no"), "payload": "/deny"}])
    elif kind == "choice":
        say(step.question, **names, buttons=_buttons_for_choices(form, step.key, step.choices) + skip)
    elif kind == "yes_no":
        say(step.question, **names, buttons=[{"title": form.t("answer.button_yes"), "payload": "/affirm"},
                                             {"title": form.t("answer.button_no"), "payload": "/deny"}] + skip)
    elif kind == "email":
        say(step.question, **names, optional=step.optional, buttons=skip)
    elif kind == "point":
        _ask_point(form, step)
    elif kind == "place":
        say(step.question, **names, buttons=skip + location)
    elif kind == "period_start":
        _ask_period_start(form, step)
    elif kind == "period_end":
        rule = _rule(form)
        buttons = []
        if rule.event:
            buttons.append({"title": form.t("preapplication.button.same_day"), "payload": '/inform{"choice": "same_day"}'})
        if rule.season:
            buttons.append({"title": form.t("preapplication.button.whole_season"), "payload": '/inform{"choice": "whole_season"}'})
        say(step.question, **names, buttons=buttons)
    elif kind == "exemption":
        req = app.requirements()
        text = " ".join(form.cited(_t(e.text, form.lang), e.citations) + "." for e in req.exemptions)
        say(step.question, text=text, buttons=_buttons_for_choices(form, "exemption", step.choices))
    elif kind == "summary":
        _ask_summary(form)
    else:
        say(step.question, **names, buttons=skip)


def _ask_point(form: Form, step: Step) -> None:
    areas = _areas(form)
    decision = decision_for(form.app)
    custom = {"places": places_geojson(decision, form.lang)}
    area = next((a for a in areas if a.id == form.app.pending_area), None)
    if area is not None:
        points = [{"number": p.number, "name": _t(p.name, form.lang)} for p in area.points]
        form.turn.say("preapplication.ask.point_number", area=_t(area.name, form.lang), points=points, custom=custom,
                      buttons=[{"title": f"{_t(area.name, form.lang).removeprefix('Praia da ').removeprefix('Praia de ')} {p.number:02d}",
                                "payload": f'/inform{{"choice": "{p.id}"}}'} for p in area.points][:_MAX_BUTTONS])
        return
    form.turn.say(step.question, **form.names(), custom=custom,
                  buttons=[{"title": _t(a.name, form.lang), "payload": f'/inform{{"choice": "area:{a.id}"}}'} for a in areas]
                  + [{"title": form.t("preapplication.button.share_location"), "payload": "/share_location"}])


def _ask_period_start(form: Form, step: Step) -> None:
    rule = _rule(form)
    names = form.names()
    if rule.lead_time:
        form.say("preapplication.lead_time_note", text=form.cited(_t(rule.lead_time.text, form.lang), rule.lead_time.citations))
    if rule.season:
        start, end = next_season(rule.season, form.today)
        form.turn.say(step.question, season=_season_text(form, rule.season), start=form.fmt_date(start), end=form.fmt_date(end),
                      buttons=[{"title": form.t("preapplication.button.whole_season"), "payload": '/inform{"choice": "whole_season"}'}])
        return
    form.turn.say(step.question, **names)


def _value_text(form: Form, step: Step, value: Any) -> str:
    if value is None:
        return form.t("preapplication.value.none")
    if step.kind == "document":
        number = value["number"]
        shown = {"cpf": lambda n: f"{n[:3]}.{n[3:6]}.{n[6:9]}-{n[9:]}",
                 "cnpj": lambda n: f"{n[:2]}.{n[2:5]}.{n[5:8]}/{n[8:12]}-{n[12:]}"}.get(value["type"], lambda n: n)(number)
        return f"{value['type'].upper()} {shown}"
    if step.kind in ("choice", "exemption"):
        return choice_label(form, step.key, value)
    if step.kind == "yes_no":
        return form.t("preapplication.value.yes" if value else "preapplication.value.no")
    if step.kind in ("period_start", "period_end", "date"):
        return form.fmt_date(value)
    if step.kind == "decimal":
        unit = " m²" if step.key.endswith("_m2") else " m" if step.key.endswith("_m") else ""
        locale = "en_GB" if form.lang == "en" else "pt_BR"
        return format_decimal(Decimal(value), locale=locale) + unit
    if isinstance(value, dict):
        return value.get("description", "")
    return str(value)


def _ask_summary(form: Form) -> None:
    app = form.app
    answers = app.all_answers()
    rows = []
    for step in app.steps():
        if not step.personal or step.key in ("period_start", "period_end") or step.key not in answers:
            continue
        label_key = f"preapplication.label.{step.key}"
        label = form.t(label_key) if label_key in catalogue(form.lang) else step.key
        rows.append({"label": label, "value": _value_text(form, step, answers[step.key])})
    start, end = app.period()
    text = form.t("preapplication.summary", **form.names(), rows=rows, start=form.fmt_date(start), end=form.fmt_date(end),
                  estimate=app.fee_estimate(form.lang), documents=app.documents(form.lang))
    sources = form.sources(app.citations())
    if sources:
        text += "\n" + sources
    buttons = [{"title": form.t("preapplication.button.confirm"), "payload": '/inform{"choice": "confirm"}'}]
    buttons += _fix_buttons(form)[: _MAX_BUTTONS - 2]
    buttons.append({"title": form.t("preapplication.button.cancel"), "payload": "/cancel"})
    citations = [dict(link) for g in app.citation_groups() for link in g["links"]]
    form.turn.dispatcher.utter_message(text=text, buttons=buttons, json_message={"citations": citations})


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
                names = {"permit": _t(req.permit.name, app.language), "office": _t(req.permit.office, app.language)}
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
