"""What the pre-application asks, in which order, for one permit: read from the rules module.

`knowledge.rules.permit_requirements(kind)` lists the facts the law wants in the request (name,
products, licensed point, area…), with their question keys, types and choices. This module turns
them into the form's steps and adds what every pre-application needs (consent before any personal
data, the taxpayer number, a way to reach the citizen, the place, the period, exemptions, the
summary). Which step comes next depends on the answers so far (a company is asked its razão social;
a boardwalk only if the frontage faces one), so the plan is recomputed from the application each turn.

Pure functions over `Application` (actions/permits/application.py); no Rasa, no HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from knowledge.rules import Outcome, PermitRequirements, RulesError, evaluate, permit_kinds, permit_requirements
from knowledge.rules.models import Citation, Decision
from knowledge.rules.period import period_rule
from knowledge.jurisdictions import jurisdiction
from knowledge.rules.registry import per_registry, registry

__all__ = [
    "EXEMPTION_FACTS",
    "PermitChoice",
    "Step",
    "category_choices",
    "decision_for",
    "document_types",
    "kinds_for",
    "permit_choice",
    "plan",
    "requirements",
]

# Facts a pre-application takes as the citizen's data rather than as questions of their own.
_NAME_FACTS = {"applicant_name", "company_name"}
# Where the activity happens, in the order a permit's fields are searched for one.
PLACE_FACTS = ("licensed_point", "spot", "sector", "region", "area_of_operation", "address")
# Facts an exemption depends on (Pontal, art. 9 § 3: age over 60, family income up to 2 minimum wages).
EXEMPTION_FACTS = ("age", "monthly_income_minimum_wages")
# Facts the form fills itself: the activity is known, the dates are the period, a fee category with
# one row for this activity needs no question, and the sand/vehicle facts follow from the category.
_DERIVED_FACTS = {"activity", "dates", "event_date", "fee_category", "on_sand", "vehicle", "cnpj"}


@dataclass(frozen=True)
class Step:
    """One question of the form. `key` is where the answer is kept in `Application.answers`."""

    key: str
    kind: str  # jurisdiction activity permit consent choice yes_no name document phone email text decimal int date point place period_start period_end exemption summary
    question: str  # catalogue key of the question
    choices: tuple[str, ...] = ()
    optional: bool = False
    fact: str | None = None  # the rules fact the answer is, passed to evaluate()
    citations: tuple[Citation, ...] = ()
    personal: bool = False  # shown in the summary with a "Corrigir" button


@dataclass(frozen=True)
class PermitChoice:
    """Permits a jurisdiction issues for an activity, and the fact whose answer picks one."""

    kinds: tuple[str, ...]
    fact: str | None = None  # e.g. licence_period (Pontal: summer season or annual)
    by_value: dict[str, str] = field(default_factory=dict)  # fact value → permit kind


@per_registry(maxsize=64)
def requirements(kind: str, on: date) -> PermitRequirements:
    return permit_requirements(kind, on=on)


def kinds_for(activity: str, jurisdiction: str, on: date) -> tuple[str, ...]:
    """Permit kinds of the jurisdiction whose regimes cover the activity on that day."""
    return tuple(k for k in permit_kinds(jurisdiction) if activity in requirements(k, on).activities)


def permit_choice(activity: str, jurisdiction: str, on: date) -> PermitChoice:
    """Which permit(s) fit; when several do, the rules' own choice fact that tells them apart."""
    kinds = kinds_for(activity, jurisdiction, on)
    if len(kinds) <= 1:
        return PermitChoice(kinds)
    facts = registry().facts
    decision = evaluate(activity, jurisdiction, on=on)
    for missing in decision.missing_facts:
        spec = facts.get(missing.fact)
        if spec is None or not spec.choices:
            continue
        by_value = {}
        for value in spec.choices:
            picked = evaluate(activity, jurisdiction, on=on, applicant={missing.fact: value}).permit
            if picked is not None and picked.kind in kinds:
                by_value[value] = picked.kind
        if len(set(by_value.values())) > 1:
            return PermitChoice(kinds, missing.fact, by_value)
    return PermitChoice(kinds)


def decision_for(app, facts: dict[str, Any] | None = None) -> Decision:
    """The rules' decision for the application's activity with the facts answered so far."""
    return evaluate(app.activity, app.jurisdiction, on=app.day, applicant=app.rules_facts() | (facts or {}))


