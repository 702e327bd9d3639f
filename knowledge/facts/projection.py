"""Fact records projected from the rules data: the rules YAML stays the one source of each figure.

Only what is in force on the day is projected (amendments and validity dates as evaluate() reads them),
so a superseded figure is never a record.
"""

from __future__ import annotations

import re

from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from knowledge.facts.models import MATCHED_LANGUAGES, FactRecord
from knowledge.rules.citations import cites
from knowledge.rules.temporal import Day
from knowledge.rules.registry import Registry, registry
from knowledge.rules.schema import NormData

__all__ = ["all_facts", "facts_of", "project"]


def _ids(norm: NormData, cs) -> tuple[str, ...]:  # noqa: ANN001 (schema Cites)
    return tuple(c.unit_id for c in cites(norm.norm, cs))


def _activities_using(norm: NormData, table: str) -> dict[str, set[str]]:
    """For each key of a regime list (`deadlines`, `penalties`, `fees`, `hours`…), the activities whose
    regimes use it."""
    used: dict[str, set[str]] = {}
    for activity, data in norm.activities.items():
        for regime in data.regimes:
            value = getattr(regime, table)
            keys = [value] if isinstance(value, str) else list(value or [])
            for key in keys:
                used.setdefault(key, set()).add(activity)
    return used


def _text(*parts: dict | None) -> dict[str, str]:
    """The first wording given for each language."""
    out: dict[str, str] = {}
    for part in parts:
        for lang, words in (part or {}).items():
            out.setdefault(lang, words)
    return out


# "(o dobro para pessoas coletivas)", "(doubled for companies)", "(el doble para personas jurídicas)"
_COMPANY_MULTIPLE = re.compile(r"\s*\((o dobro|doubled|el doble)\b[^)]*\)")


