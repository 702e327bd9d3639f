"""Asking the pre-application's questions: the current step's question with its buttons, and the
summary (answers, fee estimate with citations, documents, "Corrigir" buttons)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal

from actions.qa.decision_view import places_geojson
from actions.common.i18n import catalogue
from actions.permits.plan import Step, decision_for, permit_choice, requirements
from knowledge.rules.period import next_season
from actions.permits.readers import (
    MAX_BUTTONS,
    Form,
    activities_with_permit,
    choice_label,
    licensed_areas,
    period_rule_of,
    season_text,
    text_of,
)
from actions.qa.subject import activity_name, covered_jurisdictions, jurisdiction_name
from knowledge.jurisdictions import jurisdiction
from knowledge.rules.registry import registry

__all__ = ["ask", "fix_buttons", "say_which_to_fix"]



def fix_buttons(form: Form) -> list[dict]:
    answered = form.app.all_answers()
    buttons = []
    for step in form.app.steps():
        if step.personal and step.key in answered and step.key != "period_end":
            label = form.t(f"preapplication.label.{step.key}") if f"preapplication.label.{step.key}" in catalogue(form.lang) else step.key
            buttons.append({"title": form.t("preapplication.button.fix", label=label), "payload": f'/inform{{"choice": "fix:{step.key}"}}'})
    return buttons


def say_which_to_fix(form: Form) -> None:
    buttons = fix_buttons(form)
    labels = [form.t(f"preapplication.label.{b['payload'].split('fix:')[1][:-2]}") for b in buttons]
    form.turn.say("preapplication.fix_which", labels=labels, buttons=buttons[:MAX_BUTTONS])


# ------------------------------------------------------------------ asking

def _buttons_for_choices(form: Form, step_key: str, choices) -> list[dict]:
    return [{"title": choice_label(form, step_key, v), "payload": f'/inform{{"choice": "{v}"}}'} for v in choices]


def ask(form: Form) -> None:
    """Say the question of the current step, with its buttons."""
    app = form.app
    if app.prompt == "fix_which":
        app.prompt = None
        say_which_to_fix(form)
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
        say(step.question, **names, options=[activity_name(a, form.lang) for a in options[:MAX_BUTTONS]],
            buttons=[{"title": activity_name(a, form.lang), "payload": f'/inform{{"choice": "{a}"}}'} for a in options[:MAX_BUTTONS]])
    elif kind == "permit":
        choice = permit_choice(app.activity, app.jurisdiction, app.day)
        if choice.fact:
            spec = registry().facts[choice.fact]
            say(f"question.{spec.question}", **names, buttons=_buttons_for_choices(form, choice.fact, choice.by_value))
        else:
            permits = [text_of(requirements(k, app.day).permit.name, form.lang) for k in choice.kinds]
            say(step.question, **names, permits=permits,
                buttons=[{"title": p[:40], "payload": f'/inform{{"choice": "{k}"}}'} for p, k in zip(permits, choice.kinds)])
    elif kind == "consent":
        key = f"{step.question}_{jurisdiction(app.jurisdiction).privacy_regime}"  # the law the consent text cites
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
        rule = period_rule_of(form)
        buttons = []
        if rule.event:
            buttons.append({"title": form.t("preapplication.button.same_day"), "payload": '/inform{"choice": "same_day"}'})
        if rule.season:
            buttons.append({"title": form.t("preapplication.button.whole_season"), "payload": '/inform{"choice": "whole_season"}'})
        say(step.question, **names, buttons=buttons)
    elif kind == "exemption":
        req = app.requirements()
        text = " ".join(form.cited(text_of(e.text, form.lang), e.citations) + "." for e in req.exemptions)
        say(step.question, text=text, buttons=_buttons_for_choices(form, "exemption", step.choices))
    elif kind == "summary":
        _ask_summary(form)
    else:
        say(step.question, **names, buttons=skip)


def _ask_point(form: Form, step: Step) -> None:
    areas = licensed_areas(form)
    decision = decision_for(form.app)
    custom = {"places": places_geojson(decision, form.lang)}
    area = next((a for a in areas if a.id == form.app.pending_area), None)
    if area is not None:
        points = [{"number": p.number, "name": text_of(p.name, form.lang)} for p in area.points]
        form.turn.say("preapplication.ask.point_number", area=text_of(area.name, form.lang), points=points, custom=custom,
                      buttons=[{"title": f"{text_of(area.name, form.lang).removeprefix('Praia da ').removeprefix('Praia de ')} {p.number:02d}",
                                "payload": f'/inform{{"choice": "{p.id}"}}'} for p in area.points][:MAX_BUTTONS])
        return
    form.turn.say(step.question, **form.names(), custom=custom,
                  buttons=[{"title": text_of(a.name, form.lang), "payload": f'/inform{{"choice": "area:{a.id}"}}'} for a in areas]
                  + [{"title": form.t("preapplication.button.share_location"), "payload": "/share_location"}])


def _ask_period_start(form: Form, step: Step) -> None:
    rule = period_rule_of(form)
    names = form.names()
    if rule.lead_time:
        form.say("preapplication.lead_time_note", text=form.cited(text_of(rule.lead_time.text, form.lang), rule.lead_time.citations))
    if rule.season:
        start, end = next_season(rule.season, form.today)
        form.turn.say(step.question, season=season_text(form, rule.season), start=form.fmt_date(start), end=form.fmt_date(end),
                      buttons=[{"title": form.t("preapplication.button.whole_season"), "payload": '/inform{"choice": "whole_season"}'}])
        return
    form.turn.say(step.question, **names)


# Zero-width space: the text reads the same, but "[label](url)" and "https://…" typed by a citizen no
# longer match the link patterns of the widget, Telegram and WhatsApp renderers.
_ZWSP = "\u200b"


def inert(text: str) -> str:
    """A citizen's own words as plain text in our messages: a "[Pague via PIX](https://evil.example)"
    typed as a name must not come back from the bot as a link."""
    return text.replace("](", "]" + _ZWSP + "(").replace("://", ":" + _ZWSP + "//")


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
        locale = {"en": "en_GB", "es": "es"}.get(form.lang, "pt_BR")
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
        rows.append({"label": label, "value": inert(_value_text(form, step, answers[step.key]))})
    start, end = app.period()
    text = form.t("preapplication.summary", **form.names(), rows=rows, start=form.fmt_date(start), end=form.fmt_date(end),
                  estimate=app.fee_estimate(form.lang), documents=app.documents(form.lang))
    sources = form.sources(app.citations())
    if sources:
        text += "\n" + sources
    buttons = [{"title": form.t("preapplication.button.confirm"), "payload": '/inform{"choice": "confirm"}'}]
    buttons += fix_buttons(form)[: MAX_BUTTONS - 2]
    buttons.append({"title": form.t("preapplication.button.cancel"), "payload": "/cancel"})
    citations = [dict(link) for g in app.citation_groups() for link in g["links"]]
    form.turn.dispatcher.utter_message(text=text, buttons=buttons, json_message={"citations": citations})


