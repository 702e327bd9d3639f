"""Reading one message of the pre-application form for the step it answers.

`read(form, step)` returns `Accept` (the values to keep), `Invalid` (why not: said in the citizen's
language, then the same question again) or None (not an answer at all — maybe a question).
The single values (a CPF, a date) are parsed in actions/permits/answers.py; here they are checked
against the permit's rules: a licensed point of the decree, a date inside the season, the lead time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal
from rapidfuzz import fuzz, process
from rasa_sdk import Tracker

from actions.qa.answer import TOPIC_BY_INTENT
from actions.common.citations import group_citations
from actions.common.conversation import Turn
from actions.common.distance import format_distance, format_metres
from actions.common.i18n import LANGUAGES, catalogue
from actions.permits.answers import (
    Invalid,
    fold,
    has_word,
    parse_date,
    parse_document,
    parse_email,
    parse_name,
    parse_phone,
    parse_text,
    words,
    working_days_between,
)
from actions.permits.application import Application
from actions.permits.quantities import Quantity, read_quantities
from actions.permits.plan import Step, decision_for, kinds_for, permit_choice, requirements
from knowledge.rules.period import next_season, period_rule, season_window
from actions.qa.location import describe_location
from actions.qa.subject import activity_name, activity_names, covered_jurisdictions, jurisdiction_name, resolve_activity, resolve_jurisdiction
from knowledge.jurisdictions import jurisdiction
from knowledge.permits.contract import period_too_long
from knowledge.rules import catalogue as activity_catalogue, nearest_points, text_in

__all__ = [
    "Accept",
    "FREE_KINDS",
    "Form",
    "MAX_BUTTONS",
    "Message",
    "QUESTION_INTENTS",
    "UNREADABLE",
    "activities_with_permit",
    "activity_in_text",
    "is_not_yet",
    "is_unsure",
    "choice_label",
    "licensed_areas",
    "period_rule_of",
    "read",
    "season_text",
    "text_of",
]



QUESTION_INTENTS = set(TOPIC_BY_INTENT)
# Steps whose answer is free text: any text "is valid", so a question must look like one.
FREE_KINDS = {"name", "company", "text", "place"}
MAX_BUTTONS = 10  # WhatsApp lists hold 10 rows
# Answers we could not read at all (as opposed to read and found wrong: a CPF with bad check digits,
# a date out of season). Only an unreadable answer of a few words may be a question NLU recognised.
UNREADABLE = {"municipality", "activity", "permit", "consent", "choice", "yes_no", "name", "name_full",
               "cpf_or_cnpj", "phone", "email", "text", "number", "whole_number", "age", "date", "point",
               "place", "exemption", "summary", "document_number"}


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
        # (the intent classifier's probabilities are soft — "¿cuánto sale?" is ask_fee at 0.47 —: a message
        # shaped as a question needs only to have passed NLU's fallback threshold, 0.35)
        return (self.intent in QUESTION_INTENTS and not self.is_button
                and (self.confidence >= 0.5 or (self.confidence >= 0.35 and self.looks_like_question)))

    @property
    def looks_like_question(self) -> bool:
        first = fold(self.text).split(" ")[0] if self.text else ""
        return "?" in self.text or first in {fold(w) for w in _words("question")}

    def yes_no(self, *, strict: bool = False) -> bool | None:
        """The yes or no this message clearly says, else None (the question is asked again).

        "não sei" is not a no; a lone letter ("s", "n") counts only as the whole message, so a name
        such as "Ana S" is no answer. `strict` (consent, which LGPD art. 5, XII and RGPD art. 4(11)
        define as unambiguous) takes a button or the words only, never NLU's guess alone."""
        if self.choice in ("yes", "no"):
            return self.choice == "yes"
        if self.is_button:
            return self.intent == "affirm" if self.intent in ("affirm", "deny") else None
        if is_unsure(self.text):
            return None
        folded = fold(re.sub(r"[^\w\s]", " ", self.text))
        said_no, said_yes = _said(folded, "no"), _said(folded, "yes")
        if said_no or said_yes:
            return not said_no
        if strict or self.intent not in ("affirm", "deny") or self.confidence < 0.5:
            return None
        # NLU's affirm/deny for a short reply without digits ("bora", "negativo"), never for a sentence
        # or a value typed at the wrong question.
        if len(folded.split()) > 3 or re.search(r"\d|@", self.text):
            return None
        return self.intent == "affirm"


