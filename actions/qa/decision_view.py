"""A rules-module Decision turned into plain values for the answer templates, in one language.

Only selection and formatting happen here (which language's text, how an amount is written); the
sentences themselves are the templates' (i18n/*.yml, keys under `answer.`).
"""

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from actions.common.citations import article_of, group_citations
from actions.common.distance import format_metres
from actions.common.money import format_amount
from actions.qa.brief import first_articles
from knowledge.facts.resolve import kind_stems
from knowledge.corpus import load_corpus
from knowledge.facts.projection import facts_of
from knowledge.rules import text_in
from knowledge.rules.registry import per_registry, registry
from knowledge.search.text import stem, tokens

__all__ = ["decision_view", "places_geojson", "point_feature", "point_name", "citation_link", "citation_payload", "figure_first", "lead_link"]

# What each question topic shows of a decision, besides the headline and the citations.
TOPIC_SECTIONS: dict[str, tuple[str, ...]] = {
    "permission": ("permit", "places", "conditions", "not_covered"),
    "places": ("places", "distances"),
    "fee": ("fees", "exemptions", "not_covered"),
    "documents": ("permit", "documents"),
    "hours": ("hours", "season"),
    "season": ("season", "validity"),
    "limits": ("distances", "conditions"),
    "obligations": ("obligations",),
    "fine": ("penalties", "not_covered"),
    "after_fine": ("deadlines",),
}


def _amount(amount, lang: str) -> str | None:
    if amount is None:
        return None
    shown = format_amount(amount.value, amount.unit, lang)
    if amount.converted is not None and amount.converted_unit:
        shown += f" (≈ {format_amount(amount.converted, amount.converted_unit, lang)})"
    return shown


def _cites(items) -> list:
    """The items' citations: each item's first one (for an amount, the article holding it: _figure_cites) before
    any item's others, so that the first three articles shown cite what the answer states (Pontal's fine range
    is art. 38's, not art. 32's, which only lists the kinds of penalty)."""
    # (only an item with an amount: a document's "2 fotos 3x4" holds figures every article numbers)
    ordered = [_figure_cites(item) if _amount_forms(item) else list(getattr(item, "citations", [])) for item in items]
    return [*(c[0] for c in ordered if c), *(x for c in ordered for x in c[1:])]


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _numbers(text: str) -> set[str]:
    """The figures of a text, written without separators ("R$ 12.000,00" → "1200000")."""
    return {re.sub(r"\D", "", n) for n in _NUMBER.findall(text or "")}


def figure_first(unit_ids: list[str], values: list[str]) -> list[str]:
    """Cited units, the ones whose text holds one of the values first (a fine record cited to arts. 32,
    35–38 is cited by art. 38, which holds "R$ 300,00 a R$ 12.000,00")."""
    figures: set[str] = set()
    for value in values:
        try:
            number = Decimal(value)
        except (InvalidOperation, TypeError):
            continue
        figures |= {re.sub(r"\D", "", f"{number:f}"), re.sub(r"\D", "", f"{number:.2f}")}
        if number == int(number):
            figures.add(str(int(number)))
    if not figures or len(unit_ids) < 2:
        return list(unit_ids)
    holds = {u for u in unit_ids if figures & _unit_numbers(u)}
    return sorted(unit_ids, key=lambda u: u not in holds)


def _amount_forms(item) -> list[set[str]]:
    """Each amount of an item as the figures a text may write it with: 205.00 is "205,00" or "205"."""
    forms = []
    for amount in (getattr(item, "amount", None), getattr(item, "amount_max", None)):
        if amount is not None:
            forms.append({re.sub(r"\D", "", f"{amount.value:f}"), re.sub(r"\D", "", f"{amount.value:.2f}"),
                          str(int(amount.value))} if amount.value == int(amount.value)
                         else {re.sub(r"\D", "", f"{amount.value:.2f}")})
    return forms


def _says_amounts(item, text: str | None) -> bool:
    numbers = _numbers(text or "")
    forms = _amount_forms(item)
    return bool(forms) and all(f & numbers for f in forms)


