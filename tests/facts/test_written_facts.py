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


_DATE = re.compile(r"\b(\d{1,2}) de ([a-zç]+) de (\d{4})\b", re.IGNORECASE)


@pytest.mark.parametrize("record", [pytest.param(r, id=r.id) for r, _ in WRITTEN if r.kind == "law"])
def test_a_law_record_states_only_the_dates_and_numbers_its_seed_prints(record):
    # "o Decreto nº 4.510, de 25 de julho de 2024": the date as the seed's heading prints it ("DE 25 DE JULHO DE
    # 2024", "DE 05 DE DEZEMBRO DE 2018"), and the norm's number; a date only the metadata holds is not said
    from knowledge.corpus import NORMS_DIR
    from knowledge.search.text import fold

    corpus = load_corpus()
    norm = corpus.norm(record.norm)
    seed = " ".join(fold((NORMS_DIR / norm.seed_file).read_text(encoding="utf-8")).split())
    text = record.text["pt-BR"]
    for day, month, year in _DATE.findall(text):
        assert re.search(rf"\b0?{int(day)} de {fold(month)} de {year}\b", seed), (record.id, day, month, year)
    number = re.search(r"n[º.°]+\s*([\d.]+)", text)
    assert number and number.group(1).replace(".", "") in seed.replace(".", ""), record.id