def _said(folded: str, kind: str) -> bool:
    """Whether the words of `kind` ("yes"/"no") are in the folded text; a one-letter word only alone."""
    padded = f" {folded} "
    return any((f" {w} " in padded) if len(w) > 1 else folded.strip() == w for w in words(kind))


def is_unsure(text: str) -> bool:
    """ "não sei", "sei lá", "talvez", "I don't know": no answer yet, whatever the question."""
    return has_word(text, "unsure")


def is_not_yet(text: str) -> bool:
    """ "ainda não tenho", "not yet": the thing asked for does not exist yet."""
    return has_word(text, "not_yet")


def _float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _words(kind: str) -> set[str]:
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
            out["permit"] = text_of(req.permit.name, self.lang)
            out["office"] = text_of(req.permit.office, self.lang)
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


def text_of(text: dict | None, lang: str) -> str:
    """A rules Text for a template: empty rather than None when there is none."""
    return text_in(text, lang) or ""


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
    if not msg.text or msg.is_button or is_unsure(msg.text):  # "não sei" is close to "Não" but no choice
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
    msg = form.msg
    if step.optional and (msg.choice == "skip" or (not msg.is_button and has_word(msg.text, "skip")
                                                   and len(msg.text.split()) <= 5)):
        return Accept({step.key: None})
    reader = _READERS[step.kind]
    return reader(form, step)


