"""Every period, distance and hours record projected from the rules data carries `about`: the words a
citizen names it with ("peixe", "recorrer", "esquina"). The law's wording alone rarely tells apart two
deadlines of a town in a question's words (the seized goods' 72 hours from the perishables' 24)."""

from knowledge.facts import all_facts

_KINDS = ("deadline", "validity", "lead_time", "distance", "hours")


def _projected():
    return [r for r in all_facts() if r.kind in _KINDS and "#written-" not in r.id
            and any(f"#{p}-" in r.id for p in ("period", "distance", "hours"))]


def test_every_projected_period_distance_and_hours_record_has_about():
    records = _projected()
    assert records, "no projected period, distance or hours record"
    assert [r.id for r in records if not r.about] == []


def test_about_phrases_are_short_and_unique_per_record():
    for r in _projected():
        assert 3 <= len(r.about) <= 8, (r.id, r.about)
        assert len(set(r.about)) == len(r.about), (r.id, r.about)
        assert all(p.strip() and len(p.split()) <= 6 for p in r.about), (r.id, r.about)