def project(norm: NormData, day: date) -> Iterable[FactRecord]:
    today = Day(norm, day)
    j, n = norm.jurisdiction, norm.norm
    base = {"jurisdiction": j, "norm": n}

    deadlines = _activities_using(norm, "deadlines")
    # a permit's validity and lead time belong to the activities whose regimes need that permit
    by_permit = _activities_using(norm, "permit")
    for kind_, permit in norm.permits.items():
        for pid in (permit.validity, permit.lead_time):
            if pid:
                deadlines.setdefault(pid, set()).update(by_permit.get(kind_, ()))
    for pid, p in norm.periods.items():
        kind = "deadline"
        # a permit's validity, or a period the data names as one ("licence_commerce_validity": the
        # operating licence lasts 5 years for shops, 3 for services)
        if any(pid == permit.validity for permit in norm.permits.values()) or pid.endswith("_validity"):
            kind = "validity"
        elif any(pid == permit.lead_time for permit in norm.permits.values()):
            kind = "lead_time"
        if p.text is None:
            continue
        activities = set(norm.activities) if p.procedure else deadlines.get(pid, ())
        yield FactRecord(id=f"{n}#period-{pid}", kind=kind, value=str(p.value), unit=p.unit, text=p.text,
                         cite=_ids(norm, p.cite), about=tuple(p.about),
                         activities=tuple(sorted(activities)), **base)

    penalties = _activities_using(norm, "penalties")
    for pid, p in norm.penalties.items():
        if not today.valid(p):
            continue
        extra = {}
        if p.repeat_multiplier is not None:
            extra["repeat_multiplier"] = str(p.repeat_multiplier)
        if p.legal_person_multiplier is not None:
            extra["legal_person_multiplier"] = str(p.legal_person_multiplier)
        if p.suspension_days:
            extra["suspension_days"] = str(p.suspension_days)
        if p.cancellation:
            extra["cancellation"] = "true"
        if p.seizure:
            extra["seizure"] = "true"
        if not p.offences:
            # a penalty with no list of offences is its own offence ("No valid insurance: €500 to €3,740")
            extra["offences"] = "0"
        common = dict(kind="fine", unit=p.amount.unit if p.amount else None,
                      value=str(p.amount.value) if p.amount else None,
                      value_max=str(p.amount_max.value) if p.amount_max else None,
                      extra=extra, activities=tuple(sorted(penalties.get(pid, ()))), **base)
        # (a tier the law names only by its grade, "III", is said so in every language)
        tier_text = _text(p.text) or {lang: p.grade or pid for lang in ("pt-BR", "pt-PT", "en", "es")}
        if p.legal_person_multiplier is not None:
            # the company's multiple is the record's figure (extra), said by the reply's template: as words of its
            # text it would make "sou pessoa física, não tenho empresa" a lead to this offence
            tier_text = {lang: _COMPANY_MULTIPLE.sub("", words) for lang, words in tier_text.items()}
        yield FactRecord(id=f"{n}#penalty-{pid}", text=tier_text, cite=_ids(norm, p.cite), **common)
        if p.aggravating and p.aggravating_percent is not None:
            # "quanto aumenta a multa por agravante?": the percentage each one adds, with the list
            percent = f"{p.aggravating_percent.normalize():f}"
            listed = {lang: "; ".join(re.sub(r"^(Agravante|Aggravating): ", "", o.text.get(lang) or o.text.get("pt-BR", ""))
                                      for o in p.aggravating) for lang in ("pt-BR", "pt-PT", "en", "es")}
            words = {"pt-BR": f"cada agravante constatado acrescenta {percent}% à multa ({listed['pt-BR']})",
                     "pt-PT": f"cada agravante verificada acrescenta {percent}% à coima ({listed['pt-PT']})",
                     "en": f"each aggravating factor found adds {percent}% to the fine ({listed['en']})",
                     # (for replies only: one language per reply)
                     "es": f"cada agravante constatado suma un {percent}% a la multa ({listed['es']})"}
            cite = tuple(dict.fromkeys([c for o in p.aggravating for c in _ids(norm, o.cite)] + list(_ids(norm, p.cite))))
            # (only a question about aggravation gets it: "the fine for breaking the rules" is the fine)
            yield FactRecord(id=f"{n}#penalty-{pid}-aggravating", kind="fine", text=words, cite=cite, value=percent,
                             unit="%", extra={"offences": "0", "asked_with": r"agravant|aggravat|aument|acresc|increase|raise|more if"},
                             activities=tuple(sorted(penalties.get(pid, ()))), **base)
        if p.suspension_days:
            # "por quanto tempo suspendem minha licença?" asks a period: the tier's suspension, with its
            # offences and its fine, as a record of its own
            yield _suspension(n, pid, p, _ids(norm, p.cite), tuple(sorted(penalties.get(pid, ()))), base)
        # each offence is its own record: "what is the fine for X" lands on X's tier
        for offence in p.offences:
            # the offence's own item first (what the citizen asked), then the tier's (which holds the amount)
            cite = tuple(dict.fromkeys([*_ids(norm, offence.cite), *_ids(norm, p.cite)]))
            yield FactRecord(id=f"{n}#penalty-{pid}-{offence.code}", text=offence.text, cite=cite,
                             about=tuple(dict.fromkeys((*offence.about,
                                                        *(t for lang, t in tier_text.items() if lang in MATCHED_LANGUAGES)))),
                             **common)

    for oid, o in norm.offices.items():
        permits = [k for k, permit in norm.permits.items() if permit.office == oid]
        names = [w for k in permits for w in norm.permits[k].name.values()]
        # the office belongs to the activities whose permits it issues: a street vendor's office is not
        # the food trucks' committee
        users = sorted({a for k in permits for a in by_permit.get(k, ())})
        yield FactRecord(id=f"{n}#office-{oid}", kind="office", text=o.name, cite=_ids(norm, o.cite),
                         about=tuple(names), activities=tuple(users), **base)

    fees = _activities_using(norm, "fees")
    for fid, f in norm.fees.items():
        if not today.valid(f) or f.amount is None:
            continue
        yield FactRecord(id=f"{n}#fee-{fid}", kind="fee", text=f.name, cite=_ids(norm, f.cite),
                         value=str(f.amount.value), unit=f.amount.unit,
                         value_max=str(f.amount_max.value) if f.amount_max else None, per=f.per,
                         about=tuple(f.about), activities=tuple(sorted(fees.get(fid, ()))), **base)

    seasons = _activities_using(norm, "season")
    for sid, s in norm.seasons.items():
        yield FactRecord(id=f"{n}#season-{sid}", kind="season", text=_text(s.text) or {"pt-BR": sid},
                         cite=_ids(norm, s.cite), value=s.start, value_max=s.end,
                         activities=tuple(sorted(seasons.get(sid, ()))), **base)

    hours = _activities_using(norm, "hours")
    for hid, h in norm.hours.items():
        if not today.valid(h) or h.text is None:
            continue
        yield FactRecord(id=f"{n}#hours-{hid}", kind="hours", text=h.text, cite=_ids(norm, h.cite),
                         value=h.opens, value_max=h.closes, extra={"days": h.days} if h.days else {}, about=tuple(h.about),
                         activities=tuple(sorted(hours.get(hid, ()))), **base)

    documents = {d for permit in norm.permits.values() for d in permit.documents}
    for did, d in norm.documents.items():
        if did in documents:
            yield FactRecord(id=f"{n}#document-{did}", kind="document", text=d.text, cite=_ids(norm, d.cite), **base)

    for kind, permit in norm.permits.items():
        if permit.holder:
            # a permit every regime of which asks the holder to be based in the town (Bertioga, art. 4): who may
            # ask for it is "a person or a company based in the town", and the article says so
            using = [r for a in norm.activities.values() for r in a.regimes if r.permit == kind and today.valid(r)]
            seat = [c for r in using for c in r.restrictions if c.fact == "based_in_municipality" and c.value is True]
            based_in = bool(seat) and all(any(c.fact == "based_in_municipality" for c in r.restrictions) for r in using)
            # (the article that says who may apply — the permit's person_type field cites it — first)
            who = [u for f in permit.fields if f.fact == "person_type" for u in _ids(norm, f.cite)]
            cite = tuple(dict.fromkeys((*who, *(_ids(norm, seat[0].cite) if based_in else ()),
                                        *_ids(norm, permit.cite))))
            yield FactRecord(id=f"{n}#holder-{kind}", kind="holder", text=permit.name, cite=cite,
                             value=",".join(permit.holder), extra={"based_in": "1"} if based_in else {},
                             activities=tuple(sorted(by_permit.get(kind, ()))), **base)

    for aid, a in norm.areas.items():
        if a.points:
            yield FactRecord(id=f"{n}#places-{aid}", kind="places", text=a.name, cite=_ids(norm, a.cite),
                             value=str(len(a.points)), unit="points", **base)

    # One record per distance the law states: the same code in two articles is two facts (Lajes' 1,20 m
    # free strip is art. 56 for stalls and trailers, art. 150 for tables on the sidewalk), each belonging
    # to the activities whose regimes state it.
    seen_distances: set[tuple] = set()
    codes: set[str] = set()
    for activity, data in norm.activities.items():
        for regime in data.regimes:
            if not today.valid(regime):
                continue
            for d in regime.distances:
                key = (d.code, str(d.metres), tuple(d.cite))
                if key in seen_distances or d.text is None:
                    continue
                seen_distances.add(key)
                users = sorted(a for a, ad in norm.activities.items()
                               if any((x.code, str(x.metres), tuple(x.cite)) == key for r in ad.regimes for x in r.distances))
                suffix = "" if d.code not in codes else "-" + d.cite[0].split("/")[0]
                codes.add(d.code)
                yield FactRecord(id=f"{n}#distance-{d.code}{suffix}", kind="distance", text=d.text, cite=_ids(norm, d.cite),
                                 value=str(d.metres), unit="m", about=tuple(d.about), activities=tuple(users), **base)