def _read_jurisdiction(form: Form, step: Step):
    msg = form.msg
    if msg.choice in covered_jurisdictions():
        return Accept({"_jurisdiction": msg.choice})
    if msg.latitude is not None and msg.longitude is not None:
        # A shared location answers "which municipality?" (and says where the licensed points are).
        found = describe_location(form.turn, msg.latitude, msg.longitude)
        if found:
            return Accept({"_jurisdiction": found})
        return Invalid("location_not_covered", {"covered": [jurisdiction_name(j) for j in covered_jurisdictions()]})
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
    folded = f" {fold(text)} "
    found = [(len(name), aid) for name, aid in activity_names().items()
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
    # Only a clear yes or no: a name typed here, a "talvez" or NLU's guess asks again and keeps the form.
    answer = form.msg.yes_no(strict=True)
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
    value = parse_name(form.msg.text, company=step.kind == "company")
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
    text = form.msg.text
    if step.key.endswith("_number"):  # a document's number: the alvará, the CREF registration
        if not re.search(r"\d", text):
            if is_not_yet(text) or is_unsure(text):
                return _no_number_yet(form, step)
            return Invalid("document_number", {"label": _label(form, step.key)})
    elif (is_unsure(text) or is_not_yet(text)) and len(text.split()) <= 5:
        return Invalid("dont_know_text")
    value = parse_text(text)
    return value if isinstance(value, Invalid) else Accept({step.key: value})


def _label(form: Form, key: str) -> str:
    return form.t(f"preapplication.label.{key}") if f"preapplication.label.{key}" in catalogue(form.lang) else key


def _no_number_yet(form: Form, step: Step) -> Accept:
    """ "não tenho ainda" at the alvará's number: the field is left blank (nothing stored) and the
    citizen is told which document the office will ask for, with its article, and whom to ask."""
    stem = step.key.removesuffix("_number")
    documents = [form.cited(text_of(d.text, form.lang), d.citations)
                 for d in form.app.requirements().documents if stem in d.id]
    return Accept({step.key: None}, [("preapplication.no_number", {
        "label": _label(form, step.key), "documents": documents, "office": form.names().get("office", "")})])


# What a number step measures, by the fact's name, and the words that say that unit. An amount that
# counts something else ("6 pranchas" for an area, "2000 reais" for an income in minimum wages) is
# refused with the unit asked for; a bare number is taken in the unit asked.
_AREA_WORDS = {"m2", "sqm", "quadrado", "quadrados", "square"}
_LENGTH_WORDS = {"m", "metro", "metros", "metre", "metres", "meter", "meters", "mt", "mts"}
_INCOME_WORDS = {"salario", "salarios", "sm", "minimo", "minimos", "minimum", "wage", "wages", "salary",
                 "salaries", "ordenado", "ordenados"}
_AGE_WORDS = {"ano", "anos", "year", "years", "yo"}


def _measure(key: str) -> str | None:
    if key.endswith("_m2"):
        return "area"
    if key.endswith("_m"):
        return "length"
    if key == "monthly_income_minimum_wages":
        return "income"
    if key == "age":
        return "age"
    return None


def _fits(quantity: Quantity, measure: str | None) -> bool:
    first = quantity.unit[0] if quantity.unit else None
    if measure is None or first is None:
        return measure != "area" or not quantity.unit or bool(quantity.dimensions)
    if measure == "area":
        return bool(quantity.dimensions) and first in _LENGTH_WORDS | _AREA_WORDS or bool(set(quantity.unit) & _AREA_WORDS)
    if measure == "length":
        return first in _LENGTH_WORDS
    if measure == "income":
        return first in _INCOME_WORDS
    return first in _AGE_WORDS


def _as_typed(text: str, folded_words: list[str]) -> list[str]:
    """The citizen's own spelling of the folded words ("salários", not "salarios")."""
    typed = {fold(w): w for w in re.findall(r"[^\W\d_]+", text)}
    return [typed.get(w, w) for w in folded_words]


def _amount(form: Form, step: Step) -> Decimal | Invalid:
    """The one amount the message gives for this step, in the step's unit; else why not."""
    text, measure = form.msg.text, _measure(step.key)
    unreadable = Invalid("age") if measure == "age" else Invalid("number")
    quantities = [q for q in read_quantities(text) if q.value > 0]
    if not quantities:
        if is_unsure(text) or is_not_yet(text):
            return Invalid("dont_know_number", {"measure": measure or ""})
        return unreadable
    fitting = [q for q in quantities if _fits(q, measure)]
    if not fitting:
        said = [f"{_plain(q.value, form.lang)} {_as_typed(text, [q.unit[0]])[0]}" if q.unit else _plain(q.value, form.lang)
                for q in quantities]
        return Invalid(f"unit_{measure}" if measure else "number", {"things": said})
    if any(q.vague for q in fitting):  # "mais de 60", "60 e poucos": the rules need the value itself
        return Invalid("number_vague", {"measure": measure or ""})
    if len({q.value for q in fitting}) > 1:  # "entre 10 e 12": which one?
        return Invalid("number_unsure", {"numbers": [_plain(q.value, form.lang) for q in fitting]})
    return fitting[0].value


_LOCALES = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en_GB", "es": "es"}


def _plain(value: Decimal, lang: str) -> str:
    return format_decimal(value, locale=_LOCALES.get(lang, "pt_BR"))


def _read_decimal(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = _amount(form, step)
    return value if isinstance(value, Invalid) else Accept({step.key: str(value)})


def _read_int(form: Form, step: Step):
    if form.msg.is_button:
        return None
    value = _amount(form, step)
    if isinstance(value, Invalid):
        return value
    if value != value.to_integral_value():
        return Invalid("age") if step.key == "age" else Invalid("whole_number")
    if step.key == "age" and not 0 < value < 130:
        return Invalid("age")
    return Accept({step.key: int(value)})


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
    """Only the municipality's name ("Pontal do Paraná", or its short name in the jurisdiction record:
    "Pontal") — not a beach of it ("Praia de Leste")."""
    towns = {fold(name) for j in covered_jurisdictions() for name in jurisdiction(j).town_names}
    return fold(text).strip(" .,") in towns


# --- licensed points (Bertioga, arts. 14 to 17: numbered points on four beaches)

def licensed_areas(form: Form):
    decision = decision_for(form.app)
    return [p for p in decision.places if p.points]


def _area_aliases(area) -> list[str]:
    names = {fold(n) for n in area.name.values()}
    short = set()
    for n in names:
        short.add(re.sub(r"^praia (da|de|do) ", "", n))
    return sorted(names | short | {fold(area.id.replace("_", " "))})


def _point_value(form: Form, area, point) -> dict[str, Any]:
    name = text_of(point.name, "pt-BR")
    return {"id": point.id, "area": area.id, "number": point.number, "lat": point.lat, "lon": point.lon,
            "description": f"{text_of(area.name, 'pt-BR')}, ponto {point.number:02d}" + (f" — {name}" if name else "")}


def _read_point(form: Form, step: Step):
    msg, app = form.msg, form.app
    areas = licensed_areas(form)
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
            return Invalid("point_far", {"distance": format_distance(nearest[0].distance_m, form.lang),
                                         "radius": format_metres(p.radius_m, form.lang),
                                         "name": f"{text_of(area.name, form.lang) if area else p.area} {p.number:02d}"})
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
            return Invalid("point_number", {"area": text_of(area.name, form.lang), "number": numbers[-1],
                                            "numbers": ", ".join(str(p.number) for p in area.points)})
        return Accept({step.key: _point_value(form, area, point), "_pending_area": None})
    if area is not None:
        if len(area.points) == 1:
            return Accept({step.key: _point_value(form, area, area.points[0]), "_pending_area": None})
        return Accept({"_pending_area": area.id})
    return Invalid("point", {"areas": [{"name": text_of(a.name, form.lang),
                                        "numbers": ", ".join(str(p.number) for p in a.points)} for a in areas]})


# --- the period

def period_rule_of(form: Form):
    return period_rule(form.app.requirements(), decision_for(form.app))


def season_text(form: Form, season) -> str:
    return form.cited(text_of(season.text, form.lang), season.citations)


def _read_period_start(form: Form, step: Step):
    msg, rule = form.msg, period_rule_of(form)
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
        return Invalid("date_outside_season", {"date": form.fmt_date(day), "season": season_text(form, rule.season)})
    if rule.lead_time:
        lead = rule.lead_time
        days = working_days_between(form.today, day) if lead.unit == "working_days" else (day - form.today).days
        if days < lead.value:
            return Invalid("lead_time", {"days": days, "date": form.fmt_date(day),
                                         "text": form.cited(text_of(lead.text, form.lang), lead.citations)})
    values: dict[str, Any] = {"period_start": day.isoformat()}
    if rule.event:
        values["event_date"] = day.isoformat()
    notes = []
    end = rule.end_for(day)
    validity = form.app.requirements().permit.validity
    if end is not None and validity is not None:
        notes.append(("preapplication.validity_note", {
            "validity": form.cited(text_of(validity.text, form.lang), validity.citations), "start": form.fmt_date(day),
            "end": form.fmt_date(end)}))
    if "period_end" in form.app.answers and rule.asks_end:
        values["period_end"] = None  # a new start: the end is asked again
    return Accept(values, notes)


def _read_period_end(form: Form, step: Step):
    msg, rule = form.msg, period_rule_of(form)
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
            return Invalid("date_outside_season", {"date": form.fmt_date(day), "season": season_text(form, rule.season)})
        if day > window[1]:
            return Invalid("date_other_season", {"start": form.fmt_date(window[0]), "end": form.fmt_date(window[1])})
    validity = form.app.requirements().permit.validity
    if rule.max_days and (day - start).days + 1 > rule.max_days:
        return Invalid("period_too_long", {"text": form.cited(text_of(validity.text, form.lang), validity.citations)})
    if period_too_long(start, day):
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


