"""A pre-application being filled in the chat, and what it becomes: a summary, a fee estimate, the
document checklist, and the body of POST /api/v1/preapplications.

The application lives in the `pa_state` slot as plain JSON (`Application.to_slot()`), so a
conversation can pause and resume on another replica. Nothing personal leaves it before the citizen
has consented and confirmed.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import UTC, date, datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from actions.common.citations import group_citations
from actions.common.i18n import catalogue
from actions.common.money import format_amount
from actions.permits.plan import EXEMPTION_FACTS, decision_for, derived_answers, plan, requirements
from knowledge.rules.estimate import fee_estimate
from knowledge.rules.period import period_rule
from knowledge.jurisdictions import jurisdiction
from knowledge.permits.contract import PreapplicationCreate
from knowledge.rules.models import Citation, text_in
from knowledge.rules.registry import registry

__all__ = ["Application", "CONSENT_VERSION", "Stage"]

# Version of the consent text (`preapplication.consent.*` in the catalogues). Change it whenever
# that text changes: the API stores it with each case, so the office knows what the citizen read.
CONSENT_VERSION = "2026-12-v1"

Stage = Literal["collecting", "submitted", "cancelled", "no_consent", "ineligible"]


class Application(BaseModel):
    """The application state. `answers` holds JSON values (dates ISO, decimals as strings)."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    language: str = "pt-BR"
    started_on: date
    jurisdiction: str | None = None
    activity: str | None = None
    permit_kind: str | None = None
    # Facts that picked the permit (Pontal's licence_period), passed to the rules with the answers.
    fixed_facts: dict[str, Any] = Field(default_factory=dict)
    answers: dict[str, Any] = Field(default_factory=dict)
    editing: str | None = None
    pending_area: str | None = None  # a beach chosen, its licensed point not yet
    prompt: str | None = None  # instead of the step's question, once: "fix_which" (which item to correct?)
    consent_given_at: datetime | None = None
    stage: Stage = "collecting"
    stop_reason: dict[str, Any] | None = None
    receipt: dict[str, Any] | None = None

    # -------------------------------------------------------------- slot round trip
    @classmethod
    def from_slot(cls, value: Any) -> Application | None:
        if not isinstance(value, dict) or "started_on" not in value:
            return None
        return cls.model_validate(value)

    def to_slot(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @property
    def day(self) -> date:
        """The day the rules are read for: when the application was started."""
        return self.started_on

    # -------------------------------------------------------------- steps
    def all_answers(self) -> dict[str, Any]:
        return derived_answers(self) | self.answers

    def steps(self):
        return plan(self)

    def current_step(self):
        steps = self.steps()
        if self.editing:
            step = next((s for s in steps if s.key == self.editing), None)
            if step is not None:
                return step
        answers = self.all_answers()
        return next(s for s in steps if s.key not in answers)

    def rules_facts(self) -> dict[str, Any]:
        """The answers the rules module understands (typed facts, not names or free text)."""
        facts = registry().facts
        out = dict(self.fixed_facts)
        for key, value in self.all_answers().items():
            spec = facts.get(key)
            if spec is None or value is None or spec.type in ("str", "date", "location") and not spec.choices:
                continue
            out[key] = value
        return out

    # -------------------------------------------------------------- derived views
    def requirements(self):
        return requirements(self.permit_kind, self.day)

    def period(self) -> tuple[date, date] | None:
        start, end = self.answers.get("period_start"), self.answers.get("period_end")
        if not start:
            return None
        start_day = date.fromisoformat(start)
        if end:
            return start_day, date.fromisoformat(end)
        rule = period_rule(self.requirements(), decision_for(self))
        computed = rule.end_for(start_day)
        return (start_day, computed) if computed else None

    def exemption_claims(self) -> list[dict[str, Any]]:
        """Exemptions the rules grant on the answers, as the API's ExemptionClaim objects."""
        claimed = self.answers.get("exemption")
        if claimed not in EXEMPTION_FACTS:
            return []
        decision = decision_for(self)
        claims = []
        for e in decision.exemptions:
            if e.applies:
                proof = "; ".join(text_in(p.text, "pt-BR") for p in self._proof(e))
                detail = f"{claimed}={self.answers.get(claimed)}" + (f"; {proof}" if proof else "")
                claims.append({"kind": e.code, "detail": detail[:1000]})
        return claims

    def _proof(self, exemption) -> list:
        """The documents that prove the claim. Pontal's only proof (art. 9 § 4, the handwritten
        declaration) is of low income; the law says nothing on proving age, and the exemption's text
        says so, so an age claim lists no document."""
        if self.answers.get("exemption") == "age":
            return []
        return list(exemption.proof)

    def fee_estimate(self, lang: str) -> dict[str, Any]:
        """The rules' fee estimate (knowledge.rules.estimate) for the answers given, in the law's unit,
        rendered in `lang`: what the chat shows in the summary and what the API keeps as `fee_estimate`."""
        estimate = fee_estimate(self.requirements(), decision_for(self), self.all_answers(),
                                exemption_claimed=self.answers.get("exemption") in EXEMPTION_FACTS)
        lines = []
        for line in estimate.lines:
            f = line.fee
            lines.append({
                "fee_id": f.id,
                "name": text_in(f.name, lang),
                "per": f.per,
                "amount": str(f.amount.value) if f.amount else None,
                "unit": f.amount.unit if f.amount else None,
                "shown": format_amount(f.amount.value, f.amount.unit, lang) if f.amount else None,
                "discount_percent": str(f.discount_percent) if f.discount_percent is not None else None,
                "deferred_to": text_in(f.deferred_to, lang),
                "citations": [c.model_dump() for c in f.citations],
                "area_m2": str(line.area_m2) if line.total else None,
                "total": str(line.total.value) if line.total else None,
                "total_shown": format_amount(line.total.value, line.total.unit, lang) if line.total else None,
            })
        exemptions = [{"code": e.code, "discount_percent": str(e.discount_percent), "text": text_in(e.text, lang),
                       "citations": [c.model_dump() for c in e.citations]} for e in estimate.exemptions]
        notes = [text_in(n.text, lang) for n in estimate.notes]
        return {"permit_kind": self.permit_kind, "category": estimate.category,
                "computed_on": estimate.computed_on.isoformat(), "lines": lines, "exemptions": exemptions,
                "notes": notes}

    def documents(self, lang: str) -> list[str]:
        req = self.requirements()
        docs = [text_in(d.text, lang) for d in req.documents]
        if self.exemption_claims():
            for e in decision_for(self).exemptions:
                if e.applies:
                    docs += [text_in(p.text, lang) for p in self._proof(e) if text_in(p.text, lang) not in docs]
        return docs

    def citations(self) -> list[Citation]:
        """What the summary relies on: the permit, the fields' articles, fees and exemptions."""
        req = self.requirements()
        seen: dict[str, Citation] = {}
        items = [*req.permit.citations, *(c for f in req.fields for c in f.citations),
                 *(c for d in req.documents for c in d.citations)]
        estimate = self.fee_estimate("pt-BR")
        items += [Citation(**c) for line in estimate["lines"] for c in line["citations"]]
        items += [Citation(**c) for e in estimate["exemptions"] for c in e["citations"]]
        if req.permit.validity:
            items += req.permit.validity.citations
        for c in items:
            seen.setdefault(c.unit_id, c)
        return list(seen.values())

    def citation_groups(self) -> list[dict]:
        return group_citations(self.citations())

    # -------------------------------------------------------------- submission
    def payload(self, *, sender_id: str, channel: str) -> dict[str, Any]:
        """The body of POST /api/v1/preapplications, validated by the API's own schema first."""
        answers = self.all_answers()
        document = answers["document"]
        point = answers.get("licensed_point")
        place_key = next((k for k in ("licensed_point", "place", "spot", "sector", "region", "area_of_operation",
                                      "address", "boardwalk") if answers.get(k)), None)
        place: dict[str, Any]
        if isinstance(point, dict):
            place = {"description": point["description"], "point_id": point["id"],
                     "latitude": point["lat"], "longitude": point["lon"]}
        else:
            value = answers.get(place_key) if place_key else None
            place = {"description": str(value.get("description") if isinstance(value, dict) else value)[:300]}
            if isinstance(value, dict) and value.get("id"):
                place["point_id"] = value["id"]
        location = answers.get("location")
        if isinstance(location, dict) and "latitude" not in place:
            place |= {"latitude": location["lat"], "longitude": location["lon"]}
        start, end = self.period()
        # A company applies in its own name (its CNPJ is the document); the person filling in is in the description.
        company = answers.get("company_name") if answers.get("person_type") == "legal_person" or not answers.get("applicant_name") else None
        name = company or answers.get("applicant_name")
        body = {
            "jurisdiction_id": self.jurisdiction,
            "permit_kind": self.permit_kind,
            "activity": {"id": self.activity, "category": answers.get("fee_category"),
                         "description": self._description(answers, company_applies=bool(company))},
            "applicant": {"name": name, "document_type": document["type"], "document_number": document["number"]},
            "contact": {"phone": answers.get("phone"), "email": answers.get("email")},
            "place": place,
            "period": {"start": start.isoformat(), "end": end.isoformat()},
            "exemption_claims": self.exemption_claims(),
            "consent": {"given": True, "given_at": self.consent_given_at.isoformat(),
                        "text_version": consent_text_version(self.jurisdiction, self.language)},
            "channel": channel,
            "conversation_id": sender_id,
            "fee_estimate": self.fee_estimate(self.language),
            "citations": [c.model_dump() for c in self.citations()][:50],
        }
        # The API refuses unknown or malformed fields with 422; checking here first means the citizen
        # is told what to fix in the chat instead of a failed submission.
        return PreapplicationCreate.model_validate(body).model_dump(mode="json", exclude_none=True)

    def _description(self, answers: dict[str, Any], company_applies: bool = False) -> str | None:
        """The permit's own answers (products, vessels, area…) for the clerk, one per line, labelled
        in the office's language."""
        skip = {"document", "phone", "email", "consent", "period_start", "period_end", "exemption", "summary",
                "licensed_point", "place", "location", "activity"} | ({"company_name"} if company_applies else {"applicant_name"})
        words = catalogue(jurisdiction(self.jurisdiction).language)
        lines = []
        for key, value in answers.items():
            if key in skip or value is None:
                continue
            if isinstance(value, dict):
                shown = value.get("description")
            elif isinstance(value, bool):
                shown = words["preapplication.value.yes" if value else "preapplication.value.no"]
            else:
                shown = words.get(f"choice.{key}.{value}") or words.get(f"preapplication.fee_category.{value}") or value
            lines.append(f"{words.get(f'preapplication.label.{key}', key)}: {shown}")
        return "\n".join(lines)[:2000] or None

    def idempotency_key(self, sender_id: str, body: dict[str, Any]) -> str:
        """Same conversation, same application, same content → same key, so a retry (a lost answer,
        a second tap on "Confirmar") is answered with the same protocol instead of a second case."""
        digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()
        return hashlib.sha256(f"{sender_id}\x00{self.id}\x00{digest}".encode()).hexdigest()


def consent_text_version(jurisdiction_id: str | None, language: str) -> str:
    record = jurisdiction(jurisdiction_id)
    regime = record.privacy_regime if record else "lgpd"
    return f"{regime}-{CONSENT_VERSION}-{language}"