def category_choices(req: PermitRequirements, activity: str) -> tuple[str, ...]:
    """Rows of the fee table this activity can fall into (Pontal Anexo VI)."""
    return tuple(c.category for c in req.fee_categories if activity in c.activities)


def document_types(jurisdiction_id: str, person_type: str | None, fields: set[str]) -> tuple[str, ...]:
    """The documents the applicant may give, from the jurisdiction's record: a company's when the
    permit asks for a CNPJ or the applicant is a company, a person's for a person, else either."""
    types = jurisdiction(jurisdiction_id).document_types
    if "cnpj" in fields or person_type == "legal_person":
        return types.legal_person
    if person_type == "natural_person":
        return types.natural_person
    return types.all()


# ------------------------------------------------------------------ the plan

def _field_step(f, *, optional: bool | None = None) -> Step:
    kinds = {"bool": "yes_no", "int": "int", "decimal": "decimal", "date": "date"}
    kind = "choice" if f.choices else kinds.get(f.type, "text")
    return Step(key=f.fact, kind=kind, question=f"question.{f.question}", choices=tuple(f.choices or ()),
                optional=(not f.required) if optional is None else optional, fact=f.fact,
                citations=tuple(f.citations), personal=True)


def plan(app) -> list[Step]:
    """Every step of the application, in order, given what has been answered so far."""
    steps: list[Step] = []
    if app.jurisdiction is None:
        return [Step("jurisdiction", "jurisdiction", "preapplication.ask.municipality")]
    if app.activity is None:
        return [Step("activity", "activity", "preapplication.ask.activity")]
    if app.permit_kind is None:
        return [Step("permit", "permit", "preapplication.ask.permit")]
    req = requirements(app.permit_kind, app.day)
    fields = {f.fact: f for f in req.fields}
    answers = app.answers
    holders = set(req.permit.holder)

    # Before consent: who may apply at all (the law's own eligibility questions, no personal data).
    if "person_type" in fields:
        steps.append(_field_step(fields["person_type"], optional=False))
    elif len(holders) == 1:
        steps.append(Step("person_type", "choice", "question.ask_person_type", ("natural_person", "legal_person"),
                          fact="person_type", citations=tuple(req.permit.citations), personal=True))
    if "based_in_municipality" in fields:
        steps.append(_field_step(fields["based_in_municipality"], optional=False))
    steps.append(Step("consent", "consent", "preapplication.ask.consent"))

    # The applicant: name, company, document, contact.
    person = answers.get("person_type")
    if "applicant_name" in fields and person == "legal_person" and "company_name" not in fields:
        # The applicant is the company itself (Portugal's operator, Pontal's permit holder).
        steps.append(Step("applicant_name", "company", "question.ask_company_name", fact="applicant_name",
                          citations=tuple(fields["applicant_name"].citations), personal=True))
    elif "applicant_name" in fields:
        question = "preapplication.ask.name_legal" if person == "legal_person" else "preapplication.ask.name"
        steps.append(Step("applicant_name", "name", question, fact="applicant_name",
                          citations=tuple(fields["applicant_name"].citations), personal=True))
        if "company_name" in fields and (fields["company_name"].required or person == "legal_person"):
            steps.append(Step("company_name", "company", "question.ask_company_name", fact="company_name",
                              citations=tuple(fields["company_name"].citations), personal=True))
    elif "company_name" in fields:
        steps.append(Step("company_name", "company", "question.ask_company_name", fact="company_name",
                          citations=tuple(fields["company_name"].citations), personal=True))
    if "legal_representative" in fields:
        steps.append(Step("legal_representative", "name", "question.ask_legal_representative",
                          fact="legal_representative", citations=tuple(fields["legal_representative"].citations),
                          personal=True))
    types = document_types(app.jurisdiction, person, set(fields))
    steps.append(Step("document", "document", f"preapplication.ask.document_{'_or_'.join(types)}", types,
                      citations=tuple(fields["cnpj"].citations) if "cnpj" in fields else (), personal=True))
    steps.append(Step("phone", "phone", "preapplication.ask.phone", optional=True, personal=True))
    steps.append(Step("email", "email", "preapplication.ask.email", optional="phone" in answers and answers["phone"] is not None,
                      personal=True))

    # The permit's own questions, in the order the rules list them.
    place_fact = _place_fact(fields, answers)
    for f in req.fields:
        if (f.fact in _NAME_FACTS | _DERIVED_FACTS | {"person_type", "based_in_municipality", "legal_representative",
                                                       "boardwalk", place_fact}
                or (f.fact in EXEMPTION_FACTS and not f.required)):
            continue
        steps.append(_field_step(f))
    choices = category_choices(req, app.activity)
    if "fee_category" in fields and len(choices) > 1:
        steps.append(Step("fee_category", "choice", "question.ask_fee_category", choices, fact="fee_category",
                          citations=tuple(fields["fee_category"].citations), personal=True))

    # Where.
    if place_fact == "licensed_point":
        steps.append(Step("licensed_point", "point", "question.ask_licensed_point", fact="licensed_point",
                          citations=tuple(fields["licensed_point"].citations), personal=True))
    elif place_fact == "boardwalk":
        steps.append(_field_step(fields["boardwalk"], optional=False))
    elif place_fact is not None:
        steps.append(Step(place_fact, "place", f"question.{fields[place_fact].question}", fact=place_fact,
                          citations=tuple(fields[place_fact].citations), personal=True))
    else:
        steps.append(Step("place", "place", "preapplication.ask.place", personal=True))

    # When.
    rule = period_rule(req, decision_for(app))
    start_question = "question.ask_event_date" if rule.event else (
        "preapplication.ask.period_start_season" if rule.season else "preapplication.ask.period_start")
    steps.append(Step("period_start", "period_start", start_question, personal=True,
                      citations=tuple(rule.lead_time.citations) if rule.lead_time else ()))
    if rule.asks_end:
        steps.append(Step("period_end", "period_end",
                          "preapplication.ask.event_end" if rule.event else "preapplication.ask.period_end", personal=True))

    # Exemptions the law grants on facts the permit lists as optional (Pontal: age, income).
    exemption_facts = [x for x in EXEMPTION_FACTS if x in fields and not fields[x].required]
    if req.exemptions and exemption_facts:
        steps.append(Step("exemption", "exemption", "preapplication.ask.exemption", tuple(exemption_facts) + ("none",),
                          citations=tuple(c for e in req.exemptions for c in e.citations), personal=True))
        claimed = answers.get("exemption")
        if claimed in exemption_facts:
            steps.append(_field_step(fields[claimed], optional=False))

    steps.append(Step("summary", "summary", "preapplication.summary"))
    return steps


