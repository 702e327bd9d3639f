"""What the clerk desk (/clerk) shows, in the desk's words: names for ids, local times, Babel numbers.

One language per page, the jurisdiction's (knowledge/jurisdictions): a Pontal do Paraná case reads in
pt-BR, a Portuguese one in pt-PT, whatever language the citizen chatted in. So the fee estimate is
rebuilt here from the rules data by its fee ids (the stored one was worded in the citizen's language),
permits and activities are named from the rules catalogue, and every time is shown in the
jurisdiction's time zone. A value the rules data no longer knows is shown as stored, never dropped.

    >>> desk = Desk.for_jurisdiction("br-pr-pontal-do-parana")
    >>> desk.amount("30.00", "UFM"), desk.amount("60.00", "BRL")
    ('30,00\xa0UFM', 'R$\xa060,00')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_date, format_time, get_timezone_location
from babel.numbers import format_currency, format_decimal, format_percent

from knowledge.jurisdictions import jurisdiction, jurisdictions
from knowledge.rules import RulesError, catalogue, permit_requirements, text_in
from knowledge.rules.registry import registry
from knowledge.strict_yaml import load_yaml

__all__ = ["Desk", "FeeRow", "FeeTable", "desk_language"]

_TEXTS = Path(__file__).with_name("texts.yml")
_LOCALES = {"pt-BR": "pt_BR", "pt-PT": "pt_PT", "en": "en_GB"}
# How each locale writes a day in a table: Brazil's 04/12/2026, Portugal's 04/12/2026, "4 Dec 2026".
_DATE_FORMATS = {"pt-BR": "short", "pt-PT": "medium", "en": "medium"}
_CURRENCIES = {"BRL", "EUR"}  # money; UFM, UFIB, UR … are units of account and keep their name


@lru_cache(maxsize=1)
def _texts() -> dict[str, dict[str, Any]]:
    return load_yaml(_TEXTS)


def desk_language(jurisdiction_ids: list[str] | tuple[str, ...]) -> str:
    """The language of a page about these jurisdictions: the first one's (the clerk's own order)."""
    for jid in jurisdiction_ids:
        record = jurisdiction(jid)
        if record is not None:
            return record.language
    return "pt-BR"


@dataclass(frozen=True)
class FeeRow:
    name: str
    amount: str | None  # "30,00 UFM"; None when the norm defers the figure
    per: str | None
    total: str | None  # the amount × the area asked, for a fee per m²
    area: str | None
    deferred_to: str | None
    discount: str | None  # "isento", "desconto de 50%"
    citations: list[dict[str, str]]  # {label, href}


@dataclass(frozen=True)
class FeeTable:
    rows: list[FeeRow]
    computed_on: str | None
    exemptions: list[dict[str, Any]]  # {text, citations}
    notes: list[str]
    readable: bool = True
    has_totals: bool = False  # a fee per m² times the area asked: the table gets its "Total" column


@dataclass(frozen=True)
class Desk:
    """The words and formats of one desk page."""

    language: str
    zone: ZoneInfo

    @classmethod
    def for_jurisdiction(cls, jurisdiction_id: str | None) -> Desk:
        record = jurisdiction(jurisdiction_id)
        if record is None:
            return cls(language="pt-BR", zone=ZoneInfo("America/Sao_Paulo"))
        return cls(language=record.language, zone=record.zone)

    @classmethod
    def for_jurisdictions(cls, jurisdiction_ids: list[str] | tuple[str, ...]) -> Desk:
        known = [j for j in jurisdiction_ids if jurisdiction(j) is not None]
        return cls.for_jurisdiction(known[0] if known else None)

    # -------------------------------------------------------------- words
    @cached_property
    def texts(self) -> dict[str, Any]:
        return _texts()[self.language if self.language in _texts() else "pt-BR"]

    def t(self, key: str, **values: Any) -> str:
        """A desk text ("statuses.approved" reaches into a group), filled with `values`."""
        node: Any = self.texts
        for part in key.split("."):
            node = node[part]
        return str(node).format(**values) if values else str(node)

    def group(self, key: str) -> dict[str, str]:
        return dict(self.texts[key])

    @property
    def locale(self) -> str:
        return _LOCALES.get(self.language, "pt_BR")

    # -------------------------------------------------------------- names for ids
    def jurisdiction_name(self, jurisdiction_id: str) -> str:
        record = jurisdiction(jurisdiction_id)
        return record.name if record else jurisdiction_id

    def jurisdiction_options(self, ids: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
        order = list(jurisdictions())
        return [(j, self.jurisdiction_name(j)) for j in sorted(ids, key=lambda j: order.index(j) if j in order else 99)]

    def permit_name(self, permit_kind: str) -> str:
        found = registry().find_permit(permit_kind)
        if found is None:
            return permit_kind.replace("_", " ")
        return text_in(found[1].name, self.language) or permit_kind

    def permit_options(self, jurisdiction_ids: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
        """The permits these jurisdictions issue, by name, for the list's filter."""
        kinds = [(kind, norm.jurisdiction) for norm in registry().norms.values()
                 if norm.jurisdiction in jurisdiction_ids for kind in norm.permits]
        several = len({j for _, j in kinds}) > 1
        named = [(kind, self.permit_name(kind) + (f" — {self.jurisdiction_name(j)}" if several else ""))
                 for kind, j in kinds]
        return sorted(named, key=lambda item: item[1])

    def activity_name(self, activity_id: str) -> str:
        names = _activity_names().get(activity_id)
        if not names:
            return activity_id.replace("_", " ")
        chosen = names.get(self.language) or names.get("pt-BR") or next(iter(names.values()))
        name = chosen[0] if chosen else activity_id
        return name[:1].upper() + name[1:]  # a label on the desk: "Ambulante na praia", "SUP" kept

    def point_name(self, jurisdiction_id: str, point_id: str) -> str:
        """A licensed point by its beach and number ("Praia da Enseada, ponto 03 — Centro …"), from the
        norm's areas; the id as stored when the rules data no longer has it."""
        area_id, _, number = point_id.rpartition("-")
        for norm in registry().norms.values():
            area = norm.areas.get(area_id) if norm.jurisdiction == jurisdiction_id else None
            point = next((p for p in (area.points if area else []) if number.isdigit() and p.number == int(number)), None)
            if point is not None:
                name = text_in(point.name, self.language)
                return (f"{text_in(area.name, self.language)}, {self.t('point', point=number)}"
                        + (f" — {name}" if name else ""))
        return point_id

    def status(self, value: str) -> str:
        return self.texts["statuses"].get(value, value)

    def channel(self, value: str) -> str:
        return self.texts["channels"].get(value, value)

    def document_type(self, value: str | None) -> str:
        return self.texts["documents"].get(value or "", (value or "").upper())

    def exemption_name(self, permit_kind: str, code: str) -> str:
        found = registry().find_permit(permit_kind)
        exemption = found[0].exemptions.get(code) if found else None
        text = text_in(getattr(exemption, "text", None), self.language) if exemption else None
        return text or code.replace("_", " ")

    def actor(self, actor: str) -> str:
        if actor.startswith("clerk:"):
            return self.t("actors.clerk", name=actor.removeprefix("clerk:"))
        return self.texts["actors"].get(actor, actor)

    def action(self, action: str) -> str:
        return self.texts["actions"].get(action, action.replace("_", " "))

    def audit_detail(self, action: str, detail: str | None) -> str:
        """The audit trail's detail in the desk's words: the repository writes it for the log, in
        English; a clerk's own reason (status_changed) is shown as written."""
        if not detail:
            return ""
        details = self.texts["details"]
        if action == "submitted":
            found = re.fullmatch(r"channel (\S+); consent text (\S+)", detail)
            if found:
                return details["submitted"].format(channel=self.channel(found[1]), version=found[2])
        if action == "note_added":
            found = re.search(r"#(\d+)", detail)
            if found:
                return details["note_added"].format(number=found[1])
        if action == "conversation_erased":
            found = re.search(r"(\d+) event", detail)
            return details["conversation_erased"].format(count=found[1] if found else "?")
        if action in ("personal_data_erased", "conversation_erasure_failed"):
            return details[action]
        return detail

    # -------------------------------------------------------------- numbers, days and times
    def amount(self, value: str | Decimal | None, unit: str | None) -> str | None:
        """An amount in the law's unit, written the desk's way: "30,00 UFM", "R$ 60,00", "60,00 €"."""
        number = _decimal(value)
        if number is None:
            return None
        if unit == "EUR" and number.as_tuple().exponent >= 0:
            # Portugal's law writes whole euros ("(euro) 205"): "205 €", as the chat says it too.
            pattern = Locale.parse(self.locale).currency_formats["standard"].pattern.replace(".00", "")
            return format_currency(number, unit, locale=self.locale, format=pattern, currency_digits=False)
        if unit in _CURRENCIES:
            return format_currency(number, unit, locale=self.locale)
        decimals = max(0, -number.as_tuple().exponent)  # 30.00 UFM stays "30,00", as the law writes it
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        shown = format_decimal(number, format=pattern, locale=self.locale)
        return f"{shown}\u00a0{unit}" if unit else shown

    def number(self, value: str | Decimal | None) -> str | None:
        number = _decimal(value)
        return None if number is None else format_decimal(number, locale=self.locale)

    def day(self, value: date | str | None) -> str:
        if value is None:
            return ""
        day = date.fromisoformat(value) if isinstance(value, str) else value
        return format_date(day, _DATE_FORMATS.get(self.language, "medium"), locale=self.locale)

    def local(self, moment: datetime) -> datetime:
        aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        return aware.astimezone(self.zone)

    def time(self, moment: datetime | None) -> str:
        """A moment in the jurisdiction's local time, in the desk's date format: "05/12/2026 22:17"."""
        if moment is None:
            return ""
        local = self.local(moment)
        return f"{self.day(local.date())} {format_time(local, 'HH:mm', locale=self.locale)}"

    def iso_time(self, moment: datetime) -> str:
        """The machine-readable moment for <time datetime>, with the local offset."""
        return self.local(moment).isoformat(timespec="minutes")

    @property
    def zone_name(self) -> str:
        return get_timezone_location(self.zone, locale=self.locale)

    # -------------------------------------------------------------- the fee estimate
    def fee_table(self, estimate: Any, permit_kind: str) -> FeeTable | None:
        """The stored estimate as a table in the desk's language: each row renamed from the rules data
        by its fee id, amounts through Babel, the article each row cites as a link to its page."""
        if not estimate:
            return None
        if not isinstance(estimate, dict) or not isinstance(estimate.get("lines"), list):
            return FeeTable(rows=[], computed_on=None, exemptions=[], notes=[], readable=False)
        found = registry().find_permit(permit_kind)
        fees = found[0].fees if found else {}
        rows = []
        for line in estimate["lines"]:
            if not isinstance(line, dict):
                continue
            fee = fees.get(line.get("fee_id") or "")
            name = (text_in(fee.name, self.language) if fee is not None else None) or line.get("name") or ""
            deferred = text_in(getattr(fee, "deferred_to", None), self.language) if fee is not None else None
            deferred = deferred or line.get("deferred_to")
            percent = _decimal(line.get("discount_percent"))
            discount = None
            if percent is not None:
                discount = self.t("fee_exempt") if percent == 100 else self.t(
                    "fee_discount", percent=format_percent(percent / 100, locale=self.locale))
            per = line.get("per")
            rows.append(FeeRow(
                name=name,
                amount=self.amount(line.get("amount"), line.get("unit")),
                per=self.texts["per"].get(per) if per else None,
                total=self.amount(line.get("total"), line.get("unit")),
                area=self.number(line.get("area_m2")),
                deferred_to=deferred,
                discount=discount,
                citations=_links(line.get("citations")),
            ))
        exemptions = []
        for item in estimate.get("exemptions") or []:
            if isinstance(item, dict):
                text = self.exemption_name(permit_kind, item.get("code") or "") if item.get("code") else item.get("text")
                exemptions.append({"text": text or "", "citations": _links(item.get("citations"))})
        notes = [str(n) for n in estimate.get("notes") or [] if n]
        computed = estimate.get("computed_on")
        if found is not None:  # the notes again in the desk's language, from the rules data when known
            notes = _not_covered(permit_kind, computed, self.language) or notes
        return FeeTable(rows=rows, computed_on=self.day(computed) if computed else None, exemptions=exemptions,
                        notes=notes, has_totals=any(r.total for r in rows))


def _decimal(value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _links(citations: Any) -> list[dict[str, str]]:
    out = []
    for c in citations or []:
        if isinstance(c, dict) and c.get("label"):
            unit = c.get("unit_id")
            out.append({"label": str(c["label"]), "href": f"/norms/{unit}" if unit else ""})
    return out


def _not_covered(permit_kind: str, computed_on: Any, language: str) -> list[str]:
    """What the rules say the estimate leaves out, as the chat's estimate took it (the permit's
    requirements on the day it was computed)."""
    try:
        day = date.fromisoformat(computed_on) if isinstance(computed_on, str) else None
        notes = permit_requirements(permit_kind, on=day).not_covered
    except (RulesError, ValueError):
        return []
    return [t for t in (text_in(n.text, language) for n in notes) if t]


@lru_cache(maxsize=1)
def _activity_names() -> dict[str, dict[str, list[str]]]:
    return {a.id: a.names for a in catalogue()}
