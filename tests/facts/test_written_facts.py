"""Hand-written fact records (knowledge/facts/data): each quote is the law's own text, inside a cited
unit, and holds the record's figure; each record is reachable by a question in its own words."""

import re

import pytest

from knowledge.corpus import load_corpus
from knowledge.facts import resolve
from knowledge.facts.written import written_facts

WRITTEN = written_facts()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\ufffe", "-").replace("\u00a0", " ")).strip()


def test_ids_are_unique():
    ids = [r.id for r, _ in WRITTEN]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("record,quote", [pytest.param(r, q, id=r.id) for r, q in WRITTEN])
def test_the_quote_is_in_a_cited_unit_and_holds_the_figure(record, quote):
    corpus = load_corpus()
    assert all(corpus.has(u) for u in record.cite), record.cite
    texts = [squash(" ".join(u.raw_text for u in [corpus.unit(c), *corpus.descendants(c)])) for c in record.cite]
    assert any(squash(quote) in t for t in texts), f"quote not in {record.cite}: {quote!r}"
    if record.kind == "holder":
        # who may apply is no figure: the quote names the kind of person ("pessoa jurídica", "pessoa física")
        words = {"legal_person": "pessoa jur", "natural_person": "pessoa f"}
        assert all(words[h] in squash(quote).lower() for h in (record.value or "").split(",")), quote
    elif record.value is not None:
        digits = record.value.replace(".", ",") if "." in record.value else record.value
        assert digits in quote or record.value in quote, f"{record.value} not in the quote"