def _figure_cites(item, asked: frozenset[str] = frozenset()) -> list:
    """An item's citations, best first: the one whose text holds what the question asks about ("e se
    for uma empresa?" → the article on companies), then one holding the item's figure (a fine cited to
    arts. 32, 35–38 is answered by art. 38, which holds "R$ 300,00 a R$ 12.000,00")."""
    citations = list(getattr(item, "citations", []))
    if len(citations) < 2:
        return citations
    text = getattr(item, "text", None)
    figures = _numbers(" ".join(text.values()) if isinstance(text, dict) else "")
    figures |= {f for forms in _amount_forms(item) for f in forms}
    # (the unit holding most of them: art. 38 holds "300,00", "12.000,00" and "30%", art. 35 only a "30")
    holds = {c.unit_id: len(figures & _unit_numbers(c.unit_id)) for c in citations} if figures else {}
    # the question's words that tell the cited units apart (in at most half of them)
    bags = {c.unit_id: asked & _unit_stems(c.unit_id) for c in citations} if asked else {}
    # (for an amount, not the words asking for its kind: "fines" brings "penalidade", which tells no article
    # apart — the figure does; "documentos" does tell the article listing them)
    own = asked - kind_stems() if _amount_forms(item) else asked
    telling = {w for w in own if 0 < sum(w in bag for bag in bags.values()) <= len(citations) / 2}
    about = {unit: len(bag & telling) for unit, bag in bags.items()}
    return sorted(citations, key=lambda c: (-about.get(c.unit_id, 0), -holds.get(c.unit_id, 0)))


@lru_cache(maxsize=4096)
def _unit_numbers(unit_id: str) -> frozenset[str]:
    """The figures a cited unit's text writes (read once per unit: every answer with an amount orders its
    citations by them)."""
    corpus = load_corpus()
    return frozenset(_numbers(corpus.full_text(unit_id))) if corpus.has(unit_id) else frozenset()


@lru_cache(maxsize=4096)
def _unit_stems(unit_id: str) -> frozenset[str]:
    corpus = load_corpus()
    return frozenset(stem(w) for w in tokens(corpus.full_text(unit_id))) if corpus.has(unit_id) else frozenset()


def _percent(value, lang: str) -> str | None:  # noqa: ANN001 (Decimal | None)
    """A share of the licence fee as the reader writes numbers ("50", "12,5")."""
    if value is None:
        return None
    text = f"{value.normalize():f}" if hasattr(value, "normalize") else str(value)
    return text if lang == "en" else text.replace(".", ",")