@lru_cache(maxsize=8)
def _projected(reg: Registry, day: date) -> tuple[FactRecord, ...]:
    from knowledge.facts.written import written_facts

    projected = tuple(r for norm in reg.norms.values() for r in project(norm, day))
    return projected + tuple(record for record, _ in written_facts())


def all_facts(day: date | None = None) -> tuple[FactRecord, ...]:
    return _projected(registry(), day or date.today())


def facts_of(jurisdiction: str, day: date | None = None) -> tuple[FactRecord, ...]:
    return tuple(r for r in all_facts(day) if r.jurisdiction == jurisdiction)


_SUSPENSION_WORDS = {
    "pt-BR": ("suspensão da atividade por {days} dias, além da multa de {amount}, por: {offences}",
              ["suspensão", "suspender", "suspensa", "atividade suspensa", "licença suspensa"]),
    "pt-PT": ("suspensão da actividade por {days} dias, além da coima de {amount}, por: {offences}",
              ["suspensão", "suspender", "actividade suspensa", "licença suspensa"]),
    "en": ("the activity is suspended for {days} days, besides the {amount} fine, for: {offences}",
           ["suspension", "suspended", "suspend", "licence suspended"]),
    # (for replies only: a record is matched on pt-BR, pt-PT and English — FactRecord.matched_texts)
    "es": ("suspensión de la actividad por {days} días, además de la multa de {amount}, por: {offences}", []),
}


def _suspension(n: str, pid: str, p, cite: tuple[str, ...], activities: tuple[str, ...], base: dict) -> FactRecord:  # noqa: ANN001
    amount = f"{p.amount.value.normalize():f} {p.amount.unit}" if p.amount else ""
    text, about = {}, []
    for lang, (words, phrases) in _SUSPENSION_WORDS.items():
        offences = "; ".join((o.text.get(lang) or o.text.get("pt-BR", "")).rstrip(".") for o in p.offences)
        text[lang] = words.format(days=p.suspension_days, amount=amount, offences=offences or p.grade or pid)
        about += phrases
    return FactRecord(id=f"{n}#penalty-{pid}-suspension", kind="deadline", value=str(p.suspension_days), unit="days",
                      text=text, cite=cite, about=tuple(about), activities=activities, **base)