def _place_fact(fields: dict, answers: dict) -> str | None:
    if "licensed_point" in fields:
        return "licensed_point"
    if "boardwalk" in fields and answers.get("sidewalk_kind") == "boardwalk":
        return "boardwalk"
    return next((f for f in PLACE_FACTS if f in fields), None)


def derived_answers(app) -> dict[str, Any]:
    """Values the form fills itself, from the permit's rules and the answers (see _DERIVED_FACTS)."""
    if app.permit_kind is None:
        return {}
    req = requirements(app.permit_kind, app.day)
    fields = {f.fact for f in req.fields}
    out: dict[str, Any] = {}
    if "activity" in fields:
        out["activity"] = app.activity
    choices = category_choices(req, app.activity)
    if "fee_category" in fields and len(choices) == 1:
        out["fee_category"] = choices[0]
    category = app.answers.get("fee_category") or out.get("fee_category")
    if category:
        # Anexo VI rows are named by where and with what: "sand_*" is on the sand; "_none", "_nonmotor"
        # and "_motor" say the vehicle.
        if "on_sand" in fields:
            out["on_sand"] = category.startswith("sand_")
        if "vehicle" in fields:
            for suffix, vehicle in (("_nonmotor", "non_motor"), ("_motor", "motor"), ("_none", "none")):
                if category.endswith(suffix):
                    out["vehicle"] = vehicle
                    break
    return out


def not_allowed_reasons(decision: Decision) -> list:
    """The conditions a NOT_ALLOWED decision rests on (their text and the article that says no)."""
    if decision.outcome is not Outcome.NOT_ALLOWED:
        return []
    by_code = {c.code: c for c in decision.conditions}
    return [by_code[r] for r in decision.reasons if r in by_code]


def safe_kinds(jurisdiction: str) -> list[str]:
    try:
        return permit_kinds(jurisdiction)
    except RulesError:  # pragma: no cover - an unknown id never reaches here
        return []