def decision_view(decision, topic: str, lang: str, *, max_articles: int | None = None,
                  cite_first: list | None = None, asked: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Values for the `answer.<topic>` template; citations are limited to what this topic shows (and, for
    the short answer, to the first `max_articles` articles, those of the items in `cite_first` first)."""
    sections = TOPIC_SECTIONS.get(topic, TOPIC_SECTIONS["permission"])
    shown: list = []  # citations of what is shown, for the citation line
    view: dict[str, Any] = {"outcome": decision.outcome.value, "topic": topic, "sections": sections}
    permit = decision.permit
    if permit is not None:
        view["permit"] = {"name": text_in(permit.name, lang), "office": text_in(permit.office, lang),
                          "transferable": permit.transferable}
        view["validity"] = _period(permit.validity, lang)
        if "permit" in sections:
            shown += permit.citations
    view["conditions"] = [text_in(n.text, lang) for n in decision.conditions]
    view["not_covered"] = [text_in(n.text, lang) for n in decision.not_covered]
    # "where?" is answered place by place, each with its article (the list of sources keeps three)
    # (a width as the law writes it, in the reader's number format: "4,50 m", not "4.50 m")
    view["places"] = [{"name": text_in(p.name, lang), "points": len(p.points),
                       "width_m": format_metres(p.width_m, lang) if p.width_m is not None else None,
                       "text": text_in(p.text, lang), "link": lead_link(p) if topic == "places" else None}
                      for p in decision.places]
    view["documents"] = [text_in(d.text, lang) for d in decision.documents]
    # (how an exemption is proven is a detail: the short answer — the one with `max_articles` — says the
    # exemption, "Mais detalhes" how to prove it)
    view["exemptions"] = [{"text": text_in(e.text, lang), "applies": e.applies, "discount_percent": e.discount_percent,
                           "proof": [] if max_articles else [text_in(d.text, lang) for d in e.proof]}
                          for e in decision.exemptions]
    view["fees"] = [{"name": text_in(f.name, lang), "amount": _amount(f.amount, lang), "amount_max": _amount(f.amount_max, lang),
                     "per": f.per,
                     "discount_percent": f.discount_percent, "deferred_to": text_in(f.deferred_to, lang),
                     "note": text_in(f.note, lang), "percent": _percent(f.percent_of_licence_fee, lang)} for f in decision.fees]
    view["season"] = None
    if decision.season is not None:
        s = decision.season
        view["season"] = {"start": s.start, "end": s.end, "in_season": s.in_season,
                          "transferable": s.transferable, "text": text_in(s.text, lang)}
    view["hours"] = [{"opens": h.opens, "closes": h.closes, "days": h.days, "text": text_in(h.text, lang)}
                     for h in decision.hours]
    view["distances"] = [{"code": d.code, "metres": d.metres, "text": text_in(d.text, lang),
                          "measured": d.measured, "satisfied": d.satisfied} for d in decision.distances]
    view["obligations"] = [text_in(o.text, lang) for o in decision.obligations]
    view["penalties"] = [{"grade": p.grade, "amount": _amount(p.amount, lang), "amount_max": _amount(p.amount_max, lang),
                          "suspension_days": p.suspension_days, "cancellation": p.cancellation,
                          "seizure": p.seizure, "repeat_multiplier": p.repeat_multiplier,
                          "text": text_in(p.text, lang), "offences": [text_in(o.text, lang) for o in p.offences],
                          # the text already states the amount ("Multa de R$ 300,00 a R$ 12.000,00…"): said once
                          "says_amount": _says_amounts(p, text_in(p.text, lang))}
                         for p in decision.penalties]
    view["deadlines"] = [_period(d, lang) for d in decision.deadlines]
    by_section = {
        "conditions": decision.conditions, "not_covered": decision.not_covered, "places": decision.places,
        "documents": decision.documents, "fees": decision.fees, "exemptions": decision.exemptions, "hours": decision.hours,
        "distances": decision.distances, "obligations": decision.obligations, "penalties": decision.penalties,
        "deadlines": decision.deadlines, "season": [decision.season] if decision.season else [],
    }
    inline = "places" if topic == "places" else None  # each place carries its own article (view["places"])
    for section in sections:
        if section != inline:
            shown += _cites(by_section.get(section, []))
    if permit is not None and "validity" in sections and permit.validity is not None:
        shown += permit.validity.citations
    # each item's best article before any item's second one, so that three links cite three items
    best = [_figure_cites(item, asked) for item in ([permit] if permit is not None and "permit" in sections else [])
            + [item for item in cite_first or [] if not (inline and item in decision.places)]]
    firsts = [c[0] for c in best if c]
    if permit is not None and "permit" in sections and len(best[0]) > 1:
        # the permit heads the answer with who issues it: the licence's article and the office's
        office = _office_units(decision.jurisdiction, permit.office_id)
        firsts.insert(1, next((c for c in best[0][1:] if article_of(c.unit_id) in office), best[0][1]))
    cited = [*firsts, *(x for c in best for x in c[1:]), *shown] if shown else decision.citations
    view["citations"] = group_citations(first_articles(cited, max_articles) if max_articles else cited)
    view["empty"] = not any(view.get(s) for s in sections if s not in ("not_covered", "conditions"))
    return view


@per_registry(maxsize=256)
def _office_units(jurisdiction: str, office_id: str | None) -> frozenset[str]:
    """The articles that name an office (its fact record's citations)."""
    if not office_id:
        return frozenset()
    return frozenset(article_of(u) for r in facts_of(jurisdiction) if r.id.endswith(f"#office-{office_id}") for u in r.cite)


def _period(period, lang: str) -> dict | None:
    if period is None:
        return None
    return {"value": period.value, "unit": period.unit, "code": period.code, "text": text_in(period.text, lang)}


@per_registry
def _area_names() -> dict[str, dict]:
    return {area_id: area.name for norm in registry().norms.values() for area_id, area in norm.areas.items()}


def point_name(point, lang: str) -> str:
    """"Praia da Enseada 01 (Centro — defronte ao quiosque 01)": the area, the decree's number, where."""
    area = text_in(_area_names().get(point.area), lang) or point.area
    where = text_in(point.name, lang)
    return f"{area} {point.number:02d}" + (f" ({where})" if where else "")


def point_feature(point, lang: str, **extra) -> dict:
    """One licensed point as a GeoJSON Feature, for the channels' maps and lists."""
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [point.lon, point.lat]},
        "properties": {"id": point.id, "name": point_name(point, lang),
                       "area": text_in(_area_names().get(point.area), lang) or point.area,
                       "radius_m": float(point.radius_m), **extra},
    }


def places_geojson(decision, lang: str) -> dict:
    """The licensed points of a decision as a GeoJSON FeatureCollection."""
    return {"type": "FeatureCollection",
            "features": [point_feature(point, lang) for place in decision.places for point in place.points]}


def lead_link(item, asked: frozenset[str] = frozenset()) -> dict | None:  # noqa: ANN001 (a rules item)
    """The article of an item said first: the one holding what was asked ("and for my company?" — the
    article on companies), else its figure: {"norm", "label", "url"}."""
    cites = _figure_cites(item, asked)
    return citation_link(cites[0]) if cites else None


def citation_link(citation) -> dict:  # noqa: ANN001 (a rules Citation)
    """One citation as a link: {"norm", "label", "url"}."""
    group = group_citations([citation])[0]
    return {"norm": group["norm"], **group["links"][0]}


def citation_payload(view: dict) -> list[dict]:
    return [dict(link) for group in view["citations"] for link in group["links"]]
