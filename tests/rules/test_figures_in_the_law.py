"""Every figure in the rule data (fees, fines, periods, distances, hours, widths) is printed in one
of the units it cites. The texts come from the corpus (the law as parsed from the seeds)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from knowledge.corpus import load_corpus
from knowledge.rules.citations import cite
from knowledge.rules.registry import registry

CORPUS = load_corpus()


def _text(unit_id: str) -> str:
    parts = [CORPUS.full_text(unit_id)]
    for u in [CORPUS.unit(unit_id), *CORPUS.descendants(unit_id)]:
        parts.append(u.raw_text or "")
        parts += [v.wording for v in u.versions]
    return re.sub(r"\s+", " ", " ".join(parts))


def _cited_text(norm_id: str, cites) -> str:
    return " ".join(_text(cite(norm_id, c).unit_id) for c in cites)


def _number_forms(value: Decimal) -> set[str]:
    """How the laws print a figure: 12.000,00 / 12000 / 0,80 / 03 / 205."""
    forms: set[str] = set()
    if value == value.to_integral_value():
        n = int(value)
        forms |= {str(n), f"{n:02d}", f"{n:,}".replace(",", "."), f"{n:,}".replace(",", ".") + ",00"}
        if n < 10:
            forms.add(f"{n},0")
    q = f"{value:.2f}"
    whole, frac = q.split(".")
    forms.add(f"{int(whole):,}".replace(",", ".") + "," + frac)
    forms.add(q.replace(".", ","))
    forms.add(f"{value.normalize():f}".replace(".", ","))
    return forms


def _present(value: Decimal, text: str) -> bool:
    return any(re.search(rf"(?<![\d.,]){re.escape(f)}(?![\d]|,\d)", text) for f in _number_forms(value))


def _figures():
    for norm in registry().norms.values():
        n = norm.norm
        for fid, f in norm.fees.items():
            for a in (f.amount, f.amount_max):
                if a is not None:
                    yield pytest.param(n, a.value, f.cite, id=f"{n}:fee:{fid}:{a.value}")
            if f.percent_of_licence_fee is not None:
                yield pytest.param(n, f.percent_of_licence_fee, f.cite, id=f"{n}:fee:{fid}:%")
        for pid, p in norm.penalties.items():
            for a in (p.amount, p.amount_max):
                if a is not None:
                    yield pytest.param(n, a.value, p.cite, id=f"{n}:penalty:{pid}:{a.value}")
            if p.suspension_days:
                yield pytest.param(n, Decimal(p.suspension_days), p.cite, id=f"{n}:penalty:{pid}:suspension")
            for s in p.proceeds:
                yield pytest.param(n, s.percent, p.cite, id=f"{n}:penalty:{pid}:{s.code}")
        for pid, per in norm.periods.items():
            if per.unit != "months" or pid != "season_validity":  # Dec–Mar is four months, not printed
                yield pytest.param(n, Decimal(per.value), per.cite, id=f"{n}:period:{pid}")
        for aid, a in norm.activities.items():
            for r in a.regimes:
                for d in r.distances:
                    yield pytest.param(n, d.metres, d.cite, id=f"{n}:{aid}:{r.id}:{d.code}")
                for c in [*r.restrictions, *r.eligibility]:
                    if isinstance(c.value, (int, float)) and not isinstance(c.value, bool):
                        yield pytest.param(n, Decimal(str(c.value)), c.cite, id=f"{n}:{aid}:{c.reason}")
        for area_id, area in norm.areas.items():
            if area.width_m is not None:
                yield pytest.param(n, area.width_m, area.cite, id=f"{n}:area:{area_id}")
        for eid, e in norm.exemptions.items():
            for c in e.any_of:
                yield pytest.param(n, Decimal(str(c.value)), e.cite, id=f"{n}:exemption:{eid}:{c.fact}")


# Figures the law writes in words (or misprints: Lajes art. 123 prints "l00 (cem)" with a letter l).
WORDS = {
    Decimal(60): ["sessenta"],
    Decimal(100): ["(cem)"],
    Decimal(1): ["uma hora", "um ano"],
}


@pytest.mark.parametrize(("norm_id", "value", "cites"), list(_figures()))
def test_figure_is_printed_in_a_cited_unit(norm_id, value, cites):
    text = _cited_text(norm_id, cites)
    assert _present(value, text) or any(w in text for w in WORDS.get(value, [])), (value, text[:300])


def _hours():
    for norm in registry().norms.values():
        for hid, h in norm.hours.items():
            for t in (h.opens, h.closes):
                if t is not None:
                    yield pytest.param(norm.norm, t, h.cite, id=f"{norm.norm}:hours:{hid}:{t}")


@pytest.mark.parametrize(("norm_id", "hhmm", "cites"), list(_hours()))
def test_opening_hours_are_printed_in_a_cited_unit(norm_id, hhmm, cites):
    text = _cited_text(norm_id, cites)
    h, m = hhmm.split(":")
    forms = {f"{h}:{m}", f"{int(h)}:{m}", f"{h}h", f"{int(h)}h", f"{int(h)}horas", f"{h}horas", f"{int(h)} horas"}
    assert any(f in text for f in forms), (hhmm, text[:300])


def test_pontal_season_dates_are_the_laws():
    text = _text("br-pr-pontal-do-parana/lei-1902-2018/art-9/par-1")
    assert "de 1º de dezembro a 31 de março do exercício seguinte e é intransferível" in text
    season = registry().norms["br-pr-pontal-do-parana/lei-1902-2018"].seasons["summer"]
    assert (season.start, season.end, season.transferable) == ("12-01", "03-31", False)


def test_lajes_licence_year_ends_on_31_december_as_the_law_says():
    """The period a pre-application gets for a Lajes licence (knowledge.rules.period) is the law's civil
    year: art. 12 "válida para o exercício civil ... com vencimento final em 31 de dezembro"."""
    from datetime import date

    from knowledge.rules import evaluate, permit_requirements
    from knowledge.rules.period import period_rule

    text = _text("br-rn-lajes/lc-489-2009/art-12")
    assert "válida para o exercício civil" in text and "vencimento final em 31 de dezembro" in text
    decision = evaluate("itinerant_vendor", "br-rn-lajes", on=date(2027, 3, 5))
    rule = period_rule(permit_requirements(decision.permit_kind, on=decision.on), decision)
    assert rule.end_for(date(2027, 3, 5)) == date(2027, 12, 31)


def test_pontal_fee_rows_match_the_corpus_table():
    """Period and fraction values of each 11.20.00 row, as the corpus parsed the table."""
    norm = registry().norms["br-pr-pontal-do-parana/lei-1902-2018"]
    checked = 0
    for fid, f in norm.fees.items():
        unit_id = cite(norm.norm, f.cite[0]).unit_id
        row = getattr(CORPUS.unit(unit_id), "row", None)
        if row is None or f.amount is None:
            continue
        expected = row.fraction_value if f.per in {"quadrimester", "quarter"} else row.period_value
        assert Decimal(str(expected)) == f.amount.value, fid
        checked += 1
    assert checked >= 30
