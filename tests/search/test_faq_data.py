"""Every FAQ answer is read from the unit it links to: its quoted figure is in that unit's text."""

import pytest

from knowledge.search.faq import load_faq
from knowledge.search.text import fold

ENTRIES = [(place, entry) for place, group in load_faq().items() for entry in group.questions]


def test_every_municipality_has_its_most_asked_questions():
    assert set(load_faq()) == {"br-sp-bertioga", "br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes", "pt"}


@pytest.mark.parametrize("place,entry", ENTRIES, ids=[f"{p}:{e.unit.rsplit('/', 1)[-1]}" for p, e in ENTRIES])
def test_answer_quote_is_in_the_linked_unit_in_force(corpus, place, entry):
    assert corpus.has(entry.unit), entry.unit
    unit = corpus.unit(entry.unit)
    assert corpus.norm(unit.norm_id).jurisdiction == place
    assert fold(entry.quote) in fold(corpus.full_text(unit.id))
