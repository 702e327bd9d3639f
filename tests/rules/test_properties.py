"""Properties that hold for every activity, jurisdiction, day and set of facts (hypothesis)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.corpus import load_corpus
from knowledge.rules import JURISDICTIONS, Decision, Outcome, catalogue, evaluate
from knowledge.rules.registry import registry

CORPUS = load_corpus()
FACTS = registry().facts
ACTIVITIES = [a.id for a in catalogue()]
# Where each jurisdiction is (inside its documented area), and somewhere outside all of them.
PLACES = {
    "br-sp-bertioga": (-23.8517, -46.1338),
    "br-pr-pontal-do-parana": (-25.67, -48.47),
    "br-sp-igarapava": (-20.04, -47.75),
    "br-rn-lajes": (-5.70, -36.24),
    "pt": (38.70, -9.14),
}


def _value(name: str):
    spec = FACTS[name]
    if spec.choices:
        return st.sampled_from(spec.choices)
    return {
        "bool": st.booleans(),
        "int": st.integers(min_value=0, max_value=100),
        "decimal": st.decimals(min_value=0, max_value=1000, places=2, allow_nan=False),
        "str": st.sampled_from(["x", "food", "annual"]),
        "date": st.dates(min_value=date(2020, 1, 1), max_value=date(2027, 12, 31)),
        "location": st.none(),
    }[spec.type]


applicants = st.dictionaries(
    st.sampled_from(sorted(n for n, s in FACTS.items() if s.type != "location")), st.none(), max_size=8
).flatmap(lambda d: st.fixed_dictionaries({k: _value(k) for k in d}))

situations = st.tuples(
    st.sampled_from(ACTIVITIES),
    st.sampled_from(JURISDICTIONS),
    st.dates(min_value=date(2003, 1, 1), max_value=date(2027, 12, 31)),
    st.one_of(st.none(), st.sampled_from([*PLACES.values(), (0.0, 0.0)])),
    applicants,
)

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _decide(situation) -> Decision:
    activity, jurisdiction, day, at, applicant = situation
    return evaluate(activity, jurisdiction, on=day, at=at, applicant=applicant)


@FAST
@given(situations)
def test_every_decision_cites_at_least_one_existing_unit(situation):
    d = _decide(situation)
    assert d.citations
    for c in d.citations:
        assert CORPUS.has(c.unit_id), c.unit_id


@FAST
@given(situations)
def test_no_fee_without_a_unit(situation):
    d = _decide(situation)
    for f in d.fees:
        if f.amount is not None:
            assert f.amount.unit and isinstance(f.amount.value, Decimal)
            # Converting to money needs a sourced value in units.yml; there is none by default.
            assert f.amount.converted is None
        else:
            assert f.deferred_to is not None or f.percent_of_licence_fee is not None
    for p in d.penalties:
        for a in (p.amount, p.amount_max):
            assert a is None or a.unit


@FAST
@given(situations)
def test_unknown_exactly_when_a_fact_the_outcome_needs_is_missing(situation):
    d = _decide(situation)
    needed = [m for m in d.missing_facts if m.needed_for == "outcome"]
    if d.outcome is Outcome.UNKNOWN:
        assert needed, d.reasons
        assert all(m.question for m in needed)
    elif d.outcome is not Outcome.NOT_ALLOWED:
        assert not needed


@FAST
@given(situations)
def test_allowed_only_for_a_permit_holder(situation):
    d = _decide(situation)
    if d.outcome is Outcome.ALLOWED:
        assert situation[4].get("holds_permit") is True


@FAST
@given(situations, st.data())
def test_allowed_is_never_based_on_a_missing_fact(situation, data):
    """Whatever facts are added to an 'allowed' situation, it stays allowed: nothing unknown was
    assumed in the citizen's favour."""
    activity, jurisdiction, day, at, applicant = situation
    d = _decide(situation)
    if d.outcome is not Outcome.ALLOWED:
        return
    more = data.draw(applicants)
    more.update(applicant)
    assert evaluate(activity, jurisdiction, on=day, at=at, applicant=more).outcome is Outcome.ALLOWED


@FAST
@given(situations)
def test_other_towns_rules_are_never_borrowed(situation):
    d = _decide(situation)
    for c in d.citations:
        assert c.norm_id.startswith(situation[1] + "/")


@settings(max_examples=50, deadline=None)
@given(situations)
def test_decisions_survive_a_json_round_trip(situation):
    d = _decide(situation)
    assert Decision.model_validate_json(d.model_dump_json()) == d


ALLOWED = [
    ("sup", "br-sp-bertioga", date(2025, 1, 10), (-23.85173707803135, -46.13380891685135),
     {"based_in_municipality": True, "holds_permit": True}),
    ("itinerant_vendor", "br-rn-lajes", date(2024, 3, 1), None,
     {"age": 18, "goods_prohibited_in_street": False, "holds_permit": True}),
    ("food_truck", "br-sp-igarapava", date(2024, 5, 1), None,
     {"person_type": "legal_person", "based_in_municipality": True, "holds_permit": True,
      "distance_to_food_retail_m": 100}),
    ("boat_tour", "pt", date(2024, 7, 1), None,
     {"object_includes_maritime_tourism": True, "has_liability_insurance": True, "holds_permit": True}),
]


@FAST
@given(st.sampled_from(ALLOWED), applicants)
def test_known_allowed_situations_stay_allowed_with_any_extra_facts(case, extra):
    activity, jurisdiction, day, at, applicant = case
    assert evaluate(activity, jurisdiction, on=day, at=at, applicant=applicant).outcome is Outcome.ALLOWED
    facts = {**extra, **applicant}
    assert evaluate(activity, jurisdiction, on=day, at=at, applicant=facts).outcome is Outcome.ALLOWED
